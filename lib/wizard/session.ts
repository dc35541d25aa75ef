/**
 * The wizard's working skill: the files as the user has them now, parsed, with every
 * publish rule's problems (SPEC 5) kept current edit by edit, and what a model would be
 * given and a call would send for any operation file (SPEC 2, 3). Pure: the browser keeps
 * one in a Web Worker and posts edits to it; the tests drive it directly.
 */
import { compareStrings } from '../core/entries';
import { problem, type Problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { exportBundle, exportedText } from '../bundle/bundle';
import { buildRequest, callableOperation, callCredentials, checkResponseBody, responseExpectation, type BodyCheck, type CallCredential, type HttpRequest } from '../call';
import type { ImportReport } from '../convert/model';
import { argumentSizes, type ArgumentSize } from '../publish/argument-sizes';
import { MAX_PARAMETERS_BYTES } from '../publish/expand';
import { publishOperation, type PublishedTool } from '../publish/publish';
import { checkIncremental, type CheckState, type ConvertedFacts } from '../rules';
import { isSkillName, MANIFEST_FILE } from '../skill/manifest';
import { isOperationFilePath, packageFiles, parseSkillPackage, updateSkillFile, type SkillFiles, type SkillPackage } from '../skill/package';
import { declaredSafety, type OperationFile, type Safety } from '../skill/operation-file';
import { operationsOrder, removeOperations as removeFromPackage, restoreOperations as restoreToPackage, type RemovedOperation } from '../curate/remove';
import { TYPES_FILE } from '../skill/types-file';
import { readOnlyPackage } from '../curate/read-only';
import { mcpTool } from '../targets/adapt/shapes';
import { sessionSnapshotSchema, type SessionSnapshot } from './draft-schema';
import { describeIssues } from '../core/describe-issues';
import { countByFile, listOperations, type OperationRow } from './operations';
import { skillVerdict, WITHOUT_UNRESOLVED_METADATA, type Verdict } from '../rules/verdict';
import { isPlainObject } from '../core/entries';
import { groupDigits } from '../core/numbers';

/** Where the skill came from: generated from a spec, or a bundle imported again. */
export interface SessionOrigin {
  kind: 'spec' | 'bundle';
  /** The upload's name as the user chose it (a file or folder name). */
  name: string;
}

export interface WizardSession {
  readonly pkg: SkillPackage;
  readonly check: CheckState;
  readonly origin: SessionOrigin;
  /** The import report, for a skill generated from a spec. */
  readonly report?: ImportReport;
  /** The spec's own problems (file, line, pointer in the spec), for a generated skill. */
  readonly specProblems: readonly Problem[];
  /** Each file's text as generated or imported, to tell what the user changed and revert it. */
  readonly original: ReadonlyMap<string, string>;
  /** Operation files the user took out, with their text and Operations entry, to put back. */
  readonly removed: ReadonlyMap<string, RemovedOperation>;
  /** Types that left types.json with removed operations (only they reached them), to put back with them. */
  readonly prunedTypes: ReadonlyMap<string, unknown>;
  /** The removed files' check results, reused when they are put back (`RemovedChecks`). */
  readonly removedChecks?: RemovedChecks;
  /**
   * Operation files new in the spec the skill was last updated to that a skill curated by
   * hand does not keep by itself: out of the skill, waiting for the person to keep them
   * ("New in this version"). One leaves the set when it is put back.
   */
  readonly waiting?: ReadonlySet<string>;
}

/**
 * The rules' results for removed operation files, by parsed file, kept so that putting
 * hundreds back does not check them all again. They hold while only curation has changed
 * types.json (it takes types out and puts the same ones back) and the skill's name is the
 * same: `typesFile` is the parsed types.json curation last left, so any other change to it
 * shows as another object.
 */
interface RemovedChecks {
  files: ReadonlyMap<OperationFile, Problem[]>;
  typesFile: SkillPackage['types'];
  skillName: string;
}

/** The kept results, if they still hold for the session as it is. */
function heldChecks(session: WizardSession): ReadonlyMap<OperationFile, Problem[]> | undefined {
  const kept = session.removedChecks;
  return kept && kept.typesFile === session.pkg.types && kept.skillName === session.check.skillName ? kept.files : undefined;
}

export type { RemovedOperation };

export type FileKind = 'manifest' | 'types' | 'operation' | 'other';

export interface FileSummary {
  path: string;
  kind: FileKind;
  /** An operation file with an operation block: it becomes a tool. */
  declared: boolean;
  errors: number;
  warnings: number;
  /** Its text differs from what was generated or imported. */
  edited: boolean;
}

/** What the wizard's views show of the whole skill, small enough to post on every edit. */
export interface SessionSummary {
  folder: string;
  origin: SessionOrigin;
  files: FileSummary[];
  /** Every publish problem, sorted by file, line and column. */
  problems: Problem[];
  errors: number;
  warnings: number;
  /** Operation files that publish a tool. */
  tools: number;
  /** Operation files the user removed, which can be put back. */
  removed: string[];
  /** Shared types that left types.json with the removed operations; absent when none did. */
  prunedTypes?: string[];
  /** Of the removed, the operations new in the last update that wait to be kept; absent when none do. */
  waiting?: string[];
  /** Where SKILL.md says a call's credentials go, as placeholders for "Copy as curl". */
  credentials: CallCredential[];
  /** The operations with an `operation:` block by the safety in force (SPEC 8.1). */
  safety: Record<Safety, number>;
  /**
   * The skill's verdict as `validate`, `tools` and an exported bundle give it (`skillVerdict`
   * over `problems` and SKILL.md's metadata), its errors being `problems`' own.
   */
  verdict: Pick<Verdict, 'kind' | 'spec'>;
  /** SKILL.md records that the user goes on without what the spec's unresolved references name. */
  withoutUnresolved: boolean;
}

/**
 * A session over a skill's files (as generated, or as a bundle was imported). A conversion
 * gives its operation files as read already (`ConvertResult.read`): they are not parsed
 * again (a large share of a fresh worker's time to the report), and what it measured of
 * them (`ConvertResult.converted`), which the rules take instead of measuring again, as
 * `convert` hands it (docs/decisions/0023-rules-check-what-the-files-hold.md).
 * The facts stay with the session's checks (`CheckState.options`, which incremental checks
 * must keep the same to reuse results) and hold only where they are true: for the
 * conversion's own parsed files (an edited file is another object) while types.json is the
 * text the conversion wrote (`ruleContext`).
 */
export function openSession(
  input: SkillFiles,
  origin: SessionOrigin,
  generated: { report?: ImportReport; specProblems?: readonly Problem[]; read?: ReadonlyMap<string, OperationFile>; converted?: ConvertedFacts } = {},
): WizardSession {
  const pkg = parseSkillPackage(input, generated.read);
  // Facts are about the files as read: without the conversion's parsed files there is nothing they can hold for.
  const converted = generated.read ? generated.converted : undefined;
  return {
    pkg,
    check: checkIncremental(pkg, undefined, converted ? { converted } : undefined),
    origin,
    report: generated.report,
    specProblems: generated.specProblems ?? [],
    original: new Map(input.files),
    removed: new Map(),
    prunedTypes: new Map(),
  };
}

/**
 * The session without these operation files (curation): each goes with its entry in
 * SKILL.md's Operations list and the shared types only the removed operations reached
 * (`removeOperations`, the CLI's curation too), and is kept to be put back. With `waiting`,
 * the files it takes out join the new ones waiting to be kept: what undoes keeping them.
 */
export function removeOperations(session: WizardSession, paths: Iterable<string>, options: { waiting?: boolean } = {}): WizardSession {
  const removal = removeFromPackage(session.pkg, paths);
  if (removal.removed.size === 0) return session;
  const waiting = options.waiting ? new Set([...(session.waiting ?? []), ...removal.removed.keys()]) : session.waiting;
  const removed = new Map([...session.removed, ...removal.removed]);
  const prunedTypes = new Map([...session.prunedTypes, ...removal.prunedTypes]);
  const files = new Map(heldChecks(session));
  for (const { read } of removal.removed.values()) {
    const found = read && session.check.files.get(read);
    if (found) files.set(read, found);
  }
  const check = recheck(removal.pkg, session);
  return { ...session, pkg: removal.pkg, removed, prunedTypes, check, removedChecks: { files, typesFile: removal.pkg.types, skillName: check.skillName }, waiting };
}

/**
 * Removed operation files back, each Operations entry where SKILL.md had it as generated or
 * imported, and the pruned types they reach back in types.json.
 */
export function restoreOperations(session: WizardSession, paths: Iterable<string>): WizardSession {
  const order = operationsOrder(session.original.get(MANIFEST_FILE));
  const back = restoreToPackage(session.pkg, paths, session.removed, session.prunedTypes, order);
  if (back.restored.length === 0) return session;
  const removed = new Map(session.removed);
  for (const path of back.restored) removed.delete(path);
  const prunedTypes = new Map(session.prunedTypes);
  for (const name of back.typesBack) prunedTypes.delete(name);
  const waiting = withoutPaths(session.waiting, back.restored);
  const held = heldChecks(session);
  // The files put back are the objects checked before they were removed: their results hold where no type they name came back changed.
  const previous = held ? { ...session.check, files: new Map([...session.check.files, ...held]) } : session.check;
  const check = checkIncremental(back.pkg, previous, session.check.options);
  const files = new Map(held);
  for (const path of back.restored) {
    const read = session.removed.get(path)?.read;
    if (read) files.delete(read);
  }
  return { ...session, pkg: back.pkg, removed, prunedTypes, check, removedChecks: held ? { files, typesFile: back.pkg.types, skillName: check.skillName } : undefined, waiting };
}

/** The session with these removed operation files waiting to be kept (new in the spec it was updated to); any other path is ignored. */
export function markWaiting(session: WizardSession, paths: Iterable<string>): WizardSession {
  const waiting = new Set([...paths].filter((path) => session.removed.has(path)));
  return { ...session, waiting: waiting.size > 0 ? waiting : undefined };
}

/** The set less the paths, undefined when nothing is left in it. */
function withoutPaths(set: ReadonlySet<string> | undefined, paths: readonly string[]): ReadonlySet<string> | undefined {
  if (!set) return undefined;
  const left = new Set(set);
  for (const path of paths) left.delete(path);
  return left.size > 0 ? left : undefined;
}

/**
 * The session with one file's text replaced, re-reading that file only and re-running the
 * rules of the files it can affect (`checkIncremental`). In the wizard the folder is the
 * skill's name: a valid `name:` typed in SKILL.md renames the folder too, so the bundle and
 * the tool names follow it.
 */
export function editFile(session: WizardSession, path: string, text: string): WizardSession {
  let pkg = updateSkillFile(session.pkg, path, text);
  if (path === MANIFEST_FILE) {
    const name = pkg.manifest?.data.name;
    if (typeof name === 'string' && isSkillName(name) && name !== pkg.folder) pkg = { ...pkg, folder: name };
  }
  return { ...session, pkg, check: recheck(pkg, session) };
}

/** The rules again after a change, reusing the previous check's results with its options (the same object, or nothing is reused). */
function recheck(pkg: SkillPackage, session: WizardSession): CheckState {
  return checkIncremental(pkg, session.check, session.check.options);
}

/** The session with a file back as it was generated or imported. */
export function revertFile(session: WizardSession, path: string): WizardSession {
  const original = session.original.get(path);
  return original === undefined ? session : editFile(session, path, original);
}

/** The current text of every file, by path. */
export function sessionFiles(session: WizardSession): Map<string, string> {
  const files = packageFiles(session.pkg).files;
  return new Map([...files].sort(([a], [b]) => compareStrings(a, b)));
}

export function fileText(session: WizardSession, path: string): string | undefined {
  return packageFiles(session.pkg).files.get(path);
}

function kindOf(path: string): FileKind {
  if (path === MANIFEST_FILE) return 'manifest';
  if (path === TYPES_FILE) return 'types';
  return isOperationFilePath(path) ? 'operation' : 'other';
}

/** The files in the order the wizard lists them: SKILL.md, types.json, then the operations. */
const KIND_ORDER: Record<FileKind, number> = { manifest: 0, types: 1, operation: 2, other: 3 };

export function summarize(session: WizardSession): SessionSummary {
  const { pkg, check } = session;
  const counts = countByFile(check.problems);
  const texts = packageFiles(pkg).files;
  const declared = new Set(pkg.operations.filter((o) => o.declaration).map((o) => o.file));
  const files: FileSummary[] = [...texts.keys()].map((path) => ({
    path,
    kind: kindOf(path),
    declared: declared.has(path),
    errors: counts.get(path)?.errors ?? 0,
    warnings: counts.get(path)?.warnings ?? 0,
    edited: session.original.get(path) !== texts.get(path),
  }));
  files.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareStrings(a.path, b.path));
  const errors = check.problems.filter((p) => p.severity === 'error').length;
  let tools = 0;
  const safety: Record<Safety, number> = { safe: 0, idempotent: 0, unsafe: 0 };
  for (const op of pkg.operations) {
    if (publishOperation(pkg, op)?.expansion.ok) tools++;
    if (op.declaration) safety[declaredSafety(op.declaration)]++;
  }
  const verdict = skillVerdict(check.problems, pkg.manifest?.data);
  const metadata = pkg.manifest?.data?.metadata;
  return {
    folder: pkg.folder,
    origin: session.origin,
    files,
    problems: check.problems,
    errors,
    warnings: check.problems.length - errors,
    tools,
    removed: [...session.removed.keys()].sort(compareStrings),
    ...(session.prunedTypes.size > 0 ? { prunedTypes: [...session.prunedTypes.keys()].sort(compareStrings) } : {}),
    ...(session.waiting?.size ? { waiting: [...session.waiting].sort(compareStrings) } : {}),
    credentials: pkg.manifest ? callCredentials(pkg.manifest.text) : [],
    safety,
    verdict: { kind: verdict.kind, spec: verdict.spec },
    withoutUnresolved: isPlainObject(metadata) && metadata[WITHOUT_UNRESOLVED_METADATA] === 'true',
  };
}

