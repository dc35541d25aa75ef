import { isPlainObject } from './entries';

type Json = Record<string, unknown>;

/** A type admitting `null` (SPEC 4.4): `null` added to `type` (and `enum`), or the schema wrapped in `anyOf` with `{"type":"null"}`. */
export function admitNull(schema: Json | boolean): Json {
  if (typeof schema === 'boolean') return schema ? {} : { type: 'null' };
  const composite = ['allOf', 'oneOf', 'anyOf', 'not', 'const', 'if'].some((k) => schema[k] !== undefined);
  if (!composite) {
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
      const out: Json = { ...schema, type: types.includes('null') ? schema.type : [...types, 'null'] };
      if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
      return out;
    }
    if (Array.isArray(schema.enum)) return schema.enum.includes(null) ? schema : { ...schema, enum: [...schema.enum, null] };
    // No `type`: nothing here refuses null already (properties and items apply to objects and arrays only).
    return schema;
  }
  const annotation = (k: string) => k === 'title' || k === 'description' || k === 'deprecated' || k === 'default' || k === '$comment';
  if (Array.isArray(schema.anyOf) && Object.keys(schema).every((k) => k === 'anyOf' || annotation(k))) {
    const parts = schema.anyOf as unknown[];
    if (parts.some((p) => isPlainObject(p) && p.type === 'null')) return schema;
    return { ...schema, anyOf: [...parts, { type: 'null' }] };
  }
  const outer: Json = {};
  const inner: Json = {};
  for (const k of Object.keys(schema)) {
    if (annotation(k)) outer[k] = schema[k];
    else inner[k] = schema[k];
  }
  return { anyOf: [inner, { type: 'null' }], ...outer };
}
