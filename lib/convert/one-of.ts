import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import type { Json } from './context';
import { isConstraintOnly, TypeRef, type Converted, type SchemaHost } from './type-ref';

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);
const MAX_DEPTH = 8;

/**
 * A converted schema's `oneOf` as a validator should read it. `oneOf` refuses a
 * value that two branches accept, so `[{type: string}, {type: integer}, {type: number}]`
 * refuses every integer, and branches that differ only by `format` (an annotation) refuse
 * every value. Where the branches are provably disjoint (no two share a JSON type, integer
 * counting as a number; or their `const`/`enum` values differ; or they are objects with a
 * required property whose `const`/`enum` values differ, a discriminator) the `oneOf` stays.
 * Otherwise it becomes a `type` list when every branch is only a scalar `type`, else `anyOf`,
 * and the report says so (`one-of`) at the `oneOf`. A `oneOf` of `required` lists only
 * ("exactly one of these fields") is the exclusive choice the author wrote, and stays.
 */
export function exclusiveOneOf(schema: Json, pointer: string, host: SchemaHost): Json {
  const branches = schema.oneOf;
  if (!Array.isArray(branches) || branches.length < 2) return schema;
  if (isConstraintOnly({ oneOf: branches })) return schema;
  const overlap = overlappingPair(branches as Converted[], host);
  if (overlap === undefined) return schema;
  const at = joinPointer(pointer, 'oneOf');
  const why = `branches ${overlap[0] + 1} and ${overlap[1] + 1} can both accept one value, and \`oneOf\` refuses a value that more than one branch accepts`;
  const scalars = plainScalarTypes(branches as Converted[]);
  const out: Json = {};
  if (scalars !== undefined && schema.type === undefined) {
    for (const k of Object.keys(schema)) out[k === 'oneOf' ? 'type' : k] = k === 'oneOf' ? scalars : schema[k];
    host.warn('one-of', `This \`oneOf\` is written as the type list ${JSON.stringify(scalars)}: ${why}`, at);
    return out;
  }
  if (schema.anyOf !== undefined) {
    // Both words on one schema: the `anyOf` this `oneOf` becomes must hold beside the other.
    for (const k of Object.keys(schema)) if (k !== 'oneOf') out[k] = schema[k];
    out.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), { anyOf: branches }];
  } else for (const k of Object.keys(schema)) out[k === 'oneOf' ? 'anyOf' : k] = schema[k];
  host.warn('one-of', `This \`oneOf\` is written as \`anyOf\`: ${why}`, at);
  return out;
}

/** The first two branches not provably disjoint, by index; undefined when every pair is. */
function overlappingPair(branches: Converted[], host: SchemaHost): [number, number] | undefined {
  const facts = branches.map((b) => factsOf(b, host));
  for (let i = 0; i < facts.length; i++) {
    for (let j = i + 1; j < facts.length; j++) if (!disjoint(facts[i], facts[j])) return [i, j];
  }
  return undefined;
}

interface BranchFacts {
  /** The JSON types it may accept; undefined when any. */
  types?: Set<string>;
  /** The only values it accepts (`const`, `enum`), as JSON text; undefined when not listed. */
  values?: Set<string>;
  /** Its required properties whose values are listed (`const`, `enum`), each with those values: what tells it from another branch (a discriminator). */
  tags?: Map<string, Set<string>>;
}

function factsOf(branch: Converted, host: SchemaHost): BranchFacts {
  const s = follow(branch, host);
  if (s === false) return { types: new Set() };
  if (!isPlainObject(s)) return {};
  return { types: typesOf(s, host, 0), values: valuesOf(s), tags: tagsOf(s, host) };
}

/** Once for each branch: a pair of branches is compared for every other branch. */
function tagsOf(s: Json, host: SchemaHost): Map<string, Set<string>> | undefined {
  if (!Array.isArray(s.required) || !isPlainObject(s.properties)) return undefined;
  const props = s.properties;
  const tags = new Map<string, Set<string>>();
  for (const name of s.required as unknown[]) {
    if (typeof name !== 'string' || !Object.hasOwn(props, name)) continue;
    const p = follow(props[name] as Converted, host);
    const values = isPlainObject(p) ? valuesOf(p) : undefined;
    if (values !== undefined) tags.set(name, values);
  }
  return tags.size > 0 ? tags : undefined;
}

/** A branch with references followed (a cycle, or a reference still being converted, is undefined: anything). */
function follow(node: Converted | undefined, host: SchemaHost): Converted | undefined {
  let current = node;
  for (let i = 0; i < MAX_DEPTH && current instanceof TypeRef; i++) current = host.bodyOf(current);
  return current instanceof TypeRef ? undefined : current;
}

function typesOf(s: Json, host: SchemaHost, depth: number): Set<string> | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const values = valuesOf(s);
  if (values !== undefined) return new Set([...values].map((v) => jsonType(JSON.parse(v))));
  if (typeof s.type === 'string') return new Set([s.type]);
  if (Array.isArray(s.type)) return new Set(s.type.filter((t): t is string => typeof t === 'string'));
  for (const k of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(s[k])) continue;
    const union = new Set<string>();
    for (const part of s[k] as Converted[]) {
      const p = follow(part, host);
      if (p === false) continue;
      const t = isPlainObject(p) ? typesOf(p, host, depth + 1) : undefined;
      if (t === undefined) return undefined;
      for (const x of t) union.add(x);
    }
    return union;
  }
  return undefined;
}

/** The only values a schema accepts (`const`, `enum`), each as JSON text; undefined when it lists none. */
export function valuesOf(s: Json): Set<string> | undefined {
  if ('const' in s) return new Set([JSON.stringify(s.const)]);
  if (Array.isArray(s.enum)) return new Set(s.enum.map((v) => JSON.stringify(v)));
  return undefined;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typesMeet(a: Set<string>, b: Set<string>): boolean {
  for (const x of a) {
    if (b.has(x)) return true;
    if ((x === 'integer' && b.has('number')) || (x === 'number' && b.has('integer'))) return true;
  }
  return false;
}

function disjoint(a: BranchFacts, b: BranchFacts): boolean {
  if (a.types !== undefined && b.types !== undefined && !typesMeet(a.types, b.types)) return true;
  if (a.values !== undefined && b.values !== undefined) return !meets(a.values, b.values);
  return a.tags !== undefined && b.tags !== undefined && discriminated(a.tags, b.tags);
}

/** Two object schemas that both require a property whose listed values differ (a discriminator written as `enum` or `const`). */
function discriminated(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  for (const [name, va] of a) {
    const vb = b.get(name);
    if (vb !== undefined && !meets(va, vb)) return true;
  }
  return false;
}

/** Whether two sets of values share one. */
export function meets(a: Set<string>, b: Set<string>): boolean {
  for (const v of a) if (b.has(v)) return true;
  return false;
}

/** `["string", "integer"]` when every branch is only a scalar `type` (nothing else to lose); else undefined. */
function plainScalarTypes(branches: Converted[]): string[] | undefined {
  const types: string[] = [];
  for (const b of branches) {
    if (!isPlainObject(b) || Object.keys(b).length !== 1 || typeof b.type !== 'string' || !SCALAR_TYPES.has(b.type)) return undefined;
    if (!types.includes(b.type)) types.push(b.type);
  }
  return types;
}
