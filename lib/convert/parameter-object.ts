import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { own, type ConvertContext, type Json } from './context';
import { asObject, type MediaTypeObject, type OperationObject, type ParameterObject, type PathItemObject } from './document';
import { TypeRef, type Converted } from './schema-object';
import type { TypeRegistry } from './type-registry';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie' | 'body' | 'formData';
const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie', 'body', 'formData']);

/** A Parameter Object, resolved, with its schema converted. */
export interface ParameterInfo {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  description?: string;
  pointer: string;
  raw: ParameterObject;
  /** The converted schema (Swagger 2.0: built from the parameter's own type keywords); for `body`, the body's schema. */
  schema: Converted;
  schemaPointer: string;
  /** The media type of a 3.x `content` parameter. */
  contentType?: string;
}

/**
 * The parameters of an operation (SPEC 4.2): the path item's, with the operation's laid
 * over them (same name and location), each resolved through its `$ref`.
 */
export function readParameters(ctx: ConvertContext, types: TypeRegistry, pathItem: PathItemObject, pathItemPointer: string, operation: OperationObject, operationPointer: string): ParameterInfo[] {
  const byKey = new Map<string, ParameterInfo>();
  for (const [owner, base] of [
    [pathItem, pathItemPointer],
    [operation, operationPointer],
  ] as const) {
    const list = own(owner, 'parameters');
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      ctx.warn('invalid-parameter', '`parameters` is not a list; it is ignored', joinPointer(base, 'parameters'));
      continue;
    }
    const listPointer = joinPointer(base, 'parameters');
    list.forEach((entry, i) => {
      const resolved = ctx.resolve<ParameterObject>(entry, `${listPointer}/${i}`);
      if (!resolved) return;
      const info = readParameterOnce(ctx, types, resolved.node, resolved.pointer);
      if (!info) return;
      const key = `${info.in}\u0000${info.name}`;
      // Swagger allows one body parameter; a second one (or a repeat) replaces the first, as a later definition does.
      byKey.delete(key);
      byKey.set(key, info);
    });
  }
  return [...byKey.values()];
}

/** Parameters read, by the object read: a path item's parameters, and one a `$ref` names, serve each operation that has them. */
const readOnce = new WeakMap<object, { types: TypeRegistry; pointer: string; info: ParameterInfo | undefined }>();

/**
 * `readParameter`, once per parameter object and place in a conversion (`types` is the
 * conversion's): Kubernetes' 947 operations read 7,440 parameters, about a third of them
 * different. What it returns is never changed by its callers, and its warnings are reported
 * once per place anyway.
 */
function readParameterOnce(ctx: ConvertContext, types: TypeRegistry, p: ParameterObject, pointer: string): ParameterInfo | undefined {
  const hit = readOnce.get(p);
  if (hit && hit.types === types && hit.pointer === pointer) return hit.info;
  const info = readParameter(ctx, types, p, pointer);
  readOnce.set(p, { types, pointer, info });
  return info;
}

function readParameter(ctx: ConvertContext, types: TypeRegistry, p: ParameterObject, pointer: string): ParameterInfo | undefined {
  const name = typeof p.name === 'string' ? p.name : undefined;
  const location = typeof p.in === 'string' ? p.in : undefined;
  if (name === undefined || location === undefined || !LOCATIONS.has(location)) {
    ctx.warn('invalid-parameter', `A parameter without a valid \`name\` and \`in\` is ignored`, pointer);
    return undefined;
  }
  const info: ParameterInfo = {
    name,
    in: location as ParameterLocation,
    required: p.required === true || location === 'path',
    deprecated: p.deprecated === true,
    description: typeof p.description === 'string' && p.description.trim() !== '' ? p.description : undefined,
    pointer,
    raw: p,
    schema: {},
    schemaPointer: joinPointer(pointer, 'schema'),
  };
  if (ctx.dialect.swagger && location !== 'body') {
    // A Swagger 2.0 non-body parameter carries its schema keywords itself.
    const view: Json = {};
    for (const k of Object.keys(p)) if (isSwaggerSchemaKey(k)) view[k] = p[k];
    info.schema = types.convert(view, pointer);
    info.schemaPointer = pointer;
  } else if (own(p, 'schema') !== undefined) {
    info.schema = types.convert(p.schema, info.schemaPointer);
  } else if (isPlainObject(p.content)) {
    const mediaTypes = Object.keys(p.content);
    if (mediaTypes.length > 0) {
      info.contentType = mediaTypes[0];
      const media = asObject<MediaTypeObject>(p.content[mediaTypes[0]]);
      info.schemaPointer = joinPointer(joinPointer(joinPointer(pointer, 'content'), mediaTypes[0]), 'schema');
      info.schema = media && own(media, 'schema') !== undefined ? types.convert(media.schema, info.schemaPointer) : {};
    }
  }
  return info;
}

