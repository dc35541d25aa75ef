import { RE2JS } from 're2js';

/**
 * Regular expressions from a spec or a skill (`pattern`, `patternProperties`, `propertyNames`)
 * matched in time linear in the input (BAD-INPUT 22). JSON Schema says a pattern is
 * an ECMAScript regular expression (the `u` flag, as Ajv compiles it), but ECMAScript engines
 * backtrack: `^(a+)+$` against 48 `a`s and `!` takes longer than anyone waits. So each pattern
 * is translated from ECMAScript syntax into RE2's, keeping ECMAScript's meaning, and run by
 * `re2js` (RE2's pure-JavaScript port: automata, no backtracking).
 *
 * What RE2 cannot run in linear time (backreferences, lookahead, lookbehind, a few Unicode
 * properties, repeats over 1,000) is `model-only`: never run by a backtracking engine; the
 * call check treats it as matched and says so, and `schema-checkable` names it in a warning.
 *
 * The translation keeps ECMAScript's meaning where RE2's syntax differs (docs/decisions/0005-patterns-in-linear-time.md): `.` excludes `\r`, U+2028 and U+2029 as well as `\n`; `\s` is ECMAScript's
 * Unicode white space, not RE2's ASCII one; `[]` matches nothing and `[^]` anything; `\uXXXX`,
 * `\u{…}` and surrogate pairs are code points; `\p{Letter}`, `\p{gc=Lu}`, `\p{Script=Greek}`
 * become RE2's names. `\d`, `\w` and `\b` are ASCII in both.
 */
export type LinearPattern =
  | { kind: 'linear'; test(input: string): boolean }
  /** A valid ECMAScript pattern that cannot be matched in linear time: checked by the model only. */
  | { kind: 'model-only'; reason: string }
  /** Not an ECMAScript regular expression at all (with the `u` flag). */
  | { kind: 'invalid'; reason: string };

const cache = new Map<string, LinearPattern>();
const CACHE_LIMIT = 10_000;

/**
 * A pattern compiled for linear-time matching, or why it cannot be (see `LinearPattern`).
 * Compiles once per pattern text (cached); never throws.
 */
export function linearPattern(pattern: string): LinearPattern {
  let hit = cache.get(pattern);
  if (hit === undefined) {
    hit = compile(pattern);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pattern, hit);
  }
  return hit;
}

/** Ajv's `code.regExp` engine (a function with a `code` name, as Ajv's `RegExpEngine` type asks). */
export interface AjvRegExpEngine {
  (pattern: string, flags: string): { test(input: string): boolean };
  code: string;
}

/**
 * An engine for Ajv's `code.regExp` option: every pattern a validator compiles is matched by
 * `linearPattern`. A pattern that is not ECMAScript throws (Ajv then refuses the schema, as its
 * own `new RegExp` would); a `model-only` one is reported to `onModelOnly` once per compile and
 * counts as matched.
 */
export function linearRegExpEngine(onModelOnly?: (pattern: string, reason: string) => void): AjvRegExpEngine {
  const engine = (pattern: string) => {
    const p = linearPattern(pattern);
    if (p.kind === 'invalid') throw new Error(`The pattern \`${pattern}\` ${p.reason}`);
    const test = p.kind === 'linear' ? p.test : () => true;
    if (p.kind === 'model-only') onModelOnly?.(pattern, p.reason);
    // Ajv keys compiled patterns by their `toString()`: one key per pattern text.
    return { test, toString: () => `/${pattern}/u` };
  };
  return Object.assign(engine, { code: 'linearRegExp' });
}

