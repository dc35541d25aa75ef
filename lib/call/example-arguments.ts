import { isPlainObject } from '../core/entries';
import { valueFault } from '../core/value-fault';

type Schema = Record<string, unknown>;

/**
 * Arguments to start a call from: every required argument with a value of its type (its
 * `default`, `example` or first `enum` value when it has one and its own schema accepts it:
 * a spec's example can contradict its schema, and `call` would refuse it), the optional
 * ones left out.
 * The wizard fills its call preview with these, so a first click shows a request.
 */
export function exampleArguments(parameters: unknown): Record<string, unknown> {
  const value = exampleValue(parameters, 'value', 0);
  return isPlainObject(value) ? value : {};
}

function exampleValue(schema: unknown, name: string, depth: number): unknown {
  if (!isPlainObject(schema) || depth > 8) return null;
  const s = schema as Schema;
  if ('const' in s) return s.const;
  const given = [...('default' in s ? [s.default] : []), ...('example' in s ? [s.example] : []), ...(Array.isArray(s.examples) ? s.examples.slice(0, 1) : [])];
  const fits = given.find((v) => v !== undefined && valueFault(v, s) === undefined);
  if (fits !== undefined) return fits;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const first = Array.isArray(s[key]) ? (s[key] as unknown[])[0] : undefined;
    if (first !== undefined) return exampleValue(first, name, depth + 1);
  }
  const types = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [s.type];
  const type = types[0] ?? (isPlainObject(s.properties) ? 'object' : undefined);
  switch (type) {
    case 'string':
      return typeof s.format === 'string' ? FORMATS[s.format] ?? name : name;
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = isPlainObject(s.properties) ? (s.properties as Record<string, unknown>) : {};
      for (const key of Array.isArray(s.required) ? s.required : []) {
        if (typeof key === 'string') out[key] = exampleValue(properties[key], key, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

const FORMATS: Record<string, string> = {
  date: '2026-01-31',
  'date-time': '2026-01-31T12:00:00Z',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};
