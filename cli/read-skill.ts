import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { compareStrings } from '../lib/core/entries';
import { problem, type Problem } from '../lib/core/problem';
import { fail, ok, type Result } from '../lib/core/result';
import type { SkillFiles } from '../lib/skill/package';
import { checkUploadSize } from '../lib/openapi/upload/size-limits';
import { isSkillFileName } from './write-output';
import { UsageError } from './command';


/**
 * A skill from disk: a folder (its name is the skill folder; only the files directly in it
 * that a package holds, SKILL.md, types.json and `*.md`, are read; subfolders, hidden files
 * and links are not), or a `.zip` bundle, imported as the wizard imports one. Problems with
 * the content (a refused zip, a file that is not UTF-8) come back as a failed Result; a path
 * that cannot be read at all throws a UsageError (exit 2).
 */
export async function readSkill(path: string): Promise<Result<SkillFiles>> {
  const full = resolve(path);
  const stat = await lstat(full).catch(() => {
    throw new UsageError(`cannot read ${path}: no such file or folder`);
  });
  if (stat.isDirectory()) {
    const read = await readSkillFolder(full);
    if (read.ok && read.value.files.size === 0) throw new UsageError(await noSkillMessage(path, full));
    return read;
  }
  if (stat.isFile() && /\.zip$/i.test(full)) {
    // SPEC 6, as the wizard checks an opened file: refused from its size, before it is read.
    const tooLarge = checkUploadSize([{ path: basename(full), size: stat.size }]);
    if (tooLarge.some((p) => p.severity === 'error')) return fail(tooLarge);
    const bytes = new Uint8Array(await readFile(full));
    // Loaded on demand: only a zip needs the bundle reader.
    const { importBundle } = await import('../lib/bundle/bundle');
    return importBundle(bytes);
  }
  throw new UsageError(`cannot read ${path}: expected a skill folder or a .zip bundle`);
}

/**
 * The folder's skill files, read one after another, synchronously: a skill is a few hundred
 * small files, and a promise for each stat and each read costs several times the reading.
 */
export async function readSkillFolder(dir: string): Promise<Result<SkillFiles>> {
  const folder = basename(resolve(dir));
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw new UsageError(`cannot read ${dir}: ${(e as Error).message}`);
  }
  const files = new Map<string, string>();
  const problems: Problem[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const name of names.sort()) {
    if (!isSkillFileName(name)) continue;
    if (!lstatSync(join(dir, name)).isFile()) continue;
    const bytes = readFileSync(join(dir, name));
    try {
      files.set(name, decoder.decode(bytes));
    } catch {
      problems.push(problem('file-encoding', 'error', `${name} is not UTF-8 text`, name));
    }
  }
  return problems.length > 0 ? fail(problems) : ok({ folder, files });
}

/**
 * Why a folder with none of a skill's files is not validated as an empty skill (one error,
 * "no SKILL.md"): most often it is the folder `convert --out` was given, the skill being in
 * a folder of its own inside it, which is named.
 */
async function noSkillMessage(path: string, full: string): Promise<string> {
  const inside: string[] = [];
  for (const entry of (await readdir(full, { withFileTypes: true })).sort((a, b) => compareStrings(a.name, b.name))) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const manifest = await lstat(join(full, entry.name, 'SKILL.md')).catch(() => undefined);
    if (manifest?.isFile()) inside.push(join(path, entry.name));
  }
  const none = `${path} holds no skill files (SKILL.md, types.json, *.md)`;
  if (inside.length === 0) return none;
  return `${none}; the skill${inside.length > 1 ? 's are' : ' is'} in ${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ` and ${inside.length - 3} more` : ''}`;
}