function compile(pattern: string): LinearPattern {
  try {
    // Compiling is safe in any engine; only matching backtracks. This is the syntax check
    // JSON Schema means (ECMA-262 with the `u` flag).
    new RegExp(pattern, 'u');
  } catch (e) {
    return { kind: 'invalid', reason: `is not a regular expression a validator can compile: ${(e as Error).message}` };
  }
  const literal = LITERAL.exec(pattern);
  if (literal) return { kind: 'linear', test: literalTest(literal[2], literal[1] === '^', literal[3] === '$') };
  let source: string;
  try {
    source = new Translator(pattern).translate();
  } catch (e) {
    if (e instanceof Unsupported) return { kind: 'model-only', reason: e.message };
    return { kind: 'model-only', reason: `could not be translated for linear-time matching (${(e as Error).message})` };
  }
  try {
    const re = RE2JS.compile(source);
    return { kind: 'linear', test: (input: string) => re.test(input) };
  } catch (e) {
    const message = (e as Error).message;
    if (/repeat count|too large/.test(message)) {
      return { kind: 'model-only', reason: 'repeats more than a linear-time matcher allows (at most 1,000, nested repeats multiplied)' };
    }
    return { kind: 'model-only', reason: `cannot be compiled for linear-time matching: ${message}` };
  }
}

/**
 * A pattern of plain characters, anchored or not (Stripe's `^/v1/charges`): matched as
 * text, which is what any engine does with it, without compiling an automaton. No
 * surrogates, so that a code unit compared is a code point compared.
 */
const LITERAL = /^(\^?)([^\\^$.|?*+()[\]{}\ud800-\udfff]*)(\$?)$/;

function literalTest(text: string, start: boolean, end: boolean): (input: string) => boolean {
  if (start && end) return (input) => input === text;
  if (start) return (input) => input.startsWith(text);
  if (end) return (input) => input.endsWith(text);
  return (input) => input.includes(text);
}

class Unsupported extends Error {}

const MAX_CODE_POINT = 0x10ffff;

/** A set of characters as RE2 writes it inside brackets, and its complement. */
interface CharSet {
  inside: string;
  complement: string;
}

type Range = [number, number];

