import { linearPattern } from '../core/linear-regexp';

/** Longer than any identifier a pattern describes; past it the pattern is not one to sample. */
const MAX_LENGTH = 512;

/**
 * A short string a spec's `pattern` accepts, built from the pattern itself, or undefined when
 * the pattern is beyond this reading. Twilio's `^AC[0-9a-fA-F]{32}$` gives `AC` and 32 `0`s,
 * Discord's `^(0|[1-9][0-9]*)$` gives `0`: each alternative's first branch, each class's
 * first member, each repeat its least count (one for `+`). What it gives is matched against
 * the pattern before it is returned, so a pattern read wrongly gives nothing, never a value
 * the call check refuses. Deterministic: the same pattern always gives the same string.
 */
export function patternExample(pattern: string): string | undefined {
  const reader = new PatternReader(pattern);
  const out = reader.alternatives();
  if (out === undefined || reader.at < pattern.length || out.length > MAX_LENGTH) return undefined;
  const compiled = linearPattern(pattern);
  return compiled.kind === 'linear' && compiled.test(out) ? out : undefined;
}

/** What a class escape or `.` stands for: one character it matches. */
const CLASS_ESCAPES: Record<string, string> = { d: '0', D: 'a', w: 'a', W: '-', s: ' ', S: 'a' };
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };

class PatternReader {
  at = 0;
  constructor(private readonly source: string) {}

  /** `a|b|c` up to the end or a `)`: the first alternative's string (the others are read past). */
  alternatives(): string | undefined {
    const first = this.sequence();
    if (first === undefined) return undefined;
    while (this.source[this.at] === '|') {
      this.at++;
      if (this.sequence() === undefined) return undefined;
    }
    return first;
  }

  private sequence(): string | undefined {
    let out = '';
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const c = this.source[this.at];
      if (c === '^' || c === '$') {
        this.at++;
        continue;
      }
      const atom = this.atom();
      if (atom === undefined) return undefined;
      const times = this.quantifier();
      if (times === undefined) return undefined;
      out += atom.repeat(times);
      if (out.length > MAX_LENGTH) return undefined;
    }
    return out;
  }

  private atom(): string | undefined {
    const c = this.source[this.at++];
    switch (c) {
      case '(': {
        if (this.source[this.at] === '?') {
          // `(?:…)` and `(?<name>…)` group; a lookaround constrains without matching: not read.
          const kind = this.source.slice(this.at, this.at + 2);
          if (kind === '?:') this.at += 2;
          else if (kind === '?<' && /^[A-Za-z_$]/.test(this.source[this.at + 2] ?? '')) this.at = this.source.indexOf('>', this.at) + 1;
          else return undefined;
          if (this.at === 0) return undefined;
        }
        const inner = this.alternatives();
        if (inner === undefined || this.source[this.at] !== ')') return undefined;
        this.at++;
        return inner;
      }
      case '[':
        return this.characterClass();
      case '.':
        return 'a';
      case '\\':
        return this.escape(false);
      case '*':
      case '+':
      case '?':
      case '{':
      case ')':
      case undefined:
        return undefined;
      default:
        return c;
    }
  }

  /** After a `\`: the character it stands for; undefined for a back reference or a word boundary's kin. */
  private escape(inClass: boolean): string | undefined {
    const c = this.source[this.at++];
    if (c === undefined) return undefined;
    if (c in CLASS_ESCAPES) return CLASS_ESCAPES[c];
    if (c in CONTROL_ESCAPES && !(c === '0' && /[0-9]/.test(this.source[this.at] ?? ''))) return CONTROL_ESCAPES[c];
    if (c === 'x' || c === 'u') {
      const braced = c === 'u' && this.source[this.at] === '{';
      const m = braced ? /^\{([0-9A-Fa-f]{1,6})\}/.exec(this.source.slice(this.at)) : new RegExp(`^[0-9A-Fa-f]{${c === 'x' ? 2 : 4}}`).exec(this.source.slice(this.at));
      if (!m) return undefined;
      this.at += m[0].length;
      const code = parseInt(braced ? m[1] : m[0], 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
    }
    if (c === 'b' && inClass) return '\b';
    // Back references, `\b`, `\B`, `\p{…}`, `\k<…>` and control letters are beyond this reading.
    if (/[0-9A-Za-z]/.test(c)) return undefined;
    return c;
  }

  /** After a `[`: its first member, or for a negated class the first of a few plain characters it leaves out. */
  private characterClass(): string | undefined {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    const members: string[] = [];
    while (this.source[this.at] !== ']') {
      if (this.at >= this.source.length) return undefined;
      const c = this.source[this.at++];
      const member = c === '\\' ? this.escape(true) : c;
      if (member === undefined) return undefined;
      // A range `a-z` gives its first character; `-` before `]` is itself.
      if (this.source[this.at] === '-' && this.source[this.at + 1] !== ']' && this.at + 1 < this.source.length) {
        this.at++;
        const d = this.source[this.at++];
        if ((d === '\\' ? this.escape(true) : d) === undefined) return undefined;
      }
      members.push(member);
    }
    this.at++;
    // A negated class's members are not known well enough here; the match at the end decides.
    if (negated) return ['a', '0', '_', '-', ' '].find((x) => !members.includes(x));
    return members[0];
  }

  /** After an atom: how many times to write it (the least its quantifier allows, one for `+`); 1 without one. */
  private quantifier(): number | undefined {
    const c = this.source[this.at];
    let times = 1;
    if (c === '*' || c === '?') {
      this.at++;
      times = 0;
    } else if (c === '+') {
      this.at++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,\d*)?\}/.exec(this.source.slice(this.at));
      if (!m) return undefined;
      this.at += m[0].length;
      times = Number(m[1]);
      if (times > MAX_LENGTH) return undefined;
    } else {
      return times;
    }
    if (this.source[this.at] === '?') this.at++;
    return times;
  }
}
