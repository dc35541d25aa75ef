/** Writing a skill bundle with fixed bytes (SPEC 1). */
import { zipSync, type Zippable, type ZipOptions } from 'fflate';
import { compareStrings, setOwn } from '../../core/entries';
import type { Problem } from '../../core/problem';
import { checkDuplicates, checkEntryName, checkHidden } from './policy';

/** 1980-01-01 00:00, the earliest DOS time, in local time because fflate reads local fields. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);
// mem 0: a 4 KiB hash table per entry; the default allocates 2 MB for every small file, and the garbage collector then costs more than deflating.
const FILE_OPTIONS: ZipOptions = { level: 6, mem: 0, mtime: FIXED_MTIME, os: 3, attrs: (0o100644 << 16) >>> 0 };
const FOLDER_OPTIONS: ZipOptions = { level: 6, mem: 0, mtime: FIXED_MTIME, os: 3, attrs: ((0o040755 << 16) | 0x10) >>> 0 };
const SKILL_MANIFEST = 'SKILL.md';

/** SKILL.md first, then code-unit order: the fixed entry order of SPEC 1. */
function compareSkillPaths(a: string, b: string): number {
  if (a === b) return 0;
  if (a === SKILL_MANIFEST) return -1;
  if (b === SKILL_MANIFEST) return 1;
  return compareStrings(a, b);
}

/**
 * The `.zip` bundle of a skill (SPEC 1): one folder `<folder>/` holding `files` (paths
 * relative to it). Entry order, timestamps (1980-01-01 00:00), attributes and compression
 * level are fixed and no extra fields are written, so the same files give the same bytes.
 * Throws on a name the reader would refuse: names come from the generator, not the user.
 */
export function writeSkillZip(folder: string, files: Map<string, string | Uint8Array>): Uint8Array {
  const paths = [...files.keys()].sort(compareSkillPaths);
  const names = [`${folder}/`, ...paths.map((p) => `${folder}/${p}`)];
  const problems: Problem[] = [];
  for (const name of names) {
    const p = checkEntryName(name) ?? checkHidden(name);
    if (p) problems.push(p);
  }
  problems.push(...checkDuplicates(names));
  if (problems.length > 0) {
    throw new Error(`writeSkillZip: unsafe entry names: ${problems.map((p) => `${p.file} (${p.message})`).join('; ')}`);
  }

  // setOwn, so `__proto__` is an ordinary key. Every key but the first holds a `/`, so none
  // is integer-like and for-in keeps this insertion order.
  const data: Zippable = Object.create(null);
  setOwn(data, folder, [Object.create(null) as Zippable, FOLDER_OPTIONS]);
  const encoder = new TextEncoder();
  for (const path of paths) {
    const content = files.get(path)!;
    setOwn(data, `${folder}/${path}`, [typeof content === 'string' ? encoder.encode(content) : content, FILE_OPTIONS]);
  }
  return zipSync(data, FILE_OPTIONS);
}
