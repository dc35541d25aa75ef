/**
 * What a zip may hold (SPEC 1, SPEC 6, BAD-INPUT 13–15): safe entry names, entry kinds, no
 * duplicates, and the entry and size limits. Shared by both readers and the writer.
 */
import { utf8Length } from '../../core/entries';
import { problem, type Problem } from '../../core/problem';

const MiB = 1024 * 1024;

/** SPEC 6: a zip with over 5,000 entries or over 200 MB unpacked is refused whole. */
export interface ZipLimits {
  /** Entries in the central directory, folders and skipped entries included. */
  maxEntries: number;
  /** Sum of the declared uncompressed sizes of the entries that would be read. */
  maxUnpackedBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 5_000, maxUnpackedBytes: 200 * MiB };

/** The longest path segment, in UTF-8 bytes (what file systems limit). */
const MAX_SEGMENT_BYTES = 255;
/** Name problems reported before giving up: enough to fix a zip, not 5,000 lines. */
export const MAX_NAME_PROBLEMS = 20;
const DRIVE_LETTER = /^[A-Za-z]:/;
// C0 controls, DEL and C1 controls.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** SPEC 6 / BAD-INPUT 13: a name that could land outside the folder, or mean two things. */
export function checkEntryName(name: string): Problem | undefined {
  const shown = displayName(name);
  const refuse = (ruleId: string, why: string) => problem(ruleId, 'error', `Entry \`${shown}\` ${why}`, shown);
  if (name.length === 0) return refuse('zip-empty-segment', 'has an empty name');
  if (name.includes('\u0000')) return refuse('zip-control-character', 'has a NUL character in its name');
  if (CONTROL.test(name)) return refuse('zip-control-character', 'has a control character in its name');
  if (name.includes('\\')) return refuse('zip-backslash', 'has a backslash in its name; zip paths use `/`');
  if (name.startsWith('/')) return refuse('zip-absolute-path', 'is an absolute path');
  if (DRIVE_LETTER.test(name)) return refuse('zip-drive-letter', 'starts with a drive letter');
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  for (const segment of segments) {
    if (segment === '..') return refuse('zip-parent-segment', 'has a `..` segment, which points outside the folder');
    if (segment === '' || segment === '.') return refuse('zip-empty-segment', 'has an empty or `.` segment');
    if (utf8Length(segment) > MAX_SEGMENT_BYTES) {
      return refuse('zip-long-name', `has a name segment over ${MAX_SEGMENT_BYTES} bytes`);
    }
  }
  return undefined;
}

/** SPEC 1: no hidden files in a skill bundle. */
export function checkHidden(name: string): Problem | undefined {
  if (!name.split('/').some((s) => s.startsWith('.'))) return undefined;
  const shown = displayName(name);
  return problem('zip-hidden-entry', 'error', `Entry \`${shown}\` is hidden (a name starting with \`.\`); a skill bundle holds none`, shown);
}

/** What of a central directory entry (`CentralEntry`, zip/format.ts) says what kind of entry it is. */
export interface EntryKind {
  name: string;
  flags: number;
  method: number;
  size: number;
  /** Host system (high byte of "version made by"): 3 Unix, 19 macOS, 0 MS-DOS, 10 NTFS. */
  host: number;
  externalAttrs: number;
}

/** Links, devices, encrypted or unsupported entries, and sizes that cannot be right. */
export function checkEntryKind(entry: EntryKind): Problem | undefined {
  const shown = displayName(entry.name);
  const refuse = (ruleId: string, why: string) => problem(ruleId, 'error', `Entry \`${shown}\` ${why}`, shown);
  const type = (entry.externalAttrs >>> 16) & 0o170000;
  const unix = entry.host === 3 || entry.host === 19;
  // A symlink type is refused whatever host is claimed: some extractors honour it anyway.
  if (type === 0o120000) return refuse('zip-link', 'is a symbolic link');
  // FILE_ATTRIBUTE_REPARSE_POINT: a Windows symlink or junction.
  if (!unix && (entry.externalAttrs & 0x400) !== 0) return refuse('zip-link', 'is a link (a Windows reparse point)');
  if (unix && type !== 0 && type !== 0o100000 && type !== 0o040000) {
    return refuse('zip-special-file', 'is not a regular file or folder (a device, pipe or socket)');
  }
  if ((entry.flags & 0x0001) !== 0 || (entry.flags & 0x0040) !== 0) return refuse('zip-encrypted', 'is encrypted');
  if (entry.method !== 0 && entry.method !== 8) {
    return refuse('zip-unsupported', `uses compression method ${entry.method}; only stored and deflate are read`);
  }
  if (entry.name.endsWith('/') && entry.size !== 0) return refuse('zip-corrupt', 'is a folder that declares content');
  return undefined;
}

/**
 * BAD-INPUT 14: the same name twice, names equal but for case (or Unicode normalization),
 * or a name that is both a file and a folder; refused, never last-wins.
 */
export function checkDuplicates(names: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const exact = new Map<string, string>();
  const folded = new Map<string, string>();
  const folders = new Map<string, string>();
  const files: string[] = [];
  for (const name of names) {
    const isFolder = name.endsWith('/');
    const path = isFolder ? name.slice(0, -1) : name;
    const shown = displayName(path);
    const key = fold(path);
    const same = exact.get(path);
    const similar = folded.get(key);
    if (same !== undefined) {
      problems.push(problem('zip-duplicate-name', 'error', `Entry \`${shown}\` appears more than once`, shown));
    } else if (similar !== undefined) {
      problems.push(
        problem('zip-case-conflict', 'error', `Entries \`${displayName(similar)}\` and \`${shown}\` differ only in case`, shown),
      );
    }
    exact.set(path, path);
    folded.set(key, path);
    if (isFolder) folders.set(key, path);
    else files.push(path);
    // Every parent of an entry is a folder, listed or not.
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) {
      const parent = segments.slice(0, i).join('/');
      folders.set(fold(parent), parent);
    }
  }
  for (const file of files) {
    const folder = folders.get(fold(file));
    if (folder !== undefined) {
      const shown = displayName(file);
      problems.push(problem('zip-duplicate-name', 'error', `\`${shown}\` is both a file and a folder`, shown));
    }
  }
  return problems;
}

function fold(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

/**
 * An entry name made safe to show: control and bidirectional-override characters escaped,
 * very long names shortened. Used as the problem's `file`, never to open anything.
 */
export function displayName(name: string): string {
    const escaped = name.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) =>
    `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > 160 ? `${escaped.slice(0, 80)}…${escaped.slice(-40)}` : escaped;
}

/** 5000 → "5,000", without Intl (slow to load on first use). */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatBytes(n: number): string {
  if (n >= 1024 * MiB) return `${(n / (1024 * MiB)).toFixed(1)} GiB`;
  if (n >= MiB) return `${(n / MiB).toFixed(1)} MiB`;
  return `${n} bytes`;
}