/** ECMAScript's `\s`: WhiteSpace and LineTerminator (ECMA-262 22.2.2.9, Unicode 15 `Zs`). */
const WHITE_SPACE: Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** What ECMAScript's `.` leaves out without the `s` flag: the line terminators. */
const LINE_TERMINATORS: Range[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

function complement(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const hex = (cp: number) => `\\x{${cp.toString(16)}}`;
const writeRanges = (ranges: readonly Range[]) => ranges.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');
const rangeSet = (ranges: readonly Range[]): CharSet => ({ inside: writeRanges(ranges), complement: writeRanges(complement(ranges)) });

const SPACE = rangeSet(WHITE_SPACE);
const DOT = `[${writeRanges(complement(LINE_TERMINATORS))}]`;
const PERL: Readonly<Record<string, CharSet>> = {
  d: { inside: '\\d', complement: '\\D' },
  w: { inside: '\\w', complement: '\\W' },
  s: SPACE,
};

/** ECMAScript's General_Category values and aliases (ECMA-262 table 69) to the short names RE2 knows. */
const GENERAL_CATEGORY: Readonly<Record<string, string>> = {
  Cased_Letter: 'LC', Close_Punctuation: 'Pe', Connector_Punctuation: 'Pc', Control: 'Cc', cntrl: 'Cc', Currency_Symbol: 'Sc',
  Dash_Punctuation: 'Pd', Decimal_Number: 'Nd', digit: 'Nd', Enclosing_Mark: 'Me', Final_Punctuation: 'Pf', Format: 'Cf',
  Initial_Punctuation: 'Pi', Letter: 'L', Letter_Number: 'Nl', Line_Separator: 'Zl', Lowercase_Letter: 'Ll', Mark: 'M',
  Combining_Mark: 'M', Math_Symbol: 'Sm', Modifier_Letter: 'Lm', Modifier_Symbol: 'Sk', Nonspacing_Mark: 'Mn', Number: 'N',
  Open_Punctuation: 'Ps', Other: 'C', Other_Letter: 'Lo', Other_Number: 'No', Other_Punctuation: 'Po', Other_Symbol: 'So',
  Paragraph_Separator: 'Zp', Private_Use: 'Co', Punctuation: 'P', punct: 'P', Separator: 'Z', Space_Separator: 'Zs',
  Spacing_Mark: 'Mc', Surrogate: 'Cs', Symbol: 'S', Titlecase_Letter: 'Lt', Unassigned: 'Cn', Uppercase_Letter: 'Lu',
};
const SHORT_CATEGORIES = new Set(Object.values(GENERAL_CATEGORY));

/** `\p{…}`'s body as a set RE2 can write; Unsupported for what it does not know. */
function property(body: string): CharSet {
  const eq = body.indexOf('=');
  const name = eq < 0 ? body : body.slice(0, eq);
  const value = eq < 0 ? body : body.slice(eq + 1);
  const named = (n: string): CharSet => ({ inside: `\\p{${n}}`, complement: `\\P{${n}}` });
  if (eq < 0 || name === 'General_Category' || name === 'gc') {
    const short = SHORT_CATEGORIES.has(value) ? value : GENERAL_CATEGORY[value];
    if (short) return named(short);
  }
  if (eq >= 0 && (name === 'Script' || name === 'sc')) return named(value);
  if (eq < 0 && value === 'Any') return rangeSet([[0, MAX_CODE_POINT]]);
  if (eq < 0 && value === 'ASCII') return rangeSet([[0, 0x7f]]);
  throw new Unsupported(`uses the Unicode property \`\\p{${body}}\`, which the linear-time matcher does not know`);
}

const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const CONTROL: Readonly<Record<string, number>> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };

/**
 * ECMAScript pattern (already known to compile with the `u` flag) to RE2 syntax. Walks code
 * points; every literal is written as `\x{…}` or a plain letter, so no character means
 * something to RE2 that it did not mean to ECMAScript. Groups become non-capturing: only
 * whether a pattern matches is asked.
 */
class Translator {
  private readonly cps: string[];
  private i = 0;

  constructor(pattern: string) {
    this.cps = Array.from(pattern);
  }

  translate(): string {
    let out = '';
    while (this.i < this.cps.length) {
      const c = this.cps[this.i++];
      switch (c) {
        case '\\':
          out += this.escapeOutside();
          break;
        case '[':
          out += this.charClass();
          break;
        case '(':
          out += this.group();
          break;
        case '.':
          out += DOT;
          break;
        case '{':
          out += this.braces();
          break;
        case ')':
        case '|':
        case '*':
        case '+':
        case '?':
        case '^':
        case '$':
          out += c;
          break;
        default:
          out += literal(c);
      }
    }
    return out;
  }

  private group(): string {
    if (this.cps[this.i] !== '?') return '(?:';
    const next = this.cps[this.i + 1];
    if (next === ':') {
      this.i += 2;
      return '(?:';
    }
    if (next === '=' || next === '!') throw new Unsupported('uses a lookahead (`(?=` or `(?!`), which cannot be matched in linear time');
    if (next === '<') {
      const after = this.cps[this.i + 2];
      if (after === '=' || after === '!') throw new Unsupported('uses a lookbehind (`(?<=` or `(?<!`), which cannot be matched in linear time');
      const close = this.cps.indexOf('>', this.i);
      if (close < 0) throw new Error('unterminated group name');
      this.i = close + 1;
      return '(?:';
    }
    throw new Unsupported(`uses the group syntax \`(?${next ?? ''}\`, which the linear-time matcher does not know`);
  }

  /** A quantifier `{n}`, `{n,}`, `{n,m}`: digits and a comma only (ECMAScript with `u` allows no literal brace). */
  private braces(): string {
    const close = this.cps.indexOf('}', this.i);
    const body = close < 0 ? '' : this.cps.slice(this.i, close).join('');
    if (!/^\d+(,\d*)?$/.test(body)) throw new Error(`unexpected \`{${body}\``);
    this.i = close + 1;
    return `{${body}}`;
  }

  private escapeOutside(): string {
    const c = this.cps[this.i++];
    if (c === undefined) throw new Error('a trailing backslash');
    if (c === 'b' || c === 'B') return `\\${c}`;
    if (/[1-9]/.test(c) || c === 'k') throw new Unsupported('uses a backreference, which cannot be matched in linear time');
    const set = this.classEscape(c);
    if (set) return `[${set.negated ? '^' : ''}${set.set.inside}]`;
    return literal(String.fromCodePoint(this.characterEscape(c)));
  }

  /** `\d \D \w \W \s \S \p{…} \P{…}` after the backslash; undefined for any other escape. */
  private classEscape(c: string): { set: CharSet; negated: boolean } | undefined {
    const lower = c.toLowerCase();
    if (PERL[lower]) return { set: PERL[lower], negated: c !== lower };
    if (c === 'p' || c === 'P') {
      const close = this.cps.indexOf('}', this.i);
      if (this.cps[this.i] !== '{' || close < 0) throw new Error('a malformed \\p');
      const body = this.cps.slice(this.i + 1, close).join('');
      this.i = close + 1;
      return { set: property(body), negated: c === 'P' };
    }
    return undefined;
  }

  /** The code point a character escape stands for (`\n`, `\cJ`, `\0`, `\x0A`, `\u000A`, `\u{A}`, `\/`). */
  private characterEscape(c: string): number {
    if (CONTROL[c] !== undefined) return CONTROL[c];
    if (c === 'c') return this.cps[this.i++].codePointAt(0)! % 32;
    if (c === '0') return 0;
    if (c === 'x') return this.hexDigits(2);
    if (c === 'u') {
      if (this.cps[this.i] === '{') {
        const close = this.cps.indexOf('}', this.i);
        const cp = parseInt(this.cps.slice(this.i + 1, close).join(''), 16);
        this.i = close + 1;
        return cp;
      }
      const lead = this.hexDigits(4);
      // A surrogate pair written as two escapes is one code point with the `u` flag.
      if (lead >= 0xd800 && lead <= 0xdbff && this.cps[this.i] === '\\' && this.cps[this.i + 1] === 'u' && /^[0-9a-f]{4}$/i.test(this.cps.slice(this.i + 2, this.i + 6).join(''))) {
        const trail = parseInt(this.cps.slice(this.i + 2, this.i + 6).join(''), 16);
        if (trail >= 0xdc00 && trail <= 0xdfff) {
          this.i += 6;
          return 0x10000 + ((lead - 0xd800) << 10) + (trail - 0xdc00);
        }
      }
      return lead;
    }
    if (SYNTAX.has(c) || c === '-') return c.codePointAt(0)!;
    throw new Error(`an unknown escape \\${c}`);
  }

  private hexDigits(n: number): number {
    const digits = this.cps.slice(this.i, this.i + n).join('');
    if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(digits)) throw new Error('a malformed hex escape');
    this.i += n;
    return parseInt(digits, 16);
  }

  /**
   * `[…]` after its opening bracket. ECMAScript's `]` right after `[` ends the class (`[]`
   * matches nothing, `[^]` anything), where RE2 would read it as a literal `]`.
   */
  private charClass(): string {
    let negated = false;
    if (this.cps[this.i] === '^') {
      negated = true;
      this.i++;
    }
    let inside = '';
    for (;;) {
      const c = this.cps[this.i++];
      if (c === undefined) throw new Error('an unterminated class');
      if (c === ']') break;
      const from = this.classAtom(c);
      if (this.cps[this.i] === '-' && this.cps[this.i + 1] !== ']' && this.cps[this.i + 1] !== undefined) {
        this.i++;
        const to = this.classAtom(this.cps[this.i++]);
        if (typeof from !== 'number' || typeof to !== 'number') throw new Error('a class escape in a range');
        inside += `${hex(from)}-${hex(to)}`;
      } else inside += typeof from === 'number' ? hex(from) : from;
    }
    if (inside === '') return negated ? `[${writeRanges([[0, MAX_CODE_POINT]])}]` : `[^${writeRanges([[0, MAX_CODE_POINT]])}]`;
    return `[${negated ? '^' : ''}${inside}]`;
  }

  /** One class member: a code point, or a set already written for inside brackets. */
  private classAtom(c: string): number | string {
    if (c !== '\\') return c.codePointAt(0)!;
    const e = this.cps[this.i++];
    if (e === undefined) throw new Error('a trailing backslash');
    if (e === 'b') return 0x08;
    const set = this.classEscape(e);
    if (!set) return this.characterEscape(e);
    return set.negated ? set.set.complement : set.set.inside;
  }
}

/** A literal character for RE2: letters, digits, `_` and non-ASCII as themselves, anything else by code point. */
function literal(c: string): string {
  return /^[A-Za-z0-9_]$/.test(c) || (c.codePointAt(0)! > 0x7f && !/^[\ud800-\udfff]$/.test(c)) ? c : hex(c.codePointAt(0)!);
}
