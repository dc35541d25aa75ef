import { describe, expect, it } from 'vitest';
import { compareStrings, isPlainObject, setOwn, sortedEntries, utf8Length } from './entries';

describe('setOwn', () => {
  it('sets `__proto__` and `constructor` as own, enumerable data properties without touching the prototype', () => {
    const obj: Record<string, unknown> = {};
    setOwn(obj, '__proto__', { polluted: true });
    setOwn(obj, 'constructor', 'c');
    setOwn(obj, 'a', 1);
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(obj)).toEqual(['__proto__', 'constructor', 'a']);
    expect(JSON.stringify(obj)).toBe('{"__proto__":{"polluted":true},"constructor":"c","a":1}');
    for (const key of ['__proto__', 'constructor', 'a']) {
      expect(Object.getOwnPropertyDescriptor(obj, key)).toMatchObject({ enumerable: true, writable: true, configurable: true });
    }
  });

  it('overwrites an existing own `__proto__` key in place when set twice', () => {
    const obj: Record<string, unknown> = {};
    setOwn(obj, '__proto__', 1);
    setOwn(obj, 'b', 2);
    setOwn(obj, '__proto__', 3);
    expect(Object.entries(obj)).toEqual([
      ['__proto__', 3],
      ['b', 2],
    ]);
  });

  it('works on an object with no prototype', () => {
    const obj = Object.create(null) as Record<string, unknown>;
    setOwn(obj, '__proto__', 'x');
    expect(Object.keys(obj)).toEqual(['__proto__']);
    expect(obj['__proto__']).toBe('x');
  });
});

describe('compareStrings', () => {
  it('orders by UTF-16 code unit, not by locale, when sorting mixed names', () => {
    const names = ['b', 'B', 'a', 'é', 'e', 'Z', '_', '10', '9', '😀', '\uffff'];
    expect([...names].sort(compareStrings)).toEqual([...names].sort());
    expect([...names].sort(compareStrings)).toEqual(['10', '9', 'B', 'Z', '_', 'a', 'b', 'e', 'é', '😀', '\uffff']);
    expect(compareStrings('a', 'a')).toBe(0);
  });
});

describe('sortedEntries', () => {
  it('gives own entries in code-unit order of keys whatever the insertion order', () => {
    expect(sortedEntries({ b: 1, a: 2, B: 3 })).toEqual([
      ['B', 3],
      ['a', 2],
      ['b', 1],
    ]);
  });
});

describe('isPlainObject', () => {
  it.each([
    [{}, true],
    [Object.create(null), true],
    [[], false],
    [null, false],
    ['x', false],
  ])('%j → %s', (v, expected) => {
    expect(isPlainObject(v)).toBe(expected);
  });
});

describe('utf8Length', () => {
  it('counts UTF-8 bytes as TextEncoder does, lone surrogates as the 3 bytes of U+FFFD', () => {
    for (const s of ['', 'abc', 'é', '€', '😀', 'a😀b', '\ud800', '\udc00x', '\ud800\ud800']) {
      expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
    }
  });
});