/** Every operation of the skill, the removed ones and the skipped ones too, one row each (the operations view). */
export function sessionOperations(session: WizardSession): OperationRow[] {
  return listOperations(session.pkg, { report: session.report, removed: session.removed, problems: session.check.problems, waiting: session.waiting });
}

/** What fitting did to an operation on import, as its report entry says. */
export interface FittedInfo {
  bytesBefore: number;
  bytesAfter: number;
  steps: number;
}

/**
 * One operation file as a model is offered it (SPEC 2), or why it is not offered. An
 * operation over the size limit, or fitted to it on import, also gets its size by
 * top-level argument, the largest first, so a person can see what to cut.
 */
export type ToolPreview =
  | {
      ok: true;
      tool: PublishedTool;
      bytes: number;
      sizes?: ArgumentSize[];
      fitted?: FittedInfo;
      /** The tool as an MCP client gets it in `tools/list` (SPEC 8.2): its `annotations` and `outputSchema` beside the input. */
      mcp: Record<string, unknown>;
    }
  | { ok: false; reason: string; sizes?: ArgumentSize[] };

export function previewTool(session: WizardSession, path: string): ToolPreview {
  const op = session.pkg.operations.find((o) => o.file === path);
  if (!op) return { ok: false, reason: `${path} is not an operation file; only operation files become tools` };
  if (!op.declaration) {
    // A frontmatter that does not parse hides the block it may hold: say that, with the parser's place.
    const broken = op.problems.find((p) => p.ruleId === 'frontmatter' && p.severity === 'error');
    if (broken) return { ok: false, reason: `The frontmatter cannot be read${broken.line !== undefined ? ` (line ${broken.line}${broken.column !== undefined ? `, column ${broken.column}` : ''})` : ''}: ${broken.message}. Until it reads, no \`operation:\` block can be found in it, so it is not offered as a tool` };
    return { ok: false, reason: 'This file has no `operation:` block, so it is not offered as a tool: a model reads it as prose only' };
  }
  const publication = publishOperation(session.pkg, op);
  if (!publication) return { ok: false, reason: 'The `operation:` block has no usable arguments yet: fix the problems shown for this file' };
  const types = session.pkg.types?.types ?? new Map<string, unknown>();
  if (!publication.expansion.ok) {
    if (publication.expansion.reason !== 'size') return { ok: false, reason: `The parameters do not expand: ${publication.expansion.reason}` };
    return {
      ok: false,
      reason: `The parameters pass the ${groupDigits(MAX_PARAMETERS_BYTES)}-byte limit with every type expanded, so this operation is not published: cut what it does not need (its size by argument is below)`,
      sizes: argumentSizes(publication.schema, types),
    };
  }
  const bytes = new TextEncoder().encode(JSON.stringify(publication.tool.parameters)).length;
  const fit = session.report?.fitted.find((f) => f.file === path && f.fits);
  const mcp = mcpTool({ file: path, tool: publication.tool, method: op.declaration.method });
  if (!fit) return { ok: true, tool: publication.tool, bytes, mcp };
  return {
    ok: true,
    tool: publication.tool,
    bytes,
    mcp,
    sizes: argumentSizes(publication.schema, types),
    fitted: { bytesBefore: fit.bytesBefore, bytesAfter: fit.bytesAfter, steps: fit.steps.length },
  };
}

