import { describe, expect, it } from 'vitest';
import { seeded, type Random } from '../../test/random';
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

/** Every value's [key offset or -1, value offset], by its pointer's tokens joined with NUL; read by a parser of its own, the first of a repeated key kept. */
function allOffsets(text: string): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  let i = 0;
  const ws = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  const str = () => {
    const start = i;
    for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string[], keyAt: number) => {
    ws();
    const at = path.join('\u0000');
    if (!out.has(at)) out.set(at, [keyAt, i]);
    // A repeated key's value is not what a pointer names: nothing below it is kept.
    const shadowed = out.get(at)![1] !== i;
    const below = (k: string) => (shadowed ? ['\u0001', ...path, k] : [...path, k]);
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      ws();
      for (let n = 0; text[i] !== '}' && text[i] !== ']'; n++) {
        if (c === '{') {
          const k = i;
          const key = str();
          ws();
          i++; // ':'
          value(below(key), k);
        } else value(below(String(n)), -1);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '"') str();
    else while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
  };
  value([], -1);
  return out;
}

function randomJson(rnd: Random, depth: number): unknown {
  const r = rnd.int(depth > 3 ? 3 : 6);
  if (r === 0) return rnd.pick(['a', 'x"}]\\', '{[', '', 'é\u2028']);
  if (r === 1) return rnd.pick([0, -1.5e3, true, null]);
  if (r === 2) return rnd.int(3) === 0 ? {} : [];
  const n = 1 + rnd.int(5);
  if (r === 3) return Array.from({ length: n }, () => randomJson(rnd, depth + 1));
  return Object.fromEntries(Array.from({ length: n }, () => [rnd.pick(['a', 'b', 'c\\"', '~/', '{']) + rnd.int(3), randomJson(rnd, depth + 1)]));
}

describe('jsonOffsets, lookups in any order', () => {
  it("answers each as a parser of the whole text does, for texts compact and indented, a key repeated (seeded)", () => {
    const rnd = seeded(31);
    let deep = 0;
    for (let n = 0; n < 300; n++) {
      let text = JSON.stringify(randomJson(rnd, 0), null, rnd.pick([0, 2, '\t']));
      // A repeated key: the first is the one found.
      if (text.startsWith('{') && text.length > 2) text = `{"a0": [1, {"z": 2}], ${text.slice(1)}`;
      const all = allOffsets(text);
      const paths = [...all.keys()].filter((k) => !k.startsWith('\u0001')).map((k) => (k === '' ? [] : k.split('\u0000')));
      const find = jsonOffsets(text);
      for (let k = 0; k < 30; k++) {
        const tokens = [...rnd.pick(paths)];
        // Now and then, a pointer that goes past what exists: the nearest value that does.
        if (rnd.chance(0.2)) tokens.push('nothing');
        let known = tokens.length;
        while (!all.has(tokens.slice(0, known).join('\u0000'))) known--;
        const [keyAt, valueAt] = all.get(tokens.slice(0, known).join('\u0000'))!;
        expect(find(tokens), `${text}\n${JSON.stringify(tokens)}`).toBe(keyAt >= 0 ? keyAt : valueAt);
        deep = Math.max(deep, known);
      }
    }
    expect(deep).toBeGreaterThanOrEqual(4);
  });
});
