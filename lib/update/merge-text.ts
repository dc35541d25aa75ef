import { diff3Merge } from 'node-diff3';
import type { Side } from './merge-json';

/** Lines both sides changed differently: the person's, the old generation's and the newer spec's. */
export interface TextConflict {
  /** 1-based line of the conflict's first line in the person's text. */
  line: number;
  mine: string[];
  before: string[];
  newer: string[];
}

export const MARK_MINE = '<<<<<<< mine';
export const MARK_BEFORE = '||||||| before';
export const MARK_SPLIT = '=======';
export const MARK_NEWER = '>>>>>>> newer spec';

/** A text merged: clean, or with conflicts shown with markers and settled either way. */
export interface TextMerge {
  conflicts: TextConflict[];
  /** With conflict markers (`<<<<<<< mine` / `||||||| before` / `=======` / `>>>>>>> newer spec`). */
  marked: string;
  mine: string;
  newer: string;
}

/** Three-way merge by lines (node-diff3); the same change on both sides is taken once. */
export function mergeText(before: string, mine: string, newer: string): TextMerge {
  if (mine === newer || before === newer) return { conflicts: [], marked: mine, mine, newer: mine };
  if (before === mine) return { conflicts: [], marked: newer, mine: newer, newer };
  const regions = diff3Merge(mine.split('\n'), before.split('\n'), newer.split('\n'), { excludeFalseConflicts: true });
  const marked: string[] = [];
  const keepMine: string[] = [];
  const keepNewer: string[] = [];
  const conflicts: TextConflict[] = [];
  for (const r of regions) {
    if (r.ok) {
      marked.push(...r.ok);
      keepMine.push(...r.ok);
      keepNewer.push(...r.ok);
    } else if (r.conflict) {
      const { a, o, b, aIndex } = r.conflict;
      conflicts.push({ line: aIndex + 1, mine: a, before: o, newer: b });
      marked.push(MARK_MINE, ...a, MARK_BEFORE, ...o, MARK_SPLIT, ...b, MARK_NEWER);
      keepMine.push(...a);
      keepNewer.push(...b);
    }
  }
  return { conflicts, marked: marked.join('\n'), mine: keepMine.join('\n'), newer: keepNewer.join('\n') };
}

/** A merge's text as written: with markers, or settled by one side. */
export function settledText(m: TextMerge, settle: Side | undefined): string {
  return settle === undefined ? m.marked : settle === 'mine' ? m.mine : m.newer;
}
