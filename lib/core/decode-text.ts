/** Uploaded bytes to text: UTF-8 only, refused with the place of the first bad byte. */
import { problem } from './problem';
import { fail, ok, type Result } from './result';

// ignoreBOM: false (the default) makes the decoder drop a leading UTF-8 BOM.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of an uploaded file: UTF-8, a leading BOM dropped. Anything else is refused with
 * a problem naming the file, never decoded with replacement characters.
 */
export function decodeText(path: string, bytes: Uint8Array): Result<string> {
  // UTF-32's byte order marks first: the little-endian one starts as UTF-16's does (FF FE).
  if (bytes.length >= 4 && ((bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) || (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff))) {
    return fail([problem('text-encoding', 'error', `${path} is UTF-32 text; save it as UTF-8`, path)]);
  }
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return fail([problem('text-encoding', 'error', `${path} is UTF-16 text; save it as UTF-8`, path)]);
  }
  try {
    return ok(utf8.decode(bytes));
  } catch {
    const at = firstInvalidUtf8(bytes);
    return fail([
      problem('text-encoding', 'error', `${path} is not valid UTF-8 text (first bad byte at offset ${at.offset})`, path, {
        line: at.line,
        column: at.column,
      }),
    ]);
  }
}

/** Where decoding fails, as a byte offset and a 1-based line and (byte) column. */
function firstInvalidUtf8(bytes: Uint8Array): { offset: number; line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    let n = 0;
    let min = 0;
    if (b >= 0xc2 && b <= 0xdf) {
      n = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      n = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 3;
      min = 0x10000;
    } else if (b >= 0x80) break;
    if (i + n >= bytes.length && n > 0) break;
    let cp = n === 0 ? b : b & (0x3f >> n);
    let good = true;
    for (let k = 1; k <= n; k++) {
      const c = bytes[i + k];
      if ((c & 0xc0) !== 0x80) good = false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (!good || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) break;
    if (b === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
    i += n + 1;
  }
  return { offset: i, line, column: i - lineStart + 1 };
}