/**
 * The exact request a call with these arguments would send (SPEC 3), or the refusal with
 * one problem per offending argument. `argsText` is what the user typed: JSON of an object.
 * `baseUrl`, when given and not blank, sends the request there, as `call --base-url` does
 * (decision 0150): checked by the same `buildRequest`, so a URL it refuses is named as the
 * CLI names it. The session is not changed: the base URL is the person's, not the skill's
 * (decision 0185).
 */
export function previewRequest(session: WizardSession, path: string, argsText: string, baseUrl?: string): Result<HttpRequest> {
  const op = session.pkg.operations.find((o) => o.file === path);
  if (!op) return fail([problem('call-not-declared', 'error', `${path} is not an operation file`, path)]);
  const callable = callableOperation(session.pkg, op);
  if (!callable.ok) return fail(callable.problems);
  let args: unknown;
  try {
    args = argsText.trim() === '' ? {} : JSON.parse(argsText);
  } catch (e) {
    return fail([problem('call-arguments', 'error', `The arguments are not JSON: ${(e as Error).message}`, path)]);
  }
  const base = baseUrl?.trim() ?? '';
  return buildRequest(callable.value, args, base === '' ? {} : { baseUrl: base });
}

/**
 * An answer a call sent from the Call tab got, against what the operation promises (SPEC
 * 8.1): the declared success status, and `returns` after `pick`. Checked here, in the
 * wizard's worker, which may compile schemas (Ajv); the worker that sends may not.
 */
