import { isPlainObject, setOwn } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { own, type ConvertContext, type Json } from './context';
import { asObject, type MediaTypeObject, type OperationObject, type RequestBodyObject } from './document';
import type { ParameterInfo } from './parameter-object';
import { isConstraintOnly, TypeRef, type Converted } from './schema-object';
import { codeSpan } from '../skill/markdown';
import type { TypeRegistry } from './type-registry';

export interface BodyField {
  name: string;
  schema: Converted;
  required: boolean;
}

export type BodyPlan =
  | { kind: 'none' }
  | {
      kind: 'json';
      mediaType: string;
      fields: BodyField[];
      pointer: string;
      description?: string;
      /** Which fields are required together or as alternatives (`anyOf: [{required: [a]}, …]`), for the arguments' root. */
      constraints?: Json;
      /**
       * A free-form body (no named fields): the schema of every field it may hold, `true` or
       * a map's value schema, declared as the arguments' root `additionalProperties`.
       */
      extra?: Converted;
      /** The body must be `{}` (no field allowed): sent only if the operation names other body fields, so a required one is prose-only. */
      empty?: boolean;
    }
  | {
      kind: 'other';
      /** The media type a hand-written request would use. */
      mediaType: string;
      reason: string;
      /** Top-level fields, where the body is an object (for the hand-readable call section). */
      fields?: BodyField[];
      /** What the body is, where it is not an object with fields ("a JSON array of `Pet`"). */
      shape?: string;
      /** The body's converted schema, where the spec gives one: its shape is written out in the call section. */
      schema?: Converted;
      pointer: string;
      description?: string;
    };

/** `application/json` or `*+json` (SPEC 4.2), parameters and case aside. */
export function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0].trim().toLowerCase();
  return base === 'application/json' || /^[a-z0-9.*-]+\/[a-z0-9.*+-]*\+json$/.test(base);
}

/** A wildcard media type (any type, or any `application/` type): the server takes JSON too. */
export function isWildcardMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0].trim().toLowerCase();
  return base === '*/*' || base === 'application/*';
}

/**
 * The Request Body Object (3.x), or Swagger 2.0's `body` / `formData` parameters, as what
 * the arguments can carry (SPEC 4.2, 4.3): the fields of a JSON body whose schema is an
 * object (after its `$ref` and a plain `allOf`), or the reason it cannot be declared.
 */
export function readRequestBody(ctx: ConvertContext, types: TypeRegistry, operation: OperationObject, operationPointer: string, parameters: ParameterInfo[]): BodyPlan {
  return ctx.dialect.swagger ? swaggerBody(ctx, types, operation, operationPointer, parameters) : openApiBody(ctx, types, operation, operationPointer);
}

