/** Writing a skill bundle with fixed bytes (SPEC 1). */
import { compareStrings } from '../../core/entries';
import type { Problem } from '../../core/problem';
import { BundleDeflater, type DeflatedEntry } from './deflate';
import { EOCD_SIZE, SIG_CENTRAL, SIG_EOCD, SIG_LOCAL } from './format';
import { checkDuplicates, checkEntryName, checkHidden } from './policy';

/** 1980-01-01 00:00, the earliest DOS date and time: date (year 0, month 1, day 1) in the high half, time 00:00:00 in the low. */
const FIXED_DOS_TIME = ((1 << 5) | 1) << 16;
/** Unix (`os` 3) modes in the high half of the external attributes: a file `-rw-r--r--`, a folder `drwxr-xr-x` (with MS-DOS's directory bit). */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const FOLDER_ATTRIBUTES = ((0o040755 << 16) | 0x10) >>> 0;
const MADE_BY_UNIX = 3;
/** Version 2.0, which deflate needs. */
const VERSION = 20;
const DEFLATE = 8;
/** General-purpose flag bit 11: the name is UTF-8. */
const UTF8_NAME = 0x0800;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
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

  const deflater = new BundleDeflater(files.values());
  const entries = names.map((name, i) => ({
    name,
    deflated: deflater.deflate(i === 0 ? new Uint8Array(0) : files.get(paths[i - 1])!),
    attributes: i === 0 ? FOLDER_ATTRIBUTES : FILE_ATTRIBUTES,
  }));
  return zipArchive(entries);
}

/**
 * The archive (APPNOTE 6.3): each entry's local header and data, the central directory,
 * its end; no extra fields, comments or data descriptors, every entry deflated. The bytes
 * are those fflate's `zipSync` wrote for the same deflated data (this writer replaced it to
 * take data deflated in parts, deflate.ts), as a test holds.
 */
function zipArchive(entries: { name: string; deflated: DeflatedEntry; attributes: number }[]): Uint8Array {
  const encoder = new TextEncoder();
  const names = entries.map((e) => encoder.encode(e.name));
  let size = EOCD_SIZE;
  entries.forEach((e, i) => (size += LOCAL_HEADER + CENTRAL_HEADER + 2 * names[i].length + e.deflated.data.length));
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  let at = 0;
  const header = (signature: number, central: boolean, i: number) => {
    const { name, deflated, attributes } = entries[i];
    const flags = names[i].length !== name.length ? UTF8_NAME : 0;
    view.setUint32(at, signature, true);
    let p = at + 4;
    if (central) {
      view.setUint16(p, (MADE_BY_UNIX << 8) | VERSION, true);
      p += 2;
    }
    view.setUint16(p, VERSION, true);
    view.setUint16(p + 2, flags, true);
    view.setUint16(p + 4, DEFLATE, true);
    view.setUint32(p + 6, FIXED_DOS_TIME, true);
    view.setUint32(p + 10, deflated.crc, true);
    view.setUint32(p + 14, deflated.data.length, true);
    view.setUint32(p + 18, deflated.size, true);
    view.setUint16(p + 22, names[i].length, true);
    // Extra field length (p + 24) 0; in the central header, comment length, disk and internal attributes 0 too.
    p += 26;
    if (central) {
      view.setUint32(p + 6, attributes, true);
      view.setUint32(p + 10, offsets[i], true);
      p += 14;
    }
    out.set(names[i], p);
    at = p + names[i].length;
  };
  entries.forEach((e, i) => {
    offsets.push(at);
    header(SIG_LOCAL, false, i);
    out.set(e.deflated.data, at);
    at += e.deflated.data.length;
  });
  const central = at;
  entries.forEach((_, i) => header(SIG_CENTRAL, true, i));
  view.setUint32(at, SIG_EOCD, true);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, at - central, true);
  view.setUint32(at + 16, central, true);
  return out;
}