export function checkAnswer(session: WizardSession, path: string, status: number, body: string): BodyCheck {
  const op = session.pkg.operations.find((o) => o.file === path);
  const d = op?.declaration;
  if (!op || !d) return { kind: 'undeclared' };
  return checkResponseBody(responseExpectation(d, publishOperation(session.pkg, op)?.tool.returns), status, body);
}

export type { SessionSnapshot } from './draft-schema';

export function snapshotSession(session: WizardSession): SessionSnapshot {
  return {
    version: 1,
    folder: session.pkg.folder,
    files: [...sessionFiles(session)],
    original: [...session.original],
    origin: session.origin,
    ...(session.report ? { report: session.report } : {}),
    specProblems: [...session.specProblems],
    // By path, not by when each was taken out: a removal undone and done again saves the same draft.
    removed: [...session.removed].sort(([a], [b]) => compareStrings(a, b)).map(([path, { text, entry }]) => [path, entry === undefined ? { text } : { text, entry }]),
    prunedTypes: [...session.prunedTypes].sort(([a], [b]) => compareStrings(a, b)),
    ...(session.waiting?.size ? { waiting: [...session.waiting].sort(compareStrings) } : {}),
  };
}

/**
 * A session from a snapshot read back from storage, or why it cannot be one: anything but a
 * snapshot this version wrote, with every path one a bundle may hold, is refused, naming
 * where (`files.0.1: expected string`).
 */