function openApiBody(ctx: ConvertContext, types: TypeRegistry, operation: OperationObject, operationPointer: string): BodyPlan {
  const raw = own(operation, 'requestBody');
  if (raw === undefined) return { kind: 'none' };
  const resolved = ctx.resolve<RequestBodyObject>(raw, joinPointer(operationPointer, 'requestBody'));
  if (!resolved) return { kind: 'none' };
  const rb = resolved.node;
  const description = typeof rb.description === 'string' ? rb.description : undefined;
  const content = own(rb, 'content');
  const mediaTypes = isPlainObject(content) ? Object.keys(content) : [];
  if (!isPlainObject(content) || mediaTypes.length === 0) return { kind: 'none' };
  const contentPointer = joinPointer(resolved.pointer, 'content');
  const json = mediaTypes.find((m) => m.split(';')[0].trim().toLowerCase() === 'application/json') ?? [...mediaTypes].sort().find(isJsonMediaType);
  if (json === undefined) {
    // A body of any media type is sent as JSON when its schema is an object with fields.
    const wildcard = mediaTypes.find(isWildcardMediaType);
    const media = wildcard !== undefined ? asObject<MediaTypeObject>(content[wildcard]) : undefined;
    if (wildcard !== undefined && media && own(media, 'schema') !== undefined) {
      const plan = jsonBody(ctx, types, types.convert(media.schema, joinPointer(joinPointer(contentPointer, wildcard), 'schema')), 'application/json', '', resolved.pointer, description);
      if (plan.kind === 'json' && plan.fields.length > 0) return plan;
    }
  }
  if (json === undefined) {
    const first = mediaTypes[0];
    const media = asObject<MediaTypeObject>(content[first]);
    const pointer = joinPointer(joinPointer(contentPointer, first), 'schema');
    const schema = media && own(media, 'schema') !== undefined ? types.convert(media.schema, pointer) : undefined;
    const plan: BodyPlan = {
      kind: 'other',
      mediaType: first,
      reason: `the request body is ${mediaTypes.map(codeSpan).join(' or ')}, not JSON`,
      pointer: resolved.pointer,
      description,
    };
    describeOther(plan, schema, types);
    return plan;
  }
  const media = asObject<MediaTypeObject>(content[json]);
  const pointer = joinPointer(joinPointer(contentPointer, json), 'schema');
  const patch = patchOnly(json, mediaTypes);
  if (patch) {
    const plan: BodyPlan = { kind: 'other', mediaType: json, reason: patch, pointer: resolved.pointer, description };
    if (media && own(media, 'schema') !== undefined) describeOther(plan, types.convert(media.schema, pointer), types);
    return plan;
  }
  if (!media || own(media, 'schema') === undefined) {
    ctx.warn('json-body-without-schema', `The ${json} request body has no schema; it is declared as a free-form body: every argument not named as a path or query parameter is sent as one of its fields`, joinPointer(contentPointer, json));
    return { kind: 'json', mediaType: json, fields: [], pointer: resolved.pointer, description, extra: true };
  }
  return jsonBody(ctx, types, types.convert(media.schema, pointer), json, pointer, resolved.pointer, description);
}

function swaggerBody(ctx: ConvertContext, types: TypeRegistry, operation: OperationObject, operationPointer: string, parameters: ParameterInfo[]): BodyPlan {
  const consumesRaw = own(operation, 'consumes') ?? own(ctx.doc, 'consumes');
  const consumes = Array.isArray(consumesRaw) ? consumesRaw.filter((c): c is string => typeof c === 'string') : [];
  const form = parameters.filter((p) => p.in === 'formData');
  const body = parameters.find((p) => p.in === 'body');
  if (form.length > 0) {
    const multipart = consumes.some((c) => c.toLowerCase().startsWith('multipart/')) || form.some((p) => p.raw.type === 'file');
    const mediaType = multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
    return {
      kind: 'other',
      mediaType,
      reason: `the request body is ${codeSpan(mediaType)} (form parameters${form.some((p) => p.raw.type === 'file') ? ' with a file' : ''}), not JSON`,
      fields: form.map((p) => ({ name: p.name, schema: p.description ? withDescription(p.schema, p.description) : p.schema, required: p.required })),
      pointer: form[0].pointer,
    };
  }
  if (!body) return { kind: 'none' };
  const description = body.description;
  if (consumes.length > 0 && !consumes.some(isJsonMediaType) && !(consumes.some(isWildcardMediaType) && objectWithFields(body.schema, types))) {
    const plan: BodyPlan = { kind: 'other', mediaType: consumes[0], reason: `the request body is ${consumes.map(codeSpan).join(' or ')}, not JSON`, pointer: body.pointer, description };
    describeOther(plan, body.schema, types);
    return plan;
  }
  const mediaType = consumes.find((c) => c.split(';')[0].trim().toLowerCase() === 'application/json') ?? consumes.find(isJsonMediaType) ?? 'application/json';
  const patch = patchOnly(mediaType, consumes);
  if (patch) {
    const plan: BodyPlan = { kind: 'other', mediaType, reason: patch, pointer: body.pointer, description };
    describeOther(plan, body.schema, types);
    return plan;
  }
  return jsonBody(ctx, types, body.schema, mediaType, body.schemaPointer, body.pointer, description);
}

