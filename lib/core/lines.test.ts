import { describe, expect, it } from 'vitest';
import { seeded } from '../../test/random';
import { lineFinder, lineIndex, lineStarts } from './lines';

describe('lineFinder', () => {
  it("gives lineIndex's line and that line's start for offsets asked in any order, past the end too (seeded)", () => {
    const rnd = seeded(5);
    let lines = 0;
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: rnd.int(40) }, () => rnd.pick(['a', 'bc', '\n', '\n\n', ' ', '\r\n'])).join('');
      const starts = lineStarts(text);
      const find = lineFinder(text);
      for (let k = 0; k < 20; k++) {
        const offset = rnd.int(text.length + 3);
        const index = lineIndex(starts, offset);
        expect(find(offset)).toEqual({ index, start: starts[index] });
        lines = Math.max(lines, index);
      }
    }
    expect(lines).toBeGreaterThan(10);
  });

  it('gives line 0 for an empty text', () => {
    expect(lineFinder('')(0)).toEqual({ index: 0, start: 0 });
    expect(lineFinder('')(5)).toEqual({ index: 0, start: 0 });
  });
});

describe('lineStarts', () => {
  it('gives the start of every line, as splitting the text at line breaks does, past the room it starts with (seeded)', () => {
    const rnd = seeded(17);
    for (let n = 0; n < 200; n++) {
      // Short lines, so that the array grows (it starts with room for lines of 32 characters).
      const text = Array.from({ length: rnd.int(400) }, () => rnd.pick(['a', 'bc', '\n', '\n\n', '\r\n', 'é'])).join('');
      const expected: number[] = [];
      let at = 0;
      for (const line of text.split('\n')) {
        expected.push(at);
        at += line.length + 1;
      }
      expect([...lineStarts(text)]).toEqual(expected);
    }
    expect([...lineStarts('\n'.repeat(1000))]).toEqual(Array.from({ length: 1001 }, (_, i) => i));
    expect([...lineStarts('')]).toEqual([0]);
  });
});
