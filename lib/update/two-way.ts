/**
 * A two-way review of a skill against a newer spec, for a skill whose old spec is not at
 * hand (a bundle): without the old generation nothing tells the person's edits from what
 * was generated, so every difference between the skill and the newer spec's generation is
 * one for the person to decide. The shape is the update's (`UpdateResult`): each file that
 * differs is settled one way (the skill's text) and the other (the newer generation's),
 * its differences listed as conflicts; until decided, the skill's text is kept.
 */
import { diffIndices } from 'node-diff3';
import { compareStrings } from '../core/entries';
import type { SpecInput } from '../convert/model';
import { MANIFEST_FILE } from '../skill/manifest';
import { isOperationFilePath, parseSkillPackage, type SkillFiles } from '../skill/package';
import { parseOperationFile } from '../skill/operation-file';
import type { FileConflict } from './merge-file';
import { urlPath } from '../skill/url-template';
import { generateNewer, readSkillRecord, withoutOperations, type UpdateConflict, type UpdateResult } from './update';
import { compareOperation, titleOf, UPDATE_REPORT_VERSION, type OperationChange, type UpdateReport } from './report';

export interface ReviewInput {
  /** The skill as it is now. */
  skill: SkillFiles;
  /** The newer spec, generated with the options SKILL.md records. */
  to: SpecInput;
  toSha256?: string;
}

const base = (file: string) => file.replace(/\.md$/, '');

/** The most line pairs the line diff compares (its cost grows with their product); past it, the differing middle is one run. */
const MAX_DIFF_CELLS = 4_000_000;

/**
 * Each run of lines where the two texts differ, as a conflict at its first line in the
 * person's text. Lines both share at the start and the end are set aside first; a middle
 * too large to diff line by line in bounded time (a large types.json changed throughout) is
 * one run: the merge view finds the runs within it.
 */
export function differences(mine: string, newer: string): Extract<FileConflict, { kind: 'lines' }>[] {
  const a = mine.split('\n');
  const b = newer.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  if (midA.length === 0 && midB.length === 0) return [];
  const run = (offset: number, mineLines: string[], newerLines: string[]) => ({ kind: 'lines' as const, line: start + offset + 1, mine: mineLines, before: [], newer: newerLines });
  if (midA.length * midB.length > MAX_DIFF_CELLS) return [run(0, midA, midB)];
  return diffIndices(midA, midB).map((d) => run(d.buffer1[0], d.buffer1Content, d.buffer2Content));
}

/**
 * The skill reviewed against the newer spec (deterministic). Operations are matched by file
 * name (the tool's name), the one key both sides still have. An operation file the newer
 * generation does not make is listed as removed, its text offered for download (whether it
 * was edited cannot be told); one the skill does not have waits to be kept (whether it is
 * new or was removed cannot be told); a file of the person's own (not an operation) stays.
 */
export function reviewSkill(input: ReviewInput): UpdateResult {
  const mineFiles = input.skill.files;
  const { manifest, record, problems } = readSkillRecord(mineFiles);
  const newGen = generateNewer(input.to, record, input.toSha256);

  const generatedOps = [...newGen.report.declared, ...newGen.report.proseOnly];
  const waiting = generatedOps.filter((o) => !mineFiles.has(o.file));
  const newerFiles = withoutOperations(newGen, waiting.map((o) => o.file));

  const files = new Map<string, string>();
  const conflicts: UpdateConflict[] = [];
  const settled = new Map<string, { mine: string; newer: string }>();
  const editedRemoved = new Map<string, string>();
  const changes: OperationChange[] = [];
  const removed: UpdateReport['removed'] = [];
  const mineOps = new Map(parseSkillPackage(input.skill).operations.map((o) => [o.file, o]));
  for (const [path, mine] of mineFiles) {
    const theirs = newerFiles.get(path);
    if (theirs === undefined) {
      if (!isOperationFilePath(path)) files.set(path, mine);
      else {
        editedRemoved.set(path, mine);
        const d = mineOps.get(path)?.declaration;
        removed.push({ operation: base(path), method: d?.method?.toUpperCase() ?? '', path: d?.url ? urlPath(d.url) : '', edited: true, breaking: true });
      }
      continue;
    }
    files.set(path, mine);
    if (isOperationFilePath(path)) compareOperation(base(path), mineOps.get(path), newGen.read.get(path) ?? parseOperationFile(path, theirs), changes);
    if (mine === theirs) continue;
    settled.set(path, { mine, newer: theirs });
    for (const c of differences(mine, theirs)) conflicts.push({ file: path, ...c });
  }

  const sorted = new Map([...files].sort(([a], [b]) => (a === MANIFEST_FILE ? -1 : b === MANIFEST_FILE ? 1 : compareStrings(a, b))));
  const source = manifest?.data.metadata as Record<string, unknown> | undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const report: UpdateReport = {
    updateReportVersion: UPDATE_REPORT_VERSION,
    from: { title: text(source?.['source-title']), version: text(source?.['source-version']) },
    to: titleOf(newGen),
    added: waiting.map((o) => ({ operation: base(o.file), method: o.method, path: o.path, kept: false })),
    renamed: [],
    removed,
    changes,
    breaking: removed.length + changes.filter((c) => c.breaking).length,
    conflicts: conflicts.map((c) => ({ file: c.file, kind: c.kind, where: c.kind === 'lines' ? `line ${c.line}` : c.pointer })),
  };
  return { files: sorted, conflicts, report, editedRemoved, settled, generated: newGen, problems };
}
