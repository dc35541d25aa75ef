import { compareStrings, isPlainObject, setOwn } from '../core/entries';
import { essenceOf, isFormMediaType, isJsonMediaType as isJson, isMultipartMediaType } from '../core/media-type';
import { decodePointerToken, joinPointer, pointerTokens } from '../core/json-pointer';
import { own, refPointer, type ConvertContext, type Json } from './context';
import { classifyRef } from '../openapi/resolve/ref-target';
import { asObject, type MediaTypeObject, type OperationObject, type RequestBodyObject } from './document';
import { meets, valuesOf } from './one-of';
import { inlineTop, shapeOf, type ParameterInfo } from './parameter-object';
import { isConstraintOnly, TypeRef, type Converted } from './schema-object';
import { codeSpan } from '../skill/markdown';
import { constraintWords, enumPhrase, listOf, withConstraints } from './constraints';
import { typeDisplayName, type TypeRegistry } from './type-registry';

export interface BodyField {
  name: string;
  schema: Converted;
  required: boolean;
  /** Sent in bracket style (`name[key]=value`): a form body's `deepObject` field (SPEC 7.1 `deep`). */
  deep?: boolean;
  /** A file (`format: binary`, Swagger's `type: file`): never an argument (SPEC 7.2). */
  file?: boolean;
  /**
   * How a list is sent in a form body: a Swagger 2.0 `formData` parameter (its
   * `collectionFormat`), or an OpenAPI 3 form field with its `encoding` entry's `style` and
   * `explode` on `raw`.
   */
  param?: ParameterInfo;
  /** Why the field cannot be an argument though it is not a file (left out when optional; prose-only when required). */
  notSent?: string;
  /** The field's entry in an OpenAPI 3 `encoding` object, when it has one. */
  encodingPointer?: string;
}

/** How a declared body is encoded (SPEC 7.2). */
export type BodyEncoding = 'json' | 'form' | 'multipart';

