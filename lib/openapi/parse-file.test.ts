import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../core/json-locate';
import { looksLikeJson, parseDataFile, type ParsedFile } from './parse-file';
import { seeded } from '../../test/random';
import { billionLaughs, deepJson, flatMapping, wideAliases } from '../../test/hostile';

function parsed(path: string, text: string, options = {}): ParsedFile {
  const r = parseDataFile(path, text, options);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
}

describe('parseDataFile', () => {
  it('parses JSON with JSON.parse when the text starts with { or [', () => {
    const f = parsed('a.json', '  {"openapi": "3.0.0", "n": 1}');
    expect(f.syntax).toBe('json');
    expect(f.root).toEqual({ openapi: '3.0.0', n: 1 });
  });

  it('parses YAML with the core schema: dates stay strings, yes stays a string', () => {
    const f = parsed('a.yaml', 'a: 2020-01-01\nb: yes\nc: 0x1F\nd: ~\ne: "1"\n');
    expect(f.syntax).toBe('yaml');
    expect(f.root).toEqual({ a: '2020-01-01', b: 'yes', c: 31, d: null, e: '1' });
  });

  it('strips a byte-order mark', () => {
    expect(parsed('a.json', '\uFEFF{"a":1}').root).toEqual({ a: 1 });
    expect(parsed('a.yaml', '\uFEFFa: 1\n').root).toEqual({ a: 1 });
  });

  it('reads JSON that JSON.parse refuses but YAML accepts as YAML', () => {
    expect(parsed('a.json', '{"a": 1, "b": [1, 2,],}').root).toEqual({ a: 1, b: [1, 2] });
  });

  it('reports a YAML syntax error with file, 1-based line and column, and no file contents', () => {
    const secret = 'TOPSECRET-VALUE';
    const r = parseDataFile('specs/api.yaml', `openapi: 3.0.0\ninfo:\n  title: ${secret}\n    bad: [\n`);
    expect(r.ok).toBe(false);
    expect(r.problems).toHaveLength(1);
    const p = r.problems[0];
    expect(p).toMatchObject({ ruleId: 'yaml-syntax', severity: 'error', file: 'specs/api.yaml', line: 4 });
    expect(p.column).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(r.problems)).not.toContain(secret);
    expect(p.message).not.toMatch(/\n/);
  });

  it('reports invalid JSON with line and column and without quoting the text', () => {
    const r = parseDataFile('a.json', '{\n  "secretkey": [1, 2\n}');
    expect(r.ok).toBe(false);
    expect(r.problems[0]).toMatchObject({ ruleId: 'json-syntax', file: 'a.json', line: 3, column: 1 });
    expect(r.problems[0].message).not.toContain('secretkey');
  });

  it('reports a duplicate key with its line and keeps the last value', () => {
    const r = parseDataFile('a.yaml', 'a: 1\nb: 2\na: 3\n');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.root).toEqual({ a: 3, b: 2 });
    expect(r.problems[0]).toMatchObject({ ruleId: 'yaml-duplicate-key', line: 3, column: 1 });
  });

  // BAD-INPUT 53: JSON.parse is last-wins, and silent about it.
  it('reports a duplicate JSON key as an error at the key, with its pointer, and keeps the last value as JSON.parse does', () => {
    const r = parseDataFile('a.json', '{\n  "paths": {\n    "/a": {"get": {}},\n    "/a": {"post": {}}\n  }\n}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.root).toEqual({ paths: { '/a': { post: {} } } });
    expect(r.problems).toEqual([{ ruleId: 'json-duplicate-key', severity: 'error', message: 'duplicate key "/a" in an object (the last value is used)', file: 'a.json', line: 4, column: 5, pointer: '/paths/~1a' }]);
  });

  it('reports each number it cannot keep exactly, JSON or YAML, with what it became', () => {
    const json = parseDataFile('a.json', '{"enum": [9007199254740993, 1], "default": -0}');
    expect(json.problems.map((p) => [p.ruleId, p.severity, p.pointer, p.column])).toEqual([
      ['number-inexact', 'warning', '/enum/0', 11],
      ['number-inexact', 'warning', '/default', 44],
    ]);
    expect(json.problems[0].message).toBe('the number 9007199254740993 cannot be kept exactly: it is read, and written into the skill, as 9007199254740992; write it as a string if it is an identifier');
    expect(json.problems[1].message).toMatch(/^the number -0 cannot be kept exactly: it is read, and written into the skill, as 0;/);
    const yaml = parseDataFile('a.yaml', 'enum:\n  - 9007199254740993\n  - 9007199254740992\ndefault: -0\n');
    expect(yaml.problems.map((p) => [p.ruleId, p.line, p.column, p.message.split(':')[0]])).toEqual([
      ['number-inexact', 2, 5, 'the number 9007199254740993 cannot be kept exactly'],
      ['number-inexact', 4, 10, 'the number -0 cannot be kept exactly'],
    ]);
    expect(parseDataFile('a.yaml', 'a: 9007199254740992\nb: "9007199254740993"\n').problems).toEqual([]);
  });

  it('allows up to maxAliases aliases and refuses one more', () => {
    const yaml = (n: number) => `base: &b {type: string}\n${Array.from({ length: n }, (_, i) => `k${i}: *b`).join('\n')}\n`;
    expect(parseDataFile('a.yaml', yaml(100)).ok).toBe(true);
    const r = parseDataFile('a.yaml', yaml(101));
    expect(r.ok).toBe(false);
    expect(r.problems[0].ruleId).toBe('yaml-aliases');
    expect(parseDataFile('a.yaml', yaml(101), { maxAliases: 200 }).ok).toBe(true);
  });

  it('does not count * in text, block scalars or quoted strings as aliases', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `  * item ${i} with *bold* text`).join('\n');
    const r = parseDataFile('a.yaml', `anchor: &a x\ndescription: |\n${lines}\nq: "*a"\nlist: ["*b", '*c']\n`);
    expect(r.ok).toBe(true);
  });

  // How fast these are refused or parsed is measured by `npm run bench` (bench/limits.ts).
  it('refuses a billion-laughs document', () => {
    const r = parseDataFile('bomb.yaml', billionLaughs(9));
    expect(r.ok).toBe(false);
    expect(r.problems[0].ruleId).toBe('yaml-alias-expansion');
  });

  it('counts aliases of an anchor written right after a flow mapping\'s colon ({"a":&x …}), and reports them, not a JSON error', () => {
    const aliases = (n: number) => `{"base":&b {"type": "string"}, ${Array.from({ length: n }, (_, i) => `"k${i}":*b`).join(', ')}}`;
    expect(parseDataFile('a.yaml', aliases(100)).ok).toBe(true);
    const r = parseDataFile('a.json', aliases(101));
    expect(r.ok).toBe(false);
    expect(r.problems[0].ruleId).toBe('yaml-aliases');
    // The billion laughs in that form: nine levels of ten aliases.
    const names = 'abcdefghi';
    const levels = [`"a":&a [${Array(10).fill('"lol"').join(',')}]`];
    for (let i = 1; i < names.length; i++) levels.push(`"${names[i]}":&${names[i]} [${Array(10).fill(`*${names[i - 1]}`).join(',')}]`);
    const bomb = parseDataFile('bomb.json', `{${levels.join(', ')}}`);
    expect(bomb.ok).toBe(false);
    expect(bomb.problems[0].ruleId).toBe('yaml-alias-expansion');
  });

  it.each([
    ['a sequence holding itself', 'x-a: &a [*a]\n', 1, 10],
    ['a mapping holding itself', 'x-a: &a {b: *a}\n', 1, 13],
    ['a merge key inside its own anchor', 'x-a: &a\n  b: 1\n  <<: *a\n', 3, 7],
    ['a block sequence holding itself', 'x-a: &a\n  - *a\n', 2, 5],
    ['a mapping holding itself two levels down', 'x-a: &a\n  b:\n    c: [1, *a]\n', 3, 12],
    ['a JSON-looking flow mapping holding itself', '{"x": &a {"b": *a}}', 1, 16],
  ])('refuses %s at the alias, with line and column, never a crash', (_name, text, line, column) => {
    const r = parseDataFile('a.yaml', text);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([expect.objectContaining({ ruleId: 'yaml-alias-cycle', severity: 'error', file: 'a.yaml', line, column })]);
  });

  it('keeps an alias of a finished collection inside a sibling, and a merge of an earlier anchor', () => {
    expect(parseDataFile('a.yaml', 'base: &b {type: string}\nother:\n  <<: *b\n  items: [*b]\n').ok).toBe(true);
    const f = parsed('a.yaml', 'base: &b {type: string}\nother:\n  items: [*b, {c: *b}]\n');
    expect(f.root).toEqual({ base: { type: 'string' }, other: { items: [{ type: 'string' }, { c: { type: 'string' } }] } });
  });

  it('refuses merge-key and alias expansion of wide mappings', () => {
    const r = parseDataFile('wide.yaml', wideAliases());
    expect(r.ok).toBe(false);
    expect(r.problems[0].ruleId).toBe('yaml-alias-expansion');
  });

  it('parses a flat mapping of 80,000 keys (1.7 MB)', () => {
    const text = flatMapping();
    expect(text.length).toBeGreaterThan(1_700_000);
    const r = parseDataFile('flat.yaml', text);
    expect(r.ok).toBe(true);
    expect(r.ok && Object.keys(r.value.root as object)).toHaveLength(80_000);
  });

  it('refuses YAML nested 10,000 levels deep with a clean error', () => {
    const block = Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n';
    const flow = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const text of [block, `a: ${flow}`]) {
      const r = parseDataFile('deep.yaml', text);
      expect(r.ok).toBe(false);
      expect(r.problems[0].ruleId).toBe('nesting-too-deep');
    }
  });

  it('refuses JSON nested 10,000 and 1,000,000 levels deep', () => {
    for (const n of [10_000, 1_000_000]) {
      const r = parseDataFile('deep.json', deepJson(n));
      expect(r.ok).toBe(false);
      expect(r.problems[0].ruleId).toBe('nesting-too-deep');
    }
  });

  it('keeps __proto__ and constructor as ordinary keys without touching prototypes', () => {
    for (const [path, text] of [
      ['a.yaml', '__proto__:\n  polluted: yes\nconstructor:\n  prototype: 1\n'],
      ['a.json', '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": 1}}'],
    ]) {
      const root = parsed(path, text).root as Record<string, unknown>;
      expect(Object.getPrototypeOf(root)).toBe(Object.prototype);
      expect(Object.keys(root)).toEqual(['__proto__', 'constructor']);
      expect(Object.getOwnPropertyDescriptor(root, '__proto__')?.value).toEqual({ polluted: 'yes' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('records where each YAML mapping starts, on its key line', () => {
    const f = parsed('a.yaml', 'a:\n  b:\n    c: 1\n  d: [1, 2]\n');
    const root = f.root as { a: { b: object; d: object } };
    const lineOf = (o: object) => f.source.slice(0, f.offsets!.get(o)).split('\n').length;
    expect(lineOf(root.a)).toBe(1);
    expect(lineOf(root.a.b)).toBe(2);
    expect(lineOf(root.a.d)).toBe(4);
  });

  it('gives markdown and text files as strings', () => {
    expect(parsed('docs/intro.md', '# Title\n\n- a: b\n').root).toBe('# Title\n\n- a: b\n');
  });
});

/** What jsonDepthExceeds answers, a character at a time (its first form): the oracle for the fast one. */
function depthExceedsSlowly(s: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < s.length; i++) {
        const d = s.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

describe('jsonDepthExceeds', () => {
  it.for([
    ['[[1]]', 2, false],
    ['[[[1]]]', 2, true],
    ['{"a": {"b": [1]}}', 2, true],
    ['{"a": {"b": 1}}', 2, false],
    // Brackets inside strings do not count, escaped quotes do not end them, an escaped backslash does not escape the quote.
    ['["[[[[", "\\"[[[["]', 1, false],
    ['["\\\\", [[1]]]', 2, true],
    ['["\\\\\\"[[[", 1]', 1, false],
    // Unterminated: what is after the quote is a string.
    ['["[[[[', 1, false],
    ['', 0, false],
    ['[]]]][[', 1, false],
    ['[][[[', 2, true],
  ] as const)('%s within %i: %s', ([text, max, exceeds], { expect }) => {
    expect(depthExceedsSlowly(text, max)).toBe(exceeds);
    expect(jsonDepthExceeds(text, max)).toBe(exceeds);
  });

  it('answers as a character-at-a-time scan does, for random texts of quotes, backslashes and brackets (seeded)', ({ expect }) => {
    const random = seeded(0xde9744);
    const pieces = ['"', '\\', '[', ']', '{', '}', 'a', ' ', ',', ':', '\n', 'é', '\\"'];
    for (let n = 0; n < 3000; n++) {
      let text = '';
      for (let k = random.int(60); k > 0; k--) text += random.pick(pieces);
      const max = random.int(6);
      expect(jsonDepthExceeds(text, max), JSON.stringify([text, max])).toBe(depthExceedsSlowly(text, max));
    }
  });

  it('answers as a character-at-a-time scan does when thousands of strings stand between two brackets (seeded)', ({ expect }) => {
    // Past the 500 runs and strings one regular expression call takes: the scan goes on from there, inside or outside a string.
    const random = seeded(0xde9745);
    // Whole strings (a backslash escaped, a quote escaped, brackets inside), and what stands between them.
    const pieces = ['"a"', '"[{"', '"\\\\"', '"\\""', '"}]"', ',', ' ', 'x'];
    for (let n = 0; n < 40; n++) {
      let text = '[';
      for (let k = 400 + random.int(1600); k > 0; k--) text += random.pick(pieces);
      text += random.pick(['[[1]]]', ']', '"[[[', '{"a": [[]]}]']);
      const max = 1 + random.int(3);
      expect(jsonDepthExceeds(text, max), `seed piece ${n}`).toBe(depthExceedsSlowly(text, max));
    }
  });

  it('reads a text of millions of strings without running out of stack', () => {
    const text = `[${'"s",'.repeat(3_000_000)}[[1]]]`;
    expect(jsonDepthExceeds(text, 2)).toBe(true);
    expect(jsonDepthExceeds(text, 3)).toBe(false);
  });
});

describe('looksLikeJson', () => {
  it('is an object or an array after a byte order mark and white space, as parseDataFile first tries JSON', () => {
    expect(looksLikeJson('{"openapi": "3.0.0"}')).toBe(true);
    expect(looksLikeJson('\ufeff \t\r\n[1]')).toBe(true);
    expect(looksLikeJson('\n\n  {')).toBe(true);
    expect(looksLikeJson('openapi: 3.0.0')).toBe(false);
    expect(looksLikeJson('# {"a": 1}')).toBe(false);
    expect(looksLikeJson('\ufeff')).toBe(false);
    expect(looksLikeJson('')).toBe(false);
    expect(looksLikeJson(' \u00a0{')).toBe(false);
    // What parseDataFile does with each: JSON.parse first, YAML when that fails.
    expect(parsed('a.json', '\ufeff  {"a": [1]}').syntax).toBe('json');
    expect(parsed('a.yaml', '{a: 1}').syntax).toBe('yaml');
    expect(parsed('a.yaml', '# {"a": 1}\na: 1').syntax).toBe('yaml');
  });
});
