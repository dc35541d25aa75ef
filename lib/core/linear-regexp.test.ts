import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { seeded, type Random } from '../../test/random';
import { linearPattern, linearRegExpEngine } from './linear-regexp';

const EVIL = `${'a'.repeat(48)}!`;

function test(pattern: string, input: string): boolean {
  const p = linearPattern(pattern);
  if (p.kind !== 'linear') throw new Error(`${pattern}: ${p.kind} (${p.reason})`);
  return p.test(input);
}

describe('linearPattern', () => {
  // Each row is where RE2's syntax means something else than ECMAScript's; `expected` is
  // ECMAScript's answer (`new RegExp(pattern, 'u').test(input)`), checked in the test too.
  it.each([
    { pattern: '^.$', input: '\r', expected: false },
    { pattern: '^.$', input: '\u2028', expected: false },
    { pattern: '^.$', input: '😀', expected: true },
    { pattern: '^..$', input: '😀', expected: false },
    { pattern: '^\\s$', input: '\u00a0', expected: true },
    { pattern: '^\\s$', input: '\ufeff', expected: true },
    { pattern: '^\\s$', input: '\v', expected: true },
    { pattern: '^\\S$', input: '\u3000', expected: false },
    { pattern: '^[^\\s]$', input: '\u2028', expected: false },
    { pattern: '^[\\S]$', input: 'x', expected: true },
    { pattern: '^[\\S\\s]$', input: '\n', expected: true },
    { pattern: '^[^\\S]$', input: ' ', expected: true },
    { pattern: '[]', input: 'x', expected: false },
    { pattern: '^[^]$', input: '\n', expected: true },
    { pattern: '[]a', input: 'a', expected: false },
    { pattern: '^[\\P{Any}a]$', input: 'a', expected: true },
    { pattern: '^\\u00e9$', input: 'é', expected: true },
    { pattern: '^\\u{1F600}$', input: '😀', expected: true },
    { pattern: '^\\uD83D\\uDE00$', input: '😀', expected: true },
    { pattern: '^[\\uD83D\\uDE00]$', input: '😀', expected: true },
    { pattern: '^\\x41$', input: 'A', expected: true },
    { pattern: '^\\cJ$', input: '\n', expected: true },
    { pattern: '^\\0$', input: '\0', expected: true },
    { pattern: '^[\\b]$', input: '\b', expected: true },
    { pattern: '\\bé', input: 'é', expected: false },
    { pattern: '^\\w+$', input: 'é', expected: false },
    { pattern: '^\\d$', input: '٣', expected: false },
    { pattern: '^\\/\\.\\*$', input: '/.*', expected: true },
    { pattern: '^[a\\-z]$', input: '-', expected: true },
    { pattern: '^[--/]$', input: '.', expected: true },
    { pattern: '^\\p{Letter}+$', input: 'Ωé', expected: true },
    { pattern: '^\\p{gc=Lu}$', input: 'a', expected: false },
    { pattern: '^\\p{General_Category=Decimal_Number}$', input: '٣', expected: true },
    { pattern: '^\\p{Script=Greek}$', input: 'Ω', expected: true },
    { pattern: '^\\p{sc=Latin}$', input: 'Ω', expected: false },
    { pattern: '^\\P{L}$', input: '1', expected: true },
    { pattern: '^[\\P{L}]$', input: 'a', expected: false },
    { pattern: '^\\p{ASCII}+$', input: 'abc~', expected: true },
    { pattern: '^\\P{ASCII}$', input: 'é', expected: true },
    { pattern: '^\\p{Any}$', input: '😀', expected: true },
    { pattern: '^(?<year>\\d{4})-(?:\\d{2})$', input: '2026-01', expected: true },
    { pattern: '^a{2,3}?$', input: 'aaa', expected: true },
    { pattern: 'a$', input: 'a\n', expected: false },
    { pattern: '^$', input: '', expected: true },
    { pattern: '^\\B$', input: '', expected: true },
    { pattern: 'a\\Bb', input: 'ab', expected: true },
    { pattern: 'a\\B', input: 'a-', expected: false },
  ])('matches /$pattern/u against $input as ECMAScript does ($expected)', ({ pattern, input, expected }) => {
    expect(new RegExp(pattern, 'u').test(input)).toBe(expected);
    expect(test(pattern, input)).toBe(expected);
  });

  it.each([
    { pattern: '^(a)\\1$', reason: /backreference/ },
    { pattern: '^(?<x>a)\\k<x>$', reason: /backreference/ },
    { pattern: '^(?=.*\\d).{8,}$', reason: /lookahead/ },
    { pattern: '^(?!admin)', reason: /lookahead/ },
    { pattern: '(?<=\\$)\\d+', reason: /lookbehind/ },
    { pattern: '(?<!a)b', reason: /lookbehind/ },
    { pattern: 'a{1001}', reason: /at most 1,000/ },
    { pattern: '(a{100}){100}', reason: /at most 1,000/ },
    { pattern: '\\p{scx=Greek}', reason: /`\\p\{scx=Greek\}`/ },
    { pattern: '\\p{Alphabetic}', reason: /`\\p\{Alphabetic\}`/ },
  ])('is model-only when /$pattern/ $reason', ({ pattern, reason }) => {
    expect(new RegExp(pattern, 'u')).toBeInstanceOf(RegExp);
    const p = linearPattern(pattern);
    expect(p.kind).toBe('model-only');
    expect(p.kind !== 'linear' && p.reason).toMatch(reason);
  });

  it.each(['(', '[z-a]', '\\p{Nope}', 'a{', '\\-', '\\q'])('is invalid when /%s/ is not ECMAScript with the u flag', (pattern) => {
    const p = linearPattern(pattern);
    expect(p.kind).toBe('invalid');
    expect(p.kind !== 'linear' && p.reason).toMatch(/^is not a regular expression a validator can compile: /);
  });

  // A backtracking engine takes about 2^48 steps here; the answer below is immediate, and a
  // regression shows as this test timing out, not as a number compared.
  it.each(['^(a+)+$', '^(a|aa)*$', '^(a|a?)+$', '(.*a){20}$', '^([a-z]+)*[0-9]$'])('answers /%s/ against 48 `a`s and `!` without backtracking', { timeout: 10_000 }, (pattern) => {
    expect(test(pattern, EVIL)).toBe(false);
    expect(test(pattern, 'x'.repeat(200_000))).toBe(false);
  });

  it('agrees with ECMAScript on 2,500 generated patterns and inputs', () => {
    const r = seeded(7_2026);
    let linear = 0;
    for (let n = 0; n < 2500; n++) {
      const pattern = patternOf(r, 0);
      let native: RegExp;
      try {
        native = new RegExp(pattern, 'u');
      } catch {
        expect(linearPattern(pattern).kind, pattern).toBe('invalid');
        continue;
      }
      const p = linearPattern(pattern);
      if (p.kind !== 'linear') {
        expect(p.kind, pattern).toBe('model-only');
        continue;
      }
      linear++;
      for (let k = 0; k < 6; k++) {
        const input = Array.from({ length: r.int(7) }, () => r.pick(ALPHABET)).join('');
        expect(p.test(input), `/${pattern}/u on ${JSON.stringify(input)}`).toBe(native.test(input));
      }
    }
    expect(linear).toBeGreaterThan(1500);
  });

  it('matches a pattern of plain characters, anchored or not, as ECMAScript does', () => {
    const r = seeded(11_2026);
    const plain = ['a', 'b', '/', '_', ':', '-', ' ', 'é', 'Ω', '\n'];
    for (let n = 0; n < 400; n++) {
      const text = Array.from({ length: r.int(4) }, () => r.pick(plain)).join('');
      const pattern = `${r.chance(0.5) ? '^' : ''}${text}${r.chance(0.5) ? '$' : ''}`;
      const native = new RegExp(pattern, 'u');
      for (let k = 0; k < 6; k++) {
        const input = Array.from({ length: r.int(6) }, () => r.pick([...plain, '😀', '\ud83d', text])).join('');
        expect(test(pattern, input), `/${pattern}/u on ${JSON.stringify(input)}`).toBe(native.test(input));
      }
    }
    expect(test('^/v1/charges', '/v1/charges/ch_1')).toBe(true);
    expect(test('^/v1/charges', '/v2/v1/charges')).toBe(false);
  });
});

