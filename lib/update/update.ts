import { compareStrings } from '../core/entries';
import { sameJson } from '../core/same-json';
import { problem, type Problem } from '../core/problem';
import { convertSpec } from '../convert/convert';
import { curatesByRule, readGenerationRecord, type GenerationRecord } from '../convert/generation-record';
import type { ConvertResult, SpecInput } from '../convert/model';
import { curateConversion } from '../curate/curate';
import { removeOperations } from '../curate/remove';
import { MANIFEST_FILE, parseManifest } from '../skill/manifest';
import { isOperationFilePath, packageFiles, parseSkillPackage, type SkillFiles } from '../skill/package';
import { TYPES_FILE } from '../skill/types-file';
import { mergeManifest, mergeOperationFile, mergeTypes, type FileConflict } from './merge-file';
import type { Side } from './merge-json';
import { updateReport, type GeneratedOperation, type UpdateReport } from './report';

/** A conflict in the update: the file, and what both sides changed there. */
export type UpdateConflict = { file: string } & FileConflict;

export interface UpdateInput {
  /** The skill as it is now (curated and edited). */
  skill: SkillFiles;
  /** The spec it was generated from, and the newer one. */
  from: SpecInput;
  to: SpecInput;
  /** SHA-256 of each spec's entry text when the caller hashed its bytes (else hashed here, the same digest for UTF-8 text). */
  fromSha256?: string;
  toSha256?: string;
  /** Settle every conflict this way; without it, conflicts keep markers (text) or the person's value (frontmatter, types). */
  settle?: Side;
  /**
   * The old spec's generation when the caller has it already (the wizard keeps the one it
   * opened the skill from): used only when it was made with the options the skill records,
   * else the old spec is generated again. It is not changed.
   */
  fromGenerated?: ConvertResult;
}

export interface UpdateResult {
  /** The updated skill's files, by path. */
  files: Map<string, string>;
  conflicts: UpdateConflict[];
  report: UpdateReport;
  /** Operations gone from the newer spec that the person had edited: their text, for download. */
  editedRemoved: Map<string, string>;
  /** Each file with conflicts, settled all one way and all the other: what a merge view sets side by side. */
  settled: Map<string, { mine: string; newer: string }>;
  /** The newer spec's generation, whole (curated by the recorded filters only): what the skill's files are compared to after the update. */
  generated: ConvertResult;
  /** Why the update could not be made as asked (the record unreadable), or what to know (the skill not from that spec). */
  problems: Problem[];
}

/** Method and URL template with parameter names erased: the first key an operation is matched by (SPEC 9). */
const templateOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

/** A spec's generation with the recorded options, curated by the recorded filters. */
export function generateNewer(spec: SpecInput, record: GenerationRecord, sha256: string | undefined): ConvertResult {
  const converted = convertSpec(spec, { ...record, ...(sha256 !== undefined ? { sha256 } : {}), curation: record });
  return curateConversion(converted, record).result;
}

/**
 * The person's SKILL.md, parsed, and the options it records it was generated with (none
 * when it records none, with the problems of a record that cannot be read).
 */
export function readSkillRecord(files: ReadonlyMap<string, string>) {
  const problems: Problem[] = [];
  const manifestText = files.get(MANIFEST_FILE);
  const manifest = manifestText === undefined ? undefined : parseManifest(manifestText);
  const recorded = readGenerationRecord(manifest?.data ?? {});
  if (!recorded.ok) problems.push(...recorded.problems);
  const record: GenerationRecord = recorded.ok ? recorded.value : {};
  return { manifestText, manifest, record, problems };
}

/** Whether a generation was made with these options: its SKILL.md records the same. */
function sameRecord(generated: ConvertResult, record: GenerationRecord): boolean {
  const made = readGenerationRecord(parseManifest(generated.files.get(MANIFEST_FILE) ?? '').data);
  return made.ok && sameJson(made.value, record);
}