/** JSON Patch (RFC 6902), JSON Merge Patch (RFC 7396) and Kubernetes' strategic merge patch. */
const PATCH_MEDIA_TYPES = new Set(['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);

/**
 * Why a JSON body cannot be declared when its media type is a patch format and the operation
 * takes neither `application/json` nor a wildcard: a declared call is sent with
 * `Content-Type: application/json` (SPEC 3.4), and a server tells a patch from a plain JSON
 * document by that header, so it refuses the call (Kubernetes answers 415).
 */
function patchOnly(chosen: string, listed: readonly string[]): string | undefined {
  const base = chosen.split(';')[0].trim().toLowerCase();
  if (!PATCH_MEDIA_TYPES.has(base) || listed.some(isWildcardMediaType)) return undefined;
  const json = listed.filter(isJsonMediaType);
  return `the request body is ${json.map(codeSpan).join(' or ')}, a patch format, and a declared call is sent as \`application/json\`, which the operation does not take`;
}

function objectWithFields(schema: Converted, types: TypeRegistry): boolean {
  const root = rootOf(schema, types);
  return isPlainObject(root) && isPlainObject(root.properties) && Object.keys(root.properties).length > 0;
}

function withDescription(schema: Converted, description: string): Converted {
  if (schema instanceof TypeRef) return new TypeRef(schema.target, { ...schema.siblings, description });
  return isPlainObject(schema) ? { ...schema, description } : schema;
}

const ANNOTATION_KEYS = new Set(['title', 'description', 'deprecated', 'default', '$comment', 'examples', 'readOnly', 'writeOnly']);

/** The body's root schema with references followed, a nullable wrapper and a one-branch `oneOf`/`anyOf` unwrapped. */
function rootOf(schema: Converted, types: TypeRegistry): Converted | undefined {
  let s: Converted | undefined = schema;
  for (let i = 0; i < 16; i++) {
    if (s instanceof TypeRef) {
      s = types.resolveBody(s);
      continue;
    }
    if (!isPlainObject(s)) return s;
    const obj: Json = s;
    let unwrapped = false;
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
      const parts = obj[k];
      if (!Array.isArray(parts)) continue;
      const rest = parts.filter((p) => !(isPlainObject(p) && p.type === 'null' && Object.keys(p).length === 1));
      const others = Object.keys(obj).filter((key) => key !== k);
      if (rest.length === 1 && others.every((key) => ANNOTATION_KEYS.has(key) || (key === 'type' && obj.type === 'object'))) {
        s = rest[0] as Converted;
        unwrapped = true;
        break;
      }
    }
    if (!unwrapped) return s;
  }
  return s;
}

function jsonBody(ctx: ConvertContext, types: TypeRegistry, schema: Converted, mediaType: string, schemaPointer: string, pointer: string, description?: string): BodyPlan {
  const root = rootOf(schema, types);
  const notObject = (why: string): BodyPlan => {
    const plan: BodyPlan = { kind: 'other', mediaType, reason: why, pointer, description };
    describeOther(plan, schema, types);
    return plan;
  };
  if (root === undefined || root instanceof TypeRef) return notObject('the JSON body refers to itself without ever being an object');
  if (typeof root === 'boolean') return notObject('the JSON body\'s schema accepts any value, not an object with named fields');
  const types_ = (Array.isArray(root.type) ? (root.type as unknown[]) : root.type !== undefined ? [root.type] : []).filter((t) => t !== 'null');
  const merged = mergedBody(ctx, types, root, types_, schemaPointer || pointer);
  if (merged) return { kind: 'json', mediaType, fields: merged, pointer, description };
  const isObject = types_.includes('object') || (types_.length === 0 && root.properties !== undefined);
  if (!isObject) {
    if (types_.length > 0) return notObject(`the JSON body is ${types_.map((t) => article(String(t))).join(' or ')}, not an object`);
    if (Array.isArray(root.allOf)) return notObject('the JSON body is an `allOf` whose parts do not merge into one object');
    if (Array.isArray(root.oneOf) || Array.isArray(root.anyOf)) return notObject(`the JSON body is one of several shapes (\`${Array.isArray(root.oneOf) ? 'oneOf' : 'anyOf'}\`)`);
    return notObject('the JSON body\'s schema does not say it is an object');
  }
  if (types_.length > 1) return notObject(`the JSON body is ${types_.map((t) => article(String(t))).join(' or ')}`);
  let constraints: Json | undefined;
  for (const k of ['oneOf', 'anyOf', 'allOf', 'not', 'if'] as const) {
    if (root[k] !== undefined && k !== 'if' && isConstraintOnly({ [k]: root[k] })) {
      constraints = { ...constraints, [k]: root[k] };
      continue;
    }
    if (root[k] !== undefined) {
      if (k === 'oneOf' || k === 'anyOf') return notObject(`the JSON body is one of several shapes (\`${k}\`)`);
      if (k === 'allOf') return notObject('the JSON body is an `allOf` whose parts do not merge into one object');
      return notObject(`the JSON body has a \`${k}\` condition arguments cannot express`);
    }
  }
  const props = isPlainObject(root.properties) ? root.properties : {};
  const names = Object.keys(props);
  if (names.length === 0) return freeFormBody(ctx, root, mediaType, schemaPointer, pointer, notObject, description);
  const required = new Set(Array.isArray(root.required) ? (root.required as string[]) : []);
  for (const r of required) {
    if (!Object.hasOwn(props, r)) ctx.warn('body-required-unknown', `The body requires ${codeSpan(r)}, which it does not define; it is not required`, schemaPointer);
  }
  return {
    kind: 'json',
    mediaType,
    fields: names.map((name) => ({ name, schema: props[name] as Converted, required: required.has(name) })),
    pointer,
    description,
    ...(constraints ? { constraints } : {}),
  };
}

/** Keywords on a free-form body's root that constrain its field names: the arguments' root would apply them to path and query parameters too. */
const NAME_KEYWORDS = ['patternProperties', 'propertyNames', 'unevaluatedProperties'] as const;
/** Keywords on a free-form body's root that count its fields: on the arguments' root they would count path and query parameters too. */
const COUNT_KEYWORDS = ['minProperties', 'maxProperties'] as const;

/**
 * A JSON body that is an object with no named fields (free-form, or a map of
 * `additionalProperties`), declared as the arguments' root `additionalProperties`
 * (docs/decisions/0012-free-form-json-bodies.md): every argument not named as a path or query parameter is a field of the
 * body. Where that cannot say what the body allows (its field names constrained, or no field
 * allowed at all while the body is required), the operation is prose-only; it is never
 * declared as sending no body.
 */
function freeFormBody(ctx: ConvertContext, root: Json, mediaType: string, schemaPointer: string, pointer: string, notObject: (why: string) => BodyPlan, description?: string): BodyPlan {
  const named = NAME_KEYWORDS.filter((k) => root[k] !== undefined);
  if (named.length > 0) return notObject(`the JSON body has no named fields and constrains its field names (${named.map((k) => `\`${k}\``).join(', ')}), which arguments beside path and query parameters cannot express`);
  const extra = root.additionalProperties === undefined ? true : (root.additionalProperties as Converted);
  if (extra === false) {
    // No field allowed: the body is `{}`, which a declaration sends only when it names body fields.
    return { kind: 'json', mediaType, fields: [], pointer, description, empty: true };
  }
  const at = schemaPointer || pointer;
  for (const k of COUNT_KEYWORDS) {
    if (root[k] !== undefined) ctx.warn('free-form-body', `The body's \`${k}\` (${JSON.stringify(root[k])}) is left out: on the arguments it would count the path and query parameters too (the API still checks it)`, joinPointer(at, k));
  }
  ctx.warn(
    'free-form-body',
    `The JSON body has no named fields; it is declared as the arguments' \`additionalProperties\` (${extra === true ? '`true`' : 'the map\'s value schema'}): every argument not named as a path or query parameter is sent as one of its fields`,
    at,
  );
  return { kind: 'json', mediaType, fields: [], pointer, description, extra };
}

