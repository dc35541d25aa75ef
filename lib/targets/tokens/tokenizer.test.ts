import { describe, expect, it } from 'vitest';
import { countLinear, loadTokenizer, MAX_RUN } from './tokenizer';

describe('countLinear', () => {
  it('hands ordinary text to the tokenizer whole when no run is longer than MAX_RUN', () => {
    const seen: string[] = [];
    const text = 'List the pets of a store, newest first (at most 100 per page). '.repeat(20);
    countLinear(text, (piece) => (seen.push(piece), piece.length));
    expect(seen).toEqual([text]);
  });

  it('cuts a long run into pieces of MAX_RUN, never splitting a surrogate pair, and keeps every character', () => {
    const run = `a${'𝒜'.repeat(MAX_RUN)}`;
    const seen: string[] = [];
    countLinear(`before ${run} after`, (piece) => (seen.push(piece), 1));
    expect(seen.join('')).toBe(`before ${run} after`);
    for (const piece of seen) {
      expect(piece.length).toBeLessThanOrEqual(Math.max(MAX_RUN, 'before '.length));
      expect(/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/.test(piece)).toBe(false);
    }
  });

  it('cuts a long run of punctuation or of white space as it cuts one of letters', () => {
    for (const run of ['-'.repeat(1000), ' '.repeat(1000), '\n'.repeat(1000)]) {
      const seen: number[] = [];
      countLinear(`x${run}y`, (piece) => (seen.push(piece.length), 1));
      expect(Math.max(...seen)).toBeLessThanOrEqual(MAX_RUN);
    }
  });
});

describe('loadTokenizer', () => {
  // The merge loop is quadratic in a piece: 100,000 characters in one piece took 19 s.
  it('counts a 1,000,000-character word in a description in linear time', async () => {
    const t = await loadTokenizer('o200k_base');
    const started = performance.now();
    const n = t.count(`Returns ${'a'.repeat(1_000_000)} for the pet.`);
    expect(performance.now() - started).toBeLessThan(5000);
    // About 8 characters a token, as the whole run counts.
    expect(n).toBeGreaterThan(100_000);
    expect(n).toBeLessThan(150_000);
  });

  it('counts a 45 MB word without overflowing the stack', async () => {
    const t = await loadTokenizer('cl100k_base');
    expect(t.count(`x ${'b'.repeat(45_000_000)} y`)).toBeGreaterThan(1_000_000);
  }, 60_000);

  it('counts ordinary text exactly as before', async () => {
    const t = await loadTokenizer('o200k_base');
    expect(t.count('Hello world, this is a normal description of an endpoint.')).toBe(12);
  });
});
