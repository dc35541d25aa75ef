import { decodeRefName, TYPE_REF_PREFIX } from './expand';

/**
 * Which shared types a schema can depend on, and which an edit of types.json changed: what
 * lets the checks of an edited types.json (SPEC 1.5, 2, 5) redo only the operations it can
 * affect. Kubernetes' types.json is 750 KB; one key typed in it used to re-expand and re-check
 * every one of its ~950 operations.
 *
 * Over-approximate on purpose: every string `$ref` anywhere in a value is counted, in data
 * keywords too, and names that are not valid type names, so whatever reads the types through
 * a reference (expansion, `refs`, the scalar checks) reads only names counted here.
 */

const namesOf = new WeakMap<object, readonly string[]>();

/** The type names every `#/types/…` string `$ref` anywhere in `value` names (memoized per object). */
export function referencedTypeNames(value: unknown): readonly string[] {
  if (value === null || typeof value !== 'object') return [];
  const known = namesOf.get(value);
  if (known) return known;
  const names = new Set<string>();
  // A stack, not recursion: a schema may nest deeper than the call stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const obj = node as Record<string, unknown>;
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      if (k === '$ref' && typeof v === 'string' && v.startsWith(TYPE_REF_PREFIX)) names.add(decodeRefName(v));
      else stack.push(v);
    }
  }
  const list = [...names];
  namesOf.set(value, list);
  return list;
}

/**
 * What changed from one types map to the next: `affects(names)` is true when any of the
 * names is a type that changed (added, removed, or another value) or reaches one through
 * the references of the types it names, in `after`. A type with the same value object in
 * both maps is unchanged (`parseTypesFile` keeps the value of a type whose JSON is the same),
 * so a value that could depend on types only through those names is the same under both.
 */
export interface TypesDelta {
  affects(names: Iterable<string>): boolean;
}

const deltas = new WeakMap<ReadonlyMap<string, unknown>, { before: ReadonlyMap<string, unknown>; delta: TypesDelta }>();

export function typesDelta(before: ReadonlyMap<string, unknown>, after: ReadonlyMap<string, unknown>): TypesDelta {
  const known = deltas.get(after);
  if (known && known.before === before) return known.delta;
  const changed: string[] = [];
  for (const [name, value] of after) if (!before.has(name) || before.get(name) !== value) changed.push(name);
  for (const name of before.keys()) if (!after.has(name)) changed.push(name);
  // Every type that reaches a changed one, found backwards from the changed ones.
  const affected = new Set<string>(changed);
  if (changed.length > 0) {
    const referrers = new Map<string, string[]>();
    for (const [name, value] of after) {
      for (const used of referencedTypeNames(value)) {
        let list = referrers.get(used);
        if (!list) referrers.set(used, (list = []));
        list.push(name);
      }
    }
    const queue = [...changed];
    while (queue.length > 0) {
      for (const name of referrers.get(queue.pop()!) ?? []) {
        if (!affected.has(name)) {
          affected.add(name);
          queue.push(name);
        }
      }
    }
  }
  const delta: TypesDelta = {
    affects(names) {
      if (affected.size === 0) return false;
      for (const name of names) if (affected.has(name)) return true;
      return false;
    },
  };
  deltas.set(after, { before, delta });
  return delta;
}