/**
 * A body that is a `oneOf`/`anyOf` of objects (beside, perhaps, fields of its own) declared
 * as one object where that is faithful (mergeVariants), the merge reported
 * (`merged-variants`); undefined where it is not such a body or cannot be merged.
 */
function mergedBody(ctx: ConvertContext, types: TypeRegistry, root: Json, rootTypes: unknown[], at: string): BodyField[] | undefined {
  const key = Array.isArray(root.oneOf) ? 'oneOf' : Array.isArray(root.anyOf) ? 'anyOf' : undefined;
  if (key === undefined || isConstraintOnly({ [key]: root[key] })) return undefined;
  if (rootTypes.some((t) => t !== 'object')) return undefined;
  // Anything else on the root would have to hold for every variant: only its own fields and annotations may be there.
  if (Object.keys(root).some((k) => k !== key && !MERGEABLE_KEYS.has(k)) || root.additionalProperties !== undefined) return undefined;
  const merged = mergeVariants(root[key], types);
  if (!merged) return undefined;
  const own_ = isPlainObject(root.properties) ? root.properties : {};
  const ownRequired = new Set(Array.isArray(root.required) ? root.required : []);
  const fields: BodyField[] = Object.keys(own_).map((name) => ({ name, schema: own_[name] as Converted, required: ownRequired.has(name) }));
  for (const name of Object.keys(merged.properties)) {
    if (Object.hasOwn(own_, name)) return undefined;
    fields.push({ name, schema: merged.properties[name] as Converted, required: merged.required.includes(name) });
  }
  ctx.warn(
    'merged-variants',
    `The JSON body is one of ${merged.variants.length} shapes (\`${key}\`), declared as one object with the fields of them all: a field is required when every shape requires it, takes any value a shape allows it (any value at all where a shape that does not name it does not forbid other fields), and says in its description which shapes name it when not all do. The shapes: ${merged.variants.join('; ')}`,
    joinPointer(at, key),
  );
  return fields;
}

