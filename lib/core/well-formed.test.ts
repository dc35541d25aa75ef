import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, LONE_SURROGATE, toWellFormed } from './well-formed';

const CASES: [string, boolean][] = [
  ['', false],
  ['plain ascii', false],
  ['é and 日本', false],
  ['a pair: \ud83d\ude00', false],
  ['a high half alone: \ud800 then text', true],
  ['a low half alone: \udc00', true],
  ['ends on a high half \ud83d', true],
  ['\ude00 starts on a low half', true],
  ['reversed \ude00\ud83d', true],
];

describe('hasLoneSurrogate', () => {
  it.each(CASES)('%j: %s', (s, lone) => {
    expect(hasLoneSurrogate(s)).toBe(lone);
    // The native check (where the engine has one) and the expression say the same.
    expect(new RegExp(LONE_SURROGATE).test(s)).toBe(lone);
  });

  it('toWellFormed writes U+FFFD for each half, and leaves pairs', () => {
    expect(toWellFormed('a\ud800b\udc00c\ud83d\ude00')).toBe('a\ufffdb\ufffdc\ud83d\ude00');
  });
});
