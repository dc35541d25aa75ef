import { Buffer, isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { decodeText } from '../lib/core/decode-text';
import { fail, ok, type Result } from '../lib/core/result';
// From the modules themselves, not lib/openapi/upload's index: the zip reader (and fflate's
// tables, built when its module loads) is loaded only for a `.zip`.
import { fileReferences, gatherReferencedFiles, type ReadResult } from '../lib/openapi/upload/referenced-files';
import { checkUploadSize } from '../lib/openapi/upload/size-limits';
import { isIgnoredUploadPath, specUploadFromEntries, specUploadFromSpecFile, type SpecUpload, type UploadEntry } from '../lib/openapi/upload/spec-upload';
import { UsageError } from './command';
import { eachLimited, OPEN_FILES } from './write-output';

/**
 * A spec from disk, as the wizard's upload would hold it: one file, every file of a folder
 * (hidden ones and links left out), or the files of a `.zip`. Sizes are checked before
 * anything is read (SPEC 6). One file whose relative `$ref`s name other files is the entry
 * of a spec split over files: those files are read from its folder too, and theirs, with
 * the limits and refusals of a folder upload (nothing above that folder, no links).
 */
export async function readSpecUpload(path: string): Promise<Result<ReadSpec>> {
  const full = resolve(path);
  const stat = await lstat(full).catch(() => {
    throw new UsageError(`cannot read ${path}: no such file or folder`);
  });
  if (stat.isDirectory()) return readFolder(full);
  if (!stat.isFile()) throw new UsageError(`cannot read ${path}: not a file or folder`);
  const name = basename(full);
  const sizeProblems = checkUploadSize([{ path: name, size: stat.size }]);
  if (sizeProblems.some((p) => p.severity === 'error')) return fail(sizeProblems);
  const bytes = bytesOf(await readFile(full));
  if (/\.zip$/i.test(name)) return (await import('../lib/openapi/upload/spec-upload-file')).specUploadFromFile(name, bytes);
  const one: Result<ReadSpec> = specUploadFromSpecFile(name, bytes, decodeNative);
  if (!one.ok) return one;
  const entrySha256 = { text: one.value.files[0].text, hex: sha256Hex(bytes) };
  // A spec split over files, given by its entry: the files its relative $refs name, from its folder.
  if (fileReferences(name, entrySha256.text).length === 0) return { ...one, value: { ...one.value, entrySha256 } };
  const gathered = await gatherReferencedFiles({ path: name, bytes }, (rel, maxBytes) => readBelow(dirname(full), rel, maxBytes));
  return gathered.ok ? { ...gathered, value: { ...gathered.value, entrySha256 } } : gathered;
}

/** A spec read from disk: the upload, and the SHA-256 of its entry file's text when it was one file given by name. */
export interface ReadSpec extends SpecUpload {
  /**
   * The digest of `text` as UTF-8 (metadata.source-sha256), from the bytes read: hashing the
   * text would encode it to UTF-8 again, which the bytes already are.
   */
  entrySha256?: { text: string; hex: string };
}

/** SHA-256 of a file's bytes as hex, its leading BOM left out (the text `decodeText` gives has none). */
function sha256Hex(bytes: Uint8Array): string {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return createHash('sha256').update(bom ? bytes.subarray(3) : bytes).digest('hex');
}

/**
 * The file's bytes as a plain Uint8Array over the Buffer's memory: `new Uint8Array(buffer)`
 * would copy them, a large spec's megabytes for nothing.
 */
function bytesOf(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * `decodeText`'s text, by Node's native UTF-8 check and decoder: the TextDecoder's fatal
 * decoding is about twice as slow on a large spec. Valid UTF-8 decodes to the same text either way (a leading BOM dropped, as
 * the TextDecoder drops it); anything else (UTF-16, a bad byte, an encoded surrogate, which
 * both refuse) goes to `decodeText` for its refusal and the place of the bad byte.
 */
export function decodeNative(path: string, bytes: Uint8Array): Result<string> {
  if (!isUtf8(bytes)) return decodeText(path, bytes);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return ok(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * One file below `root`, as a folder upload would take it: a regular file, reached through
 * no link (each segment is checked), at most `maxBytes`. `rel` comes from `fileReferences`,
 * so it never climbs above `root`.
 */
async function readBelow(root: string, rel: string, maxBytes: number): Promise<ReadResult> {
  let at = root;
  const segments = rel.split('/');
  for (const [i, segment] of segments.entries()) {
    at = join(at, segment);
    const st = await lstat(at).catch(() => undefined);
    if (!st) return { ok: false, why: 'there is no such file beside the entry file' };
    if (st.isSymbolicLink()) return { ok: false, why: `${segments.slice(0, i + 1).join('/')} is a link, and links are not followed` };
    if (i < segments.length - 1 ? !st.isDirectory() : !st.isFile()) return { ok: false, why: 'it is not a file' };
    if (i === segments.length - 1 && st.size > maxBytes) return { ok: false, why: 'it is too large', tooLarge: true };
  }
  return { ok: true, bytes: bytesOf(await readFile(at)) };
}

/** A file name's bytes as a person can read them: UTF-8 where they are, `\xNN` for each other byte. */
function shownName(bytes: Buffer): string {
  return [...bytes].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('');
}

async function readFolder(root: string): Promise<Result<SpecUpload>> {
  const found: { path: string; full: string; size: number }[] = [];
  const links: string[] = [];
  const walk = async (dir: string) => {
    // As bytes: a name that is not UTF-8 would be read back with U+FFFD in it, naming no file.
    const names = (await readdir(dir, { encoding: 'buffer' })).map((raw) => {
      if (!isUtf8(raw)) throw new UsageError(`${join(relative(process.cwd(), dir) || '.', shownName(raw))}: the file name is not UTF-8; rename it`);
      return raw.toString('utf8');
    });
    for (const name of names.sort()) {
      const full = join(dir, name);
      const path = relative(root, full).split('\\').join('/');
      if (isIgnoredUploadPath(path)) continue;
      const st = await lstat(full);
      if (st.isDirectory()) await walk(full);
      else if (st.isFile()) found.push({ path, full, size: st.size });
      else if (st.isSymbolicLink()) links.push(path);
    }
  };
  await walk(root);
  // Nothing but links: "no text files" would not say why.
  if (found.length === 0 && links.length > 0) throw new UsageError(`${relative(process.cwd(), root) || '.'} holds no files but ${links.length === 1 ? 'the link' : 'the links'} ${links.slice(0, 5).join(', ')}${links.length > 5 ? ` and ${links.length - 5} more` : ''}, and links are not followed: give the file itself`);
  const sizeProblems = checkUploadSize(found);
  if (sizeProblems.some((p) => p.severity === 'error')) return fail(sizeProblems);
  const entries = found.map((f): UploadEntry => ({ path: f.path, bytes: new Uint8Array(0) }));
  await eachLimited([...entries.keys()], OPEN_FILES, async (i) => {
    entries[i].bytes = bytesOf(await readFile(found[i].full));
  });
  return specUploadFromEntries(entries);
}