/** Keywords a variant's root may hold and still be merged: what an object of named fields is, and annotations. */
const MERGEABLE_KEYS = new Set(['type', 'properties', 'required', 'additionalProperties', 'title', 'description', 'deprecated', 'examples', 'readOnly', 'writeOnly', '$comment']);
/** How many variants a merge takes: more is not a shape a model builds by reading the fields. */
const MAX_VARIANTS = 12;

/** A `oneOf`/`anyOf` of objects declared as one object. */
interface MergedVariants {
  properties: Json;
  required: string[];
  /** What the report says: each variant by its title, or by its fields. */
  variants: string[];
}

/** One variant of a union to merge: its fields, what it requires, and what it takes for a field it does not name. */
interface Variant {
  props: Json;
  required: Set<string>;
  label: string;
  /** Its `additionalProperties`: `true` (absent or true: any value), `false` (no other field), or the schema other fields take. */
  extra: Converted;
}

/**
 * A `oneOf`/`anyOf` whose every variant is an object of named fields, as one object
 * (docs/decisions/0010-unions-of-objects-merged.md). The merged object accepts every value the union accepts (it may
 * be looser, never stricter): it has the union of the variants' properties; a field is
 * required when every variant requires it; a field takes any value one of the variants
 * lets it have: the schema of each variant that names it (`enum` values joined, else an
 * `anyOf`), and, from a variant that does not name it, its `additionalProperties` (a variant
 * without `additionalProperties: false` takes any value there, so the field's `anyOf` gets
 * an `{}` branch). A field not every variant names says which do in its description.
 * Undefined where a variant is anything else (another keyword constrains it), and the
 * operation stays prose-only.
 */
