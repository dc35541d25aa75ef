import { Chunk } from '@codemirror/merge';
import { Text } from '@codemirror/state';

/** Which side a conflict is settled with. */
export type MergeSide = 'mine' | 'newer';

/** Lines where the person's side and the newer spec's differ: one conflict to settle. */
export interface ConflictChunk {
  /** Character range in the person's text (`to` may pass its end by one, the last line's break). */
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
  /** 1-based lines of each side the chunk covers (`to` before `from`: none on that side). */
  linesA: { from: number; to: number };
  linesB: { from: number; to: number };
}

function lines(doc: Text, from: number, to: number): { from: number; to: number } {
  if (to <= from) return { from: doc.lineAt(Math.min(from, doc.length)).number, to: doc.lineAt(Math.min(from, doc.length)).number - 1 };
  return { from: doc.lineAt(from).number, to: doc.lineAt(Math.min(to - 1, doc.length)).number };
}

/**
 * How far the diff looks before it falls back to a faster, coarser one: the side-by-side
 * view's own default, given to it and to `conflictChunks` alike so the choices are the chunks
 * it highlights. Without a limit a large file far from the newer spec's (a types.json of a
 * megabyte in a two-way review) takes minutes; with it, it is one chunk, in milliseconds.
 */
export const DIFF_CONFIG = { scanLimit: 500 } as const;

/**
 * The conflicts of a file, as the lines where its text settled the person's way and its text
 * settled the newer spec's way differ (the update merges everything else alike on both):
 * the same chunks the merge view highlights side by side.
 */
export function conflictChunks(mine: string, newer: string): ConflictChunk[] {
  const a = Text.of(mine.split('\n'));
  const b = Text.of(newer.split('\n'));
  return Chunk.build(a, b, DIFF_CONFIG).map((c) => ({ fromA: c.fromA, toA: c.toA, fromB: c.fromB, toB: c.toB, linesA: lines(a, c.fromA, c.toA), linesB: lines(b, c.fromB, c.toB) }));
}

/** The merged text: the person's, with each chunk chosen `newer` taken from the newer side (an unchosen chunk keeps the person's). */
export function mergedText(mine: string, newer: string, chunks: readonly ConflictChunk[], choices: readonly (MergeSide | undefined)[]): string {
  let out = '';
  let at = 0;
  chunks.forEach((c, i) => {
    out += mine.slice(at, c.fromA) + (choices[i] === 'newer' ? newer.slice(c.fromB, c.toB) : mine.slice(c.fromA, c.toA));
    at = c.toA;
  });
  return out + mine.slice(at);
}

/** "line 4", "lines 4–6", "no lines": where a chunk is on one side. */
export function describeLines(range: { from: number; to: number }): string {
  if (range.to < range.from) return 'no lines';
  return range.from === range.to ? `line ${range.from}` : `lines ${range.from}–${range.to}`;
}
