import { argumentPlaces, argumentsSchema, type JsonSchema } from '../skill/arguments';
import { writeCallSection, type CallItem } from '../skill/call-section';
import { codeSpan } from '../skill/markdown';
import { declaredSafety, type Declaration } from '../skill/operation-file';
import { decodeRefName, TYPE_REF_PREFIX } from '../publish/expand';

/**
 * The `## The call` section generated from a declaration alone (SPEC 4.6): method, URL, each
 * path and query parameter, the content type and each body field, with type and whether
 * required, then what it promises (SPEC 8.2): safety, success status and the fields `pick`
 * keeps. Undefined when the declaration's arguments are not one schema. Written by the
 * one writer of "The call" (`writeCallSection`), every name and value escaped.
 */
export function generateCallSection(d: Declaration): string | undefined {
  const schema = argumentsSchema(d);
  if (!schema) return undefined;
  const places = argumentPlaces(d, schema);
  const props = (isObject(schema.properties) ? schema.properties : {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === 'string') : []);
  const item = (name: string, inPath = false): CallItem => {
    const s = props[name];
    const description = isObject(s) && typeof s.description === 'string' ? s.description : undefined;
    return { name, type: describeType(s), required: inPath || required.has(name), ...(description === undefined ? {} : { description }) };
  };
  return writeCallSection({
    method: d.method,
    url: d.url,
    path: places.path.map((n) => item(n, true)),
    query: places.query.map((n) => item(n)),
    body: { kind: 'json', fields: places.body.map((n) => item(n)), ...(places.extraBody ? { extra: schema.additionalProperties === true ? 'any value' : describeType(schema.additionalProperties) } : {}) },
    promise: { safety: declaredSafety(d), status: successStatus(d.raw.status), pick: d.lists.pick },
  });
}

/** The declared success status when it is a 2xx, else 200 (SPEC 8.1: absent means 200). */
function successStatus(status: unknown): number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 299 ? status : 200;
}

const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);

/** A short, human-readable name for a schema's type; every value in it a code span. */
export function describeType(s: unknown, depth = 0): string {
  if (!isObject(s) || depth > 3) return 'any';
  if (typeof s.$ref === 'string') return s.$ref.startsWith(TYPE_REF_PREFIX) ? `${codeSpan(decodeRefName(s.$ref))} (see types.json)` : 'object';
  if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.length <= 12) return `one of ${s.enum.map(jsonValue).join(', ')}`;
  if ('const' in s) return `exactly ${jsonValue(s.const)}`;
  const types = Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === 'string') : typeof s.type === 'string' ? [s.type] : [];
  const named = types.map((t) => (t === 'array' ? `array of ${describeType(s.items, depth + 1)}` : JSON_TYPES.has(t) ? t : codeSpan(t)));
  if (named.length > 0) return named.join(' or ');
  const alts = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as unknown[] | undefined;
  if (alts) return alts.map((a) => describeType(a, depth + 1)).join(' or ');
  if (Array.isArray(s.allOf) && s.allOf.length === 1) return describeType(s.allOf[0], depth + 1);
  if (isObject(s.properties)) return 'object';
  return 'any';
}

/** A JSON value (an enum member, a const) as a code span of its JSON text. */
function jsonValue(v: unknown): string {
  return codeSpan(JSON.stringify(v) ?? 'null');
}

function isObject(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
