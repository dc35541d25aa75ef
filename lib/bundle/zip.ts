/**
 * The zip layer (SPEC 1, SPEC 6): writing a skill bundle with fixed bytes, and reading a
 * skill bundle or an uploaded spec set with every entry checked before anything is inflated.
 *
 * fflate writes and inflates; the central directory is read here, because fflate's
 * `unzipSync` passes unsafe names through, collapses duplicates, loses `__proto__`, hides
 * the external attributes that mark a symlink, and fully inflates an entry that understates
 * its size (BAD-INPUT.md).
 */
import { Inflate, zipSync, type Zippable, type ZipOptions } from 'fflate';
import { compareStrings, utf8Length } from '../core/entries';
import { problem, type Problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';

const MiB = 1024 * 1024;

/** SPEC 6: a zip with over 5,000 entries or over 200 MB unpacked is refused whole. */
export interface ZipLimits {
  /** Entries in the central directory, folders and skipped entries included. */
  maxEntries: number;
  /** Sum of the declared uncompressed sizes of the entries that would be read. */
  maxUnpackedBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 5_000, maxUnpackedBytes: 200 * MiB };

export interface ZipReadOptions extends Partial<ZipLimits> {
  /** Shown as the problem's `file` when the archive as a whole is at fault. */
  archiveName?: string;
}

/** The longest path segment, in UTF-8 bytes (what file systems limit). */
const MAX_SEGMENT_BYTES = 255;
/** Name problems reported before giving up: enough to fix a zip, not 5,000 lines. */
const MAX_NAME_PROBLEMS = 20;
/**
 * Compressed bytes per inflate step. Deflate expands at most ~1032x, so one step can
 * overshoot a declared size by ~1032x the step: steps scale with the declared size, so a
 * liar is caught within about a megabyte while honest large entries inflate in big steps.
 */
function inflateStep(declaredSize: number): number {
  return Math.min(64 * 1024, Math.max(1024, Math.floor(declaredSize / 1024)));
}
/** 1980-01-01 00:00, the earliest DOS time, in local time because fflate reads local fields. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);
// mem 0: a 4 KiB hash table per entry; the default allocates 2 MB for every small file, and the garbage collector then costs more than deflating.
const FILE_OPTIONS: ZipOptions = { level: 6, mem: 0, mtime: FIXED_MTIME, os: 3, attrs: (0o100644 << 16) >>> 0 };
const FOLDER_OPTIONS: ZipOptions = { level: 6, mem: 0, mtime: FIXED_MTIME, os: 3, attrs: ((0o040755 << 16) | 0x10) >>> 0 };
const SKILL_MANIFEST = 'SKILL.md';

// ---------------------------------------------------------------------------------------
// Writing

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

  // Null prototype and defineProperty, so `__proto__` is an ordinary key. Every key but the
  // first holds a `/`, so none is integer-like and for-in keeps this insertion order.
  const data: Zippable = Object.create(null);
  const put = (key: string, value: Zippable[string]) =>
    Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
  put(folder, [Object.create(null) as Zippable, FOLDER_OPTIONS]);
  const encoder = new TextEncoder();
  for (const path of paths) {
    const content = files.get(path)!;
    put(`${folder}/${path}`, [typeof content === 'string' ? encoder.encode(content) : content, FILE_OPTIONS]);
  }
  return zipSync(data, FILE_OPTIONS);
}

// ---------------------------------------------------------------------------------------
// Reading: the two readers

/**
 * Read a skill bundle (SPEC 1, SPEC 6): exactly one top-level folder and nothing else.
 * Refused whole on an unsafe or hidden name, a link, duplicate names (also equal but for
 * case), too many entries, too many bytes unpacked, a size that lies, or a corrupt zip.
 * `files` are keyed by path relative to the folder, in code-unit order; folders are left out.
 */
export function readSkillZip(
  bytes: Uint8Array,
  options: ZipReadOptions = {},
): Result<{ folder: string; files: Map<string, Uint8Array> }> {
  const archive = options.archiveName ?? '(zip)';
  // __MACOSX/ (Finder's resource forks) is set aside to be named once, below.
  const read = readEntries(bytes, options, (name) =>
    name.split('/')[0] === '__MACOSX' ? 'skip' : (checkHidden(name) ?? 'keep'),
  );
  if (!read.ok) return fail(read.problems);
  const entries = read.value.entries;
  const layout = (name: string, why: string) =>
    fail<never>([problem('zip-layout', 'error', `\`${displayName(name)}\` ${why}`, displayName(name))]);
  if (read.value.skipped.length > 0) {
    return layout('__MACOSX/', 'is macOS metadata beside the skill folder; zip the folder without it');
  }
  if (entries.length === 0) {
    return fail([problem('zip-layout', 'error', 'The zip is empty; a skill bundle holds exactly one folder', archive)]);
  }

  const tops = [...new Set(entries.map((e) => e.name.split('/')[0]))];
  const loose = entries.find((e) => e.data && !e.name.includes('/'));
  if (loose) return layout(loose.name, 'is outside a folder; a skill bundle holds exactly one folder and nothing else');
  if (tops.length > 1) {
    const listed = tops.map((t) => `\`${displayName(t)}/\``).join(', ');
    return fail([
      problem('zip-layout', 'error', `The zip holds ${tops.length} top-level folders (${listed}); a skill bundle holds exactly one`, archive),
    ]);
  }

  const folder = tops[0];
  const files = new Map<string, Uint8Array>();
  for (const entry of entries) if (entry.data) files.set(entry.name.slice(folder.length + 1), entry.data);
  return ok({ folder, files });
}

/**
 * Read an uploaded zip of a spec set (SPEC 6): any folder layout. Hidden entries (a segment
 * starting with `.`, like `.github/`) and `__MACOSX/` are skipped with one warning; every
 * other check refuses the whole upload, as for a bundle. Paths are kept as they are in the
 * zip (`/`-separated, no top folder stripped), in code-unit order; folders are left out.
 */
export function readUploadZip(bytes: Uint8Array, options: ZipReadOptions = {}): Result<Map<string, Uint8Array>> {
  const archive = options.archiveName ?? '(zip)';
  const read = readEntries(bytes, options, (name) =>
    name.split('/').some((s) => s.startsWith('.') || s === '__MACOSX') ? 'skip' : 'keep',
  );
  if (!read.ok) return fail(read.problems);
  const files = new Map<string, Uint8Array>();
  for (const entry of read.value.entries) if (entry.data) files.set(entry.name, entry.data);

  const problems: Problem[] = [];
  const skipped = read.value.skipped.filter((n) => !n.endsWith('/'));
  if (skipped.length > 0) {
    const shown = skipped.slice(0, 3).map((n) => `\`${displayName(n)}\``).join(', ');
    const more = skipped.length > 3 ? ` and ${skipped.length - 3} more` : '';
    problems.push(
      problem('zip-skipped-hidden', 'warning', `Skipped ${skipped.length} hidden or __MACOSX file(s): ${shown}${more}`, displayName(skipped[0])),
    );
  }
  if (files.size === 0) {
    return fail([...problems, problem('zip-empty', 'error', 'The zip holds no files to read', archive)]);
  }
  return ok(files, problems);
}

// ---------------------------------------------------------------------------------------
// Reading: the shared pipeline

interface CentralEntry {
  name: string;
  rawName: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Host system (high byte of "version made by"): 3 Unix, 19 macOS, 0 MS-DOS, 10 NTFS. */
  host: number;
  externalAttrs: number;
}

interface ReadEntry {
  name: string;
  /** Absent for a folder entry. */
  data?: Uint8Array;
}

type Select = (name: string) => 'keep' | 'skip' | Problem;

/**
 * Central directory → names and kinds → duplicates → declared sizes → local headers →
 * inflate with a byte counter. Each step refuses before the next, costlier one runs.
 */
function readEntries(
  bytes: Uint8Array,
  options: ZipReadOptions,
  select: Select,
): Result<{ entries: ReadEntry[]; skipped: string[] }> {
  const limits: ZipLimits = {
    maxEntries: options.maxEntries ?? DEFAULT_ZIP_LIMITS.maxEntries,
    maxUnpackedBytes: options.maxUnpackedBytes ?? DEFAULT_ZIP_LIMITS.maxUnpackedBytes,
  };
  const archive = options.archiveName ?? '(zip)';
  const directory = readCentralDirectory(bytes, limits, archive);
  if (!directory.ok) return fail(directory.problems);
  const { entries: central, cdOffset } = directory.value;

  const problems: Problem[] = [];
  const kept: CentralEntry[] = [];
  const skipped: string[] = [];
  for (const entry of central) {
    const p = checkEntryName(entry.name) ?? checkEntryKind(entry);
    const choice = p ?? select(entry.name);
    if (choice === 'keep') kept.push(entry);
    else if (choice === 'skip') skipped.push(entry.name);
    else problems.push(choice);
    if (problems.length >= MAX_NAME_PROBLEMS) break;
  }
  if (problems.length > 0) return fail(problems);

  const duplicates = checkDuplicates(kept.map((e) => e.name));
  if (duplicates.length > 0) return fail(duplicates.slice(0, MAX_NAME_PROBLEMS));

  let declared = 0;
  for (const entry of kept) declared += entry.size;
  if (declared > limits.maxUnpackedBytes) {
    return fail([
      problem(
        'zip-too-large',
        'error',
        `The zip would unpack to ${formatBytes(declared)}, over the ${formatBytes(limits.maxUnpackedBytes)} limit`,
        archive,
      ),
    ]);
  }

  const located = locateData(bytes, kept, cdOffset);
  if (!located.ok) return fail(located.problems);

  const entries: ReadEntry[] = [];
  for (let i = 0; i < kept.length; i++) {
    const entry = kept[i];
    if (entry.name.endsWith('/')) {
      entries.push({ name: entry.name.slice(0, -1) });
      continue;
    }
    const data = inflateEntry(bytes.subarray(located.value[i], located.value[i] + entry.compressedSize), entry);
    if (!data.ok) return fail(data.problems);
    entries.push({ name: entry.name, data: data.value });
  }
  entries.sort((a, b) => compareStrings(a.name, b.name));
  return ok({ entries, skipped });
}

// ---------------------------------------------------------------------------------------
// The checks, shared by both readers and the writer

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
function checkHidden(name: string): Problem | undefined {
  if (!name.split('/').some((s) => s.startsWith('.'))) return undefined;
  const shown = displayName(name);
  return problem('zip-hidden-entry', 'error', `Entry \`${shown}\` is hidden (a name starting with \`.\`); a skill bundle holds none`, shown);
}

/** Links, devices, encrypted or unsupported entries, and sizes that cannot be right. */
function checkEntryKind(entry: CentralEntry): Problem | undefined {
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
function checkDuplicates(names: readonly string[]): Problem[] {
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
function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function formatBytes(n: number): string {
  if (n >= 1024 * MiB) return `${(n / (1024 * MiB)).toFixed(1)} GiB`;
  if (n >= MiB) return `${(n / MiB).toFixed(1)} MiB`;
  return `${n} bytes`;
}

// ---------------------------------------------------------------------------------------
// The zip format (PKWARE APPNOTE 6.3): end of central directory, central directory,
// local headers. Every read is bounds-checked; anything off is `zip-corrupt`.

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const EOCD_SIZE = 22;

function u16(b: Uint8Array, p: number): number {
  return b[p] | (b[p + 1] << 8);
}

function u32(b: Uint8Array, p: number): number {
  return (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
}

/** Exact below 2^53; above, a huge number that fails every limit and bounds check. */
function u64(b: Uint8Array, p: number): number {
  return u32(b, p) + u32(b, p + 4) * 0x100000000;
}

function corrupt(archive: string, why: string): Result<never> {
  return fail([problem('zip-corrupt', 'error', `The file is not a readable zip: ${why}`, archive)]);
}

function findEndOfCentralDirectory(bytes: Uint8Array): number {
  const last = bytes.length - EOCD_SIZE;
  const first = Math.max(0, last - 0xffff);
  let loose = -1;
  for (let p = last; p >= first; p--) {
    if (u32(bytes, p) !== SIG_EOCD) continue;
    if (p + EOCD_SIZE + u16(bytes, p + 20) === bytes.length) return p;
    if (loose < 0) loose = p;
  }
  return loose;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeName(raw: Uint8Array): string | undefined {
  try {
    // Bit 11 says UTF-8; without it, many tools still write UTF-8, and ASCII is both.
    // Legacy code-page (CP437) names are refused rather than guessed.
    return utf8.decode(raw);
  } catch {
    return undefined;
  }
}

function readCentralDirectory(
  bytes: Uint8Array,
  limits: ZipLimits,
  archive: string,
): Result<{ entries: CentralEntry[]; cdOffset: number }> {
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) {
    return corrupt(archive, 'no end-of-central-directory record (not a zip, or truncated)');
  }
  let disk = u16(bytes, eocd + 4);
  let cdDisk = u16(bytes, eocd + 6);
  let count = u16(bytes, eocd + 10);
  let cdSize = u32(bytes, eocd + 12);
  let cdOffset = u32(bytes, eocd + 16);
  let cdLimit = eocd;
  let zip64 = false;

  const locator = eocd - 20;
  if (locator >= 0 && u32(bytes, locator) === SIG_ZIP64_LOCATOR) {
    const at = u64(bytes, locator + 8);
    if (at + 56 > locator || u32(bytes, at) !== SIG_ZIP64_EOCD) {
      return corrupt(archive, 'the zip64 end-of-central-directory record is missing');
    }
    zip64 = true;
    disk = u32(bytes, at + 16);
    cdDisk = u32(bytes, at + 20);
    count = u64(bytes, at + 32);
    cdSize = u64(bytes, at + 40);
    cdOffset = u64(bytes, at + 48);
    cdLimit = at;
  }
  if (disk !== 0 || cdDisk !== 0) {
    return fail([problem('zip-unsupported', 'error', 'The zip is split across several files; join it into one', archive)]);
  }
  const tooMany = () =>
    fail<never>([
      problem('zip-too-many-entries', 'error', `The zip has more than ${groupDigits(limits.maxEntries)} entries`, archive),
    ]);
  // Refused from the declared count alone, before a single entry is parsed.
  if (count > limits.maxEntries) return tooMany();
  if (cdOffset + cdSize > cdLimit) return corrupt(archive, 'the central directory lies outside the file (truncated?)');

  const entries: CentralEntry[] = [];
  const end = cdOffset + cdSize;
  let p = cdOffset;
  while (p < end) {
    if (entries.length >= limits.maxEntries) return tooMany();
    if (p + 46 > end || u32(bytes, p) !== SIG_CENTRAL) return corrupt(archive, 'a central directory entry is damaged');
    const nameLength = u16(bytes, p + 28);
    const extraLength = u16(bytes, p + 30);
    const commentLength = u16(bytes, p + 32);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > end) return corrupt(archive, 'a central directory entry runs past its end');
    const rawName = bytes.subarray(p + 46, p + 46 + nameLength);
    const name = decodeName(rawName);
    if (name === undefined) {
      return fail([
        problem('zip-name-encoding', 'error', 'An entry name is not UTF-8; re-create the zip with a current zip tool', archive),
      ]);
    }
    const entry: CentralEntry = {
      name,
      rawName,
      host: bytes[p + 5],
      flags: u16(bytes, p + 8),
      method: u16(bytes, p + 10),
      crc: u32(bytes, p + 16),
      compressedSize: u32(bytes, p + 20),
      size: u32(bytes, p + 24),
      externalAttrs: u32(bytes, p + 38),
      localOffset: u32(bytes, p + 42),
    };
    const diskStart = u16(bytes, p + 34);
    if (!readZip64Extra(bytes, p + 46 + nameLength, extraLength, entry, diskStart)) {
      return corrupt(archive, `the zip64 sizes of \`${displayName(name)}\` are missing`);
    }
    entries.push(entry);
    p = next;
  }
  // Writers without zip64 let the 16-bit count wrap; with zip64 it must match.
  if (entries.length !== count && (zip64 || entries.length % 0x10000 !== count)) {
    return corrupt(archive, `the central directory holds ${entries.length} entries, not the ${count} declared`);
  }
  return ok({ entries, cdOffset });
}

/** Fill the 0xFFFFFFFF fields of a central entry from its zip64 extra field (APPNOTE 4.5.3). */
function readZip64Extra(bytes: Uint8Array, start: number, length: number, entry: CentralEntry, diskStart: number): boolean {
  const needSize = entry.size === 0xffffffff;
  const needCompressed = entry.compressedSize === 0xffffffff;
  const needOffset = entry.localOffset === 0xffffffff;
  const needDisk = diskStart === 0xffff;
  if (!needSize && !needCompressed && !needOffset && !needDisk) return true;
  const end = start + length;
  for (let p = start; p + 4 <= end; ) {
    const id = u16(bytes, p);
    const size = u16(bytes, p + 2);
    if (p + 4 + size > end) return false;
    if (id === 0x0001) {
      let q = p + 4;
      const take = () => {
        const v = q + 8 <= p + 4 + size ? u64(bytes, q) : undefined;
        q += 8;
        return v;
      };
      const size64 = needSize ? take() : entry.size;
      const compressed64 = needCompressed ? take() : entry.compressedSize;
      const offset64 = needOffset ? take() : entry.localOffset;
      if (size64 === undefined || compressed64 === undefined || offset64 === undefined) return false;
      entry.size = size64;
      entry.compressedSize = compressed64;
      entry.localOffset = offset64;
      // A 4-byte disk number follows when needed; only disk 0 is read.
      if (needDisk && (q + 4 > p + 4 + size || u32(bytes, q) !== 0)) return false;
      return true;
    }
    p += 4 + size;
  }
  return false;
}

/**
 * Where each entry's data starts, from its local header, which must agree with the central
 * directory on the name and method; entries must not overlap (the overlapping-file bomb).
 */
function locateData(bytes: Uint8Array, entries: readonly CentralEntry[], cdOffset: number): Result<number[]> {
  const starts: number[] = [];
  const spans: { from: number; to: number; name: string }[] = [];
  for (const entry of entries) {
    const shown = displayName(entry.name);
    const bad = (why: string) => fail<never>([problem('zip-corrupt', 'error', `Entry \`${shown}\` ${why}`, shown)]);
    const at = entry.localOffset;
    if (at + 30 > cdOffset || u32(bytes, at) !== SIG_LOCAL) return bad('has no local header where the directory says');
    const nameLength = u16(bytes, at + 26);
    const dataStart = at + 30 + nameLength + u16(bytes, at + 28);
    if (nameLength !== entry.rawName.length || !sameBytes(bytes.subarray(at + 30, at + 30 + nameLength), entry.rawName)) {
      return bad('has a different name in its local header');
    }
    if (u16(bytes, at + 8) !== entry.method) return bad('has a different compression method in its local header');
    if (dataStart + entry.compressedSize > cdOffset) return bad('runs past the end of the data (truncated?)');
    starts.push(dataStart);
    spans.push({ from: at, to: dataStart + entry.compressedSize, name: shown });
  }
  spans.sort((a, b) => a.from - b.from);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i].from < spans[i - 1].to) {
      const shown = spans[i].name;
      return fail([problem('zip-corrupt', 'error', `Entry \`${shown}\` overlaps \`${spans[i - 1].name}\``, shown)]);
    }
  }
  return ok(starts);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

class SizeExceeded extends Error {}

/**
 * BAD-INPUT 15: inflate in small steps into a buffer of the declared size, refusing as soon
 * as one byte more comes out; then check the length and the CRC.
 */
function inflateEntry(compressed: Uint8Array, entry: CentralEntry): Result<Uint8Array> {
  const shown = displayName(entry.name);
  const refuse = (ruleId: string, why: string) => fail<never>([problem(ruleId, 'error', `Entry \`${shown}\` ${why}`, shown)]);
  let out: Uint8Array;
  if (entry.method === 0) {
    if (compressed.length !== entry.size) return refuse('zip-size-mismatch', 'is stored with a size other than the one it declares');
    out = compressed.slice();
  } else {
    out = new Uint8Array(entry.size);
    let written = 0;
    const inflater = new Inflate((chunk) => {
      if (written + chunk.length > out.length) throw new SizeExceeded();
      out.set(chunk, written);
      written += chunk.length;
    });
    try {
      if (compressed.length === 0) inflater.push(compressed, true);
      const step = inflateStep(entry.size);
      for (let p = 0; p < compressed.length; p += step) {
        const stop = Math.min(p + step, compressed.length);
        inflater.push(compressed.subarray(p, stop), stop === compressed.length);
      }
    } catch (e) {
      if (e instanceof SizeExceeded) {
        return refuse('zip-size-mismatch', `unpacks to more than the ${entry.size} bytes it declares`);
      }
      return refuse('zip-corrupt', `cannot be decompressed (${e instanceof Error ? e.message : 'invalid data'})`);
    }
    if (written !== entry.size) return refuse('zip-size-mismatch', `unpacks to ${written} bytes, not the ${entry.size} it declares`);
  }
  if (crc32(out) !== entry.crc) return refuse('zip-corrupt', 'fails its checksum (CRC-32)');
  return ok(out);
}

let crcTable: Int32Array | undefined;

/** CRC-32 (ISO 3309, as in zip and gzip) of `data`, unsigned. */
export function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  const table = crcTable;
  let c = -1;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
