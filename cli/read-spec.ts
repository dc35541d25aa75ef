import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { fail, type Result } from '../lib/core/result';
import { checkUploadSize, isIgnoredUploadPath, specUploadFromEntries, specUploadFromFile, type SpecUpload } from '../lib/openapi/upload';
import { UsageError } from './command';
import { eachLimited, OPEN_FILES } from './write-output';

/**
 * A spec from disk, as the wizard's upload would hold it: one file, every file of a folder
 * (hidden ones and links left out), or the files of a `.zip`. Sizes are checked before
 * anything is read (SPEC 6).
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
  return specUploadFromFile(name, new Uint8Array(await readFile(full)));
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
