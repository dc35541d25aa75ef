import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { problem, type Problem } from '../lib/core/problem';
import { fail, ok, type Result } from '../lib/core/result';
import { checkUploadSize, decodeText } from '../lib/bundle/upload';
import { readUploadZip } from '../lib/bundle/zip';
import { UsageError } from './command';

export interface SpecUpload {
  files: { path: string; text: string }[];
  /** The entry file when the upload is one file; a folder or zip lets the loader find it. */
  entry?: string;
  problems: Problem[];
}

/**
 * A spec from disk, as the wizard's upload would hold it: one file, every file of a folder
 * (hidden ones and links left out), or the files of a `.zip`. Sizes are checked before
 * anything is read as text (SPEC 6).
 */
export async function readSpecUpload(path: string): Promise<Result<SpecUpload>> {
  const full = resolve(path);
  const stat = await lstat(full).catch(() => {
    throw new UsageError(`cannot read ${path}: no such file or folder`);
  });
  if (stat.isDirectory()) return readFolder(full);
  if (!stat.isFile()) throw new UsageError(`cannot read ${path}: not a file or folder`);
  const name = basename(full);
  const sizeProblems = checkUploadSize([{ path: name, size: stat.size }]);
  if (sizeProblems.some((p) => p.severity === 'error')) return fail(sizeProblems);
  const bytes = new Uint8Array(await readFile(full));
  if (/\.zip$/i.test(name)) {
    const zip = readUploadZip(bytes, { archiveName: name });
    if (!zip.ok) return fail(zip.problems);
    return decodeAll([...zip.value].map(([p, b]) => ({ path: p, bytes: b })), zip.problems);
  }
  const text = decodeText(name, bytes);
  if (!text.ok) return fail(text.problems);
  return ok({ files: [{ path: name, text: text.value }], entry: name, problems: [] });
}

async function readFolder(root: string): Promise<Result<SpecUpload>> {
  const found: { path: string; full: string; size: number }[] = [];
  const walk = async (dir: string) => {
    for (const name of (await readdir(dir)).sort()) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const full = join(dir, name);
      const st = await lstat(full);
      if (st.isDirectory()) await walk(full);
      else if (st.isFile()) found.push({ path: relative(root, full).split('\\').join('/'), full, size: st.size });
    }
  };
  await walk(root);
  const sizeProblems = checkUploadSize(found);
  if (sizeProblems.some((p) => p.severity === 'error')) return fail(sizeProblems);
  const entries = await Promise.all(found.map(async (f) => ({ path: f.path, bytes: new Uint8Array(await readFile(f.full)) })));
  return decodeAll(entries, sizeProblems);
}

/** Text files only: a file that is not UTF-8 (an image beside the spec) is left out with a warning. */
function decodeAll(entries: { path: string; bytes: Uint8Array }[], problems: Problem[]): Result<SpecUpload> {
  const files: { path: string; text: string }[] = [];
  const out = [...problems];
  for (const e of entries) {
    const text = decodeText(e.path, e.bytes);
    if (text.ok) files.push({ path: e.path, text: text.value });
    else out.push(problem('upload-not-text', 'warning', `${e.path} is not UTF-8 text and was left out`, e.path));
  }
  if (files.length === 0) return fail([...out, problem('upload-empty', 'error', 'The upload holds no text files', '(upload)')]);
  return ok({ files, problems: out });
}