const ALPHABET = ['a', 'b', 'A', '0', '7', '-', '.', ' ', '\n', '\r', '\t', '\u00a0', '\u2028', 'é', 'Ω', '٣', '😀', '\ud83d', '_', '/', ']'];
const ATOMS = [
  'a', 'b', 'A', '0', '-', ' ', 'é', 'Ω', '😀', '.', '\\.', '\\/', '\\-', '\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '\\b', '^', '$',
  '\\p{L}', '\\P{L}', '\\p{Lu}', '\\p{Letter}', '\\p{Nd}', '\\p{sc=Greek}', '\\p{Script=Latin}', '\\p{ASCII}', '\\P{ASCII}', '\\p{Any}',
  '\\u00e9', '\\u{1F600}', '\\uD83D\\uDE00', '\\uD83D', '\\x41', '\\n', '\\r', '\\t', '\\v', '\\0', '\\cJ', '\\u2028',
];
const CLASS_MEMBERS = ['a', 'b', 'z', '0', '9', '-', '.', ' ', 'é', '😀', '\\d', '\\D', '\\w', '\\s', '\\S', '\\p{L}', '\\P{Lu}', '\\b', '\\-', '\\]', '\\n', '\\u2028', '\\uD83D'];
const RANGES = ['a-z', '0-9', 'A-Z', ' -/', 'à-ÿ', '\\u0000-\\u001f', '\\u{1F600}-\\u{1F64F}'];
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{0,2}', '{1,}', '*?', '+?', '??'];

