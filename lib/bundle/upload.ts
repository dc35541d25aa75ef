/**
 * Uploaded bytes to text, and the upload size limits of SPEC 6, checked before parsing.
 */
import { problem, type Problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';

const MiB = 1024 * 1024;

export interface UploadLimits {
  /** One spec file (SPEC 6: 50 MB). */
  maxFileBytes: number;
  /** The whole upload (SPEC 6: 100 MB). */
  maxUploadBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxFileBytes: 50 * MiB, maxUploadBytes: 100 * MiB };

// ignoreBOM: false (the default) makes the decoder drop a leading UTF-8 BOM.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of an uploaded file: UTF-8, a leading BOM dropped. Anything else is refused with
 * a problem naming the file, never decoded with replacement characters.
 */
export function decodeText(path: string, bytes: Uint8Array): Result<string> {
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

/**
 * SPEC 6: a spec file over 50 MB or an upload over 100 MB is refused before parsing. Sizes
 * are in bytes; `path` names the file in the problem.
 */
export function checkUploadSize(
  files: readonly { path: string; size: number }[],
  limits: Partial<UploadLimits> = {},
): Problem[] {
  const maxFile = limits.maxFileBytes ?? DEFAULT_UPLOAD_LIMITS.maxFileBytes;
  const maxUpload = limits.maxUploadBytes ?? DEFAULT_UPLOAD_LIMITS.maxUploadBytes;
  const problems: Problem[] = [];
  let total = 0;
  for (const file of files) {
    total += file.size;
    if (file.size > maxFile) {
      problems.push(
        problem('upload-file-too-large', 'error', `${file.path} is ${formatMiB(file.size)}, over the ${formatMiB(maxFile)} limit for one file`, file.path),
      );
    }
  }
  if (total > maxUpload) {
    const file = files.length === 1 ? files[0].path : '(upload)';
    problems.push(
      problem('upload-too-large', 'error', `The upload is ${formatMiB(total)}, over the ${formatMiB(maxUpload)} limit`, file),
    );
  }
  return problems;
}

function formatMiB(n: number): string {
  return `${(n / MiB).toFixed(1)} MB`;
}
