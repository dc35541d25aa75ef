/**
 * Line and column of what a JSON pointer names in a JSON text, for every problem about a
 * JSON file (a spec, `types.json`, an operation's schema). The text is scanned along the
 * pointer, never parsed again: each container is read at most once, from where the last
 * lookup stopped, and every child passed on the way is remembered, so many lookups cost
 * about one pass over the text. The value a lookup goes into is not skipped until a later
 * lookup needs what follows it, and then only the part of it not read already: skipping
 * it at once read every container on a pointer's way twice or more (Box's 110 warnings:
 * about three passes over its 1.7 MB). Only asked of text `JSON.parse` accepted.
 */
import { pointerTokens } from './json-pointer';
import { lineIndex, lineStarts } from './lines';

/** One object or array of the text, read from its start as far as lookups have needed. */
interface Container {
  /** Offset of its `{` or `[` (or of a scalar, which has no children). */
  readonly open: number;
  readonly isObject: boolean;
  /** Where the next unread member starts, or (with `pending`) where the value of the last member read starts. */
  at: number;
  index: number;
  done: boolean;
  /** The key of the last member read, when a lookup went into its value and it is not yet skipped. */
  pending: string | undefined;
  /** Each member read so far, by key (an array's by index): [key offset or -1, value offset]. */
  readonly members: Map<string, [number, number]>;
  /** The members looked into, by key. */
  readonly below: Map<string, Container>;
}

/**
 * A lookup from pointer tokens to a 0-based offset in `text`: the key's (its opening quote)
 * where the value has one, else the value's; for tokens that do not all exist, the nearest
 * enclosing value's. A key that appears twice is found where it first appears.
 */
export function jsonOffsets(text: string): (tokens: readonly string[]) => number {
  const s = text;
  const container = (open: number): Container => {
    const c = s.charCodeAt(open);
    return { open, isObject: c === 0x7b, at: skipWs(s, open + 1), index: 0, done: c !== 0x7b && c !== 0x5b, pending: undefined, members: new Map(), below: new Map() };
  };

  /** Just past the value starting at `i`, the member `key`'s: what a lookup read of it is not read again. */
  const pastValue = (st: Container, key: string, i: number): number => {
    const c = s.charCodeAt(i);
    const child = st.below.get(key);
    if (child === undefined || (c !== 0x7b && c !== 0x5b)) return skipValue(s, i);
    settle(child);
    // Read to its end, it stopped at its closing bracket; else the rest is read from its next member.
    return child.done ? child.at + 1 : pastClose(s, child.at);
  };

  /** Skips the value a lookup went into, if any, so that `st.at` is its next member (or its end). */
  const settle = (st: Container): void => {
    if (st.pending === undefined) return;
    next(st, skipWs(s, pastValue(st, st.pending, st.at)));
    st.pending = undefined;
  };

  /** Moves `st` past the member whose value starts at `i`, to the next member or its end. */
  const next = (st: Container, i: number): void => {
    if (s.charCodeAt(i) === 0x2c) st.at = skipWs(s, i + 1);
    else {
      st.at = i;
      st.done = true;
    }
  };
  const root = container(skipWs(s, 0));

  const member = (st: Container, token: string): [number, number] | null => {
    const known = st.members.get(token);
    if (known) return known;
    settle(st);
    while (!st.done) {
      let i = st.at;
      const c = s.charCodeAt(i);
      if (c === 0x7d || c === 0x5d || i >= s.length) {
        st.done = true;
        break;
      }
      let key: string;
      let keyStart = -1;
      if (st.isObject) {
        if (c !== 0x22) {
          st.done = true;
          break;
        }
        keyStart = i;
        const keyEnd = skipString(s, i);
        const raw = s.slice(i + 1, keyEnd - 1);
        key = raw.includes('\\') ? (JSON.parse(s.slice(i, keyEnd)) as string) : raw;
        i = skipWs(s, skipWs(s, keyEnd) + 1); // past ':'
      } else key = String(st.index);
      st.index++;
      const entry: [number, number] = [keyStart, i];
      if (!st.members.has(key)) st.members.set(key, entry);
      if (key === token) {
        // Its value is skipped when a later lookup reads on, past what lookups into it read.
        st.at = i;
        st.pending = key;
        return entry;
      }
      next(st, skipWs(s, skipValue(s, i)));
    }
    return null;
  };

  return (tokens) => {
    let st = root;
    let keyOffset = -1;
    let valueOffset = root.open;
    for (const t of tokens) {
      const found = member(st, t);
      if (!found) break;
      [keyOffset, valueOffset] = found;
      let next = st.below.get(t);
      if (!next) st.below.set(t, (next = container(valueOffset)));
      st = next;
    }
    return keyOffset >= 0 ? keyOffset : valueOffset;
  };
}

