import { describe, expect, it } from 'vitest';
import { linearPattern } from '../core/linear-regexp';
import { patternExample } from './pattern-example';

describe('patternExample', () => {
  it.for([
    ['^AC[0-9a-fA-F]{32}$', `AC${'0'.repeat(32)}`],
    ['^(0|[1-9][0-9]*)$', '0'],
    ['^(SM|MM)[0-9a-fA-F]{32}$', `SM${'0'.repeat(32)}`],
    ['^adr_[a-zA-Z0-9]+$', 'adr_a'],
    ['^ord_[0-9a-f]{26}$', `ord_${'0'.repeat(26)}`],
    ['^\\d{5}$', '00000'],
    ['^https:\\/\\/.{5,247}$', 'https://aaaaa'],
    ['.+\\.[Jj][Ss][Oo][Nn][Ll]$', 'a.JSONL'],
    ['^(?:album|artist)(?:,(?:album|artist))*$', 'album'],
    ['^(?<kind>ch|py)_\\w+$', 'ch_a'],
    ['^[^/]+$', 'a'],
    ['^[-a-z]{2,}?$', '--'],
    ['^\\u00e9t\\x65$', 'éte'],
    ['^[\\w.-]+@example\\.com$', 'a@example.com'],
  ] as const)('%s gives %s, which the pattern accepts', ([pattern, expected]) => {
    const got = patternExample(pattern);
    expect(got).toBe(expected);
    const compiled = linearPattern(pattern);
    expect(compiled.kind === 'linear' && compiled.test(got!)).toBe(true);
  });

  it.for([
    // Lookarounds and back references constrain in ways this reading does not follow.
    '^(?!https://)[a-z]+$',
    '^(a)\\1$',
    // Not a pattern at all, or one whose least string is longer than an identifier.
    '^[a-z',
    '^a{100000}$',
    '^(a{400}){2}$',
    // A negated class whose plain characters are all left out: the match at the end refuses the guess.
    '^[^a0_\\- ]$',
  ])('%s gives nothing', (pattern) => {
    expect(patternExample(pattern)).toBeUndefined();
  });

  it('gives nothing rather than a string its own pattern refuses', () => {
    // A word boundary is not read: the pattern is refused, not sampled wrongly.
    expect(patternExample('^a\\bb$')).toBeUndefined();
  });
});