/** The keywords a Swagger 2.0 non-body parameter shares with a schema (its Items Object part). */
const SWAGGER_SCHEMA_KEYS = new Set<string>([
  'type',
  'format',
  'items',
  'enum',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
  'x-nullable',
] satisfies (keyof ParameterObject)[]);

function isSwaggerSchemaKey(k: string): k is keyof ParameterObject {
  return SWAGGER_SCHEMA_KEYS.has(k);
}

export type Shape = 'scalar' | 'array' | 'object' | 'any';
const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/** A parameter schema with its outer reference (and its items' reference) written out, so its type is visible where it is declared. */
export function inlineTop(schema: Converted, types: TypeRegistry): Converted {
  let s = withoutNull(schema);
  if (s instanceof TypeRef) {
    const body = types.resolveBody(s);
    s = body === undefined ? {} : isPlainObject(body) && s.siblings ? { ...body, ...s.siblings } : body;
  }
  s = withoutNull(s);
  if (isPlainObject(s) && s.items instanceof TypeRef) {
    const items = types.resolveBody(s.items);
    s = { ...s, items: items === undefined ? {} : items };
  }
  return s;
}

const isNullType = (p: unknown) => isPlainObject(p) && p.type === 'null' && Object.keys(p).length === 1;

/** `anyOf: [X, {"type": "null"}]` (how a nullable reference reads) as X: a parameter left out sends nothing. */
function withoutNull(s: Converted): Converted {
  if (!isPlainObject(s)) return s;
  for (const k of ['anyOf', 'oneOf'] as const) {
    const parts = s[k];
    if (!Array.isArray(parts) || !parts.some(isNullType)) continue;
    const rest = parts.filter((p) => !isNullType(p)) as Converted[];
    const others = Object.keys(s).filter((key) => key !== k);
    if (rest.length === 1 && others.every((key) => ANNOTATION_KEYS.has(key))) {
      const only = rest[0];
      if (only instanceof TypeRef) return new TypeRef(only.target, { ...only.siblings, ...pick(s, others) });
      return isPlainObject(only) ? { ...only, ...pick(s, others) } : only;
    }
    if (rest.length > 0) return { ...s, [k]: rest };
  }
  return s;
}

const ANNOTATION_KEYS = new Set(['title', 'description', 'deprecated', 'default', '$comment', 'examples']);

function pick(s: Json, keys: string[]): Json {
  const out: Json = {};
  for (const k of keys) out[k] = s[k];
  return out;
}

function typeList(s: Json): string[] {
  const t = s.type;
  return (Array.isArray(t) ? t : typeof t === 'string' ? [t] : []).filter((x): x is string => typeof x === 'string' && x !== 'null');
}

