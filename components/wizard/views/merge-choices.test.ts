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
