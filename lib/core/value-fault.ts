import { isPlainObject } from './entries';

const MAX_DEPTH = 8;

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);

/**
 * Why a value is not what a schema's own keywords accept, or undefined: its type, `const`,
 * `enum`, a number's bounds, a string's length, and the same of a list's items and an
 * object's named fields. References and `allOf`/`oneOf`/`anyOf` are not followed, so
 * undefined means "not shown to be wrong", never "checked in full". Used to catch a spec's
 * `default` or example that its own schema refuses (an array property whose example is a
 * string) before it is offered as a value to send.
 */
export function valueFault(value: unknown, schema: unknown, depth = 0): string | undefined {
  if (!isPlainObject(schema) || depth > MAX_DEPTH || value === undefined) return undefined;
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return `is not ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const text = JSON.stringify(value);
    if (!schema.enum.some((e) => JSON.stringify(e) === text)) return 'is not one of the values the schema lists';
  }
  const type = schema.type;
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
  const actual = jsonType(value);
  if (types.length > 0 && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
    return `is ${actual === 'null' ? 'null' : article(actual === 'integer' ? 'number' : actual)}, not ${types.map((t) => (t === 'null' ? 'null' : article(t))).join(' or ')}`;
  }
  if (typeof value === 'number') {
    const n = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
    const min = n('minimum');
    const max = n('maximum');
    const exMin = n('exclusiveMinimum');
    const exMax = n('exclusiveMaximum');
    if (min !== undefined && value < min) return `is less than the minimum, ${min}`;
    if (max !== undefined && value > max) return `is more than the maximum, ${max}`;
    if (exMin !== undefined && value <= exMin) return `is not more than ${exMin}`;
    if (exMax !== undefined && value >= exMax) return `is not less than ${exMax}`;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) return `is shorter than ${schema.minLength} characters`;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) return `is longer than ${schema.maxLength} characters`;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return `has fewer than ${schema.minItems} items`;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return `has more than ${schema.maxItems} items`;
    for (let i = 0; i < value.length; i++) {
      const fault = valueFault(value[i], schema.items, depth + 1);
      if (fault) return `has an item (${i + 1}) that ${fault}`;
    }
  }
  if (isPlainObject(value) && isPlainObject(schema.properties)) {
    for (const [k, v] of Object.entries(value)) {
      const fault = Object.hasOwn(schema.properties, k) ? valueFault(v, schema.properties[k], depth + 1) : undefined;
      if (fault) return `has a field \`${k}\` that ${fault}`;
    }
  }
  return undefined;
}
