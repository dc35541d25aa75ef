import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { isPlainObject } from '../core/entries';
import { joinPointer, pointerTokens, pointerWithin } from '../core/json-pointer';
import { MAX_SCHEMA_DEPTH, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from '../core/schema-keywords';
import { linearPattern, linearRegExpEngine } from '../core/linear-regexp';
import { didYouMean } from './facts';

/** One thing wrong with a schema, at a JSON pointer into it. */
export interface SchemaIssue {
  pointer: string;
  message: string;
  /** `unchecked-pattern`: a pattern no linear-time matcher runs, left to the model (a warning). */
  case?: 'unchecked-pattern';
}

/** Keywords a validator checks whose value is not a schema. */
const VALUE_KEYWORDS = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired',
  '$ref', '$comment', '$schema',
]);
/** Annotations: checked by nobody, and harmless because they promise nothing. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'format', 'contentMediaType', 'contentEncoding']);
const KNOWN = [...SCHEMA_KEYWORDS, ...SCHEMA_LIST_KEYWORDS, ...SCHEMA_MAP_KEYWORDS, ...VALUE_KEYWORDS, ...ANNOTATIONS];

const isString = (v: unknown) => typeof v === 'string';
const isNumber = (v: unknown) => typeof v === 'number';
const isBoolean = (v: unknown) => typeof v === 'boolean';
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isUniqueStrings = (v: unknown) => Array.isArray(v) && v.every(isString) && new Set(v).size === v.length;

/**
 * What the 2020-12 meta-schema requires of each keyword's value, for the fast path: a
 * schema whose every keyword passes these is valid against the meta-schema, and Ajv is not
 * asked. Anything else (a failing value, a keyword not listed) goes to Ajv, which stays the
 * authority and writes the message. `schema-check.test.ts` holds the two to agreement.
 */
const VALUE_SHAPE: ReadonlyMap<string, (v: unknown) => boolean> = new Map(Object.entries({
  type: (v) => (typeof v === 'string' ? TYPES.includes(v) : Array.isArray(v) && v.length > 0 && v.every((t) => typeof t === 'string' && TYPES.includes(t)) && new Set(v).size === v.length),
  enum: Array.isArray,
  const: () => true,
  default: () => true,
  examples: Array.isArray,
  required: isUniqueStrings,
  dependentRequired: (v) => isPlainObject(v) && Object.values(v).every(isUniqueStrings),
  multipleOf: (v) => isNumber(v) && (v as number) > 0,
  maximum: isNumber,
  exclusiveMaximum: isNumber,
  minimum: isNumber,
  exclusiveMinimum: isNumber,
  maxLength: isCount,
  minLength: isCount,
  maxItems: isCount,
  minItems: isCount,
  maxContains: isCount,
  minContains: isCount,
  maxProperties: isCount,
  minProperties: isCount,
  uniqueItems: isBoolean,
  pattern: isString,
  $ref: isString,
  $comment: isString,
  $schema: isString,
  title: isString,
  description: isString,
  format: isString,
  contentMediaType: isString,
  contentEncoding: isString,
  deprecated: isBoolean,
  readOnly: isBoolean,
  writeOnly: isBoolean,
}));
const isSchema = (v: unknown) => typeof v === 'boolean' || isPlainObject(v);

const TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];
const DRAFT_2020_12 = /^https:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/** What to write instead of a keyword a 2020-12 validator would silently ignore. */
const INSTEAD: Readonly<Record<string, string>> = {
  nullable: 'add "null" to `type` (`"type": ["string", "null"]`)',
  example: 'use `examples`, a list',
  definitions: 'use types.json and `#/types/Name`',
  dependencies: 'use `dependentRequired` or `dependentSchemas`',
  $id: 'references are `#/types/Name` only',
  $anchor: 'references are `#/types/Name` only',
  $dynamicRef: 'references are `#/types/Name` only',
  $dynamicAnchor: 'references are `#/types/Name` only',
  $recursiveRef: 'references are `#/types/Name` only',
  $recursiveAnchor: 'references are `#/types/Name` only',
};

