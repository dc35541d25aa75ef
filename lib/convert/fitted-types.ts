import { sameJson } from '../core/same-json';
import { setOwn } from '../core/entries';
import { TYPE_REF_PREFIX } from '../publish/expand';
import type { Json } from './context';

/** A type as fitting wrote it, put in types.json because more than one fitted operation uses it. */
export interface FittedType {
  name: string;
  /** The key (pointer) of the spec's type it was written from. */
  pointer: string;
  /** Fitted operations using it, counted to 2 (as shared types are counted). */
  operations: number;
  schema: unknown;
}

/** What the converter knows of the types fitted schemas hold. */
export interface FittedTypeNames {
  /** The spec's type a subtree is, written out as fitting trimmed it (`Fitter.writtenType`), if it is one. */
  typeOf(subtree: object): string | undefined;
  /** Where a subtree is a reference with keys beside it written out: the type written (one `typeOf` knows) and those keys (`Fitter.overlay`). */
  overlay(subtree: object): { base: object; keys: readonly string[] } | undefined;
  /** The type's name in types.json, when it is there as the spec gives it (a shared type), and its schema there. */
  shared(pointer: string): { name: string; schema: unknown } | undefined;
  /** A new name in types.json for a fitted form of the type (`Pet.fitted`), unique. */
  newName(pointer: string): string;
}

/**
 * SPEC 1.5 for fitted operations: a type more than one operation uses goes in
 * types.json. A fitted operation's schema is its types written out as fitting trimmed them
 * (examples or nested descriptions dropped, descriptions cut), which the spec's types in
 * types.json do not say; but fitting writes a type under one trim as one object wherever
 * it is met (`Fitter.writtenType`), so the same trimmed type in two fitted operations is
 * the same subtree. Each such subtree that more than one fitted operation uses (directly or
 * inside another) goes in types.json once, under the name of the spec's type with
 * `.fitted` (`_2`, … where taken), or under the spec's type's own name where it is that
 * type as types.json has it already; the schemas refer to it by `#/types/Name`. Expanded
 * as publishing expands references (SPEC 2), each schema is what it was: the published
 * tools are the same.
 *
 * Returns the schemas with those subtrees as references (subtrees they share stay the same
 * objects) and the new types, in the order named. The schemas are not changed.
 */
export function shareFittedTypes(schemas: readonly (Json | undefined)[], names: FittedTypeNames): { schemas: (Json | undefined)[]; types: FittedType[] } {
  // How many operations reach each subtree, counted to 2: one two operations reach already
  // passed both counts to everything below it, so the walk stops there. Kept as the last
  // operation that reached it, or TWICE.
  const TWICE = -1;
  const reached = new Map<object, number>();
  const stack: object[] = [];
  schemas.forEach((schema, op) => {
    if (schema) stack.push(schema);
    while (stack.length > 0) {
      const v = stack.pop()!;
      const last = reached.get(v);
      if (last === op || last === TWICE) continue;
      reached.set(v, last === undefined ? op : TWICE);
      // A reference with keys beside it uses its type.
      const over = names.overlay(v);
      if (over) stack.push(over.base);
      if (Array.isArray(v)) {
        for (const item of v) if (typeof item === 'object' && item !== null) stack.push(item);
      } else {
        for (const k of Object.keys(v)) {
          const item = (v as Json)[k];
          if (typeof item === 'object' && item !== null) stack.push(item);
        }
      }
    }
  });

  const types: FittedType[] = [];
  const refs = new Map<object, Json>();
  const rewritten = new Map<object, unknown>();
  const overlaid = new Map<object, Json>();
  /** The subtree with every shared type below it a reference (itself the same object when none is). */
  const rewrite = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const ref = refOf(v);
    if (ref) return ref;
    const over = names.overlay(v);
    const base = over && refOf(over.base);
    if (base) {
      // `{"$ref": …, "description": …}`: expanded, the site's keys come after the type's, as they are here.
      let site = overlaid.get(v);
      if (!site) {
        site = { ...base };
        for (const k of over!.keys) setOwn(site, k, rewrite((v as Json)[k]));
        overlaid.set(v, site);
      }
      return site;
    }
    return inner(v);
  };
  const inner = (v: object): unknown => {
    const done = rewritten.get(v);
    if (done !== undefined) return done;
    let out: unknown = v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = rewrite(v[i]);
        if (x === v[i]) continue;
        if (out === v) out = v.slice();
        (out as unknown[])[i] = x;
      }
    } else {
      const keys = Object.keys(v);
      for (let i = 0; i < keys.length; i++) {
        const was = (v as Json)[keys[i]];
        const x = typeof was === 'object' && was !== null ? rewrite(was) : was;
        if (x !== was && out === v) {
          // The keys before it as they were, in their order; then each as rewritten.
          out = {};
          for (let j = 0; j < i; j++) setOwn(out as Json, keys[j], (v as Json)[keys[j]]);
        }
        if (out !== v) setOwn(out as Json, keys[i], x);
      }
    }
    rewritten.set(v, out);
    return out;
  };
  const refOf = (v: object): Json | undefined => {
    const known = refs.get(v);
    if (known) return known;
    if (reached.get(v) !== TWICE) return undefined;
    const pointer = names.typeOf(v);
    if (pointer === undefined) return undefined;
    // The types inside it first, so its schema refers to them by name.
    const schema = inner(v);
    const shared = names.shared(pointer);
    let name: string;
    if (shared && sameJson(shared.schema, schema)) name = shared.name;
    else {
      name = names.newName(pointer);
      types.push({ name, pointer, operations: 2, schema });
    }
    const ref = { $ref: `${TYPE_REF_PREFIX}${name}` };
    refs.set(v, ref);
    return ref;
  };
  return { schemas: schemas.map((s) => (s ? (rewrite(s) as Json) : undefined)), types };
}