function mergeVariants(parts: unknown, types: TypeRegistry): MergedVariants | undefined {
  if (!Array.isArray(parts) || parts.length < 2 || parts.length > MAX_VARIANTS) return undefined;
  const variants: Variant[] = [];
  for (const [i, part] of parts.entries()) {
    const root = rootOf(part as Converted, types);
    if (!isPlainObject(root) || root instanceof TypeRef) return undefined;
    if (Object.keys(root).some((k) => !MERGEABLE_KEYS.has(k))) return undefined;
    if (root.type !== undefined && root.type !== 'object') return undefined;
    if (!isPlainObject(root.properties) || Object.keys(root.properties).length === 0) return undefined;
    const extra = root.additionalProperties === undefined ? true : (root.additionalProperties as Converted);
    const props = root.properties;
    const required = new Set((Array.isArray(root.required) ? root.required : []).filter((r): r is string => typeof r === 'string' && Object.hasOwn(props, r)));
    const names = Object.keys(props);
    // A variant is named by its title, else by the fields it requires (or has).
    const named = required.size > 0 ? [...required] : names;
    const label = typeof root.title === 'string' && root.title.trim() !== '' ? `${i + 1} (${codeSpan(root.title.trim())})` : `${i + 1} (with ${named.slice(0, 3).map(codeSpan).join(', ')}${named.length > 3 ? ', …' : ''})`;
    variants.push({ props, required, label, extra });
  }
  const names: string[] = [];
  for (const v of variants) for (const n of Object.keys(v.props)) if (!names.includes(n)) names.push(n);
  const properties: Json = {};
  for (const name of names) setOwn(properties, name, mergedField(name, variants));
  const required = names.filter((n) => variants.every((v) => v.required.has(n)));
  return { properties, required, variants: variants.map((v) => v.label) };
}

/** The schema of one field of the merged object: every value some variant lets it have (mergeVariants). */
function mergedField(name: string, variants: readonly Variant[]): Converted {
  const having = variants.filter((v) => Object.hasOwn(v.props, name));
  // Variants that do not name the field but take it as one of their other fields.
  const open = variants.filter((v) => !Object.hasOwn(v.props, name) && v.extra === true);
  const mapped = variants.filter((v) => !Object.hasOwn(v.props, name) && v.extra !== true && v.extra !== false);
  const schemas: Converted[] = [];
  for (const s of [...having.map((v) => v.props[name] as Converted), ...mapped.map((v) => v.extra)]) {
    if (!schemas.some((t) => sameSchema(t, s))) schemas.push(s);
  }
  let schema: Converted;
  if (open.length > 0) schema = { anyOf: [...schemas, {}] };
  else schema = schemas.length === 1 ? schemas[0] : (joinedEnum(schemas) ?? { anyOf: schemas });
  if (having.length === variants.length) return schema;
  const shapes = (vs: readonly Variant[]) => `shape${vs.length === 1 ? '' : 's'} ${vs.map((v) => v.label).join(', ')}`;
  const notes = [open.length === 0 && mapped.length === 0 ? `Only in ${shapes(having)}` : `Named by ${shapes(having)}`];
  if (mapped.length > 0) notes.push(`${shapes(mapped)} take${mapped.length === 1 ? 's' : ''} it as one of ${mapped.length === 1 ? 'its' : 'their'} other fields`);
  if (open.length > 0) notes.push(`any value in ${shapes(open)}, which ${open.length === 1 ? 'does' : 'do'} not name it`);
  return withNote(schema, `${notes.join('; ')}.`);
}

/** Schemas that are only values (`const`, `enum`, perhaps a type and annotations) as one `enum` of them all. */
function joinedEnum(schemas: Converted[]): Json | undefined {
  const values: unknown[] = [];
  let type: unknown;
  let description: unknown;
  for (const s of schemas) {
    if (!isPlainObject(s) || s instanceof TypeRef) return undefined;
    if (Object.keys(s).some((k) => !['const', 'enum', 'type', 'description', 'title'].includes(k))) return undefined;
    const own_ = s.const !== undefined ? [s.const] : Array.isArray(s.enum) ? s.enum : undefined;
    if (!own_) return undefined;
    // A type is kept only where every schema gives the same one: `{enum: [1]}` beside `{type: string, enum: [a]}` must still take 1.
    if (s !== schemas[0] && JSON.stringify(type) !== JSON.stringify(s.type)) return undefined;
    type = s.type;
    description ??= s.description;
    for (const v of own_) if (!values.some((w) => JSON.stringify(w) === JSON.stringify(v))) values.push(v);
  }
  return { ...(type !== undefined ? { type } : {}), ...(typeof description === 'string' ? { description } : {}), enum: values };
}

function withNote(schema: Converted, note: string): Converted {
  if (schema instanceof TypeRef) {
    const d = schema.siblings?.description;
    return new TypeRef(schema.target, { ...schema.siblings, description: typeof d === 'string' && d.trim() !== '' ? `${d.trim()} ${note}` : note });
  }
  if (!isPlainObject(schema)) return { anyOf: [schema], description: note };
  const d = schema.description;
  return { ...schema, description: typeof d === 'string' && d.trim() !== '' ? `${d.trim()} ${note}` : note };
}

