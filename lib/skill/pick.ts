import { isPlainObject } from '../core/entries';
import { decodePointerToken } from '../core/json-pointer';

/**
 * `pick` (SPEC 8.1): dotted paths into `returns` naming the fields the platform keeps from a
 * response. A segment is a field name; `[]` after it steps into the list it holds
 * (`data[].id`); a path may start with `[]` when `returns` itself is a list (`[].id`).
 */
export interface PickSegment {
  /** The field name; '' for a leading `[]` (the response is the list). */
  name: string;
  /** How many `[]` follow the name. */
  lists: number;
}

export type ParsedPick = { ok: true; segments: PickSegment[] } | { ok: false; message: string };

const SEGMENT = /^([^.[\]]*)((?:\[\])*)$/;

/** One `pick` path as segments, or why it is not one. */
export function parsePickPath(path: string): ParsedPick {
  if (path === '') return { ok: false, message: 'an empty path names no field' };
  const parts = path.split('.');
  const segments: PickSegment[] = [];
  for (let i = 0; i < parts.length; i++) {
    const m = SEGMENT.exec(parts[i]);
    if (!m) return { ok: false, message: `\`${parts[i]}\` is not a field name: \`[]\` goes right after a name, and nothing after it but \`.\`` };
    const lists = m[2].length / 2;
    if (m[1] === '' && !(i === 0 && lists > 0)) return { ok: false, message: 'a path has a name between its dots' };
    segments.push({ name: m[1], lists });
  }
  return { ok: true, segments };
}

/** The picked paths as a tree: what is kept whole (`leaf`), which fields, and what inside list items. */
export interface PickTree {
  leaf: boolean;
  fields: Map<string, PickTree>;
  items?: PickTree;
}

const node = (): PickTree => ({ leaf: false, fields: new Map() });

/** The tree of the paths that parse; the others are the `pick` rule's to report. */
export function pickTree(paths: readonly string[]): PickTree {
  const root = node();
  for (const path of paths) {
    const parsed = parsePickPath(path);
    if (!parsed.ok) continue;
    let at = root;
    for (const seg of parsed.segments) {
      if (seg.name !== '') {
        let next = at.fields.get(seg.name);
        if (!next) at.fields.set(seg.name, (next = node()));
        at = next;
      }
      for (let i = 0; i < seg.lists; i++) at = at.items ??= node();
    }
    at.leaf = true;
  }
  return root;
}

/**
 * What the model gets of a response (SPEC 8.1): the picked fields only, in `pick`'s order. A
 * field absent from the value stays absent; a value whose shape is not the one a path
 * expects (a string where an object was) is kept as it is.
 */
export function applyPick(value: unknown, paths: readonly string[]): unknown {
  return paths.length === 0 ? value : applyTree(value, pickTree(paths));
}

function applyTree(value: unknown, tree: PickTree): unknown {
  if (tree.leaf) return value;
  if (tree.items && Array.isArray(value)) return value.map((v) => applyTree(v, tree.items!));
  if (tree.fields.size > 0 && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [name, sub] of tree.fields) if (Object.hasOwn(value, name)) out[name] = applyTree(value[name], sub);
    return out;
  }
  return value;
}

type Types = ReadonlyMap<string, unknown>;
const REF_PREFIX = '#/types/';
const MAX_HOPS = 32;

/** A schema and what its `$ref` (followed through types) also says of the same value. */
function parts(schema: unknown, types: Types): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let s = schema;
  for (let hops = 0; hops < MAX_HOPS && isPlainObject(s); hops++) {
    out.push(s);
    const ref = s.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(REF_PREFIX)) break;
    s = types.get(decodePointerToken(ref.slice(REF_PREFIX.length)));
  }
  return out;
}

const BRANCHES = ['anyOf', 'oneOf'] as const;

/**
 * A schema every value of field `name` satisfies when the object satisfies `schema`:
 * `properties` (here or in an `allOf` branch), or, for `anyOf`/`oneOf`, each branch's (when
 * every branch declares it). Undefined when nothing declares it.
 */
