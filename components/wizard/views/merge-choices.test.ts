import { describe, expect, it } from 'vitest';
import { conflictChunks, describeLines, mergedText } from './merge-choices';

describe('conflict chunks', () => {
  const mine = 'a\nmine one\nb\nc\nmine two\nd\n';
  const newer = 'a\nnewer one\nb\nc\nnewer two\nnewer three\nd\n';

  it('finds each place the two sides differ, with its lines on each side', () => {
    const chunks = conflictChunks(mine, newer);
    expect(chunks.map((c) => [describeLines(c.linesA), describeLines(c.linesB)])).toEqual([
      ['line 2', 'line 2'],
      ['line 5', 'lines 5–6'],
    ]);
  });

  it('assembles the merged text from the choices, the person\'s side where none is made', () => {
    const chunks = conflictChunks(mine, newer);
    expect(mergedText(mine, newer, chunks, [])).toBe(mine);
    expect(mergedText(mine, newer, chunks, ['newer', 'newer'])).toBe(newer);
    expect(mergedText(mine, newer, chunks, ['newer', 'mine'])).toBe('a\nnewer one\nb\nc\nmine two\nd\n');
    expect(mergedText(mine, newer, chunks, [undefined, 'newer'])).toBe('a\nmine one\nb\nc\nnewer two\nnewer three\nd\n');
  });

  it('handles a chunk at the end of a text without a last line break, and lines only one side has', () => {
    const a = 'x\ny';
    const b = 'x\ny\nz';
    const chunks = conflictChunks(a, b);
    expect(chunks).toHaveLength(1);
    expect(mergedText(a, b, chunks, ['newer'])).toBe(b);
    expect(mergedText(a, b, chunks, ['mine'])).toBe(a);
    const c = conflictChunks('x\nold\ny\n', 'x\ny\n');
    expect(describeLines(c[0].linesB)).toBe('no lines');
    expect(mergedText('x\nold\ny\n', 'x\ny\n', c, ['newer'])).toBe('x\ny\n');
  });
});

describe('a large file far from the newer one', () => {
  it('gives its chunks in a moment, not the minutes an unbounded diff takes', () => {
    // A megabyte, a third of its lines changed wholly (a types.json regenerated from another spec).
    const lines = (mark: string) => Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? `  "field${i}": "${mark.repeat(40)}",` : `  "field${i}": "same ${i}",`)).join('\n');
    const mine = lines('a');
    const newer = lines('b');
    const started = performance.now();
    const chunks = conflictChunks(mine, newer);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(chunks.length).toBeGreaterThan(0);
    // Taking the newer side everywhere gives the newer text; keeping mine, mine.
    expect(mergedText(mine, newer, chunks, chunks.map(() => 'newer'))).toBe(newer);
    expect(mergedText(mine, newer, chunks, chunks.map(() => 'mine'))).toBe(mine);
  });
});
