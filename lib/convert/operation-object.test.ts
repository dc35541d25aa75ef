import { describe, expect, it } from 'vitest';
import { seeded } from '../../test/random';
import { encodeSegment } from './operation-object';

describe('encodeSegment', () => {
  // Each character on its own, as it was before segments of path characters only were given back whole.
  const byCharacter = (segment: string) => {
    let out = '';
    for (let i = 0; i < segment.length; i++) {
      const c = segment[i];
      if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(segment.slice(i + 1, i + 3))) out += c;
      else if (/[A-Za-z0-9\-._~!$&'()*+,;=:@]/.test(c)) out += c;
      else {
        const cp = segment.codePointAt(i)!;
        if (cp > 0xffff) i++;
        try {
          out += encodeURIComponent(String.fromCodePoint(cp));
        } catch {
          out += '%EF%BF%BD';
        }
      }
    }
    return out;
  };

  it('encodes every segment as character by character, plain or not (seeded)', () => {
    const rnd = seeded(41);
    let plain = 0;
    for (let n = 0; n < 3_000; n++) {
      const segment = Array.from({ length: rnd.int(8) }, () => rnd.pick(['a', 'Z9', '-._~', "!$&'()*+,;=:@", '%', '%2F', '%zz', ' ', 'é', '😀', '\ud800', '\n', '?', '#', '[', '"'])).join('');
      const expected = byCharacter(segment);
      expect(encodeSegment(segment), JSON.stringify(segment)).toBe(expected);
      if (expected === segment) plain++;
    }
    expect(plain).toBeGreaterThan(300);
  });

  it('keeps a valid escape and encodes a lone `%`, a space and a lone surrogate', () => {
    expect(encodeSegment('a%2Fb')).toBe('a%2Fb');
    expect(encodeSegment('50%')).toBe('50%25');
    expect(encodeSegment('a b')).toBe('a%20b');
    expect(encodeSegment('x\ud800')).toBe('x%EF%BF%BD');
    expect(encodeSegment('v1.pods:watch')).toBe('v1.pods:watch');
  });
});
