import { isPlainObject } from '../core/entries';
import { splitFrontmatter } from '../skill/frontmatter';
import { FILE_KEYS, OPERATION_KEYS, operationFileModel, parseOperationFile, writeOperationFile, type OperationFileModel } from '../skill/operation-file';
import { parseTypesFile, writeTypesFile } from '../skill/types-file';
import { mergeJson, type JsonConflict, type Side } from './merge-json';
import { mergeText, settledText, type TextConflict } from './merge-text';

/** A conflict in one file: lines of text, or a value of the frontmatter or types.json. */
export type FileConflict = ({ kind: 'lines' } & TextConflict) | ({ kind: 'value' } & JsonConflict);

/** One file merged: its text (settled as asked; unsettled, text conflicts carry markers and values keep mine) and its conflicts. */
export interface FileMerge {
  text: string;
  conflicts: FileConflict[];
}

const lines = (t: TextConflict): FileConflict => ({ kind: 'lines', ...t });
const values = (c: JsonConflict): FileConflict => ({ kind: 'value', ...c });

/** Any file by lines. */
export function mergeLines(before: string, mine: string, newer: string, settle?: Side): FileMerge {
  const m = mergeText(before, mine, newer);
  return { text: settledText(m, settle), conflicts: m.conflicts.map(lines) };
}

/** Whether the writer can write this file back: a frontmatter of only the keys it knows, read without problems. */
function modelOf(file: string, text: string): OperationFileModel | undefined {
  const parsed = parseOperationFile(file, text);
  if (parsed.problems.length > 0 || !parsed.frontmatter || parsed.frontmatter.problems.length > 0) return undefined;
  if (!Object.keys(parsed.data).every((k) => (FILE_KEYS as readonly string[]).includes(k))) return undefined;
  const op = parsed.data.operation;
  if (isPlainObject(op) && !Object.keys(op).every((k) => (OPERATION_KEYS as readonly string[]).includes(k))) return undefined;
  const model = operationFileModel(parsed);
  // Only a file the writer gives back as it is merges structurally; any other by lines.
  return writeOperationFile(model) === text ? model : undefined;
}

/**
 * An operation file (SPEC 9): the frontmatter structurally (the `operation:` block and
 * `approval` as JSON, the schemas included, so a property added upstream and a description
 * edited here both land), the prose by lines. A file the writer would not give back as it
 * is (hand-formatted YAML, unknown keys) is merged by lines whole.
 */
export function mergeOperationFile(file: string, before: string, mine: string, newer: string, settle?: Side): FileMerge {
  if (mine === newer || before === newer) return { text: mine, conflicts: [] };
  if (before === mine) return { text: newer, conflicts: [] };
  const models = [before, mine, newer].map((t) => modelOf(file, t));
  const [b, m, n] = models;
  if (!b || !m || !n) return mergeLines(before, mine, newer, settle);
  const { prose: bp, ...bf } = b;
  const { prose: mp, ...mf } = m;
  const { prose: np, ...nf } = n;
  const front = mergeJson(bf, mf, nf, settle ?? 'mine');
  const prose = mergeText(bp, mp, np);
  const model = { ...(front.value as Omit<OperationFileModel, 'prose'>), prose: settledText(prose, settle) };
  return { text: writeOperationFile(model), conflicts: [...front.conflicts.map((c) => values({ ...c, pointer: `frontmatter:${c.pointer}` })), ...prose.conflicts.map(lines)] };
}

/** types.json: the types as JSON, key by key; absent is no types, and no types left is no file (`undefined`). */
export function mergeTypes(before: string | undefined, mine: string | undefined, newer: string | undefined, settle?: Side): { text: string | undefined; conflicts: FileConflict[] } {
  if (mine === newer || before === newer) return { text: mine, conflicts: [] };
  if (before === mine) return { text: newer, conflicts: [] };
  const read = (t: string | undefined) => (t === undefined ? new Map<string, unknown>() : parseTypesFile(t));
  const [b, m, n] = [before, mine, newer].map(read);
  if ([b, m, n].some((x) => !(x instanceof Map) && x.problems.length > 0)) {
    const merged = mergeLines(before ?? '', mine ?? '', newer ?? '', settle);
    return { text: merged.text, conflicts: merged.conflicts };
  }
  const obj = (x: Map<string, unknown> | ReturnType<typeof parseTypesFile>) => Object.fromEntries(x instanceof Map ? x : x.types);
  const merged = mergeJson(obj(b), obj(m), obj(n), settle ?? 'mine');
  const value = merged.value as Record<string, unknown>;
  return { text: Object.keys(value).length === 0 ? undefined : writeTypesFile(value), conflicts: merged.conflicts.map(values) };
}

/**
 * SKILL.md: the frontmatter by lines apart from the body (the metadata the newer spec
 * changes is one line each, the description edited here another), the body by lines.
 */
export function mergeManifest(before: string, mine: string, newer: string, settle?: Side): FileMerge {
  if (mine === newer || before === newer) return { text: mine, conflicts: [] };
  if (before === mine) return { text: newer, conflicts: [] };
  const parts = [before, mine, newer].map((t) => {
    const s = splitFrontmatter(t);
    return s.yaml === null || s.unterminated ? undefined : { head: t.slice(0, t.length - s.prose.length), prose: s.prose };
  });
  const [b, m, n] = parts;
  if (!b || !m || !n) return mergeLines(before, mine, newer, settle);
  const head = mergeText(b.head, m.head, n.head);
  const prose = mergeText(b.prose, m.prose, n.prose);
  return { text: settledText(head, settle) + settledText(prose, settle), conflicts: [...head.conflicts, ...prose.conflicts].map(lines) };
}