export function fieldSchema(schema: unknown, name: string, types: Types, depth = 0): unknown {
  if (depth > MAX_HOPS) return undefined;
  for (const s of parts(schema, types)) {
    if (isPlainObject(s.properties) && Object.hasOwn(s.properties, name)) return s.properties[name];
    if (Array.isArray(s.allOf)) {
      for (const b of s.allOf) {
        const f = fieldSchema(b, name, types, depth + 1);
        if (f !== undefined) return f;
      }
    }
    for (const key of BRANCHES) {
      const found = eachBranch(s[key], (b) => fieldSchema(b, name, types, depth + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** A schema every item satisfies when the list satisfies `schema` (`items`, with no `prefixItems`), else undefined. */
export function itemSchema(schema: unknown, types: Types, depth = 0): unknown {
  if (depth > MAX_HOPS) return undefined;
  for (const s of parts(schema, types)) {
    if (s.items !== undefined && s.prefixItems === undefined) return s.items;
    if (Array.isArray(s.allOf)) {
      for (const b of s.allOf) {
        const f = itemSchema(b, types, depth + 1);
        if (f !== undefined) return f;
      }
    }
    for (const key of BRANCHES) {
      const found = eachBranch(s[key], (b) => itemSchema(b, types, depth + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function eachBranch(branches: unknown, find: (b: unknown) => unknown): unknown {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const found: unknown[] = [];
  for (const b of branches) {
    const f = find(b);
    if (f === undefined) return undefined;
    found.push(f);
  }
  return found.length === 1 ? found[0] : { anyOf: found };
}

/** Every field name `schema` declares (for a "did you mean"). */
export function fieldNames(schema: unknown, types: Types, depth = 0): string[] {
  if (depth > MAX_HOPS) return [];
  const names = new Set<string>();
  for (const s of parts(schema, types)) {
    if (isPlainObject(s.properties)) for (const k of Object.keys(s.properties)) names.add(k);
    for (const key of ['allOf', ...BRANCHES]) {
      const bs = s[key];
      if (Array.isArray(bs)) for (const b of bs) for (const k of fieldNames(b, types, depth + 1)) names.add(k);
    }
  }
  return [...names];
}

function requiredNames(schema: unknown, types: Types, depth = 0): Set<string> {
  const names = new Set<string>();
  if (depth > MAX_HOPS) return names;
  for (const s of parts(schema, types)) {
    if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') names.add(r);
    if (Array.isArray(s.allOf)) for (const b of s.allOf) for (const r of requiredNames(b, types, depth + 1)) names.add(r);
  }
  return names;
}

function typeOf(schema: unknown, types: Types): unknown {
  for (const s of parts(schema, types)) if (s.type !== undefined) return s.type;
  return undefined;
}

/**
 * `returns` narrowed to what `pick` keeps (SPEC 8.1: "with `pick`, the picked fields only"):
 * an object keeps its `type`, the picked `properties` and those of them it requires; a list
 * keeps its `type` and its narrowed `items`; a field kept whole keeps its schema. Any value
 * `returns` accepts, picked, is one the narrowed schema accepts (pick.test.ts checks it).
 */
export function narrowReturns(returns: unknown, paths: readonly string[], types: Types = new Map()): unknown {
  return paths.length === 0 ? returns : narrowTree(returns, pickTree(paths), types, 0);
}

function narrowTree(schema: unknown, tree: PickTree, types: Types, depth: number): unknown {
  if (tree.leaf) return schema;
  if (depth > MAX_HOPS || !isPlainObject(schema)) return schema === false ? false : {};
  const out: Record<string, unknown> = {};
  const type = typeOf(schema, types);
  if (type !== undefined) out.type = type;
  const first = parts(schema, types).find((s) => typeof s.description === 'string');
  if (first) out.description = first.description;
  if (tree.fields.size > 0) {
    const required = requiredNames(schema, types);
    const properties: Record<string, unknown> = {};
    const kept: string[] = [];
    for (const [name, sub] of tree.fields) {
      const f = fieldSchema(schema, name, types);
      properties[name] = f === undefined ? {} : narrowTree(f, sub, types, depth + 1);
      if (required.has(name)) kept.push(name);
    }
    if (kept.length > 0) out.required = kept;
    out.properties = properties;
  }
  if (tree.items) {
    const items = itemSchema(schema, types);
    out.items = items === undefined ? {} : narrowTree(items, tree.items, types, depth + 1);
  }
  return out;
}
