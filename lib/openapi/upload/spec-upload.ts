/**
 * A spec upload as the loader takes it, from the bytes the user gave: one file, the files
 * of a folder, or a `.zip` of them (SPEC 4.1, 6). The CLI reads them from disk and the
 * wizard from the browser's File objects; both end here, so both accept the same uploads.
 */
import { decodeText } from '../../core/decode-text';
import { problem, type Problem } from '../../core/problem';
import { fail, ok, type Result } from '../../core/result';
import { checkUploadSize } from './size-limits';

export interface SpecUpload {
  files: { path: string; text: string }[];
  /** The entry file when the upload is one file; a folder or zip lets the loader find it. */
  entry?: string;
  problems: Problem[];
}

export interface UploadEntry {
  /** `/`-separated, relative to the folder the user chose (or the file's name). */
  path: string;
  bytes: Uint8Array;
}

/** Whether a path is one the upload leaves out: a hidden file or folder, or `node_modules`. */
export function isIgnoredUploadPath(path: string): boolean {
  return path.split('/').some((s) => s.startsWith('.') || s === 'node_modules');
}

/**
 * One uploaded file that is not a `.zip`: the spec's one file and its entry. A `.zip` is
 * opened by `specUploadFromFile` (spec-upload-file.ts), kept apart so that what never reads
 * a zip (the CLI given a spec file) does not load the zip code. `decode`: `decodeText`, or
 * one that gives the same text or refusal faster (the CLI's, with Node's native UTF-8 check).
 */
export function specUploadFromSpecFile(name: string, bytes: Uint8Array, decode: typeof decodeText = decodeText): Result<SpecUpload> {
  const sizes = checkUploadSize([{ path: name, size: bytes.length }]);
  if (sizes.some((p) => p.severity === 'error')) return fail(sizes);
  const text = decode(name, bytes);
  if (!text.ok) return fail(text.problems);
  return ok({ files: [{ path: name, text: text.value }], entry: name, problems: [] });
}

/**
 * The files of a folder (or a zip): text files only. A file that is not UTF-8 (an image
 * beside the spec) is left out with a warning; sizes are checked first (SPEC 6).
 */
export function specUploadFromEntries(entries: readonly UploadEntry[], problems: readonly Problem[] = []): Result<SpecUpload> {
  const sizes = checkUploadSize(entries.map((e) => ({ path: e.path, size: e.bytes.length })));
  if (sizes.some((p) => p.severity === 'error')) return fail([...problems, ...sizes]);
  const files: { path: string; text: string }[] = [];
  const out = [...problems, ...sizes];
  for (const e of entries) {
    const text = decodeText(e.path, e.bytes);
    if (text.ok) files.push({ path: e.path, text: text.value });
    else out.push(problem('upload-not-text', 'warning', `${e.path} is not UTF-8 text and was left out`, e.path));
  }
  if (files.length === 0) return fail([...out, problem('upload-empty', 'error', 'The upload holds no text files', '(upload)')]);
  return ok({ files, problems: out });
}
