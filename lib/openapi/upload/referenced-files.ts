/**
 * A spec split over files, given by its entry file: the files its relative
 * `$ref`s name, found by reading the text, and gathered until none is missing or a limit is
 * reached. Nothing here reads a disk or a network: the CLI reads from the entry file's
 * folder and the browser fetches from the entry's address, each through the `read` it
 * passes in, so both take exactly the files a folder upload of them would, with the same
 * limits (SPEC 6) and refusals (nothing above the entry's folder: `classifyRef` refuses a
 * path that climbs out, a scheme, a host, an absolute path).
 */
import { compareStrings } from '../../core/entries';
import { decodeText } from '../../core/decode-text';
import { problem, type Problem } from '../../core/problem';
import { fail, ok, type Result } from '../../core/result';
import { classifyRef } from '../resolve/ref-target';
import { checkUploadSize, DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './size-limits';
import { isIgnoredUploadPath, type SpecUpload } from './spec-upload';
import { groupDigits } from '../../core/numbers';

/** As many files as a zip upload may hold (SPEC 6). */
export const MAX_REFERENCED_FILES = 5000;

// `$ref: value`, `'$ref': "value"`, `"$ref": "value"` in YAML or JSON: the value quoted, or
// plain up to a comment or a flow indicator (`,`, `{`, `}`, `[`, `]`): where the key opens its
// line (block context), `fileReferences` takes the plain value on to the end of the line.
export const REF = /["']?\$ref["']?[ \t]*:[ \t]*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'|([^\s'"#,{}[\]][^\n,{}[\]]*?))[ \t]*(?=[,{}[\]\n\r]|[ \t]#|$)/g;

/** What may come before a key that opens its line: indentation, and the `- ` of sequence entries. */
const BLOCK_KEY_PREFIX = /^[ \t]*(?:-[ \t]+)*$/;

/**
 * The files (paths from the upload root, `/`-separated) that a file's relative `$ref`s
 * name, in code-unit order: `schemas/pet.yaml#/Pet` in `api/openapi.yaml` is
 * `api/schemas/pet.yaml`. Local references, refused ones (a scheme, a host, a path climbing
 * out of the root), absolute paths, hidden files and `$ref`s in YAML comments are not
 * listed: the loader reports each reference when it meets it. A text scan, not a parse: a
 * `$ref` in an example is listed too, which at worst reads a file the spec did not need.
 */
export function fileReferences(path: string, text: string): string[] {
  if (!text.includes('$ref')) return [];
  const found = new Set<string>();
  for (const m of refMatches(text)) {
    // A quoted `#…` is a local reference (or a refused one): named at once, as most of a large spec's are.
    const quoted = m[1] ?? m[2];
    if (quoted !== undefined && quoted.charCodeAt(0) === 0x23 /* # */) continue;
    // A `$ref` in a YAML comment (`#   $ref: old.yaml`) names nothing.
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    if (/(^|\s)#/.test(text.slice(lineStart, m.index))) continue;
    let raw = m[1] !== undefined ? unescapeDouble(m[1]) : m[2] !== undefined ? m[2].replace(/''/g, "'") : m[3];
    if (raw === undefined) continue;
    // In block context a plain scalar runs to the end of its line or a comment, braces and
    // commas included (`$ref: ./paths/account@{id}.yaml`): only a flow collection ends it early.
    if (m[3] !== undefined && BLOCK_KEY_PREFIX.test(text.slice(lineStart, m.index))) raw = plainToLineEnd(text, m.index! + m[0].indexOf(m[3], m[0].indexOf(':')));
    if (/^[|>][-+0-9]*$/.test(raw)) raw = blockScalar(text, m.index! + m[0].length, text.slice(lineStart, m.index), raw[0] === '>');
    const address = classifyRef(raw.trim(), { upload: path });
    if (address.kind !== 'upload' || address.path.startsWith('/') || isIgnoredUploadPath(address.path)) continue;
    if (address.path !== path) found.add(address.path);
  }
  return [...found].sort(compareStrings);
}

/** `REF`, matched where it starts (sticky). */
const REF_AT = new RegExp(REF.source, 'y');

/**
 * What `text.matchAll(REF)` gives, found faster: a match holds `$ref` at its start or just
 * after its opening quote, so each `$ref` (found by `indexOf`) is tried there, in order, each
 * from the end of the last match. `matchAll` would try the expression at every offset of a
 * spec of megabytes, its first character being optional.
 */
export function* refMatches(text: string): Generator<RegExpExecArray> {
  let from = 0;
  for (let p = text.indexOf('$ref'); p !== -1; p = text.indexOf('$ref', Math.max(p + 1, from))) {
    let m: RegExpExecArray | null = null;
    const q = text.charCodeAt(p - 1);
    if (p - 1 >= from && (q === 0x22 || q === 0x27)) {
      REF_AT.lastIndex = p - 1;
      m = REF_AT.exec(text);
    }
    if (m === null) {
      REF_AT.lastIndex = p;
      m = REF_AT.exec(text);
    }
    if (m === null) continue;
    // An empty match cannot be: `$ref` is in every one.
    from = m.index + m[0].length;
    yield m;
  }
}

/** A plain YAML scalar from `from` to the end of its line, a comment (` #`) cut off. */
function plainToLineEnd(text: string, from: number): string {
  const eol = text.indexOf('\n', from);
  const line = text.slice(from, eol === -1 ? text.length : eol);
  const comment = /[ \t]#/.exec(line);
  return (comment ? line.slice(0, comment.index) : line).trim();
}

/** A YAML block scalar (`$ref: >-` then the value on the lines below, as Stripe writes long ones): its more-indented lines, folded or kept. */
function blockScalar(text: string, from: number, keyPrefix: string, folded: boolean): string {
  const keyIndent = /^ */.exec(keyPrefix)![0].length + (/^ *- /.test(keyPrefix) ? 2 : 0);
  const lines: string[] = [];
  // Line by line from the key on, never the rest of the file split at once: a spec holds
  // thousands of these (Stripe), and each split copied the megabytes after it.
  const first = text.indexOf('\n', from);
  for (let start = first + 1; first !== -1 && start <= text.length; ) {
    const eol = text.indexOf('\n', start);
    const end = eol === -1 ? text.length : eol;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === '') {
      if (lines.length > 0) break;
      continue;
    }
    if (/^ */.exec(line)![0].length <= keyIndent) break;
    lines.push(line.trim());
  }
  return lines.join(folded ? ' ' : '\n').trim();
}

function unescapeDouble(s: string): string {
  try {
    return JSON.parse(`"${s}"`) as string;
  } catch {
    return s;
  }
}

/** What a reader answers for one path: its bytes, or why it could not be read (named in the problem); `tooLarge` when it holds more than it was allowed to read. */
export type ReadResult = { ok: true; bytes: Uint8Array } | { ok: false; why: string; tooLarge?: boolean };

/**
 * The entry file and every file it names by relative `$ref`, and those files' own, until
 * none is missing: the upload a folder holding just them would be, with the entry chosen.
 * `read(path, maxBytes)` reads one path below the entry's folder (refusing a link, or more
 * than `maxBytes`). A file that cannot be read is a warning naming it and why; the loader
 * then reports each reference to it as unresolved. Past 5,000 files or the upload limit the
 * gathering is refused whole, as a folder that size would be.
 */
export async function gatherReferencedFiles(
  entry: { path: string; bytes: Uint8Array },
  read: (path: string, maxBytes: number) => Promise<ReadResult>,
  limits: Partial<UploadLimits> = {},
): Promise<Result<SpecUpload>> {
  const maxFile = limits.maxFileBytes ?? DEFAULT_UPLOAD_LIMITS.maxFileBytes;
  const maxUpload = limits.maxUploadBytes ?? DEFAULT_UPLOAD_LIMITS.maxUploadBytes;
  const sizes = checkUploadSize([{ path: entry.path, size: entry.bytes.length }], limits);
  if (sizes.some((p) => p.severity === 'error')) return fail(sizes);
  const first = decodeText(entry.path, entry.bytes);
  if (!first.ok) return fail(first.problems);
  const files = new Map<string, string>([[entry.path, first.value]]);
  const problems: Problem[] = [];
  const tried = new Set<string>([entry.path]);
  let total = entry.bytes.length;
  let wanted = fileReferences(entry.path, first.value);
  while (wanted.length > 0) {
    const next: string[] = [];
    for (const path of wanted) {
      if (tried.has(path)) continue;
      tried.add(path);
      if (tried.size > MAX_REFERENCED_FILES) {
        return fail([problem('upload-too-many-files', 'error', `${entry.path} names more than ${groupDigits(MAX_REFERENCED_FILES)} files through its references, the most an upload may hold`, entry.path)]);
      }
      const allowed = Math.min(maxFile, maxUpload - total);
      const got = await read(path, allowed);
      if (!got.ok && !got.tooLarge) {
        problems.push(problem('referenced-file-unread', 'warning', `${path}, which a $ref names, could not be read: ${got.why}`, path));
        continue;
      }
      if (!got.ok || got.bytes.length > allowed) {
        // Refused whole, as a folder holding these files would be (SPEC 6).
        const why = allowed < maxFile ? `the files ${entry.path} names come to more than the ${mb(maxUpload)} limit for an upload` : `it is over the ${mb(maxFile)} limit for one file`;
        return fail([problem(allowed < maxFile ? 'upload-too-large' : 'upload-file-too-large', 'error', `${path} was not read: ${why}`, path)]);
      }
      total += got.bytes.length;
      const text = decodeText(path, got.bytes);
      if (!text.ok) {
        problems.push(problem('upload-not-text', 'warning', `${path} is not UTF-8 text and was left out`, path));
        continue;
      }
      files.set(path, text.value);
      next.push(...fileReferences(path, text.value));
    }
    wanted = [...new Set(next)].sort(compareStrings);
  }
  return ok({ files: [...files].map(([path, text]) => ({ path, text })), entry: entry.path, problems });
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}
