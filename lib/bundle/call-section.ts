import { argumentPlaces, argumentsSchema, type JsonSchema } from '../skill/arguments';
import type { Declaration } from '../skill/operation-file';
import { decodeRefName, TYPE_REF_PREFIX } from '../publish/expand';
import { cleanText, fold, safeInline } from '../convert/text';

/**
 * The `## The call` section generated from a declaration alone (SPEC 4.6): method, URL, each
 * path and query parameter, the content type and each body field, with type and whether
 * required. Undefined when the declaration's arguments are not one schema.
 */
export function generateCallSection(d: Declaration): string | undefined {
  const schema = argumentsSchema(d);
  if (!schema) return undefined;
  const places = argumentPlaces(d, schema);
  const props = (isObject(schema.properties) ? schema.properties : {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === 'string') : []);
  const item = (name: string, inPath = false) => {
    const s = props[name];
    const parts = [describeType(s)];
    parts.push(inPath || required.has(name) ? 'required' : 'optional');
    const desc = isObject(s) && typeof s.description === 'string' ? oneLine(s.description) : '';
    return `- \`${name}\` (${parts.join(', ')})${desc ? `: ${desc}` : ''}`;
  };
  const out = ['## The call', '', `\`${d.method} ${d.url}\``];
  if (places.path.length > 0) out.push('', 'Path parameters, each replacing `{name}` in the URL as one percent-encoded segment:', ...places.path.map((n) => item(n, true)));
  if (places.query.length > 0) out.push('', 'Query parameters (a list is sent repeated, `name=a&name=b`):', ...places.query.map((n) => item(n)));
  if (places.body.length > 0) out.push('', 'Body: a JSON object, sent with `Content-Type: application/json`, with the fields:', ...places.body.map((n) => item(n)));
  else out.push('', 'No body.');
  return `${out.join('\n')}\n`;
}

/** A short, human-readable name for a schema's type. */
export function describeType(s: unknown, depth = 0): string {
  if (!isObject(s) || depth > 3) return 'any';
  if (typeof s.$ref === 'string') return s.$ref.startsWith(TYPE_REF_PREFIX) ? `${decodeRefName(s.$ref)} (see types.json)` : 'object';
  if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.length <= 12) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in s) return `exactly ${JSON.stringify(s.const)}`;
  const types = Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === 'string') : typeof s.type === 'string' ? [s.type] : [];
  const named = types.map((t) => (t === 'array' ? `array of ${describeType(s.items, depth + 1)}` : t));
  if (named.length > 0) return named.join(' or ');
  const alts = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as unknown[] | undefined;
  if (alts) return alts.map((a) => describeType(a, depth + 1)).join(' or ');
  if (Array.isArray(s.allOf) && s.allOf.length === 1) return describeType(s.allOf[0], depth + 1);
  if (isObject(s.properties)) return 'object';
  return 'any';
}

/** A schema description as one line of markdown, with HTML openers and script links neutralised. */
function oneLine(s: string): string {
  const flat = safeInline(fold(cleanText(s)));
  return flat.length > 300 ? `${flat.slice(0, 297)}…` : flat;
}

function isObject(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