/**
 * A random ECMAScript pattern, mostly valid, small enough that the native engine answers at
 * once. `\B` is left out: V8 finds a non-boundary between the two halves of an astral
 * character, where ECMA-262 (which steps over whole code points with `u`) and RE2 do not.
 */
function patternOf(r: Random, depth: number): string {
  const n = 1 + r.int(4);
  let out = '';
  for (let i = 0; i < n; i++) {
    const k = r.next();
    let atom: string;
    let quantifiable = true;
    if (k < 0.5) {
      atom = r.pick(ATOMS);
      quantifiable = !['^', '$', '\\b'].includes(atom);
    } else if (k < 0.75) {
      const members = Array.from({ length: r.int(4) }, () => (r.chance(0.3) ? r.pick(RANGES) : r.pick(CLASS_MEMBERS))).join('');
      atom = `[${r.chance(0.3) ? '^' : ''}${members}]`;
    } else if (depth < 2) {
      const alts = Array.from({ length: 1 + r.int(3) }, () => patternOf(r, depth + 1)).join('|');
      atom = `(${r.pick(['', '?:', '?<g' + depth + i + '>'])}${alts})`;
    } else atom = r.pick(ATOMS.slice(0, 10));
    out += atom + (quantifiable ? r.pick(QUANTIFIERS) : '');
  }
  return out;
}

describe('linearRegExpEngine', () => {
  const schema = {
    type: 'object',
    properties: { code: { type: 'string', pattern: '^(a+)+$' } },
    patternProperties: { '^(a+)+$': { type: 'integer' } },
    propertyNames: { pattern: '^(a+)+$|^code$|^x' },
  };

  it('makes Ajv answer `pattern`, `patternProperties` and `propertyNames` against 48 `a`s and `!` without backtracking', { timeout: 10_000 }, () => {
    const validate = new Ajv2020({ strict: false, allErrors: true, code: { regExp: linearRegExpEngine() } }).compile(schema);
    expect(validate({ code: EVIL })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toEqual(['pattern']);
    expect(validate({ [EVIL]: 'x' })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toEqual(['pattern', 'propertyNames']);
    expect(validate({ code: 'aaa', aaaa: 1, x1: 's' })).toBe(true);
    expect(validate({ aaaa: 's' })).toBe(false);
  });

  it('keeps two patterns apart when Ajv caches them by their text', () => {
    const validate = new Ajv2020({ code: { regExp: linearRegExpEngine() } }).compile({
      type: 'object',
      properties: { a: { type: 'string', pattern: '^a$' }, b: { type: 'string', pattern: '^b$' } },
    });
    expect(validate({ a: 'a', b: 'b' })).toBe(true);
    expect(validate({ a: 'b', b: 'b' })).toBe(false);
  });

  it('reports a model-only pattern once and counts it as matched, running no backtracking engine', () => {
    const seen: string[] = [];
    const validate = new Ajv2020({ code: { regExp: linearRegExpEngine((p, reason) => seen.push(`${p}: ${reason}`)) } }).compile({
      type: 'string',
      pattern: '^(?=a)(a+)+$',
    });
    expect(seen).toEqual(['^(?=a)(a+)+$: uses a lookahead (`(?=` or `(?!`), which cannot be matched in linear time']);
    expect(validate(EVIL)).toBe(true);
  });

  it('refuses to compile a schema whose pattern is not ECMAScript, as Ajv does', () => {
    const ajv = new Ajv2020({ code: { regExp: linearRegExpEngine() } });
    expect(() => ajv.compile({ type: 'string', pattern: '(' })).toThrow(/The pattern `\(` is not a regular expression a validator can compile/);
  });
});
