import type { Encoding } from './models';

/** Counts tokens of a text in one encoding. */
export interface Tokenizer {
  encoding: Encoding;
  count(text: string): number;
}

interface EncodingModule {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

// Each encoding's ranks are megabytes of JavaScript: imported only when a count needs them,
// so the worker (or the CLI) pays for them once, on first use.
const LOADERS: Record<Encoding, () => Promise<EncodingModule>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
};

const loaded = new Map<Encoding, Promise<Tokenizer>>();

/** Text that spells a special token (`<|endoftext|>` in a vendor's description) is counted as text, not refused. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The longest run of letters, of punctuation or of white space handed to the tokenizer in
 * one piece. Its merge
 * loop is quadratic in a piece's length: one 100,000-character word took seconds, a
 * million-character one minutes. A word of English is well under this, so ordinary text is
 * counted exactly; a longer run is counted in pieces of this size, which adds at most one
 * token per piece (well under 1% of a run's count, as no token spans 256 characters).
 */
export const MAX_RUN = 256;

/** The tokenizer's pre-split keeps a run of letters, of punctuation or of white space in one piece; digits go in threes. */
const enum Kind {
  Space,
  Letter,
  Digit,
  Other,
}

const ASCII_KIND: Kind[] = Array.from({ length: 128 }, (_, c) => {
  const ch = String.fromCharCode(c);
  if (/\s/.test(ch)) return Kind.Space;
  if (/[A-Za-z]/.test(ch)) return Kind.Letter;
  if (/[0-9]/.test(ch)) return Kind.Digit;
  return Kind.Other;
});

const LETTER = /^[\p{L}\p{M}]$/u;
const DIGIT = /^\p{N}$/u;
const SPACE = /^\s$/u;

function kindOf(ch: string): Kind {
  if (LETTER.test(ch)) return Kind.Letter;
  if (DIGIT.test(ch)) return Kind.Digit;
  return SPACE.test(ch) ? Kind.Space : Kind.Other;
}

/** Ordinary text handed to the tokenizer at once, at most (about): cut at a space, so no one call is huge. */
const MAX_TEXT = 65_536;

/**
 * `count` over a text in time linear in its length: a run of letters, of punctuation or of
 * white space longer than `MAX_RUN` is counted in pieces of `MAX_RUN` (a piece never splits
 * a surrogate pair); the text between such runs as it is, in pieces cut before a space. A
 * plain scan, ASCII by table: a regular expression over every character cost as much as the
 * counting, and one matching a 45 MB run overflows the stack.
 */
export function countLinear(text: string, count: (piece: string) => number): number {
  if (text.length <= MAX_RUN) return count(text);
  let total = 0;
  let from = 0;
  const ordinary = (end: number) => {
    for (let i = from; i < end; ) {
      let stop = end - i > MAX_TEXT ? text.indexOf(' ', i + MAX_TEXT) : end;
      if (stop < 0 || stop > end) stop = end;
      total += count(text.slice(i, stop));
      i = stop;
    }
  };
  const longRun = (start: number, end: number) => {
    ordinary(start);
    for (let i = start; i < end; ) {
      let stop = Math.min(i + MAX_RUN, end);
      const c = text.charCodeAt(stop - 1);
      if (stop < end && c >= 0xd800 && c <= 0xdbff) stop--;
      total += count(text.slice(i, stop));
      i = stop;
    }
    from = end;
  };
  let runStart = 0;
  let runKind = -1;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    let kind: Kind;
    let width = 1;
    if (c < 128) kind = ASCII_KIND[c];
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      width = 2;
      kind = kindOf(text.slice(i, i + 2));
    } else kind = kindOf(text[i]);
    if (kind !== runKind) {
      if (runKind !== Kind.Digit && i - runStart > MAX_RUN) longRun(runStart, i);
      runStart = i;
      runKind = kind;
    }
    i += width;
  }
  if (runKind !== Kind.Digit && text.length - runStart > MAX_RUN) longRun(runStart, text.length);
  ordinary(text.length);
  return total;
}

/** The tokenizer for an encoding, loaded once. */
export function loadTokenizer(encoding: Encoding): Promise<Tokenizer> {
  let p = loaded.get(encoding);
  if (!p) {
    p = LOADERS[encoding]().then((mod) => ({ encoding, count: (text: string) => countLinear(text, (piece) => mod.countTokens(piece, AS_TEXT)) }));
    loaded.set(encoding, p);
  }
  return p;
}