/**
 * A generation's files without these operations (and the shared types only they reached). With
 * none to take out, the files as generated: reading the package back (types.json parsed
 * whole) would give the same files.
 */
export function withoutOperations(generated: ConvertResult, paths: readonly string[]): Map<string, string> {
  if (paths.length === 0) return generated.files;
  return packageFiles(removeOperations(parseSkillPackage({ folder: generated.folder, files: generated.files }, generated.read), paths).pkg).files;
}

/** The declared and prose-only operations of a generation, as the update matches them. */
function operationsOf(result: ConvertResult): GeneratedOperation[] {
  return [...result.report.declared, ...result.report.proseOnly].map((o) => ({ file: o.file, method: o.method, path: o.path, operationId: o.operationId }));
}

/**
 * Pairs each old operation with the newer spec's: by method and URL template (parameter
 * names ignored), else by `operationId` (SPEC 9). Each is paired at most once.
 */
export function matchOperations(before: readonly GeneratedOperation[], newer: readonly GeneratedOperation[]): Map<string, string> {
  const pairs = new Map<string, string>();
  const taken = new Set<string>();
  const byTemplate = new Map<string, GeneratedOperation>();
  for (const n of newer) if (!byTemplate.has(templateOf(n.method, n.path))) byTemplate.set(templateOf(n.method, n.path), n);
  for (const b of before) {
    const n = byTemplate.get(templateOf(b.method, b.path));
    if (n && !taken.has(n.file)) {
      pairs.set(b.file, n.file);
      taken.add(n.file);
    }
  }
  const byId = new Map<string, GeneratedOperation>();
  for (const n of newer) if (n.operationId !== undefined && !taken.has(n.file) && !byId.has(n.operationId)) byId.set(n.operationId, n);
  for (const b of before) {
    if (pairs.has(b.file) || b.operationId === undefined) continue;
    const n = byId.get(b.operationId);
    if (n && !taken.has(n.file)) {
      pairs.set(b.file, n.file);
      taken.add(n.file);
    }
  }
  return pairs;
}

/**
 * Update a skill to a newer spec (SPEC 9): a three-way merge per file, base the old spec's
 * generation (with the recorded options, and the person's removals), mine the skill now,
 * newer the newer spec's generation (same options, same removals). An operation the person
 * removed stays removed; one new upstream is kept when the skill's filters keep it, or when
 * the skill was not curated by hand, and otherwise listed as new and left out; one gone
 * upstream leaves, its text kept when the person had edited it. Deterministic.
 */
