import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fail, type Result } from '../lib/core/result';
// From the modules themselves, not lib/openapi/upload's index: the zip reader (and fflate's
// tables, built when its module loads) is loaded only for a `.zip`.
import { fileReferences, gatherReferencedFiles, type ReadResult } from '../lib/openapi/upload/referenced-files';
import { checkUploadSize } from '../lib/openapi/upload/size-limits';
import { isIgnoredUploadPath, specUploadFromEntries, specUploadFromSpecFile, type SpecUpload } from '../lib/openapi/upload/spec-upload';
import { UsageError } from './command';
import { eachLimited, OPEN_FILES } from './write-output';

/**
 * A spec from disk, as the wizard's upload would hold it: one file, every file of a folder
 * (hidden ones and links left out), or the files of a `.zip`. Sizes are checked before
 * anything is read (SPEC 6). One file whose relative `$ref`s name other files is the entry
 * of a spec split over files: those files are read from its folder too, and theirs, with
 * the limits and refusals of a folder upload (nothing above that folder, no links).
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
  if (/\.zip$/i.test(name)) return (await import('../lib/openapi/upload/spec-upload-file')).specUploadFromFile(name, bytes);
  const one = specUploadFromSpecFile(name, bytes);
  // A spec split over files, given by its entry (issue 8.6): the files its relative $refs name, from its folder.
  if (!one.ok || fileReferences(name, one.value.files[0].text).length === 0) return one;
  return gatherReferencedFiles({ path: name, bytes }, (rel, maxBytes) => readBelow(dirname(full), rel, maxBytes));
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
  return { ok: true, bytes: new Uint8Array(await readFile(at)) };
}

async function readFolder(root: string): Promise<Result<SpecUpload>> {
  const found: { path: string; full: string; size: number }[] = [];
  const walk = async (dir: string) => {
    for (const name of (await readdir(dir)).sort()) {
      const full = join(dir, name);
      const path = relative(root, full).split('\\').join('/');
      if (isIgnoredUploadPath(path)) continue;
      const st = await lstat(full);
      if (st.isDirectory()) await walk(full);
      else if (st.isFile()) found.push({ path, full, size: st.size });
    }
  };
  await walk(root);
  const sizeProblems = checkUploadSize(found);
  if (sizeProblems.some((p) => p.severity === 'error')) return fail(sizeProblems);
  const entries = found.map((f) => ({ path: f.path, bytes: new Uint8Array(0) }));
  await eachLimited([...entries.keys()], OPEN_FILES, async (i) => {
    entries[i].bytes = new Uint8Array(await readFile(found[i].full));
  });
  return specUploadFromEntries(entries);
}
