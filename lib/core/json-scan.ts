/**
 * What `JSON.parse` changes without a word (BAD-INPUT 53): a key that appears twice in one
 * object (the last value wins), and a number it cannot keep (an integer beyond 2^53 is
 * rounded, `-0` is written back as `0`). One pass over a text `JSON.parse` accepted, in time
 * linear in the text, with no recursion.
 */

export interface JsonFinding {
  kind: 'duplicate-key' | 'inexact-number';
  /** 0-based offset of the key's opening quote, or of the number. */
  offset: number;
  /** JSON pointer of the key's member, or of the number. */
  pointer: string;
  /** The key, or the number as written. */
  text: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** How a number written as `written` changes once read, or undefined when it does not. */
export function numberChange(written: string): string | undefined {
  if (/^-0(?:\.0+)?(?:[eE][+-]?\d+)?$/.test(written)) return '0';
  if (!/^-?\d{16,}$/.test(written)) return undefined;
  // What the number is written back as: the shortest text that reads as the same double.
  // `9223372036854776000` stays itself; `9223372036854775807` becomes it, another value.
  // `-9223372036854775808` is written back as `-9223372036854776000`, the same double: no change.
  const read = Number(written);
  const back = String(read);
  return back === written || BigInt(written) === BigInt(read) ? undefined : back;
}

const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');

/** Up to `limit` findings of each kind, in the order they appear. */
export function scanJson(s: string, limit = 20): JsonFinding[] {
  const found: JsonFinding[] = [];
  const counts = { 'duplicate-key': 0, 'inexact-number': 0 };
  const frames: { object: boolean; keys?: Set<string>; index: number }[] = [];
  const tokens: string[] = [];
  const pointer = (extra?: string) => (extra === undefined ? tokens : [...tokens, extra]).map((t) => `/${escapeToken(t)}`).join('');
  const add = (kind: JsonFinding['kind'], offset: number, at: () => string, text: string) => {
    if (counts[kind]++ < limit) found.push({ kind, offset, pointer: at(), text });
  };
  const ws = (i: number) => {
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      i++;
    }
    return i;
  };
  /** Just past the string whose opening quote is at `i`. */
  const endOfString = (i: number) => {
    let j = i + 1;
    for (;;) {
      const q = s.indexOf('"', j);
      if (q === -1) return s.length;
      let slashes = 0;
      for (let k = q - 1; s.charCodeAt(k) === 0x5c; k--) slashes++;
      if (slashes % 2 === 0) return q + 1;
      j = q + 1;
    }
  };

  let i = ws(0);
  let expect: 'value' | 'key' = 'value';
  for (;;) {
    if (i >= s.length) return found;
    if (expect === 'key') {
      const end = endOfString(i);
      const raw = s.slice(i + 1, end - 1);
      const key = raw.includes('\\') ? (JSON.parse(s.slice(i, end)) as string) : raw;
      const frame = frames[frames.length - 1];
      if (frame.keys!.has(key)) add('duplicate-key', i, () => pointer(key), key);
      else frame.keys!.add(key);
      tokens.push(key);
      i = ws(ws(end) + 1);
      expect = 'value';
      continue;
    }
    const c = s.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      const object = c === 0x7b;
      frames.push(object ? { object, keys: new Set(), index: 0 } : { object, index: 0 });
      i = ws(i + 1);
      const close = s.charCodeAt(i);
      if (close !== 0x7d && close !== 0x5d) {
        if (object) expect = 'key';
        else tokens.push('0');
        continue;
      }
      frames.pop();
      i++;
    } else if (c === 0x22) {
      i = endOfString(i);
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(s);
      const written = m ? m[0] : s[i];
      const change = numberChange(written);
      if (change !== undefined) add('inexact-number', i, pointer, written);
      i += written.length;
    } else {
      i += c === 0x66 ? 5 : 4; // false; true, null
    }
    // A value ended: the next member, or the end of its container (itself a value that ends).
    for (;;) {
      if (frames.length === 0) return found;
      tokens.pop();
      i = ws(i);
      const frame = frames[frames.length - 1];
      if (s.charCodeAt(i) === 0x2c) {
        i = ws(i + 1);
        if (frame.object) expect = 'key';
        else {
          frame.index++;
          tokens.push(String(frame.index));
          expect = 'value';
        }
        break;
      }
      frames.pop();
      i++;
    }
  }
}