export function updateSkill(input: UpdateInput): UpdateResult {
  const mineFiles = input.skill.files;
  const { manifestText, manifest, record, problems } = readSkillRecord(mineFiles);

  const oldGen = input.fromGenerated && sameRecord(input.fromGenerated, record) ? input.fromGenerated : generateNewer(input.from, record, input.fromSha256);
  const newGen = generateNewer(input.to, record, input.toSha256);
  const oldSha = parseManifest(oldGen.files.get(MANIFEST_FILE) ?? '').data.metadata;
  const mineMeta = manifest?.data.metadata;
  const sha = (m: unknown) => (m && typeof m === 'object' ? (m as Record<string, unknown>)['source-sha256'] : undefined);
  if (sha(mineMeta) !== undefined && sha(mineMeta) !== sha(oldSha)) {
    problems.push(problem('update-source', 'warning', 'The skill was not generated from the spec given as the old one (its `metadata.source-sha256` differs): the differences are taken as your edits', MANIFEST_FILE, { line: 1, column: 1 }));
  }

  const oldOps = operationsOf(oldGen);
  const newOps = operationsOf(newGen);
  const pairs = matchOperations(oldOps, newOps);
  const pairedNew = new Set(pairs.values());
  const handRemoved = oldOps.filter((o) => !mineFiles.has(o.file)).map((o) => o.file);
  const byRule = curatesByRule(record);
  const byHand = handRemoved.length > 0;
  const added = newOps.filter((o) => !pairedNew.has(o.file));
  // New upstream: kept when the filters chose it, or in a skill no one curated by hand.
  const keepNew = byRule || !byHand;
  const notKept = keepNew ? [] : added.map((o) => o.file);
  const removedToo = handRemoved.flatMap((f) => (pairs.has(f) ? [pairs.get(f)!] : []));

  const baseFiles = withoutOperations(oldGen, handRemoved);
  const newerFiles = withoutOperations(newGen, [...removedToo, ...notKept]);

  const files = new Map<string, string>();
  const conflicts: UpdateConflict[] = [];
  const editedRemoved = new Map<string, string>();
  const settle = input.settle;
  const settled = new Map<string, { mine: string; newer: string }>();

  // Operation files.
  const newerByOld = new Map<string, string>();
  for (const [o, n] of pairs) if (newerFiles.has(n) && baseFiles.has(o)) newerByOld.set(o, n);
  const fromOld = new Set(newerByOld.values());
  for (const [path, before] of baseFiles) {
    if (!isOperationFilePath(path)) continue;
    const mine = mineFiles.get(path);
    if (mine === undefined) continue;
    const target = newerByOld.get(path);
    if (target === undefined) {
      if (mine !== before) editedRemoved.set(path, mine);
      continue;
    }
    const merged = mergeOperationFile(target, before, mine, newerFiles.get(target)!, settle);
    files.set(target, merged.text);
    for (const c of merged.conflicts) conflicts.push({ file: target, ...c });
    if (merged.conflicts.length > 0) {
      const side = (s: Side) => mergeOperationFile(target, before, mine, newerFiles.get(target)!, s).text;
      settled.set(target, { mine: side('mine'), newer: side('newer') });
    }
  }
  for (const [path, text] of newerFiles) if (isOperationFilePath(path) && !fromOld.has(path)) files.set(path, text);
  // Files of the person's own (not generated from the old spec) stay.
  for (const [path, text] of mineFiles) if (path !== MANIFEST_FILE && path !== TYPES_FILE && !baseFiles.has(path) && !files.has(path)) files.set(path, text);

  const types = mergeTypes(baseFiles.get(TYPES_FILE), mineFiles.get(TYPES_FILE), newerFiles.get(TYPES_FILE), settle);
  if (types.text !== undefined) files.set(TYPES_FILE, types.text);
  for (const c of types.conflicts) conflicts.push({ file: TYPES_FILE, ...c });
  if (types.conflicts.length > 0) {
    const side = (s: Side) => mergeTypes(baseFiles.get(TYPES_FILE), mineFiles.get(TYPES_FILE), newerFiles.get(TYPES_FILE), s).text ?? '';
    settled.set(TYPES_FILE, { mine: side('mine'), newer: side('newer') });
  }
  const m = mergeManifest(baseFiles.get(MANIFEST_FILE) ?? '', manifestText ?? '', newerFiles.get(MANIFEST_FILE) ?? '', settle);
  files.set(MANIFEST_FILE, m.text);
  for (const c of m.conflicts) conflicts.push({ file: MANIFEST_FILE, ...c });
  if (m.conflicts.length > 0) {
    const side = (s: Side) => mergeManifest(baseFiles.get(MANIFEST_FILE) ?? '', manifestText ?? '', newerFiles.get(MANIFEST_FILE) ?? '', s).text;
    settled.set(MANIFEST_FILE, { mine: side('mine'), newer: side('newer') });
  }

  const sorted = new Map([...files].sort(([a], [b]) => (a === MANIFEST_FILE ? -1 : b === MANIFEST_FILE ? 1 : compareStrings(a, b))));
  const report = updateReport({
    from: oldGen,
    to: newGen,
    pairs,
    kept: (file) => newerFiles.has(file),
    handRemoved: new Set(handRemoved),
    editedRemoved: [...editedRemoved.keys()],
    conflicts,
  });
  return { files: sorted, conflicts, report, editedRemoved, settled, generated: newGen, problems };
}
