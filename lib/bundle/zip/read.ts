/**
 * Reading a skill bundle or an uploaded spec set (SPEC 1, SPEC 6), with every entry checked
 * before anything is inflated.
 */
import { compareStrings } from '../../core/entries';
import { problem, type Problem } from '../../core/problem';
import { fail, ok, type Result } from '../../core/result';
import { inflateEntry, locateData, readCentralDirectory, type CentralEntry } from './format';
import {
  checkDuplicates,
  checkEntryKind,
  checkEntryName,
  checkHidden,
  DEFAULT_ZIP_LIMITS,
  displayName,
  formatBytes,
  MAX_NAME_PROBLEMS,
  type ZipLimits,
} from './policy';

export interface ZipReadOptions extends Partial<ZipLimits> {
  /** Shown as the problem's `file` when the archive as a whole is at fault. */
  archiveName?: string;
}

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