/** The same converted schema but for its own annotations (a `TypeRef` writes itself as its reference and siblings): the first one's are kept. */
function sameSchema(a: Converted, b: Converted): boolean {
  const bare = (x: Converted): string => {
    if (!isPlainObject(x)) return JSON.stringify(x);
    const json = x instanceof TypeRef ? x.toJSON() : x;
    return JSON.stringify(Object.fromEntries(Object.entries(json).filter(([k]) => !ANNOTATIONS.has(k))));
  };
  return a === b || bare(a) === bare(b);
}

/** Keywords that say something about a value without constraining it. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment']);

/** `a string (binary)` to `strings (binary)`, for "a list of …". */
function plural(phrase: string): string {
  const m = /^an? (string|integer|number|boolean|object|null)\b(.*)$/.exec(phrase);
  if (m) return `${m[1]}s${m[2]}`;
  return m === null && phrase.startsWith('a list of ') ? `lists of ${phrase.slice(10)}` : phrase;
}

function article(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

/** Fields or a shape for the hand-readable call section of a body that cannot be declared. */
function describeOther(plan: Extract<BodyPlan, { kind: 'other' }>, schema: Converted | undefined, types: TypeRegistry): void {
  if (schema === undefined) return;
  plan.schema = schema;
  const root = rootOf(schema, types);
  if (isPlainObject(root) && isPlainObject(root.properties) && Object.keys(root.properties).length > 0) {
    const props = root.properties;
    const required = new Set(Array.isArray(root.required) ? (root.required as string[]) : []);
    plan.fields = Object.keys(props).map((name) => ({ name, schema: props[name] as Converted, required: required.has(name) }));
  } else if (isPlainObject(root) && root.type === 'object' && (root.additionalProperties === undefined || root.additionalProperties === false) && root.patternProperties === undefined && !root.oneOf && !root.anyOf && !root.allOf) {
    plan.fields = [];
  } else plan.shape = describeSchema(schema, types);
}

/**
 * A short phrase naming a converted schema's type: `Pet`, `a list of `Pet``, `a string
 * (binary)`. A type is named only when it is in types.json (once shared types are
 * decided); any other is described by what it is (no prose names a type that
 * is not in the skill).
 */
export function describeSchema(schema: Converted | undefined, types: TypeRegistry, depth = 0): string {
  if (schema === undefined) return 'any value';
  if (schema instanceof TypeRef) {
    const name = types.sharedName(schema.target);
    if (name !== undefined) return codeSpan(name);
    return depth > 3 ? 'any value' : describeSchema(types.resolveBody(schema), types, depth + 1);
  }
  if (typeof schema === 'boolean' || depth > 3) return 'any value';
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.length <= 12) {
    return `one of ${schema.enum.map((v) => codeSpan(JSON.stringify(v) ?? 'null')).join(', ')}`;
  }
  if ('const' in schema) return `exactly ${codeSpan(JSON.stringify(schema.const) ?? 'null')}`;
  const list = (Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : []).map(String);
  if (list.length > 0) {
    return list
      .map((t) => {
        if (t === 'array') return `a list of ${plural(describeSchema(schema.items as Converted, types, depth + 1))}`;
        if (t === 'string' && typeof schema.format === 'string') return `a string (${schema.format})`;
        return article(t);
      })
      .join(' or ');
  }
  const parts = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as Converted[] | undefined;
  if (parts) {
    const phrases = [...new Set(parts.map((p) => describeSchema(p, types, depth + 1)))];
    return phrases.length === 1 && parts.length > 1 ? `one of ${parts.length} shapes, each ${phrases[0]}` : phrases.join(' or ');
  }
  if (Array.isArray(schema.allOf)) return (schema.allOf as Converted[]).map((p) => describeSchema(p, types, depth + 1)).join(' and ');
  if (schema.properties !== undefined) return 'an object';
  return 'any value';
}