export type BodyPlan =
  | { kind: 'none' }
  | {
      /** A body of named fields (or a free-form JSON object): JSON, form-encoded or multipart. */
      kind: 'fields';
      mediaType: string;
      encoding: BodyEncoding;
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
      /** A JSON body whose root is not an object of named fields, declared as one argument (SPEC 7.1 `body-argument`). */
      kind: 'whole';
      mediaType: string;
      schema: Converted;
      /** What the body is, for the report ("a JSON array"). */
      what: string;
      pointer: string;
      description?: string;
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

/** A JSON media type (SPEC 7.1), parameters and case aside: lib/core decides. */
export const isJsonMediaType = isJson;

/** A wildcard media type (any type, or any `application/` type): the server takes JSON too. */
export function isWildcardMediaType(mediaType: string): boolean {
  const base = essenceOf(mediaType);
  return base === '*/*' || base === 'application/*';
}

/**
 * The JSON media types offered, in the order a declaration prefers them (SPEC 7.3):
 * `application/json`, then `application/merge-patch+json`, then the others by name.
 */
function jsonPreference(mediaTypes: readonly string[]): string[] {
  const rank = (m: string) => (essenceOf(m) === 'application/json' ? 0 : essenceOf(m) === 'application/merge-patch+json' ? 1 : 2);
  return mediaTypes.filter(isJson).sort((a, b) => rank(a) - rank(b) || compareStrings(a, b));
}

/**
 * The Request Body Object (3.x), or Swagger 2.0's `body` / `formData` parameters, as what
 * the arguments can carry (SPEC 4.2, 7.3): the fields of a JSON, form-encoded or multipart
 * body whose schema is an object (after its `$ref` and a plain `allOf`), a JSON body of any
 * other shape as one argument, or the reason it cannot be declared.
 */
export function readRequestBody(ctx: ConvertContext, types: TypeRegistry, operation: OperationObject, operationPointer: string, parameters: ParameterInfo[]): BodyPlan {
  return ctx.dialect.swagger ? swaggerBody(ctx, types, operation, operationPointer, parameters) : openApiBody(ctx, types, operation, operationPointer);
}

/** One media type a body is offered in, its schema converted. */
interface Offer {
  mediaType: string;
  encoding: BodyEncoding;
  media?: MediaTypeObject;
  schema?: Converted;
  schemaPointer: string;
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
  const offer = (mediaType: string, encoding: BodyEncoding): Offer => {
    const media = asObject<MediaTypeObject>(content[mediaType]);
    const schemaPointer = joinPointer(joinPointer(contentPointer, mediaType), 'schema');
    return { mediaType, encoding, media, schemaPointer, schema: media && own(media, 'schema') !== undefined ? types.convert(media.schema, schemaPointer) : undefined };
  };
  const offers: Offer[] = jsonPreference(mediaTypes).map((m) => offer(m, 'json'));
  const form = mediaTypes.find(isFormMediaType);
  if (form !== undefined) offers.push(offer(form, 'form'));
  const multipart = mediaTypes.find(isMultipartMediaType);
  if (multipart !== undefined) offers.push(offer(multipart, 'multipart'));
  // A body of any media type is sent as JSON when its schema is an object with fields.
  const wildcard = mediaTypes.find(isWildcardMediaType);
  if (wildcard !== undefined) {
    const w = offer(wildcard, 'json');
    if (w.schema !== undefined && objectWithFields(w.schema, types)) offers.push({ ...w, mediaType: 'application/json' });
  }
  const chosen = chooseOffer(offers, types);
  if (chosen === undefined) {
    const first = mediaTypes[0];
    const o = offer(first, 'json');
    const plan: BodyPlan = {
      kind: 'other',
      mediaType: first,
      reason: `the request body is ${mediaTypes.map(codeSpan).join(' or ')}, not JSON, form-encoded or multipart`,
      pointer: resolved.pointer,
      description,
    };
    describeOther(plan, o.schema, types);
    return plan;
  }
  if (chosen.schema === undefined) {
    if (chosen.encoding !== 'json') return { kind: 'fields', mediaType: chosen.mediaType, encoding: chosen.encoding, fields: [], pointer: resolved.pointer, description, extra: true };
    ctx.warn('json-body-without-schema', `The ${chosen.mediaType} request body has no schema; it is declared as a free-form body: every argument not named as a path or query parameter is sent as one of its fields`, joinPointer(contentPointer, chosen.mediaType));
    return { kind: 'fields', mediaType: chosen.mediaType, encoding: 'json', fields: [], pointer: resolved.pointer, description, extra: true };
  }
  const plan = jsonBody(ctx, types, chosen.schema, chosen.mediaType, chosen.schemaPointer, resolved.pointer, description, chosen.encoding);
  if (plan.kind === 'fields' && chosen.encoding !== 'json') applyEncoding(ctx, plan, chosen, types);
  else markFiles(plan, types);
  return plan;
}

/**
 * The offer a declaration takes (SPEC 7.3, and "prefer the media type that can be declared
 * honestly"): the first of named fields with no file among them, in the order offered (JSON
 * types first); else a JSON body of any shape without files; else the first with files
 * (a file is then left out, or the operation is prose-only); undefined when none is JSON, form or multipart.
 */
function chooseOffer(offers: readonly Offer[], types: TypeRegistry): Offer | undefined {
  if (offers.length === 0) return undefined;
  const facts = offers.map((o) => ({ o, fields: o.schema === undefined || objectWithFields(o.schema, types), files: o.schema !== undefined && hasFileField(o.schema, types) }));
  return facts.find((f) => f.fields && !f.files)?.o ?? facts.find((f) => f.o.encoding === 'json' && !f.files)?.o ?? facts.find((f) => f.fields)?.o ?? offers[0];
}

/**
 * A form or multipart body's OpenAPI 3 `encoding` object on its fields: `style: deepObject`
 * sends a form field in bracket style (`deep`), as does a form field that is an object or a
 * list of objects with no style given (the only way a form carries one, reported); a
 * multipart part whose `contentType` is not text or JSON is a file, and one whose `style` is
 * `deepObject` is sent as bracket-named text parts (`deep`).
 */
function applyEncoding(ctx: ConvertContext, plan: Extract<BodyPlan, { kind: 'fields' }>, offer: Offer, types: TypeRegistry): void {
  const encoding = offer.media ? own(offer.media, 'encoding') : undefined;
  const at = joinPointer(joinPointer(plan.pointer, 'content'), offer.mediaType);
  for (const f of plan.fields) {
    const e = isPlainObject(encoding) && isPlainObject(encoding[f.name]) ? (encoding[f.name] as Json) : undefined;
    const contentType = typeof e?.contentType === 'string' ? e.contentType : undefined;
    if (e !== undefined) f.encodingPointer = joinPointer(joinPointer(at, 'encoding'), f.name);
    if (isFileSchema(f.schema, types)) f.file = true;
    if (offer.encoding === 'multipart' && contentType !== undefined && !f.file) {
      const listed = contentType.split(',').map((t) => t.trim());
      if (listed.every((t) => !isJson(t) && !/^text\//i.test(t))) f.file = true;
    }
    if (f.file) continue;
    if (offer.encoding === 'multipart') {
      // An explicit `style: deepObject` is the author saying bracket-named parts (Stripe's `file_link_data[create]`), not a JSON part (decision 0165).
      if (e?.style === 'deepObject') f.deep = true;
      continue;
    }
    if (offer.encoding !== 'form') continue;
    const shape = shapeOf(inlineTop(f.schema, types), types);
    if (contentType !== undefined && isJson(contentType) && shape !== 'scalar') {
      // A form field whose value is JSON text: the call writes objects in bracket style and lists repeated, never as JSON.
      f.notSent = `its value is ${codeSpan(essenceOf(contentType))} text inside the form body, which arguments cannot send`;
      continue;
    }
    const style = typeof e?.style === 'string' ? e.style : undefined;
    if (style === 'deepObject') f.deep = true;
    else if (shape === 'object') {
      f.deep = true;
      const given = style === undefined ? 'its encoding gives no `style`' : `its encoding's \`style\` is \`${style}\`, not \`deepObject\``;
      ctx.warn('form-object', `The form field ${codeSpan(f.name)} is an object and ${given}; it is sent in bracket style (\`${f.name}[key]=value\`), the way form bodies carry objects`, at);
    } else if (shape === 'array' && e !== undefined) {
      // A list's `style` and `explode` say whether it is sent repeated (`a=1&a=2`) or joined in one value (`a=1,2`), as a query parameter's do.
      const raw = { name: f.name, in: 'formData', ...(style !== undefined ? { style } : {}), ...(typeof e.explode === 'boolean' ? { explode: e.explode } : {}) };
      f.param = { name: f.name, in: 'formData', required: f.required, deprecated: false, pointer: f.encodingPointer ?? at, raw, schema: f.schema, schemaPointer: at };
    }
  }
}

function swaggerBody(ctx: ConvertContext, types: TypeRegistry, operation: OperationObject, operationPointer: string, parameters: ParameterInfo[]): BodyPlan {
  const consumesRaw = own(operation, 'consumes') ?? own(ctx.doc, 'consumes');
  const consumes = Array.isArray(consumesRaw) ? consumesRaw.filter((c): c is string => typeof c === 'string') : [];
  const form = parameters.filter((p) => p.in === 'formData');
  const body = parameters.find((p) => p.in === 'body');
  if (form.length > 0) {
    const multipart = consumes.some(isMultipartMediaType) || (!consumes.some(isFormMediaType) && form.some((p) => p.raw.type === 'file'));
    const mediaType = multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
    const fields: BodyField[] = form.map((p) => {
      const schema = p.description ? withDescription(p.schema, p.description) : p.schema;
      const file = p.raw.type === 'file' || isFileSchema(p.schema, types);
      return { name: p.name, schema, required: p.required, param: p, ...(file ? { file: true } : {}) };
    });
    return { kind: 'fields', mediaType, encoding: multipart ? 'multipart' : 'form', fields, pointer: form[0].pointer };
  }
  if (!body) return { kind: 'none' };
  const description = body.description;
  if (consumes.length > 0 && !consumes.some(isJson) && !(consumes.some(isWildcardMediaType) && objectWithFields(body.schema, types))) {
    const plan: BodyPlan = { kind: 'other', mediaType: consumes[0], reason: `the request body is ${consumes.map(codeSpan).join(' or ')}, not JSON`, pointer: body.pointer, description };
    describeOther(plan, body.schema, types);
    return plan;
  }
  const mediaType = jsonPreference(consumes)[0] ?? 'application/json';
  return markFiles(jsonBody(ctx, types, body.schema, mediaType, body.schemaPointer, body.pointer, description, 'json'), types);
}

/** A file: a binary string (`format: binary`, Swagger's `type: file`), or a list of them. */
function isFileSchema(schema: Converted, types: TypeRegistry, depth = 0): boolean {
  const s = inlineTop(schema, types);
  if (!isPlainObject(s) || depth > 2) return false;
  if (s.format === 'binary' && (s.type === 'string' || s.type === undefined)) return true;
  if (s.type === 'string' && typeof s.contentMediaType === 'string' && !isJson(s.contentMediaType) && !/^text\//i.test(s.contentMediaType) && s.contentEncoding === undefined) return true;
  if (s.type === 'array' && s.items !== undefined) return isFileSchema(s.items as Converted, types, depth + 1);
  return false;
}

/**
 * A JSON body's file fields (`format: binary`): JSON cannot carry a file's bytes, so such a
 * field is never an argument (SPEC 7.2), as in a multipart body: left out when optional,
 * the operation prose-only when it is required.
 */
function markFiles(plan: BodyPlan, types: TypeRegistry): BodyPlan {
  if (plan.kind === 'fields') for (const f of plan.fields) if (isFileSchema(f.schema, types)) f.file = true;
  return plan;
}

/** A body whose top-level fields include a file. */
function hasFileField(schema: Converted, types: TypeRegistry): boolean {
  const root = rootOf(schema, types);
  if (!isPlainObject(root) || !isPlainObject(root.properties)) return isFileSchema(schema, types);
  const props = root.properties;
  return Object.keys(props).some((k) => isFileSchema(props[k] as Converted, types));
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

function jsonBody(ctx: ConvertContext, types: TypeRegistry, schema: Converted, mediaType: string, schemaPointer: string, pointer: string, description: string | undefined, encoding: BodyEncoding): BodyPlan {
  const root = rootOf(schema, types);
  const prose = (why: string): BodyPlan => {
    const plan: BodyPlan = { kind: 'other', mediaType, reason: why, pointer, description };
    describeOther(plan, schema, types);
    return plan;
  };
  // A JSON body of any other shape is one argument, its value the whole body (SPEC 7.1 `body-argument`); a form or multipart body has fields or is not declared.
  const notObject = (why: string): BodyPlan => (encoding === 'json' ? { kind: 'whole', mediaType, schema, what: why, pointer, description } : prose(why.replace('the JSON body', `the ${encoding === 'form' ? 'form-encoded' : 'multipart'} body`)));
  if (root === undefined || root instanceof TypeRef) return prose('the JSON body refers to itself without ever being an object');
  if (typeof root === 'boolean') return notObject('the JSON body\'s schema accepts any value, not an object with named fields');
  const types_ = (Array.isArray(root.type) ? (root.type as unknown[]) : root.type !== undefined ? [root.type] : []).filter((t) => t !== 'null');
  const merged = mergedBody(ctx, types, root, types_, schemaPointer || pointer);
  if (merged) return { kind: 'fields', mediaType, encoding, fields: merged, pointer, description };
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
  if (names.length === 0) return freeFormBody(ctx, root, mediaType, encoding, schemaPointer, pointer, notObject, description);
  const required = new Set(Array.isArray(root.required) ? (root.required as string[]) : []);
  for (const r of required) {
    if (!Object.hasOwn(props, r)) ctx.warn('body-required-unknown', `The body requires ${codeSpan(r)}, which it does not define; it is not required`, schemaPointer);
  }
  return {
    kind: 'fields',
    mediaType,
    encoding,
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
function freeFormBody(ctx: ConvertContext, root: Json, mediaType: string, encoding: BodyEncoding, schemaPointer: string, pointer: string, notObject: (why: string) => BodyPlan, description?: string): BodyPlan {
  const named = NAME_KEYWORDS.filter((k) => root[k] !== undefined);
  if (named.length > 0) return notObject(`the JSON body has no named fields and constrains its field names (${named.map((k) => `\`${k}\``).join(', ')}), which arguments beside path and query parameters cannot express`);
  const extra = root.additionalProperties === undefined ? true : (root.additionalProperties as Converted);
  if (extra === false) {
    // No field allowed: the body is `{}`, which a declaration sends only when it names body fields.
    return { kind: 'fields', mediaType, encoding, fields: [], pointer, description, empty: true };
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
  return { kind: 'fields', mediaType, encoding, fields: [], pointer, description, extra };
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
  const merged = mergeVariants(root[key], types, discriminatorValues(ctx, at, key, (root[key] as unknown[]).length));
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
  title?: string;
  /** The schema's name in the spec, when the variant is a `$ref` to one (`schemaName`). */
  schemaName?: string;
  /** The field whose value picks this variant, and those values (`discriminatorValues`, `pickedBy`). */
  picked?: { name: string; values: unknown[] };
}

/** The field whose value picks each variant of a union, and those values, variant by variant (`discriminatorValues`). */
interface Discriminator {
  property: string;
  values: string[][];
}

/** How many values of the picking field a field's description lists; with more, it names shapes. */
const MAX_PICKING_VALUES = 16;

/** `is \`card\``, `is \`a\`, \`b\` or \`c\``, `is \`a\`, \`b\`, \`c\` or 6 more` (every one, when `all`). */
function valuesPhrase(values: readonly unknown[], all = false): string {
  const cut = !all && values.length > 4;
  const shown = values.slice(0, cut ? 3 : values.length).map((v) => codeSpan(typeof v === 'string' ? v : JSON.stringify(v)));
  if (cut) return `is ${shown.join(', ')} or ${values.length - 3} more`;
  return `is ${shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`}`;
}

/** The values a variant lists for a field (`const`, `enum`), as JSON text, or undefined. */
function listedValues(schema: unknown): Set<string> | undefined {
  if (!isPlainObject(schema) || schema instanceof TypeRef) return undefined;
  const values = valuesOf(schema);
  return values !== undefined && values.size > 0 ? values : undefined;
}

/**
 * The field whose listed values tell this variant from the others (`method: {enum: [card]}`
 * beside `method: {enum: [bank]}`): every other variant naming it lists values none of
 * which are this one's. Its required fields are tried first.
 */
function pickedBy(v: Variant, variants: readonly Variant[]): { name: string; values: unknown[] } | undefined {
  const order = [...v.required, ...Object.keys(v.props).filter((n) => !v.required.has(n))];
  for (const name of order) {
    const values = listedValues(v.props[name]);
    if (!values) continue;
    const apart = variants.every((w) => {
      if (w === v || !Object.hasOwn(w.props, name)) return true;
      const theirs = listedValues(w.props[name]);
      return theirs !== undefined && !meets(values, theirs);
    });
    if (apart) return { name, values: [...values].map((t) => JSON.parse(t) as unknown) };
  }
  return undefined;
}

/**
 * The values of a union's `discriminator` that pick each of its variants, from the union as
 * the spec writes it: a `mapping` entry names its variant by a `$ref` as written there
 * (relative to the union's file) or by a schema's name; a variant under
 * `components/schemas` the mapping does not name is picked by its name. Undefined when the
 * union has no discriminator, a variant is not a `$ref`, or a variant is picked by no value.
 */
function discriminatorValues(ctx: ConvertContext, at: string, key: 'oneOf' | 'anyOf', count: number): Discriminator | undefined {
  const found = ctx.resolve(ctx.at(at), at);
  if (!found) return undefined;
  const { node, pointer } = found;
  const discriminator = own(node, 'discriminator');
  // A `oneOf` whose branches overlap is converted as an `anyOf`: the spec's is either.
  const parts = own(node, key) ?? own(node, key === 'oneOf' ? 'anyOf' : 'oneOf');
  if (!isPlainObject(discriminator) || typeof discriminator.propertyName !== 'string' || !Array.isArray(parts) || parts.length !== count) return undefined;
  const refs = parts.map((p) => (isPlainObject(p) && typeof p.$ref === 'string' && p.$ref.startsWith('#') ? refPointer(p.$ref) : undefined));
  if (refs.some((r) => r === undefined)) return undefined;
  const unionFile = ctx.locate(pointer).file;
  const places = (refs as string[]).map((r) => ctx.locate(r));
  const schemas = ctx.dialect.swagger ? '/definitions/' : '/components/schemas/';
  const values: string[][] = refs.map(() => []);
  const mapping = isPlainObject(discriminator.mapping) ? discriminator.mapping : {};
  const mapped = new Set<number>();
  for (const [value, target] of Object.entries(mapping)) {
    if (typeof target !== 'string') continue;
    // A schema's name, else a reference as the loader resolves one written in the union's file.
    let i = /[#/]/.test(target) ? -1 : refs.indexOf(joinPointer(schemas.slice(0, -1), target));
    if (i < 0) {
      const address = classifyRef(target, { upload: unionFile });
      if (address.kind === 'local' || address.kind === 'upload') {
        const file = address.kind === 'local' ? unionFile : address.path.replace(/^\//, '');
        i = places.findIndex((p) => p.file === file && p.pointer === address.fragment);
      }
    }
    if (i < 0) continue;
    values[i].push(value);
    mapped.add(i);
  }
  for (const [i, r] of (refs as string[]).entries()) {
    const name = r.startsWith(schemas) ? r.slice(schemas.length) : undefined;
    if (!mapped.has(i) && name !== undefined && !name.includes('/')) values[i].push(decodePointerToken(name));
  }
  return values.every((v) => v.length > 0) ? { property: discriminator.propertyName, values } : undefined;
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
function mergeVariants(parts: unknown, types: TypeRegistry, discriminator?: Discriminator): MergedVariants | undefined {
  if (!Array.isArray(parts) || parts.length < 2 || parts.length > MAX_VARIANTS) return undefined;
  const variants: Variant[] = [];
  for (const part of parts) {
    const root = rootOf(part as Converted, types);
    if (!isPlainObject(root) || root instanceof TypeRef) return undefined;
    if (Object.keys(root).some((k) => !MERGEABLE_KEYS.has(k))) return undefined;
    if (root.type !== undefined && root.type !== 'object') return undefined;
    if (!isPlainObject(root.properties) || Object.keys(root.properties).length === 0) return undefined;
    const extra = root.additionalProperties === undefined ? true : (root.additionalProperties as Converted);
    const props = root.properties;
    const required = new Set((Array.isArray(root.required) ? root.required : []).filter((r): r is string => typeof r === 'string' && Object.hasOwn(props, r)));
    const title = typeof root.title === 'string' && root.title.trim() !== '' ? root.title.trim() : undefined;
    variants.push({ props, required, label: '', extra, title, schemaName: schemaName(part) });
  }
  for (const [i, v] of variants.entries()) v.picked = discriminator ? { name: discriminator.property, values: discriminator.values[i] } : pickedBy(v, variants);
  // Neither titled nor picked by a value, a variant the spec names (`UpdateThreadRequestPartial`) is called by that name.
  const calledBy = (v: Variant) => v.title ?? (v.picked && v.picked.values.length > 0 ? undefined : v.schemaName);
  // When each is called by a schema name of its own, that name alone calls it; else a number does too, which the report's list of shapes explains.
  const named = variants.every((v) => v.title === undefined && calledBy(v) !== undefined) && new Set(variants.map(calledBy)).size === variants.length;
  for (const [i, v] of variants.entries()) {
    // A variant is named by its title and by the value of the field that picks it, else by its schema's name, else by the fields it requires (or has).
    const picked = v.picked;
    const title = calledBy(v);
    const parts_ = [...(title !== undefined ? [codeSpan(title)] : []), ...(picked && picked.values.length > 0 ? [`${codeSpan(picked.name)} ${valuesPhrase(picked.values)}`] : [])];
    const fields = v.required.size > 0 ? [...v.required] : Object.keys(v.props);
    v.label = named ? parts_.join(': ') : `${i + 1} (${parts_.length > 0 ? parts_.join(': ') : `with ${fields.slice(0, 3).map(codeSpan).join(', ')}${fields.length > 3 ? ', …' : ''}`})`;
  }
  const names: string[] = [];
  for (const v of variants) for (const n of Object.keys(v.props)) if (!names.includes(n)) names.push(n);
  const properties: Json = {};
  // One field picks every variant: a field's description says which of its values use it, not which shapes.
  const first = variants[0].picked?.name;
  const selector = first !== undefined && variants.every((v) => v.picked?.name === first && v.picked.values.length <= MAX_PICKING_VALUES) ? first : undefined;
  for (const name of names) setOwn(properties, name, mergedField(name, variants, selector));
  const required = names.filter((n) => variants.every((v) => v.required.has(n)));
  return { properties, required, variants: variants.map((v) => v.label) };
}

/** The name of a variant that is a `$ref` to a schema of `components/schemas` (`definitions`), as types.json would call it. */
function schemaName(part: unknown): string | undefined {
  if (!(part instanceof TypeRef)) return undefined;
  const tokens = pointerTokens(part.target);
  const named = (tokens[0] === 'components' && tokens[1] === 'schemas' && tokens.length === 3) || (tokens[0] === 'definitions' && tokens.length === 2);
  return named ? typeDisplayName(part.target) : undefined;
}

/** The schema of one field of the merged object: every value some variant lets it have (mergeVariants). */
function mergedField(name: string, variants: readonly Variant[], selector: string | undefined): Converted {
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
  if (selector !== undefined) {
    const when = (vs: readonly Variant[]) => `${codeSpan(selector)} ${valuesPhrase(vs.flatMap((v) => v.picked!.values), true)}`;
    const notes = [open.length === 0 && mapped.length === 0 ? `Only when ${when(having)}` : `Used when ${when(having)}`];
    if (mapped.length > 0) notes.push(`when ${when(mapped)}, taken as one of the other fields`);
    if (open.length > 0) notes.push(mapped.length === 0 ? `for another ${codeSpan(selector)}, any value (its shape does not name it)` : `when ${when(open)}, any value (its shape does not name it)`);
    return withNote(schema, `${notes.join('; ')}.`);
  }
  const shapes = (vs: readonly Variant[]) => `shape${vs.length === 1 ? '' : 's'} ${vs.map((v) => v.label).join(', ')}`;
  const notes = [open.length === 0 && mapped.length === 0 ? `Only in ${shapes(having)}` : `Named by ${shapes(having)}`];
  if (mapped.length > 0) notes.push(`${shapes(mapped)} take${mapped.length === 1 ? 's' : ''} it as one of ${mapped.length === 1 ? 'its' : 'their'} other fields`);
  // Every other shape takes any value: said as much, rather than listing them again.
  const others = mapped.length === 0 ? `the other shape${open.length === 1 ? '' : 's'}` : shapes(open);
  if (open.length > 0) notes.push(`any value in ${others}, which ${open.length === 1 ? 'does' : 'do'} not name it`);
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
 * A phrase for a converted schema in a call section or a note: a type in types.json by its
 * name, anything else by what it is, with what a validator checks of it beyond its type
 * (bounds, lengths, patterns, list sizes: `constraints.ts`). A `oneOf` is exactly one of
 * its shapes, an `anyOf` one or more, an `allOf` all of them; a compound phrase inside
 * another is in parentheses, so `allOf: [{oneOf: [A, B, C]}, D]` reads as one thing.
 */
export function describeSchema(schema: Converted | undefined, types: TypeRegistry, depth = 0): string {
  if (schema === undefined) return 'any value';
  if (schema instanceof TypeRef) {
    const name = types.sharedName(schema.target);
    if (name !== undefined) return codeSpan(name);
    return depth > 3 ? 'any value' : describeSchema(types.resolveBody(schema), types, depth + 1);
  }
  if (typeof schema === 'boolean' || depth > 3) return 'any value';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return enumPhrase(schema.enum);
  if ('const' in schema) return `exactly ${codeSpan(JSON.stringify(schema.const) ?? 'null')}`;
  return withConstraints(describeBare(schema, types, depth), (k) => schema[k]);
}

/** What a schema is, without the checks on its own value (its items' are said of each). */
function describeBare(schema: Exclude<Converted, TypeRef | boolean>, types: TypeRegistry, depth: number): string {
  const list = (Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : []).map(String);
  if (list.length > 0) {
    return list
      .map((t) => {
        if (t === 'array') {
          const items = schema.items as Converted;
          // The items' own checks are said of each item, after the list's type.
          if (isPlainObject(items) && !(items instanceof TypeRef) && !(Array.isArray(items.enum) && items.enum.length > 0) && !('const' in items)) {
            return listOf(plural(describeBare(items, types, depth + 1)), constraintWords((k) => items[k]).value);
          }
          return listOf(plural(describeSchema(items, types, depth + 1)), []);
        }
        if (t === 'string' && typeof schema.format === 'string') return `a string (${schema.format})`;
        return article(t);
      })
      .join(' or ');
  }
  const one = Array.isArray(schema.oneOf);
  const parts = (one ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as Converted[] | undefined;
  if (parts) {
    const phrases = [...new Set(parts.map((p) => describeSchema(p, types, depth + 1)))];
    const lead = one ? 'exactly one of' : 'one or more of';
    if (phrases.length === 1 && parts.length > 1) return `${lead} ${parts.length} shapes, each ${phrases[0]}`;
    if (phrases.length === 1) return phrases[0];
    return one ? `${lead} ${phrases.map(nestedPhrase).join(' or ')}` : phrases.map(nestedPhrase).join(' or ');
  }
  if (Array.isArray(schema.allOf)) {
    const phrases = [...new Set((schema.allOf as Converted[]).map((p) => describeSchema(p, types, depth + 1)))];
    return phrases.length === 1 ? phrases[0] : `all of ${phrases.map(nestedPhrase).join(' and ')}`;
  }
  if (schema.properties !== undefined) return 'an object';
  return 'any value';
}

/** A phrase inside a `oneOf`'s, an `anyOf`'s or an `allOf`'s: in parentheses when it has parts of its own. */
function nestedPhrase(phrase: string): string {
  return /^(exactly one of|one or more of|all of)\b|, | or /.test(phrase) ? `(${phrase})` : phrase;
}