/** What kind of value a parameter schema describes, for deciding how it can be sent (SPEC 4.2, 4.3). */
export function shapeOf(schema: Converted, types: TypeRegistry, depth = 0): Shape {
  const s = depth === 0 ? schema : inlineTop(schema, types);
  if (!isPlainObject(s) || depth > 4) return 'any';
  const list = typeList(s);
  if (list.includes('object')) return 'object';
  if (list.includes('array')) {
    const items = shapeOf(s.items as Converted, types, depth + 1);
    return items === 'scalar' || items === 'any' ? 'array' : 'object';
  }
  if (list.length > 0) return list.every((t) => SCALARS.has(t)) ? 'scalar' : 'any';
  if (s.properties !== undefined || s.additionalProperties !== undefined) return 'object';
  if (s.items !== undefined) return shapeOf({ ...s, type: 'array' }, types, depth);
  const parts = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as Converted[] | undefined;
  if (parts) {
    const shapes = parts.map((p) => shapeOf(inlineTop(p, types), types, depth + 1));
    if (shapes.every((x) => x === 'scalar')) return 'scalar';
    if (shapes.some((x) => x === 'object')) return 'object';
    return 'any';
  }
  if (Array.isArray(s.enum)) return s.enum.every((v) => v === null || typeof v !== 'object') ? 'scalar' : 'object';
  return 'any';
}

/**
 * A scalar argument schema for a path or query parameter: `null` taken out of its type and
 * enum (leaving the argument out is how nothing is sent), a type given where the spec left
 * it open (`string`), and the type of a `oneOf` of scalars written beside it.
 */
export function scalarSchema(schema: Converted, types: TypeRegistry, single: boolean): Json {
  const s = inlineTop(schema, types);
  const out: Json = isPlainObject(s) ? { ...s } : {};
  const list = typeList(out);
  if (list.length === 0) {
    const parts = (Array.isArray(out.oneOf) ? out.oneOf : Array.isArray(out.anyOf) ? out.anyOf : []) as Converted[];
    const found = new Set<string>();
    for (const p of parts) {
      const body = inlineTop(p, types);
      if (isPlainObject(body)) for (const t of typeList(body)) found.add(t);
    }
    if (parts.length === 0 && Array.isArray(out.enum)) for (const v of out.enum) if (v !== null) found.add(Number.isInteger(v) ? 'integer' : typeof v);
    const inferred = [...found].filter((t) => SCALARS.has(t));
    if (inferred.length === 1) out.type = inferred[0];
    else if (inferred.length === 0 || (single && inferred.length < found.size)) {
      out.type = 'string';
      // A path segment is one string; alternatives of several types all arrive as text.
      if (single) {
        delete out.oneOf;
        delete out.anyOf;
        delete out.enum;
      }
    } else out.type = inferred;
  } else if (list.length === 1) out.type = list[0];
  // A list of scalar types stays (a path segment takes any of them as text; the spec's integer examples pass).
  else out.type = single && !list.every((t) => SCALARS.has(t)) ? 'string' : list;
  if (Array.isArray(out.enum)) {
    const values = out.enum.filter((v) => v !== null);
    if (values.length > 0) out.enum = values;
    else delete out.enum;
  }
  if (out.default === null) delete out.default;
  return out;
}

/** The array style of a query parameter: sent repeated (`a=1&a=2`), joined into one string, or neither (deepObject). */
export function arrayStyle(p: ParameterInfo, swagger: boolean): { repeated: true } | { repeated: false; separator: string; label: string } | { deepObject: true } {
  if (swagger) {
    const format = typeof p.raw.collectionFormat === 'string' ? p.raw.collectionFormat : 'csv';
    if (format === 'multi') return { repeated: true };
    if (format === 'ssv') return { repeated: false, separator: ' ', label: 'spaces' };
    if (format === 'tsv') return { repeated: false, separator: '\t', label: 'tabs' };
    if (format === 'pipes') return { repeated: false, separator: '|', label: '`|`' };
    return { repeated: false, separator: ',', label: 'commas' };
  }
  const style = typeof p.raw.style === 'string' ? p.raw.style : 'form';
  if (style === 'deepObject') return { deepObject: true };
  const explode = typeof p.raw.explode === 'boolean' ? p.raw.explode : style === 'form';
  if (explode) return { repeated: true };
  if (style === 'spaceDelimited') return { repeated: false, separator: ' ', label: 'spaces' };
  if (style === 'pipeDelimited') return { repeated: false, separator: '|', label: '`|`' };
  return { repeated: false, separator: ',', label: 'commas' };
}