/**
 * Whether a schema is one a JSON Schema 2020-12 validator checks as written (SPEC 5
 * `schema-checkable`): it is valid against the 2020-12 meta-schema, every keyword is one a
 * validator checks or a plain annotation (so `nullable: true` cannot look like a constraint
 * that nothing enforces), and every `pattern` compiles as a Unicode regular expression.
 *
 * Compiling each schema with Ajv would say the same, but too slowly to run on every edit. Instead the
 * walk checks each keyword's value against what the meta-schema requires (`VALUE_SHAPE`),
 * and only a schema it cannot vouch for goes to Ajv's 2020-12 meta-schema validator
 * (compiled once, on first need; then cheap for each schema).
 */
export function checkSchema(schema: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  if (!isSchema(schema)) return [{ pointer: '', message: 'A schema must be a JSON object, true or false' }];
  // Pointers are written only for a place with an issue: most schemas have none.
  const stack: Place[] = [{ node: schema, parent: undefined, token: '', depth: 0 }];
  let tooDeep = false;
  // Whether the fast path cannot vouch for the schema and the meta-schema must be asked.
  let askMeta = false;
  while (stack.length > 0) {
    const place = stack.pop()!;
    const { node, depth } = place;
    if (typeof node === 'boolean' || !isPlainObject(node)) continue;
    if (depth > MAX_SCHEMA_DEPTH) {
      if (!tooDeep) issues.push({ pointer: pointerOf(place), message: `The schema nests deeper than ${MAX_SCHEMA_DEPTH} levels` });
      tooDeep = true;
      continue;
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const value = node[key];
      const at = () => joinPointer(pointerOf(place), key);
      if (SCHEMA_KEYWORDS.has(key)) {
        if (!isSchema(value)) askMeta = true;
        stack.push({ node: value, parent: place, token: key, depth: depth + 1 });
        continue;
      }
      if (SCHEMA_LIST_KEYWORDS.has(key)) {
        if (!Array.isArray(value) || value.length === 0 || !value.every(isSchema)) askMeta = true;
        if (Array.isArray(value)) {
          const list: Place = { node: value, parent: place, token: key, depth };
          value.forEach((v, j) => stack.push({ node: v, parent: list, token: j, depth: depth + 1 }));
        }
        continue;
      }
      if (SCHEMA_MAP_KEYWORDS.has(key)) {
        if (!isPlainObject(value) || !Object.values(value).every(isSchema)) askMeta = true;
        if (isPlainObject(value)) {
          const map: Place = { node: value, parent: place, token: key, depth };
          for (const name of Object.keys(value)) {
            if (key === 'patternProperties') checkPattern(name, issues, `\`${name}\` in \`patternProperties\``, () => joinPointer(at(), name));
            stack.push({ node: value[name], parent: map, token: name, depth: depth + 1 });
          }
        }
        continue;
      }
      if (!VALUE_KEYWORDS.has(key) && !ANNOTATIONS.has(key)) {
        issues.push({ pointer: at(), message: unknownKeyword(key) });
        continue;
      }
      if (!VALUE_SHAPE.get(key)?.(value)) askMeta = true;
      if (key === 'type') checkType(value, at, issues);
      else if (key === 'pattern' && typeof value === 'string') checkPattern(value, issues, `The \`pattern\` \`${value}\``, at);
      else if (key === '$schema' && typeof value === 'string' && !DRAFT_2020_12.test(value)) {
        issues.push({ pointer: at(), message: `\`$schema\` is \`${value}\`: a skill schema is JSON Schema 2020-12 (leave \`$schema\` out)` });
      }
    }
  }
  if (tooDeep || !askMeta) return issues;
  return [...issues, ...metaSchemaIssues(schema, issues)];
}

/** A value met in the walk: its pointer is its parent's and its token, written when asked for. */
interface Place {
  node: unknown;
  parent: Place | undefined;
  token: string | number;
  depth: number;
  pointer?: string;
}

function pointerOf(place: Place): string {
  return (place.pointer ??= place.parent === undefined ? '' : joinPointer(pointerOf(place.parent), place.token));
}

function unknownKeyword(key: string): string {
  const head = `\`${key}\` is not a keyword a JSON Schema 2020-12 validator checks`;
  if (INSTEAD[key]) return `${head}: ${INSTEAD[key]}`;
  if (key.startsWith('x-')) return `${head}: extensions are not allowed in a skill schema`;
  if (['discriminator', 'xml', 'externalDocs'].includes(key)) return `${head}: OpenAPI's \`${key}\` is left out of skill schemas`;
  return `${head}${didYouMean(key, KNOWN)}`;
}