export function restoreSession(snapshot: unknown): Result<WizardSession> {
  const read = sessionSnapshotSchema.safeParse(snapshot);
  if (!read.success) return fail([problem('draft-unreadable', 'error', `The saved skill cannot be read: ${describeIssues(read.error)}`, '')]);
  const s = read.data;
  const session = openSession({ folder: s.folder, files: new Map(s.files) }, s.origin, { report: s.report, specProblems: s.specProblems });
  const restored: WizardSession = { ...session, original: new Map(s.original), removed: new Map(s.removed ?? []), prunedTypes: new Map(s.prunedTypes ?? []) };
  return ok(s.waiting ? markWaiting(restored, s.waiting) : restored);
}

/** A file as the downloaded bundle will hold it: operation files with "The call" generated in. */
export function previewExport(session: WizardSession, path: string): string | undefined {
  const op = session.pkg.operations.find((o) => o.file === path);
  return op ? exportedText(op) : fileText(session, path);
}

/**
 * The bundle to download (SPEC 1, 4.6): "The call" generated into each declared file. A
 * read-only one (SPEC 8.2) holds the safe operations only, as `convert --read-only` does.
 */
export function exportSession(session: WizardSession, options: { tools?: boolean; readOnly?: boolean } = {}): Uint8Array {
  return exportBundle(options.readOnly ? readOnlyPackage(session.pkg) : session.pkg, { tools: options.tools });
}
