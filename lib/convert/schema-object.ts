import { admitNull } from '../core/admit-null';
import { valueFault } from '../core/value-fault';
import { isPlainObject, setOwn } from '../core/entries';
import { DATA_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from '../core/schema-keywords';
import { joinPointer } from '../core/json-pointer';
import { own, type Dialect, type Json } from './context';
import { asObject, type SchemaObject } from './document';
import { exclusiveOneOf } from './one-of';
import { isConstraintOnly, TypeRef, type Converted, type SchemaHost } from './type-ref';

export { isConstraintOnly, TypeRef } from './type-ref';
export type { Converted, Direction, SchemaHost } from './type-ref';

const MAX_DEPTH = 100;
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
/** Annotations that may sit beside a `$ref` and be laid over the target. */
export const ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment'] as const;
/** Validation keywords beside a `$ref` kept (before OpenAPI 3.1) as its description is, laid over the type it names. */
const CONSTRAINTS_BESIDE_REF = new Set(['format', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems']);
const STRING_KEYWORDS = new Set(['title', 'description', 'format', '$comment', 'contentMediaType', 'contentEncoding']);
const NUMBER_KEYWORDS = new Set(['maximum', 'minimum']);
const COUNT_KEYWORDS = new Set(['maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties', 'maxContains', 'minContains']);
const BOOLEAN_KEYWORDS = new Set(['uniqueItems', 'deprecated', 'readOnly', 'writeOnly']);
/** What a part of an `allOf` may hold for the parts to be merged into one object. */
const MERGEABLE = new Set(['type', 'properties', 'required', 'title', 'description', 'deprecated', '$comment']);

/**
 * An OpenAPI Schema Object as a JSON Schema 2020-12 schema for a request (SPEC 4.4):
 * - `nullable: true` (3.0; also honoured in 3.1 documents that use it) and Swagger's
 *   `x-nullable` become a type admitting `null` (and `null` in an `enum`);
 * - `readOnly` properties leave the schema and its `required`;
 * - `discriminator`, `xml`, `externalDocs`, `example`, `x-` extensions and every other word
 *   a 2020-12 validator does not know are dropped; `examples` (a list), `format` and
 *   descriptions stay; values of the wrong shape (a `maxLength` of `"5"`, a pattern that is
 *   not a valid regular expression) are dropped with a warning;
 * - 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers; a list-valued
 *   `items` becomes `prefixItems`; Swagger's `type: file` becomes a binary string;
 * - an `allOf` of plain objects (properties and required only, no property named twice) is
 *   merged into one object; any other `allOf` is kept; `anyOf` is kept, and `oneOf` too
 *   unless its branches may overlap (then `anyOf`, or a type list, `one-of.ts`);
 * - a `$ref` becomes a `TypeRef` to its target.
 */
export function convertSchema(node: unknown, pointer: string, host: SchemaHost, depth = 0): Converted {
  if (typeof node === 'boolean') return node;
  if (!isPlainObject(node)) {
    host.warn('invalid-schema', 'A schema here is not an object; it is read as accepting anything', pointer);
    return {};
  }
  if (depth > MAX_DEPTH) {
    host.warn('invalid-schema', `Schemas nest more than ${MAX_DEPTH} levels deep here; the rest is read as accepting anything`, pointer);
    return {};
  }
  const ref = own(node, '$ref');
  if (ref !== undefined) return convertRefSite(node, ref, pointer, host, depth);

  // Keywords are read one by one as `Object.keys` gives them (their order is kept), so the
  // node is a dictionary; `schema` is the same object where a keyword is read by name.
  const schema: SchemaObject = node;
  const out: Json = {};
  let exclusiveMax = false;
  let exclusiveMin = false;
  let tupleFromItems = false;
  const bad = (key: string) =>
    host.warn('invalid-schema', `\`${key}\` has a value a JSON Schema validator would refuse; it is dropped`, joinPointer(pointer, key));

  for (const key of Object.keys(node)) {
    const value = node[key];
    const at = joinPointer(pointer, key);
    if (key === 'type') {
      const t = convertType(value, host.dialect);
      if (t === undefined) bad(key);
      else {
        out.type = t.type;
        if (t.binary && out.format === undefined) out.format = 'binary';
      }
    } else if (key === 'enum') {
      if (Array.isArray(value)) out.enum = value;
      else bad(key);
    } else if (key === 'const' || key === 'default') {
      out[key] = value;
    } else if (key === 'examples') {
      // 3.0 schemas have no `examples`; a map here (a media type's examples misplaced) is not a list.
      if (Array.isArray(value)) out.examples = value;
    } else if (STRING_KEYWORDS.has(key)) {
      if (typeof value === 'string') out[key] = key === 'description' ? value.trim() : value;
      else bad(key);
    } else if (key === 'pattern') {
      if (typeof value === 'string' && validRegex(value)) out.pattern = value;
      else bad(key);
    } else if (NUMBER_KEYWORDS.has(key)) {
      if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
      else bad(key);
    } else if (key === 'exclusiveMaximum' || key === 'exclusiveMinimum') {
      if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
      else if (value === true) {
        if (key === 'exclusiveMaximum') exclusiveMax = true;
        else exclusiveMin = true;
      } else if (value !== false) bad(key);
    } else if (key === 'multipleOf') {
      if (typeof value === 'number' && value > 0) out.multipleOf = value;
      else bad(key);
    } else if (COUNT_KEYWORDS.has(key)) {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) out[key] = value;
      else bad(key);
    } else if (BOOLEAN_KEYWORDS.has(key)) {
      if (typeof value === 'boolean') out[key] = value;
      else bad(key);
    } else if (key === 'required') {
      // A boolean `required` on a property (draft 3 style) is not a list: dropped.
      if (Array.isArray(value)) out.required = [...new Set(value.filter((v): v is string => typeof v === 'string'))];
      else if (typeof value !== 'boolean') bad(key);
    } else if (key === 'dependentRequired') {
      if (isPlainObject(value)) {
        const map: Json = {};
        for (const name of Object.keys(value)) {
          const list = value[name];
          if (Array.isArray(list)) setOwn(map, name, [...new Set(list.filter((v): v is string => typeof v === 'string'))]);
        }
        out.dependentRequired = map;
      } else bad(key);
    } else if (key === 'properties' || key === 'dependentSchemas' || key === 'patternProperties') {
      if (!isPlainObject(value)) {
        bad(key);
        continue;
      }
      const map: Json = {};
      for (const name of Object.keys(value)) {
        if (key === 'patternProperties' && !validRegex(name)) {
          host.warn('invalid-schema', `The pattern \`${name}\` is not a valid regular expression; it is dropped`, joinPointer(at, name));
          continue;
        }
        if (key === 'properties' && leaves(value[name], host)) continue;
        setOwn(map, name, convertSchema(value[name], joinPointer(at, name), host, depth + 1));
      }
      out[key] = map;
    } else if (key === 'items') {
      if (Array.isArray(value)) {
        out.prefixItems = value.map((v, i) => convertSchema(v, joinPointer(at, i), host, depth + 1));
        tupleFromItems = true;
      } else out.items = convertSchema(value, at, host, depth + 1);
    } else if (key === 'additionalItems') {
      if (tupleFromItems || Array.isArray(schema.items)) out.items = convertSchema(value, at, host, depth + 1);
    } else if (SCHEMA_KEYWORDS.has(key)) {
      out[key] = convertSchema(value, at, host, depth + 1);
    } else if (SCHEMA_LIST_KEYWORDS.has(key)) {
      if (Array.isArray(value) && value.length > 0) out[key] = value.map((v, i) => convertSchema(v, joinPointer(at, i), host, depth + 1));
      else bad(key);
    }
    // Everything else (discriminator, xml, externalDocs, example, nullable, x-…, $id,
    // $schema, $defs, unknown words) is dropped: references into $defs arrive as TypeRefs.
  }
  if (exclusiveMax && typeof out.maximum === 'number') {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  }
  if (exclusiveMin && typeof out.minimum === 'number') {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (Array.isArray(out.required) && isPlainObject(out.properties) && isPlainObject(schema.properties)) {
    // readOnly (writeOnly in a response) properties left the schema; they leave `required` too.
    const props = schema.properties;
    out.required = (out.required as string[]).filter((name) => !(Object.hasOwn(props, name) && leaves(props[name], host)));
    if ((out.required as string[]).length === 0) delete out.required;
  }
  const exclusive = Array.isArray(out.oneOf) ? exclusiveOneOf(out, pointer, host) : out;
  let result: Json = Array.isArray(exclusive.allOf) ? mergeAllOf(exclusive, host) : exclusive;
  if (own(node, 'nullable') === true || (host.dialect.swagger && own(node, 'x-nullable') === true)) result = admitNull(result);
  return withoutContradictions(result, node, pointer, host);
}

/**
 * The schema without the `default` and examples its own keywords refuse (an array whose
 * example is a string), each reported as the spec contradicting itself (`spec-contradiction`,
 * at the value): a model or the Call tab would send them and `call` would refuse the call.
 * The 3.0 `example`, which the skill does not carry, is reported the same way.
 */
function withoutContradictions(result: Json, node: Json, pointer: string, host: SchemaHost): Json {
  const say = (where: string, what: string, fault: string) =>
    host.warn('spec-contradiction', `The spec contradicts itself: this ${what} ${fault}, which its own schema refuses; it is left out of the skill`, joinPointer(pointer, where));
  let out = result;
  const copy = () => (out === result ? (out = { ...result }) : out);
  if ('default' in result) {
    const fault = valueFault(result.default, result);
    if (fault) {
      say('default', '`default`', fault);
      delete copy().default;
    }
  }
  if (Array.isArray(result.examples)) {
    const kept = result.examples.filter((v, i) => {
      const fault = valueFault(v, result);
      if (fault) say(`examples/${i}`, 'example', fault);
      return !fault;
    });
    if (kept.length !== result.examples.length) {
      if (kept.length > 0) copy().examples = kept;
      else delete copy().examples;
    }
  }
  const example = own(node, 'example');
  if (example !== undefined) {
    const fault = valueFault(example, result);
    if (fault) say('example', '`example`', fault);
  }
  return out;
}

function convertRefSite(node: Json, ref: unknown, pointer: string, host: SchemaHost, depth: number): Converted {
  if (typeof ref !== 'string') {
    host.warn('invalid-schema', '`$ref` is not a string; the schema is read as accepting anything', joinPointer(pointer, '$ref'));
    return {};
  }
  const siblings = Object.keys(node).filter((k) => k !== '$ref');
  const annotations: Json = {};
  const constraints: Json = {};
  let structural = false;
  for (const k of siblings) {
    if ((ANNOTATIONS as readonly string[]).includes(k)) {
      const v = node[k];
      if (k === 'examples' ? Array.isArray(v) : k === 'default' ? true : k === 'title' || k === 'description' || k === '$comment' ? typeof v === 'string' : typeof v === 'boolean') annotations[k] = v;
    } else if (!host.dialect.oas31 && CONSTRAINTS_BESIDE_REF.has(k)) {
      setOwn(constraints, k, node[k]);
    } else if (!k.startsWith('x-') && k !== 'nullable' && k !== 'example' && k !== 'discriminator' && k !== 'xml' && k !== 'externalDocs') {
      structural = true;
      if (!host.dialect.oas31 && !(k === 'type' && sameType(node.type, host.at(ref)))) {
        // OpenAPI 3.0 and Swagger read nothing beside a $ref; only what the conversion keeps on purpose survives.
        host.warn('ref-sibling', `\`${k}\` beside a \`$ref\` is ignored (before OpenAPI 3.1 a reference stands alone); it is left out`, joinPointer(pointer, k));
      }
    }
  }
  if (Object.keys(constraints).length > 0) {
    // The constraints authors write beside a reference (`maxLength`, `format`) are meant, as its description is: kept, laid over the type.
    const checked = convertSchema(constraints, pointer, host, depth + 1);
    if (isPlainObject(checked)) Object.assign(annotations, checked);
  }
  const target = host.typeRef(ref, pointer, Object.keys(annotations).length > 0 ? annotations : undefined);
  if (!target) {
    const fallback: Json = {};
    if (typeof annotations.description === 'string') fallback.description = annotations.description;
    return fallback;
  }
  let result: Converted = target;
  if (structural && host.dialect.oas31) {
    // 3.1: keywords beside a $ref apply too, as in an allOf.
    const rest: Json = {};
    for (const k of siblings) if (!(ANNOTATIONS as readonly string[]).includes(k) && k !== 'nullable' && k !== 'x-nullable') setOwn(rest, k, node[k]);
    const converted = convertSchema(rest, pointer, host, depth + 1);
    const bare = new TypeRef(target.target);
    if (isPlainObject(converted)) {
      const parts = Array.isArray(converted.allOf) ? [bare, ...(converted.allOf as Converted[])] : [bare];
      const merged: Json = { ...converted, ...annotations, allOf: parts };
      result = mergeAllOf(merged, host);
    } else result = { ...annotations, allOf: [bare, converted] };
  }
  if (own(node, 'nullable') === true || (host.dialect.swagger && own(node, 'x-nullable') === true)) {
    result = result instanceof TypeRef ? admitNull({ anyOf: [new TypeRef(result.target)], ...result.siblings }) : admitNull(result as Json);
  }
  return result;
}

/** A `type` beside a reference that says what the referenced schema's own `type` says. */
function sameType(type: unknown, target: unknown): boolean {
  const list = (t: unknown) => (Array.isArray(t) ? t.map(String).sort().join() : typeof t === 'string' ? t : undefined);
  return isPlainObject(target) && list(type) !== undefined && list(type) === list(target.type);
}

/**
 * Merge an `allOf` whose parts (and the schema around it) are plain objects into one object:
 * properties side by side (a property two parts name gets the `allOf` of both schemas),
 * `required` united. This says exactly what the `allOf` says. Not done, and the `allOf`
 * kept, when a part holds any other keyword (`additionalProperties`, a `oneOf`, a type
 * other than object) or is a reference still being converted (a cycle).
 */
function mergeAllOf(schema: Json, host: SchemaHost): Json {
  const parts = schema.allOf as Converted[];
  const bodies: Json[] = [];
  const constraints: Json[] = [];
  for (const part of parts) {
    if (isPlainObject(part) && part.properties === undefined && part.type === undefined && !Array.isArray(part.required) && isConstraintOnly(part)) {
      // "One of these fields is required": kept beside the merged properties.
      constraints.push(part);
      continue;
    }
    const body = plainBody(part, host);
    if (!body) return schema;
    bodies.push(body);
  }
  const outer: Json = {};
  for (const k of Object.keys(schema)) {
    if (k === 'allOf') continue;
    if ((k === 'anyOf' || k === 'oneOf') && isConstraintOnly({ [k]: schema[k] })) constraints.push({ [k]: schema[k] });
    else outer[k] = schema[k];
  }
  if (!isMergeable(outer)) return schema;
  const properties: Json = {};
  const required: string[] = [];
  let description: unknown = outer.description;
  for (const body of [...bodies, outer]) {
    if (isPlainObject(body.properties)) {
      for (const name of Object.keys(body.properties)) {
        const next = body.properties[name] as Converted;
        if (!Object.hasOwn(properties, name)) setOwn(properties, name, next);
        else {
          // A property named by two parts must satisfy both: exactly what `allOf` of the two says.
          const prev = properties[name] as Converted;
          if (prev !== next && JSON.stringify(prev) !== JSON.stringify(next)) {
            const parts = isPlainObject(prev) && Array.isArray(prev.allOf) && Object.keys(prev).length === 1 ? [...(prev.allOf as Converted[]), next] : [prev, next];
            setOwn(properties, name, { allOf: parts });
          }
        }
      }
    }
    if (Array.isArray(body.required)) for (const r of body.required as string[]) if (!required.includes(r)) required.push(r);
    if (description === undefined && typeof body.description === 'string') description = body.description;
  }
  // Parts that only annotate (`allOf: [{}, {"description": …}]`, Box's) say nothing of an object: no type is added.
  const objectish = constraints.length > 0 || [...bodies, outer].some((b) => b.type === 'object' || b.properties !== undefined || Array.isArray(b.required));
  const merged: Json = objectish ? { type: 'object' } : {};
  if (typeof outer.title === 'string') merged.title = outer.title;
  if (description !== undefined) merged.description = description;
  if (outer.deprecated === true || bodies.some((b) => b.deprecated === true)) merged.deprecated = true;
  if (required.length > 0) merged.required = required;
  if (objectish) merged.properties = properties;
  for (const b of bodies) for (const k of ['anyOf', 'oneOf'] as const) if (b[k] !== undefined) constraints.push({ [k]: b[k] });
  const only = constraints.length === 1 ? Object.keys(constraints[0]) : [];
  if (only.length === 1 && (only[0] === 'anyOf' || only[0] === 'oneOf')) merged[only[0]] = constraints[0][only[0]];
  else if (constraints.length > 0) merged.allOf = constraints;
  return merged;
}


function plainBody(part: Converted, host: SchemaHost): Json | undefined {
  let current: Converted | undefined = part;
  for (let i = 0; i < 8 && current instanceof TypeRef; i++) {
    if (current.siblings && Object.keys(current.siblings).some((k) => k !== 'description' && k !== 'title')) return undefined;
    current = host.bodyOf(current);
  }
  if (!isPlainObject(current) || !isMergeable(current)) return undefined;
  return current;
}

function isMergeable(s: Json): boolean {
  for (const k of Object.keys(s)) {
    if (MERGEABLE.has(k)) continue;
    if ((k === 'anyOf' || k === 'oneOf') && isConstraintOnly({ [k]: s[k] })) continue;
    return false;
  }
  return s.type === undefined || s.type === 'object';
}

function convertType(value: unknown, dialect: Dialect): { type: string | string[]; binary: boolean } | undefined {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (!list) return undefined;
  const types: string[] = [];
  let binary = false;
  for (const t of list) {
    if (t === 'file' && dialect.swagger) {
      binary = true;
      if (!types.includes('string')) types.push('string');
    } else if (typeof t === 'string' && TYPES.has(t)) {
      if (!types.includes(t)) types.push(t);
    } else return undefined;
  }
  if (types.length === 0) return undefined;
  return { type: types.length === 1 ? types[0] : types, binary };
}

/** Whether a property's raw schema is readOnly: directly, through its `$ref`, or through an `allOf` part. */
export function isReadOnly(value: unknown, host: Pick<SchemaHost, 'at'>, depth = 0, keyword: 'readOnly' | 'writeOnly' = 'readOnly'): boolean {
  const raw = asObject<SchemaObject>(value);
  if (!raw || depth > 4) return false;
  if (raw[keyword] === true) return true;
  const ref = own(raw, '$ref');
  if (typeof ref === 'string' && ref.startsWith('#')) return isReadOnly(host.at(ref), host, depth + 1, keyword);
  const allOf = own(raw, 'allOf');
  return Array.isArray(allOf) && allOf.some((p) => isReadOnly(p, host, depth + 1, keyword));
}

/**
 * Whether a property leaves the converted schema: `readOnly` in a request, `writeOnly` in a
 * response. A property marked either way is told to the host, as the schema it sits in
 * converts differently for the other direction.
 */
function leaves(value: unknown, host: SchemaHost): boolean {
  const response = host.direction === 'response';
  const gone = isReadOnly(value, host, 0, response ? 'writeOnly' : 'readOnly');
  if (host.sawDirectional && (gone || isReadOnly(value, host, 0, response ? 'readOnly' : 'writeOnly'))) host.sawDirectional();
  return gone;
}

const regexCache = new Map<string, boolean>();
/** A pattern a 2020-12 validator compiles (ECMAScript, `u` flag). */
export function validRegex(pattern: string): boolean {
  let ok = regexCache.get(pattern);
  if (ok === undefined) {
    try {
      new RegExp(pattern, 'u');
      ok = true;
    } catch {
      ok = false;
    }
    if (regexCache.size < 10_000) regexCache.set(pattern, ok);
  }
  return ok;
}

/** Every `TypeRef` in a converted schema, once per place it is written (data keywords are not walked). */
export function typeRefsIn(node: Converted, found: TypeRef[] = []): TypeRef[] {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n instanceof TypeRef) {
      found.push(n);
      continue;
    }
    if (!isPlainObject(n)) continue;
    for (const k of Object.keys(n)) {
      const v = n[k];
      if (DATA_KEYWORDS.has(k) || typeof v !== 'object' || v === null) continue;
      if (SCHEMA_MAP_KEYWORDS.has(k)) {
        for (const name of Object.keys(v as Json)) stack.push((v as Json)[name]);
      } else if (SCHEMA_LIST_KEYWORDS.has(k)) {
        if (Array.isArray(v)) for (const item of v) stack.push(item);
      } else if (SCHEMA_KEYWORDS.has(k)) stack.push(v);
    }
  }
  return found;
}