/** `jsonOffsets` as 1-based lines and columns, built on first use. */
export class JsonLocator {
  private offsets?: (tokens: readonly string[]) => number;
  private starts?: Int32Array;
  constructor(readonly text: string) {}

  /** Position of the key at `pointer` (or of its value when it has no key), or of the nearest ancestor. */
  locate(pointer: string): { line: number; column: number } {
    return this.locateTokens(pointerTokens(pointer));
  }

  /** `locate` for a pointer already split into tokens. */
  locateTokens(tokens: readonly string[]): { line: number; column: number } {
    this.offsets ??= jsonOffsets(this.text);
    return this.position(this.offsets(tokens));
  }

  /** Line and column (1-based) of a 0-based offset. */
  position(offset: number): { line: number; column: number } {
    this.starts ??= lineStarts(this.text);
    const i = lineIndex(this.starts, offset);
    return { line: i + 1, column: offset - this.starts[i] + 1 };
  }
}

function skipWs(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else break;
  }
  return i;
}

/** Just past the closing quote of the JSON string whose opening quote is at `i`; the text's end when it has none. */
export function skipString(s: string, i: number): number {
  // Jump from quote to quote; one preceded by an odd run of backslashes is escaped.
  for (let q = s.indexOf('"', i + 1); q !== -1; q = s.indexOf('"', q + 1)) {
    let b = q - 1;
    while (s.charCodeAt(b) === 0x5c) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
  }
  return s.length;
}

/**
 * What lies between two brackets: runs of characters that are neither a quote nor a bracket,
 * and whole strings (a backslash takes the next character with it, so a quote after an odd
 * run of backslashes is escaped), at most 500 of them a call, so that the engine's
 * backtracking stack stays small on a text of millions of strings (sticky: matched where
 * `lastIndex` is). One native call crosses the keys, values and indentation between two
 * brackets of a pretty-printed spec, where jumping quote to quote took two calls a string.
 */
const BETWEEN_BRACKETS = /(?:[^"{}[\]]+|"[^"\\]*(?:\\[\s\S][^"\\]*)*"){0,500}/y;

/** Offset of the next bracket outside strings at or after `i`; the text's end when there is none, or when a string never closes. */
function nextBracket(s: string, i: number): number {
  while (i < s.length) {
    BETWEEN_BRACKETS.lastIndex = i;
    BETWEEN_BRACKETS.test(s);
    const j = BETWEEN_BRACKETS.lastIndex;
    const c = s.charCodeAt(j);
    if (c === 0x7b || c === 0x5b || c === 0x7d || c === 0x5d) return j;
    // A quote the expression stopped at opens a string that never closes (the rest is in it), or one past its bound.
    i = c === 0x22 ? skipString(s, j) : j;
  }
  return s.length;
}

/**
 * Bracket depth of a JSON text, outside strings; stops at the first level over `max`. It
 * jumps from one bracket to the next with a regular expression (`nextBracket`): the text is
 * read by native code, not a character at a time here (Kubernetes' 3.3 MB, every character of
 * which this reads before `JSON.parse`).
 */
export function jsonDepthExceeds(s: string, max: number): boolean {
  let depth = 0;
  for (let i = nextBracket(s, 0); i < s.length; i = nextBracket(s, i + 1)) {
    const c = s.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else depth--;
  }
  return false;
}

/** Just past the bracket that closes the container whose member (or closing bracket) starts at `i`. */
function pastClose(s: string, i: number): number {
  let depth = 1;
  for (i = nextBracket(s, i); i < s.length; i = nextBracket(s, i + 1)) {
    const d = s.charCodeAt(i);
    if (d === 0x7b || d === 0x5b) depth++;
    else if (--depth === 0) return i + 1;
  }
  return s.length;
}

function skipValue(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === 0x22) return skipString(s, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (; i < s.length; i = nextBracket(s, i + 1)) {
      const d = s.charCodeAt(i);
      if (d === 0x7b || d === 0x5b) depth++;
      else if (--depth === 0) return i + 1;
    }
    return s.length;
  }
  while (i < s.length && !',]} \n\r\t'.includes(s[i])) i++;
  return i;
}
