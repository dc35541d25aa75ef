import { toWellFormed } from '../core/well-formed';
import { encodePairs, formEncode } from '../call/build-request';
import { isFormMediaType, isMultipartMediaType } from '../core/media-type';
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
  const deep = new Set(d.lists.deep);
  const mediaType = d.contentType ?? 'application/json';
  const encoding = isFormMediaType(mediaType) ? 'form' : isMultipartMediaType(mediaType) ? 'multipart' : 'json';
  const item = (name: string, inPath = false, encode: (s: string) => string = encodeURIComponent): CallItem => {
    const s = props[name];
    const description = isObject(s) && typeof s.description === 'string' ? s.description : undefined;
    const bracket = deep.has(name) ? bracketExample(name, s, encode) : undefined;
    return {
      name,
      type: describeType(s),
      required: inPath || required.has(name),
      ...(bracket === undefined ? {} : { note: `sent in brackets, ${codeSpan(bracket)}` }),
      ...(description === undefined ? {} : { description }),
    };
  };
  // A multipart part's name is written as it is, brackets and all (decision 0165).
  const bodyItem = (name: string) => item(name, false, encoding === 'form' ? formEncode : encoding === 'multipart' ? (s) => s : encodeURIComponent);
  const argument = d.bodyArgument !== undefined && places.body.includes(d.bodyArgument) ? d.bodyArgument : undefined;
  const fixed = Object.entries(d.fixedHeaders ?? {});
  return writeCallSection({
    method: d.method,
    url: d.url,
    path: places.path.map((n) => item(n, true)),
    query: places.query.map((n) => item(n)),
    headers: places.header.map((n) => item(n)),
    ...(fixed.length > 0 ? { fixedHeaders: fixed } : {}),
    body:
      argument !== undefined && d.method !== 'GET' && d.method !== 'HEAD'
        ? { kind: 'argument', field: item(argument), mediaType }
        : {
            kind: 'json',
            fields: places.body.map(bodyItem),
            ...(places.extraBody ? { extra: schema.additionalProperties === true ? 'any value' : describeType(schema.additionalProperties) } : {}),
            ...(encoding === 'json' && mediaType === 'application/json' ? {} : { encoding, mediaType }),
          },
    promise: { safety: declaredSafety(d), status: successStatus(d.raw.status), pick: d.lists.pick },
  });
}

/**
 * How a `deep` argument goes on the wire (SPEC 7.2), shown on one made-up value of its
 * shape: `metadata[key]=value`, `shipping[address][city]=value`, `expand[0]=value`. The
 * first field of each object on the way (or `key` where the object names none), encoded as
 * the call encodes it. Undefined for a scalar, which is sent as `name=value` anyway.
 */
export function bracketExample(name: string, schema: unknown, encode: (s: string) => string = encodeURIComponent): string | undefined {
  const sample = (s: unknown, depth: number): unknown => {
    if (depth > 3) return 'value';
    const shape = nestedShape(s);
    if (shape === undefined) return 'value';
    if (shape.kind === 'array') return [sample(shape.items, depth + 1)];
    return { [shape.key]: sample(shape.inner, depth + 1) };
  };
  const value = sample(schema, 0);
  if (typeof value !== 'object') return undefined;
  // A name or key holding half a character (lone-surrogates reports it) is shown as the bundle writes it, U+FFFD: encodeURIComponent throws on it.
  return encodePairs(name, value, true, (s) => encode(toWellFormed(s)))[0];
}

/** The array or object a schema (or its first array or object alternative) is, or undefined for a scalar. */
function nestedShape(s: unknown): { kind: 'array'; items: unknown } | { kind: 'object'; key: string; inner: unknown } | undefined {
  if (!isObject(s)) return undefined;
  if (typeof s.$ref === 'string') return { kind: 'object', key: 'key', inner: undefined };
  const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
  if (types.includes('array') || (types.length === 0 && 'items' in s)) return { kind: 'array', items: s.items };
  if (types.includes('object') || (types.length === 0 && (isObject(s.properties) || 'additionalProperties' in s))) {
    const props = isObject(s.properties) ? Object.keys(s.properties) : [];
    if (props.length > 0) return { kind: 'object', key: props[0], inner: (s.properties as Record<string, unknown>)[props[0]] };
    return { kind: 'object', key: 'key', inner: isObject(s.additionalProperties) ? s.additionalProperties : undefined };
  }
  if (types.length > 0) return undefined;
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
    const alts = s[k];
    if (!Array.isArray(alts)) continue;
    for (const alt of alts) {
      const shape = nestedShape(alt);
      if (shape !== undefined) return shape;
    }
  }
  return undefined;
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
