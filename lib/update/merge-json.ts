import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { sameJson } from '../core/same-json';

/** Which side wins a conflict: the person's edit (`mine`) or the newer spec's generation. */
export type Side = 'mine' | 'newer';

/** A value both sides changed differently (absent is `undefined`). */
export interface JsonConflict {
  pointer: string;
  before: unknown;
  mine: unknown;
  newer: unknown;
}

const primitive = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const primitives = (v: unknown): v is unknown[] => Array.isArray(v) && v.every(primitive);
const has = (list: readonly unknown[], v: unknown) => list.some((x) => x === v);

/**
 * Three-way merge of JSON values (SPEC 9): a change on one side only is taken, the same
 * change on both once; objects merge key by key (the person's key order, then keys the newer
 * side added), so a property added on one side and a description edited on the other both
 * land; lists of plain values (`required`, `enum`, `type`) merge as sets, keeping what both
 * kept and adding what either added. Anything else changed on both sides is a conflict, which
 * `prefer` settles in the value returned; each is listed with the three values.
 */
export function mergeJson(before: unknown, mine: unknown, newer: unknown, prefer: Side = 'mine', pointer = ''): { value: unknown; conflicts: JsonConflict[] } {
  const conflicts: JsonConflict[] = [];
  const value = merge(before, mine, newer, pointer);
  return { value, conflicts };

  function merge(b: unknown, m: unknown, n: unknown, at: string): unknown {
    if (sameJson(m, n) || sameJson(b, n)) return m;
    if (sameJson(b, m)) return n;
    if (isPlainObject(m) && isPlainObject(n) && (b === undefined || isPlainObject(b))) {
      const base = (b ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      const keys = [...Object.keys(m), ...Object.keys(n).filter((k) => !Object.hasOwn(m, k))];
      for (const k of keys) {
        const v = merge(own(base, k), own(m, k), own(n, k), joinPointer(at, k));
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    if (primitives(m) && primitives(n) && (b === undefined || primitives(b))) {
      const base = b ?? [];
      const kept = m.filter((v) => !(has(base, v) && !has(n, v)));
      const added = n.filter((v) => !has(base, v) && !has(m, v));
      return [...kept, ...added];
    }
    conflicts.push({ pointer: at, before: b, mine: m, newer: n });
    return prefer === 'mine' ? m : n;
  }
}

function own(o: Record<string, unknown>, k: string): unknown {
  return Object.hasOwn(o, k) ? o[k] : undefined;
}
