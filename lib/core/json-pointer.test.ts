import { describe, expect, it } from 'vitest';
import {
  decodePointerToken,
  fragmentTokens,
  joinPointer,
  percentDecode,
  pointerToken,
  pointerTokens,
  pointerWithin,
  refForTokens,
  tokensToPointer,
} from './json-pointer';

describe('pointerToken', () => {
  it.each([
    ['a', 'a'],
    ['a/b', 'a~1b'],
    ['m~n', 'm~0n'],
    ['~/', '~0~1'],
    ['~1', '~01'],
    [3, '3'],
    ['', ''],
  ])('escapes %j as %j', (key, token) => {
    expect(pointerToken(key)).toBe(token);
  });
});

describe('decodePointerToken', () => {
  it.each([
    ['a~1b', 'a/b'],
    ['m~0n', 'm~n'],
    // ~01 is `~` then `1`, not `/`: ~1 is undone first (RFC 6901 section 4).
    ['~01', '~1'],
    ['~0~1', '~/'],
    ['plain', 'plain'],
  ])('decodes %j as %j', (token, key) => {
    expect(decodePointerToken(token)).toBe(key);
  });

  it('round-trips every key through pointerToken when given awkward keys', () => {
    for (const key of ['', '~', '/', '~~//', '~01~10', '__proto__', 'a b', '%25']) expect(decodePointerToken(pointerToken(key))).toBe(key);
  });
});

describe('joinPointer and tokensToPointer', () => {
  it('writes the same pointer when built token by token or from the list', () => {
    const tokens = ['paths', '/pets/{id}', 'get', '0', 'a~b'];
    expect(tokensToPointer(tokens)).toBe('/paths/~1pets~1{id}/get/0/a~0b');
    expect(tokens.reduce((p, t) => joinPointer(p, t), '')).toBe(tokensToPointer(tokens));
  });

  it('gives the empty pointer for no tokens', () => {
    expect(tokensToPointer([])).toBe('');
  });
});

describe('pointerWithin', () => {
  it.for([
    ['/paths/~1a/get', '/paths/~1a/get', true],
    ['/paths/~1a/get/responses/200', '/paths/~1a/get', true],
    ['/paths/~1a/getter', '/paths/~1a/get', false],
    ['/paths/~1a', '/paths/~1a/get', false],
    ['/paths', '', true],
    ['', '', true],
    ['', '/paths', false],
  ] as const)('%s within %s: %s', ([pointer, base, expected]) => {
    expect(pointerWithin(pointer, base)).toBe(expected);
  });
});

describe('pointerTokens', () => {
  it.each([
    ['', []],
    ['#', []],
    ['/', ['']],
    ['/a/b', ['a', 'b']],
    ['#/a/b', ['a', 'b']],
    ['/paths/~1pets/get', ['paths', '/pets', 'get']],
    ['/a~0b/~01', ['a~b', '~1']],
    ['/a//b', ['a', '', 'b']],
    // No percent-decoding: a pointer is not a URI fragment.
    ['/a%20b', ['a%20b']],
    // Not pointers: no tokens (the caller tells them from the root).
    ['a/b', []],
    ['#anchor', []],
  ] as [string, string[]][])('reads %j as %j', (pointer, tokens) => {
    expect(pointerTokens(pointer)).toEqual(tokens);
  });

  it('undoes tokensToPointer when given any tokens', () => {
    const tokens = ['', '~', '/', 'a/b~c', '0'];
    expect(pointerTokens(tokensToPointer(tokens))).toEqual(tokens);
  });
});

describe('fragmentTokens', () => {
  it.each([
    ['', []],
    ['/a/b', ['a', 'b']],
    ['/a%20b/c~1d', ['a b', 'c/d']],
    // Percent-decoded first, then unescaped: %7E1 is `~1`, which is `/`.
    ['/x%7E1y', ['x/y']],
    // Malformed percent-encoding is kept as it is.
    ['/100%/x', ['100%', 'x']],
  ] as [string, string[]][])('reads %j as %j', (fragment, tokens) => {
    expect(fragmentTokens(fragment)).toEqual(tokens);
  });

  it('refuses a fragment that is not a pointer when given an anchor name', () => {
    expect(fragmentTokens('pet')).toBeNull();
  });
});

describe('refForTokens', () => {
  it('writes a `#/…` reference whose fragment reads back to the same tokens', () => {
    const tokens = ['components', 'schemas', 'a b', '50%', 'x"y', 'h#', 'p/q', 't~'];
    const ref = refForTokens(tokens);
    expect(ref).toBe('#/components/schemas/a%20b/50%25/x%22y/h%23/p~1q/t~0');
    expect(fragmentTokens(ref.slice(1))).toEqual(tokens);
  });
});

describe('percentDecode', () => {
  it('decodes valid percent-encoding and keeps anything else as it is', () => {
    expect(percentDecode('a%20b')).toBe('a b');
    expect(percentDecode('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