function checkType(value: unknown, pointer: () => string, issues: SchemaIssue[]): void {
  const one = (t: unknown, at: () => string) => {
    if (typeof t === 'string' && !TYPES.includes(t)) issues.push({ pointer: at(), message: `\`${t}\` is not a JSON Schema type${didYouMean(t, TYPES)}` });
  };
  if (Array.isArray(value)) value.forEach((t, i) => one(t, () => joinPointer(pointer(), i)));
  else one(value, pointer);
}

/**
 * A pattern must be ECMAScript (with `u`), and should be one matched in linear time: one that
 * is not (a backreference, a lookaround) is never run by a backtracking engine, so calls are
 * not checked against it and only the model follows it.
 */
function checkPattern(pattern: string, issues: SchemaIssue[], what: string, at: () => string): void {
  const p = linearPattern(pattern);
  if (p.kind === 'invalid') issues.push({ pointer: at(), message: `${what} ${p.reason}` });
  else if (p.kind === 'model-only') {
    issues.push({ pointer: at(), message: `${what} ${p.reason}: calls are not checked against it, only the model follows it`, case: 'unchecked-pattern' });
  }
}

let ajv: Ajv2020 | undefined;

/** The 2020-12 meta-schema's verdict, one issue per place, leaving out places already reported. */
function metaSchemaIssues(schema: unknown, already: readonly SchemaIssue[]): SchemaIssue[] {
  ajv ??= new Ajv2020({ allErrors: true, strict: false, validateFormats: false, code: { regExp: linearRegExpEngine() } });
  // The root `$schema` picks the meta-schema; a foreign one was reported above.
  let input = schema;
  if (isPlainObject(schema) && Object.hasOwn(schema, '$schema')) {
    const { $schema: _ignored, ...rest } = schema;
    void _ignored;
    input = rest;
  }
  let valid: boolean;
  try {
    valid = ajv.validateSchema(input as object) as boolean;
  } catch (e) {
    return [{ pointer: '', message: `The schema could not be checked: ${(e as Error).message}` }];
  }
  if (valid || !ajv.errors) return [];
  const reported = new Set(already.filter((i) => i.case === undefined).map((i) => i.pointer));
  const byPlace = new Map<string, ErrorObject>();
  for (const err of ajv.errors) {
    const place = err.instancePath;
    // A `$ref` is `refs`' to judge, with a better message.
    if (place.endsWith('/$ref')) continue;
    if ([...reported].some((r) => pointerWithin(place, r))) continue;
    const seen = byPlace.get(place);
    // `anyOf` and `$dynamicRef` wrap the real complaint: keep the most specific one.
    if (!seen || (isWrapper(seen) && !isWrapper(err))) byPlace.set(place, err);
  }
  return [...byPlace.entries()].map(([pointer, err]) => ({ pointer, message: describeMetaError(pointer, err) }));
}

function isWrapper(err: ErrorObject): boolean {
  return err.keyword === 'anyOf' || err.keyword === 'oneOf' || err.keyword === '$dynamicRef' || err.keyword === 'if';
}

const KIND: Readonly<Record<string, string>> = {
  array: 'a list',
  object: 'an object',
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  'object,boolean': 'a schema (an object, true or false)',
};

function describeMetaError(pointer: string, err: ErrorObject): string {
  const tokens = pointerTokens(pointer);
  const last = tokens[tokens.length - 1];
  const what =
    tokens.length === 0
      ? 'The schema'
      : /^\d+$/.test(last) && tokens.length > 1
        ? `Item ${Number(last) + 1} of \`${tokens[tokens.length - 2]}\``
        : `\`${last}\``;
  const params = err.params as Record<string, unknown>;
  if (err.keyword === 'type' && params.type !== undefined) {
    const type = Array.isArray(params.type) ? params.type.join(',') : String(params.type);
    return `${what} must be ${KIND[type] ?? type}`;
  }
  if (err.keyword === 'enum' && Array.isArray(params.allowedValues)) return `${what} must be one of ${params.allowedValues.map((v) => `\`${String(v)}\``).join(', ')}`;
  return `${what} ${err.message ?? 'is not valid JSON Schema'}`;
}
