import { describe, expect, it } from 'vitest';
import { JsonLocator, jsonOffsets } from './json-locate';

const TEXT = `{
  "openapi": "3.1.0",
  "paths": {
    "/pets/{id}": {
      "get": { "parameters": [ { "name": "id" }, {"name":"q\\"x"} ] }
    }
  },
  "a\\u0062c": [1, [2, 3], {"k": null}],
  "esc": "}]\\"{["
}
`;

describe('JsonLocator', () => {
  const locator = new JsonLocator(TEXT);
  it.each([
    ['', 1, 1],
    ['/openapi', 2, 3],
    ['/paths', 3, 3],
    ['/paths/~1pets~1{id}', 4, 5],
    ['/paths/~1pets~1{id}/get', 5, 7],
    // An array element has no key: its value.
    ['/paths/~1pets~1{id}/get/parameters/0', 5, 32],
    ['/paths/~1pets~1{id}/get/parameters/1/name', 5, 51],
    // A key written with an escape is found by what it means.
    ['/abc', 8, 3],
    ['/abc/1/0', 8, 20],
    ['/abc/2/k', 8, 28],
    // Strings holding brackets and quotes do not throw the scan off.
    ['/esc', 9, 3],
    // What does not exist: the nearest enclosing value that does.
    ['/paths/~1pets~1{id}/post', 4, 5],
    ['/abc/7', 8, 3],
    ['/nothing/deeper', 1, 1],
  ])('locates %j at %i:%i', (pointer, line, column) => {
    expect(locator.locate(pointer)).toEqual({ line, column });
  });

  it('answers lookups in any order the same as fresh ones', () => {
    const pointers = ['/esc', '/paths/~1pets~1{id}/get/parameters/1/name', '/openapi', '/abc/2/k', '/paths', '/abc/1/0'];
    const fresh = pointers.map((p) => new JsonLocator(TEXT).locate(p));
    const shared = new JsonLocator(TEXT);
    expect(pointers.map((p) => shared.locate(p))).toEqual(fresh);
    expect([...pointers].reverse().map((p) => shared.locate(p))).toEqual([...fresh].reverse());
  });

  it('gives a position for an offset when asked for one', () => {
    expect(locator.position(0)).toEqual({ line: 1, column: 1 });
    expect(locator.position(TEXT.indexOf('"paths"'))).toEqual({ line: 3, column: 3 });
  });
});

describe('jsonOffsets', () => {
  it('finds a key that appears twice where it first appears', () => {
    const text = '{"a": 1, "b": 2, "a": 3}';
    expect(jsonOffsets(text)(['a'])).toBe(1);
    expect(jsonOffsets(text)(['b'])).toBe(9);
  });

  it('finds values of a top-level array and scalars when the text is not an object', () => {
    expect(jsonOffsets('  [10, "x", {"k": 1}]')(['2', 'k'])).toBe(13);
    expect(jsonOffsets(' 42 ')([])).toBe(1);
    expect(jsonOffsets(' 42 ')(['a'])).toBe(1);
  });

  it('finds every key of a long object when asked in reverse order, after the scan has passed them all', () => {
    const keys = Array.from({ length: 2_000 }, (_, i) => `k${i}`);
    const text = `{${keys.map((k) => `"${k}": {"v": [1, "}"]}`).join(', ')}}`;
    const find = jsonOffsets(text);
    expect(find([keys[keys.length - 1], 'v', '1'])).toBe(text.lastIndexOf('"}"'));
    for (const k of [...keys].reverse()) expect(find([k])).toBe(text.indexOf(`"${k}"`));
    for (const k of keys) expect(find([k, 'v'])).toBe(text.indexOf('"v"', text.indexOf(`"${k}"`)));
  });
});
