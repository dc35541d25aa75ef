import { isPlainObject, setOwn } from '../core/entries';
import { linearPattern } from '../core/linear-regexp';
import { valueFault } from '../core/value-fault';
import { patternExample } from './pattern-example';

type Schema = Record<string, unknown>;

/**
 * Arguments to start a call from: every required argument with a value of its type (its
 * `default`, `example` or first `enum` value when it has one and its own schema accepts it:
 * a spec's example can contradict its schema, and `call` would refuse it), the optional
 * ones left out.
 * The wizard fills its call preview with these, so a first click shows a request.
 */
export function exampleArguments(parameters: unknown): Record<string, unknown> {
  const value = exampleValue(parameters, 'value', 0, { left: MAX_VALUES });
  return isPlainObject(value) ? value : {};
}

function exampleValue(schema: unknown, name: string, depth: number, budget: { left: number }): unknown {
  if (budget.left-- <= 0 || !isPlainObject(schema) || depth > 8) return null;
  const s = Array.isArray(schema.allOf) ? withAllOf(schema as Schema, depth) : (schema as Schema);
  if ('const' in s) return s.const;
  const given = [...('default' in s ? [s.default] : []), ...('example' in s ? [s.example] : []), ...(Array.isArray(s.examples) ? s.examples.slice(0, 1) : [])];
  const fits = given.find((v) => v !== undefined && valueFault(v, s) === undefined);
  if (fits !== undefined) return fits;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const types = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [s.type];
  const type = types[0] ?? (isPlainObject(s.properties) ? 'object' : undefined);
  // A union is its first branch, but an object's `anyOf` of required fields (one of two ids
  // must be given) is read with the object below.
  const branch = firstBranch(s);
  if (branch !== undefined && type !== 'object') return exampleValue(branch, name, depth + 1, budget);
  switch (type) {
    case 'string':
      return exampleString(s, typeof s.format === 'string' ? FORMATS[s.format] ?? name : name);
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return false;
    case 'array': {
      // As few items as it takes, each an example of the items' schema.
      const least = typeof s.minItems === 'number' ? Math.min(s.minItems, MAX_ITEMS) : 0;
      const items: unknown[] = [];
      while (items.length < least && budget.left > 0) items.push(exampleValue(s.items, name, depth + 1, budget));
      return items;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties: Record<string, unknown> = {};
      const required = new Set<string>();
      collectObject(s, properties, required, depth);
      for (const key of required) setOwn(out, key, exampleValue(Object.hasOwn(properties, key) ? properties[key] : undefined, key, depth + 1, budget));
      return out;
    }
    default:
      return null;
  }
}

function firstBranch(s: Schema): unknown {
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[key]) && s[key].length > 0) return s[key][0];
  return undefined;
}

/**
 * A schema and its `allOf` parts as one: its own keywords first, then each part's it lacks;
 * fields and required names from all. Enough to find a type, a default or a pattern that a
 * part holds (Lob's `{allOf: [{type: boolean}, {default: false}]}`).
 */
function withAllOf(s: Schema, depth: number): Schema {
  const out: Schema = { ...s };
  delete out.allOf;
  const properties: Record<string, unknown> = isPlainObject(s.properties) ? { ...s.properties } : {};
  const required = new Set(Array.isArray(s.required) ? s.required : []);
  for (const raw of s.allOf as unknown[]) {
    if (!isPlainObject(raw) || depth > 8) continue;
    const part = Array.isArray(raw.allOf) ? withAllOf(raw as Schema, depth + 1) : (raw as Schema);
    for (const [k, v] of Object.entries(part)) if (!Object.hasOwn(out, k)) setOwn(out, k, v);
    if (isPlainObject(part.properties)) for (const [k, v] of Object.entries(part.properties)) if (!Object.hasOwn(properties, k)) setOwn(properties, k, v);
    if (Array.isArray(part.required)) for (const k of part.required) required.add(k);
  }
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.size > 0) out.required = [...required];
  return out;
}

/** An object's fields and required names, with those its first `oneOf`/`anyOf` branch adds. */
function collectObject(s: Schema, properties: Record<string, unknown>, required: Set<string>, depth: number): void {
  if (depth > 8) return;
  if (isPlainObject(s.properties)) for (const [k, v] of Object.entries(s.properties)) if (!Object.hasOwn(properties, k)) setOwn(properties, k, v);
  if (Array.isArray(s.required)) for (const k of s.required) if (typeof k === 'string') required.add(k);
  const branch = firstBranch(s);
  if (isPlainObject(branch)) collectObject(Array.isArray(branch.allOf) ? withAllOf(branch as Schema, depth + 1) : (branch as Schema), properties, required, depth + 1);
}

/** More items than a list's `minItems` asks of an example are not written. */
const MAX_ITEMS = 16;
/**
 * Values written in all: lists of lists each asking 16 items, eight deep, would otherwise be
 * 16⁸ values. Past it a value is null, and the call check says what is missing.
 */
const MAX_VALUES = 1000;

/**
 * The argument's name (or its format's example), made as long as `minLength` asks and cut to
 * `maxLength`; when the schema has a `pattern` that this does not match, a string built from
 * the pattern (Twilio's `^AC[0-9a-fA-F]{32}$`), so the first call shown is a request, not a
 * refusal. A pattern beyond `patternExample`'s reading keeps the name: the call check says why.
 */
function exampleString(s: Schema, plain: string): string {
  const min = typeof s.minLength === 'number' ? Math.min(s.minLength, 512) : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Number.POSITIVE_INFINITY;
  let text = plain.length > 0 && plain.length < min ? plain.repeat(Math.ceil(min / plain.length)) : plain;
  text = text.slice(0, Math.max(min, Math.min(text.length, max)));
  if (typeof s.pattern !== 'string') return text;
  const compiled = linearPattern(s.pattern);
  if (compiled.kind !== 'linear' || compiled.test(text)) return text;
  const built = patternExample(s.pattern);
  return built !== undefined && valueFault(built, s) === undefined ? built : text;
}

const FORMATS: Record<string, string> = {
  date: '2026-01-31',
  'date-time': '2026-01-31T12:00:00Z',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};
