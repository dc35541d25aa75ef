import { parseManifest, MANIFEST_FILE } from '../skill/manifest';
import { removeSkillFile, updateSkillFile, type SkillPackage } from '../skill/package';
import { parseOperationFile, type OperationFile } from '../skill/operation-file';
import { compareStrings } from '../core/entries';
import { TYPES_FILE, writeTypesFile } from '../skill/types-file';
import { reachableTypes } from '../rules/facts';

/** An operation file taken out of a skill, with what puts it back as it was. */
export interface RemovedOperation {
  text: string;
  /** The file's line in SKILL.md's Operations list (`- \`base\`: …`), if it had one. */
  entry?: string;
  /**
   * The file as it was read when taken out, to put back without reading it again (reading
   * hundreds of frontmatters is most of what putting them back cost) and so that the checks
   * kept for that very object still apply. Held in memory only: a draft keeps `text`.
   */
  read?: OperationFile;
}

/** A skill with operations taken out (`removeOperations`). */
export interface Removal {
  pkg: SkillPackage;
  /** Each operation file taken out, by path. */
  removed: Map<string, RemovedOperation>;
  /** Types taken out of types.json with them: only they reached them. */
  prunedTypes: Map<string, unknown>;
}

/**
 * The skill without these operation files (curation): each file goes with its entry
 * in SKILL.md's Operations list, and the shared types only the removed operations reached
 * (directly or through other types) leave types.json, which goes when it is left empty
 * (SPEC 1: present only when there is a type). A type no operation reached before is the
 * user's business and stays, where `types-unused` names it. A kept operation's file is never
 * rewritten, so a type it shares with a removed one stays in types.json even when only one
 * kept operation uses it. Paths that are not operation files of the skill are ignored.
 *
 * The one function that removes operations: the CLI's `convert --include-tags …` and the
 * wizard's removals both call it, so the same choices give the same files.
 */
export function removeOperations(pkg: SkillPackage, paths: Iterable<string>): Removal {
  const wanted = new Set(paths);
  const gone = pkg.operations.filter((o) => wanted.has(o.file));
  const removed = new Map<string, RemovedOperation>();
  const prunedTypes = new Map<string, unknown>();
  if (gone.length === 0) return { pkg, removed, prunedTypes };
  const kept = pkg.operations.filter((o) => !wanted.has(o.file));
  let next: SkillPackage = { ...pkg, operations: kept };

  const entries = new Map<string, string>();
  const manifest = pkg.manifest;
  if (manifest?.operations) {
    const names = new Set(gone.map((o) => o.baseName));
    const lines = manifest.text.split('\n');
    const drop = new Set<number>();
    for (const e of manifest.operations) {
      if (!names.has(e.name)) continue;
      if (!entries.has(e.name)) entries.set(e.name, lines[e.line - 1]);
      drop.add(e.line - 1);
    }
    if (drop.size > 0) next = updateSkillFile(next, MANIFEST_FILE, lines.filter((_, i) => !drop.has(i)).join('\n'));
  }
  for (const o of gone) removed.set(o.file, { text: o.text, entry: entries.get(o.baseName), read: o });

  const types = pkg.types;
  if (types && types.problems.length === 0 && types.types.size > 0) {
    const before = reachableTypes(types.types, gone);
    const after = reachableTypes(types.types, kept);
    for (const name of before) if (!after.has(name)) prunedTypes.set(name, types.types.get(name));
    if (prunedTypes.size > 0) {
      const left = new Map([...types.types].filter(([name]) => !prunedTypes.has(name)));
      next = left.size === 0 ? removeSkillFile(next, TYPES_FILE) : updateSkillFile(next, TYPES_FILE, writeTypesFile(left));
    }
  }
  return { pkg: next, removed, prunedTypes };
}

/** Removed operations put back (`restoreOperations`). */
export interface Restoration {
  pkg: SkillPackage;
  /** The paths put back. */
  restored: string[];
  /** The types put back into types.json from the pruned ones. */
  typesBack: string[];
}

/**
 * Removed operation files put back: each file as it was, its Operations entry where it was
 * (after the entry that came before it in `order`, the Operations list as generated, so
 * removing and putting back everything gives SKILL.md back byte for byte), and the pruned
 * types it reaches back in types.json. A types.json that does not parse is left alone (the
 * user is fixing it). Paths not in `removed` are ignored.
 */
export function restoreOperations(
  pkg: SkillPackage,
  paths: Iterable<string>,
  removed: ReadonlyMap<string, RemovedOperation>,
  prunedTypes: ReadonlyMap<string, unknown>,
  order: readonly string[] = [],
): Restoration {
  const back = [...new Set(paths)].filter((p) => removed.has(p) && !pkg.operations.some((o) => o.file === p));
  if (back.length === 0) return { pkg, restored: [], typesBack: [] };
  const files = back.map((path) => {
    const { text, read } = removed.get(path)!;
    return read?.file === path && read.text === text ? read : parseOperationFile(path, text);
  });
  let next: SkillPackage = { ...pkg, operations: [...pkg.operations, ...files].sort((a, b) => compareStrings(a.file, b.file)) };

  const manifest = next.manifest;
  if (manifest?.operations && manifest.operationsLine !== undefined) {
    const entries = back.flatMap((path) => {
      const entry = removed.get(path)!.entry;
      return entry === undefined ? [] : [{ name: path.replace(/\.md$/, ''), line: entry }];
    });
    if (entries.length > 0) next = updateSkillFile(next, MANIFEST_FILE, insertEntries(manifest.text, entries, order));
  }

  const typesBack: string[] = [];
  const types = next.types;
  if (prunedTypes.size > 0 && (!types || types.problems.length === 0)) {
    const current = types?.types ?? new Map<string, unknown>();
    const pool = new Map([...prunedTypes, ...current]);
    const restoredOps = files;
    for (const name of reachableTypes(pool, restoredOps)) if (!current.has(name)) typesBack.push(name);
    if (typesBack.length > 0) {
      const all = new Map(current);
      for (const name of typesBack) all.set(name, prunedTypes.get(name));
      next = updateSkillFile(next, TYPES_FILE, writeTypesFile(all));
    }
  }
  return { pkg: next, restored: back, typesBack: typesBack.sort() };
}

/**
 * SKILL.md with Operations entries put back: each after the present entry that comes before
 * it in `order` (else before the first that comes after it, else at the end of the list).
 * Entries whose names `order` does not hold go at the end, in the order given.
 */
function insertEntries(text: string, entries: { name: string; line: string }[], order: readonly string[]): string {
  const manifest = parseManifest(text);
  const present = manifest.operations ?? [];
  const rank = new Map(order.map((name, i) => [name, i]));
  const lines = text.split('\n');
  const lastLine = present.length > 0 ? present[present.length - 1].line - 1 : manifest.operationsLine! - 1;
  const after = new Map<number, string[]>();
  const before = new Map<number, string[]>();
  const add = (to: Map<number, string[]>, at: number, line: string) => to.set(at, [...(to.get(at) ?? []), line]);
  const sorted = [...entries].sort((a, b) => (rank.get(a.name) ?? Infinity) - (rank.get(b.name) ?? Infinity));
  for (const e of sorted) {
    const r = rank.get(e.name);
    if (r === undefined) {
      add(after, lastLine, e.line);
      continue;
    }
    let previous: number | undefined;
    let following: number | undefined;
    for (const p of present) {
      const pr = rank.get(p.name);
      if (pr === undefined) continue;
      if (pr < r) previous = p.line - 1;
      else if (pr > r && following === undefined) following = p.line - 1;
    }
    if (previous !== undefined) add(after, previous, e.line);
    else if (following !== undefined) add(before, following, e.line);
    else add(after, lastLine, e.line);
  }
  const out: string[] = [];
  lines.forEach((line, i) => {
    out.push(...(before.get(i) ?? []), line, ...(after.get(i) ?? []));
  });
  return out.join('\n');
}

/** The base names of SKILL.md's Operations list, in its order: what `restoreOperations` puts entries back by. */
export function operationsOrder(manifestText: string | undefined): string[] {
  return manifestText === undefined ? [] : (parseManifest(manifestText).operations ?? []).map((e) => e.name);
}
