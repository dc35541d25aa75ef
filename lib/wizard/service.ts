/**
 * The wizard's back end, as one message handler: the browser runs it in a Web Worker
 * (SPEC 0: a spec is processed where its user is, never on the server) and posts it
 * requests; the tests call it directly. It keeps the working session and the last upload
 * (to generate again with another name or base URL).
 */
import type { Problem } from '../core/problem';
import { problem } from '../core/problem';
import { importBundle } from '../bundle/bundle';
import { MANIFEST_FILE } from '../skill/manifest';
import { TYPES_FILE } from '../skill/types-file';
import type { OperationRow } from './operations';
import { setPick, setSafety, setWithoutUnresolved, type SafetyMark } from './operation-keys';
import { responsePreview, specExample, type ResponsePreview } from './response-preview';
import { loadTokenizer } from '../targets/tokens/tokenizer';
import { publishOperation } from '../publish/publish';
import type { SkillFiles } from '../skill/package';
import { isIgnoredUploadPath, specUploadFromEntries, specUploadFromFile, type SpecUpload, type UploadEntry } from '../openapi/upload';
import type { BodyCheck, HttpRequest } from '../call';
import { exampleArguments } from '../call/example-arguments';
import { generateSkill } from '../generate';
import type { ConvertOptions, ConvertResult, ImportReport } from '../convert/model';
import { loadSpec } from '../openapi';
import { refuseTooManyOperations, tooManyOperations } from '../convert/operation-count';
import { updateSkill, type UpdateResult } from '../update/update';
import { reviewSkill } from '../update/two-way';
import type { UpdateReport } from '../update/report';
import type { SpecInput } from '../convert/model';
import { isOperationFilePath, packageFiles, removeSkillFile } from '../skill/package';
import { compareStrings } from '../core/entries';
import { fail, ok, type Result } from '../core/result';
import { buildReportFile, reportFileJson } from '../convert/report';
import { createSkillFit, type TargetDetail, type TargetRow, type TokensView } from './target-fit';
import { lastUploadSchema, type LastUpload } from './draft-schema';
import { describeIssues } from '../core/describe-issues';
import { reportAsCurated } from '../curate/report';
import { gptActionsExport } from '../targets/gpt-actions';
import {
  editFile,
  exportSession,
  fileText,
  openSession,
  previewExport,
  previewRequest,
  checkAnswer,
  previewTool,
  markWaiting,
  removeOperations,
  restoreOperations,
  restoreSession,
  sessionOperations,
  revertFile,
  snapshotSession,
  summarize as summarizeSession,
  type SessionSnapshot,
  type SessionSummary,
  type ToolPreview,
  type WizardSession,
} from './session';

/** What the user gave: one file, several files, or a folder's files (paths inside it). */
export interface UploadRequest {
  name: string;
  kind: 'files' | 'folder';
  entries: UploadEntry[];
  /** What reading the files found and did not stop at (a referenced file that could not be fetched): shown with the spec's problems. */
  problems?: Problem[];
}

/** What the user may set when generating (SPEC 4.2): the skill name, a base URL, server variables, which of several servers. */
export type GenerateOptions = Pick<ConvertOptions, 'name' | 'baseUrl' | 'serverVariables' | 'server' | 'keepFull'>;

export type WizardRequest =
  | { type: 'convert'; upload: UploadRequest; options: GenerateOptions }
  | { type: 'regenerate'; options: GenerateOptions }
  | { type: 'open-bundle'; name: string; bytes: Uint8Array }
  /** The text of the file at `path` as the user has it now, typed over the `version` the service gave for it. */
  | { type: 'edit'; path: string; version: number; text: string }
  | { type: 'revert'; path: string }
  | { type: 'file'; path: string }
  | { type: 'tool'; path: string }
  /**
   * The request a call with `args` would send; `baseUrl`, when given, is the base URL the
   * person typed in the Call tab (the request goes there, decision 0185). Nothing of it is kept.
   */
  | { type: 'call'; path: string; args: string; baseUrl?: string }
  /** An answer a call sent from the Call tab got: checked against what the operation at `path` promises (SPEC 8.1). */
  | { type: 'check-answer'; path: string; status: number; body: string }
  /** The bundle; `readOnly` keeps the safe operations only (SPEC 8.2). */
  | { type: 'export'; tools: boolean; readOnly?: boolean }
  | { type: 'restore'; snapshot: unknown; upload?: unknown }
  | { type: 'spec-file'; path: string }
  | { type: 'exported'; path: string }
  /** Operation files out of the skill (curation): one from the editor, many from the operations view. */
  /** `waiting`: the files taken out join the new operations waiting to be kept (Undo of keeping them). */
  | { type: 'remove'; paths: string[]; waiting?: true }
  | { type: 'put-back'; paths: string[] }
  /** `safety` set on operation files (SPEC 8.1), null for none: "Mark safe / idempotent / unsafe", and its Undo. */
  | { type: 'set-safety'; files: SafetyMark[] }
  /** The Call tab's response for an operation file: an example, checked against `returns`, and what `pick` keeps of it. */
  | { type: 'response'; path: string }
  /** `pick` set on one operation file, the fields in order; none takes it out. */
  | { type: 'set-pick'; path: string; pick: string[] }
  /**
   * "Go on without them": SKILL.md's `source-without-unresolved` set (`on`) or taken out, the
   * choice the verdict reads for a spec whose references do not resolve.
   */
  | { type: 'set-without-unresolved'; on: boolean }
  /** Generate again with the operation file at `path`, fitted to the size limit on import, given its full schema. */
  | { type: 'full-schema'; path: string }
  /** The tools' tokens for a model (`gpt-4o`, `claude-sonnet-4-5`: `TOKEN_MODELS`); GPT-4o when none is given. */
  | { type: 'tokens'; model?: string }
  /** The skill's fit with every target, a line each. */
  | { type: 'compat' }
  /** One target's reasons in full. */
  | { type: 'compat-detail'; target: string }
  /** The tools adapted for a target, as `tools --target` writes them. */
  | { type: 'target-tools'; target: string }
  /** The import report file, as `convert --report` writes it, of the skill as it is now. */
  | { type: 'report' }
  /** An OpenAPI document for OpenAI GPT Actions: the spec's operations the skill keeps (SPEC 8.2). */
  | { type: 'gpt-actions'; readOnly?: boolean }
  /** Every operation, one row each, for the operations view. */
  | { type: 'operations' }
  /**
   * The open skill updated to a newer spec (SPEC 9), shown before anything changes: the
   * report, the files that change and the conflicts. `from` is the spec the skill was
   * generated from, needed when the skill came from a bundle (else the upload it was made from);
   * without it, `review` asks for a two-way review instead: every difference between the
   * skill and the newer spec's generation, each for the person to decide.
   */
  | { type: 'update'; upload: UploadRequest; from?: UploadRequest; review?: boolean }
  /** The update last shown, applied: `settled` holds the text the person settled for every file with conflicts. */
  | { type: 'apply-update'; settled: [string, string][] }
  /** The skill back as it was before the last update applied. */
  | { type: 'undo-update' };

/** A skill opened: what every view starts from. */
export interface Opened {
  summary: SessionSummary;
  report?: ImportReport;
  /** The spec's problems (a generated skill) and the upload's warnings. */
  specProblems: Problem[];
  /** The files of the spec the skill was generated from, to show where the report points. */
  specFiles: string[];
}

export interface FileView {
  path: string;
  text: string;
  /** The version of the file this text is: an edit of it names it, and is refused if the file has changed since. */
  version: number;
  tool: ToolPreview;
  /** Arguments to start the call preview from, for a published tool. */
  exampleArgs?: string;
}

/** A file of the update whose changes conflict: the person's and the newer spec's sides, each with every conflict settled its way. */
export interface UpdateConflictFile {
  path: string;
  mine: string;
  newer: string;
  /** Where each conflict is (`line 12`, `frontmatter:/operation/description`). */
  where: string[];
}

/** An update prepared, not applied: what the person decides on. */
export interface UpdatePreview {
  report: UpdateReport;
  /** Each file that the update adds, removes or changes, by path. */
  files: { path: string; change: 'added' | 'removed' | 'changed' }[];
  conflicts: UpdateConflictFile[];
  /** Operations gone from the newer spec that the person had edited: their text, to download. */
  editedRemoved: [string, string][];
  /** What to know (the skill not generated from the old spec given), and the specs' warnings. */
  problems: Problem[];
  /** The edits the update keeps: files that differ from the newer spec's generation. */
  keptEdits: string[];
  /** A two-way review (no old spec): `conflicts` holds every file that differs from the newer spec's generation, each difference to decide. */
  review?: true;
}

export type WizardReply =
  | { type: 'opened'; result: Result<Opened> }
  | { type: 'update'; result: Result<UpdatePreview> }
  /** After `set-safety`, `set-pick` and `set-without-unresolved`: the files left as they were and why, and what `set-safety` changed from (to undo it). */
  | { type: 'summary'; summary: SessionSummary; refused?: Problem[]; previous?: SafetyMark[] }
  | { type: 'edited'; path: string; version: number; summary: SessionSummary }
  /** An edit refused: the file, or the version it was typed over, is not the one the service holds. */
  | { type: 'stale'; path: string; message: string }
  | { type: 'file'; file: FileView | undefined }
  | { type: 'tool'; tool: ToolPreview }
  | { type: 'call'; request: Result<HttpRequest> }
  | { type: 'answer-check'; check: BodyCheck }
  | { type: 'export'; folder: string; bytes: Uint8Array }
  | { type: 'spec-file'; path: string; text: string | undefined }
  | { type: 'exported'; path: string; text: string | undefined }
  | { type: 'tokens'; tokens: TokensView }
  | { type: 'compat'; targets: TargetRow[] }
  | { type: 'compat-detail'; detail: TargetDetail | undefined }
  /** `text` is the file of tools, `log` its lines of changes; undefined for a target that takes no tool list. */
  | { type: 'target-tools'; folder: string; target: string; file: { text: string; log: string[]; fits: boolean } | undefined }
  /** Undefined for a skill opened from a bundle: there was no import. */
  | { type: 'report'; folder: string; text: string | undefined }
  | { type: 'gpt-actions'; folder: string; text: string }
  | { type: 'operations'; rows: OperationRow[] }
  | { type: 'response'; path: string; preview: ResponsePreview }
  | { type: 'error'; message: string };

export interface WizardService {
  handle(request: WizardRequest): Promise<WizardReply>;
  /** The open skill as plain data, for the browser to keep across a reload. */
  snapshot(): SessionSnapshot | undefined;
  /** The last spec upload, kept beside the snapshot so "Generate again" works after a reload. */
  lastUpload(): LastUpload | undefined;
  /** What tells the open skill's draft from others: the API's title and version, and its tools. */
  facts(): SkillFacts | undefined;
}

/** The API's title and version as SKILL.md's metadata records them (absent when it does not), and the tools the skill publishes. */
export interface SkillFacts {
  title?: string;
  version?: string;
  tools: number;
}

export type { LastUpload } from './draft-schema';

const NO_SESSION: WizardReply = { type: 'error', message: 'No skill is open: upload a spec or open a bundle first' };

/** What the service may be given from where it runs (the browser's worker gives its native hash). */
export interface WizardServiceIO {
  /**
   * SHA-256 (lowercase hex) of a text's UTF-8, for the skill's `metadata.source-sha256`: the
   * worker's `crypto.subtle` is many times faster than lib/'s JavaScript hash on a spec of
   * megabytes. Without it, the conversion hashes in JavaScript (the same digest).
   */
  sha256?: (text: string) => Promise<string>;
}

export function createWizardService(io: WizardServiceIO = {}): WizardService {
  let session: WizardSession | undefined;
  let lastUpload: LastUpload | undefined;
  const fit = createSkillFit();
  // A file's version changes with each change to its text. Numbers are never reused, not
  // even across skills, so an edit typed over another skill's file is refused too.
  let counter = 0;
  // The tools of the summary last made: what a draft says it holds, without publishing every operation again on each save.
  let tools = 0;
  const summarize = (s: WizardSession): SessionSummary => {
    const made = summarizeSession(s);
    tools = made.tools;
    return made;
  };
  let openedAt = 0;
  let versions = new Map<string, number>();
  const versionOf = (path: string) => versions.get(path) ?? openedAt;
  const bump = (...paths: string[]) => {
    for (const path of paths) versions.set(path, ++counter);
  };

  /** What the views start from, all of it read off the session just opened. */
  function opened(next: WizardSession): WizardReply {
    session = next;
    pending = undefined;
    beforeUpdate = undefined;
    openedAt = ++counter;
    versions = new Map();
    const value: Opened = {
      summary: summarize(next),
      report: next.report,
      specProblems: [...next.specProblems],
      specFiles: lastUpload?.upload.files.map((f) => f.path) ?? [],
    };
    return { type: 'opened', result: ok(value) };
  }

  /** An edit of the open skill, answered with the summary every view is drawn from. */
  function change(edit: (s: WizardSession) => WizardSession, ...changed: string[]): WizardReply {
    if (!session) return NO_SESSION;
    session = edit(session);
    bump(...changed);
    return { type: 'summary', summary: summarize(session) };
  }

  /** The user's text for one file, applied only over the version of it the service holds. */
  function edit(request: Extract<WizardRequest, { type: 'edit' }>): WizardReply {
    if (!session) return NO_SESSION;
    const { path, version, text } = request;
    if (fileText(session, path) === undefined) return { type: 'stale', path, message: `${path} is not a file of the open skill; the edit was not applied` };
    if (version !== versionOf(path)) {
      return { type: 'stale', path, message: `${path} changed since this text was typed over it (version ${version}, now ${versionOf(path)}); the edit was not applied` };
    }
    session = editFile(session, path, text);
    bump(path);
    return { type: 'edited', path, version: versionOf(path), summary: summarize(session) };
  }

  /** A spec upload loaded, with its SHA-256 when the platform hashes; or why it cannot be. */
  async function load(upload: SpecUpload, validate = true): Promise<Result<{ spec: SpecInput; sha256?: string }>> {
    // Counted once parsed, before anything is resolved, and again once loaded (a path item in
    // another file): a spec over what a bundle holds is refused in the time the parse takes (SPEC 6).
    const loaded = await loadSpec(upload.files, { entry: upload.entry, refuse: refuseTooManyOperations, validate });
    if (!loaded.ok) return fail([...upload.problems, ...loaded.problems]);
    const tooMany = tooManyOperations(loaded.value, loaded.value.entry);
    if (tooMany) return fail([...upload.problems, tooMany]);
    const sha256 = await io.sha256?.(loaded.value.entryText);
    return ok({ spec: loaded.value, ...(sha256 !== undefined ? { sha256 } : {}) }, [...upload.problems, ...loaded.problems]);
  }

  async function generate(from: LastUpload, options: GenerateOptions): Promise<WizardReply> {
    const { upload } = from;
    const cleaned = clean(options);
    // Counted once parsed, before anything is resolved, and again once loaded (a path item in
    // another file): a spec over what a bundle holds is refused in the time the parse takes (SPEC 6).
    const generated = await generateSkill(upload, { ...cleaned, bundleLimit: true, sha256: io.sha256 });
    if (!generated.ok) return { type: 'opened', result: fail([...upload.problems, ...generated.problems]) };
    const { result, loadProblems, spec, sha256 } = generated.value;
    lastUpload = { name: from.name, upload: from.upload, options: cleaned };
    madeFrom = { upload: lastUpload, spec, ...(sha256 !== undefined ? { sha256 } : {}), result };
    const specProblems = [...upload.problems, ...loadProblems];
    return opened(openSession({ folder: result.folder, files: result.files }, { kind: 'spec', name: from.name }, { report: result.report, specProblems, read: result.read, converted: result.converted }));
  }

  /** The spec of the last upload, loaded when a response preview first needs its examples. */
  let exampleSpec: { from: LastUpload; spec: Promise<unknown> } | undefined;
  const specDocument = (from: LastUpload): Promise<unknown> => {
    // The spec the skill was generated from is at hand while its upload is the last.
    if (madeFrom?.upload === from) return Promise.resolve(madeFrom.spec.document);
    if (exampleSpec?.from !== from) {
      exampleSpec = { from, spec: loadSpec(from.upload.files, { entry: from.upload.entry, validate: false }).then((r) => (r.ok ? r.value.document : undefined)) };
    }
    return exampleSpec.spec;
  };

  /** The GPT Actions document of the open skill, from the spec it was generated from: a skill opened from a bundle has none. */
  async function gptActions(readOnly: boolean): Promise<WizardReply> {
    if (!session) return NO_SESSION;
    const from = session.report ? lastUpload : undefined;
    if (!from) return { type: 'error', message: 'The GPT Actions document is made from the spec: this skill was not generated from one here' };
    const spec = madeFrom?.upload === from ? madeFrom.spec : await loadSpec(from.upload.files, { entry: from.upload.entry, validate: false }).then((r) => (r.ok ? r.value : undefined));
    if (!spec) return { type: 'error', message: 'The spec the skill was generated from could not be read again' };
    const exported = gptActionsExport(spec, session.pkg, { generated: session.original, readOnly });
    if (!exported.ok) return { type: 'error', message: exported.problems[0]?.message ?? 'The GPT Actions document could not be made' };
    return { type: 'gpt-actions', folder: session.pkg.folder, text: exported.value.json };
  }

  async function previewResponse(path: string): Promise<WizardReply> {
    if (!session) return NO_SESSION;
    const op = session.pkg.operations.find((o) => o.file === path);
    const d = op?.declaration;
    const publication = op && d ? publishOperation(session.pkg, op) : undefined;
    const returns = publication?.tool.returns;
    if (!d || returns === undefined) {
      const reason = !d
        ? 'This file has no `operation:` block: it is not called, so it has no response'
        : d.returnsText === undefined
          ? 'The `operation:` block has no `returns`: the file does not say what the operation answers with'
          : '`returns` does not expand: fix the problems shown for this file';
      return { type: 'response', path, preview: { ok: false, reason } };
    }
    const spec = session.report ? [...session.report.declared, ...session.report.proseOnly].find((o) => o.file === path) : undefined;
    const specDoc = spec && lastUpload ? await specDocument(lastUpload) : undefined;
    const example = specDoc !== undefined && spec ? specExample(specDoc, spec.method, spec.path) : { found: false as const };
    const tokenizer = await loadTokenizer('o200k_base');
    return { type: 'response', path, preview: responsePreview(returns, d.lists.pick, example, tokenizer.count) };
  }
  /**
   * The spec the open skill was generated from, as loaded, and its generation, while that
   * upload is the last: an update starts from them instead of reading the old spec and
   * generating it again (most of its time on a large spec). Not kept across a reload.
   */
  let madeFrom: { upload: LastUpload; spec: SpecInput; sha256?: string; result: ConvertResult } | undefined;

  /** The update prepared last, and the file versions it was prepared over: applied only over those. */
  let pending: { result: UpdateResult; upload: LastUpload; spec: SpecInput; sha256?: string; specProblems: Problem[]; at: number } | undefined;
  /** The skill before the last update applied, for "Undo the update". */
  let beforeUpdate: { session: WizardSession; lastUpload: LastUpload | undefined; madeFrom: typeof madeFrom } | undefined;

  async function prepareUpdate(request: Extract<WizardRequest, { type: 'update' }>): Promise<WizardReply> {
    if (!session) return NO_SESSION;
    const refused = (problems: Problem[]): WizardReply => ({ type: 'update', result: fail(problems) });
    const newer = readSpecUpload(request.upload);
    if (!newer.ok) return refused(newer.problems);
    let older: LastUpload | undefined = lastUpload;
    if (request.from) {
      const read = readSpecUpload(request.from);
      if (!read.ok) return refused(read.problems);
      older = { name: request.from.name, upload: read.value };
    }
    if (!older && !request.review) {
      return refused([problem('update-needs-old-spec', 'error', 'This skill was opened from a bundle, so the wizard does not have the spec it was generated from: give that spec too, as the old one, or review every difference two ways', request.upload.name)]);
    }
    // The old spec's own problems are not the update's: it is not checked against the OpenAPI schema again.
    const kept = !request.from && madeFrom?.upload === older ? madeFrom : undefined;
    const from = kept ? ok({ spec: kept.spec, ...(kept.sha256 !== undefined ? { sha256: kept.sha256 } : {}) }) : older ? await load(older.upload, false) : undefined;
    if (from && !from.ok) return refused(from.problems.map((p) => withFile(p, older!.name)));
    const to = await load(newer.value);
    if (!to.ok) return refused(to.problems.map((p) => withFile(p, request.upload.name)));
    const skill = { folder: session.pkg.folder, files: packageFiles(session.pkg).files };
    const result = from
      ? updateSkill({ skill, from: from.value.spec, to: to.value.spec, fromSha256: from.value.sha256, toSha256: to.value.sha256, ...(kept ? { fromGenerated: kept.result } : {}) })
      : reviewSkill({ skill, to: to.value.spec, toSha256: to.value.sha256 });
    pending = {
      result,
      upload: { name: request.upload.name, upload: newer.value, ...(lastUpload?.options ? { options: lastUpload.options } : {}) },
      spec: to.value.spec,
      ...(to.value.sha256 !== undefined ? { sha256: to.value.sha256 } : {}),
      specProblems: to.problems,
      at: counter,
    };
    const files: UpdatePreview['files'] = [];
    for (const [path, text] of result.files) {
      const now = skill.files.get(path);
      if (now === undefined) files.push({ path, change: 'added' });
      else if (now !== text || result.settled.has(path)) files.push({ path, change: 'changed' });
    }
    for (const path of skill.files.keys()) if (!result.files.has(path)) files.push({ path, change: 'removed' });
    files.sort((a, b) => compareStrings(a.path, b.path));
    const conflicts = [...result.settled].map(([path, sides]) => ({
      path,
      ...sides,
      where: result.conflicts.filter((c) => c.file === path).map((c) => (c.kind === 'lines' ? `line ${c.line}` : c.pointer)),
    }));
    const generated = result.generated.files;
    const keptEdits = [...result.files].filter(([path, text]) => generated.get(path) !== text && !result.settled.has(path)).map(([path]) => path);
    return {
      type: 'update',
      result: ok({ report: result.report, files, conflicts, editedRemoved: [...result.editedRemoved], problems: [...result.problems, ...to.problems], keptEdits, ...(from ? {} : { review: true as const }) }),
    };
  }

  /**
   * The update prepared last, made the skill: a session over the newer spec's generation (so
   * what the person changed from it shows as edited, and reverts to it), with the operations
   * the update leaves out removed (to be put back) and every file as merged, the conflicts as
   * the person settled them.
   */
  function applyUpdate(request: Extract<WizardRequest, { type: 'apply-update' }>): WizardReply {
    if (!session) return NO_SESSION;
    if (!pending) return { type: 'error', message: 'There is no update to apply: choose the newer spec first' };
    if (pending.at !== counter) return { type: 'error', message: 'The skill changed since the update was prepared: prepare it again' };
    const { result, upload, specProblems, spec, sha256 } = pending;
    const settled = new Map(request.settled);
    const unsettled = [...result.settled.keys()].filter((path) => !settled.has(path));
    if (unsettled.length > 0) return { type: 'error', message: `Settle the conflicts in ${unsettled.join(', ')} first: nothing was changed` };
    const files = new Map(result.files);
    for (const [path, text] of settled) if (result.settled.has(path)) files.set(path, text);
    const gen = result.generated;
    let next = openSession({ folder: gen.folder, files: gen.files }, { kind: 'spec', name: upload.name }, { report: gen.report, specProblems, read: gen.read, converted: gen.converted });
    next = removeOperations(next, [...gen.files.keys()].filter((path) => isOperationFilePath(path) && !files.has(path)));
    // New operations a skill curated by hand does not keep wait apart from the ones the person removed.
    next = markWaiting(next, result.report.added.filter((a) => !a.kept).map((a) => `${a.operation}.md`));
    const gone = [...packageFiles(next.pkg).files.keys()].filter((path) => !files.has(path));
    if (gone.length > 0) {
      let pkg = next.pkg;
      for (const path of gone) pkg = removeSkillFile(pkg, path);
      next = { ...next, pkg };
    }
    // SKILL.md last: its name may rename the folder, and its Operations list names the others.
    const order = [...files.keys()].sort((a, b) => Number(a === MANIFEST_FILE) - Number(b === MANIFEST_FILE));
    for (const path of order) if (fileText(next, path) !== files.get(path) || (path === MANIFEST_FILE && gone.length > 0)) next = editFile(next, path, files.get(path)!);
    const before = { session, lastUpload, madeFrom };
    lastUpload = upload;
    madeFrom = { upload, spec, ...(sha256 !== undefined ? { sha256 } : {}), result: gen };
    const reply = opened(next);
    beforeUpdate = before;
    return reply;
  }

  function openBundle(files: SkillFiles, name: string, problems: Problem[]): WizardReply {
    lastUpload = undefined;
    return opened(openSession(files, { kind: 'bundle', name }, { specProblems: problems }));
  }

  return {
    snapshot: () => (session ? snapshotSession(session) : undefined),
    lastUpload: () => lastUpload,
    facts: () => (session ? { ...sourceOf(session), tools } : undefined),
    async handle(request) {
      switch (request.type) {
        case 'convert': {
          const { name } = request.upload;
          const bundle = asBundle(request.upload);
          if (bundle) return openBundle(bundle, name, [problem('upload-is-bundle', 'warning', `${name} is a skill bundle, not a spec: it was opened as a bundle`, name)]);
          const upload = readUpload(request.upload);
          if (!upload.ok) return { type: 'opened', result: upload };
          return generate({ name, upload: { ...upload.value, problems: [...(request.upload.problems ?? []), ...upload.value.problems] } }, request.options);
        }
        case 'regenerate': {
          if (!lastUpload) return { type: 'error', message: 'There is no spec to generate from: upload one first' };
          // Operations whose full schemas were asked for keep them (the form sends a name and a base URL).
          const keepFull = request.options.keepFull ?? lastUpload.options?.keepFull;
          return generate(lastUpload, { ...request.options, ...(keepFull ? { keepFull } : {}) });
        }
        case 'full-schema': {
          if (!session || !lastUpload) return { type: 'error', message: 'There is no spec to generate from: upload one first' };
          const fitted = session.report?.fitted.find((f) => f.file === request.path && f.fits);
          if (!fitted) return { type: 'error', message: `${request.path} was not fitted to the size limit: it has its full schema already` };
          const options = lastUpload.options ?? {};
          return generate(lastUpload, { ...options, keepFull: [...(options.keepFull ?? []), `${fitted.method} ${fitted.path}`] });
        }
        case 'open-bundle': {
          const files = importBundle(request.bytes);
          if (!files.ok) return { type: 'opened', result: fail(files.problems.map((p) => withFile(p, request.name))) };
          return openBundle(files.value, request.name, files.problems);
        }
        case 'edit':
          return edit(request);
        case 'revert':
          return change((s) => revertFile(s, request.path), request.path);
        case 'remove':
          return change((s) => removeOperations(s, request.paths, { waiting: request.waiting }), ...request.paths, MANIFEST_FILE, TYPES_FILE);
        case 'put-back':
          return change((s) => restoreOperations(s, request.paths), ...request.paths, MANIFEST_FILE, TYPES_FILE);
        case 'set-safety': {
          if (!session) return NO_SESSION;
          const set = setSafety(session, request.files);
          session = set.session;
          bump(...set.previous.map(([path]) => path));
          return { type: 'summary', summary: summarize(session), refused: set.refused, previous: set.previous };
        }
        case 'response':
          return previewResponse(request.path);
        case 'set-pick': {
          if (!session) return NO_SESSION;
          const set = setPick(session, request.path, request.pick);
          if (set.session !== session) bump(request.path);
          session = set.session;
          return { type: 'summary', summary: summarize(session), refused: set.refused };
        }
        case 'set-without-unresolved': {
          if (!session) return NO_SESSION;
          const set = setWithoutUnresolved(session, request.on);
          if (set.session !== session) bump(MANIFEST_FILE);
          session = set.session;
          return { type: 'summary', summary: summarize(session), refused: set.refused };
        }
        case 'file': {
          if (!session) return NO_SESSION;
          const text = fileText(session, request.path);
          if (text === undefined) return { type: 'file', file: undefined };
          const tool = previewTool(session, request.path);
          const exampleArgs = tool.ok ? JSON.stringify(exampleArguments(tool.tool.parameters), null, 2) : undefined;
          return { type: 'file', file: { path: request.path, text, version: versionOf(request.path), tool, exampleArgs } };
        }
        case 'tool':
          if (!session) return NO_SESSION;
          return { type: 'tool', tool: previewTool(session, request.path) };
        case 'call':
          if (!session) return NO_SESSION;
          return { type: 'call', request: previewRequest(session, request.path, request.args, request.baseUrl) };
        case 'check-answer':
          if (!session) return NO_SESSION;
          return { type: 'answer-check', check: checkAnswer(session, request.path, request.status, request.body) };
        case 'export':
          if (!session) return NO_SESSION;
          return { type: 'export', folder: session.pkg.folder, bytes: exportSession(session, { tools: request.tools, readOnly: request.readOnly }) };
        case 'exported':
          if (!session) return NO_SESSION;
          return { type: 'exported', path: request.path, text: previewExport(session, request.path) };
        case 'operations':
          if (!session) return NO_SESSION;
          return { type: 'operations', rows: sessionOperations(session) };
        case 'spec-file':
          return { type: 'spec-file', path: request.path, text: lastUpload?.upload.files.find((f) => f.path === request.path)?.text };
        case 'tokens':
          if (!session) return NO_SESSION;
          return { type: 'tokens', tokens: await fit.tokens(session.pkg, request.model) };
        case 'compat':
          if (!session) return NO_SESSION;
          return { type: 'compat', targets: await fit.compat(session.pkg) };
        case 'compat-detail':
          if (!session) return NO_SESSION;
          return { type: 'compat-detail', detail: await fit.detail(session.pkg, request.target) };
        case 'target-tools':
          if (!session) return NO_SESSION;
          return { type: 'target-tools', folder: session.pkg.folder, target: request.target, file: fit.targetTools(session.pkg, request.target) };
        case 'report': {
          if (!session) return NO_SESSION;
          const { report, specProblems, pkg } = session;
          if (!report) return { type: 'report', folder: pkg.folder, text: undefined };
          const curated = reportAsCurated(report, [...session.removed.keys()], [...session.prunedTypes.keys()]);
          const file = buildReportFile(curated, specProblems, summarize(session).problems, await fit.reportTargets(pkg));
          return { type: 'report', folder: pkg.folder, text: reportFileJson(file) };
        }
        case 'gpt-actions':
          return gptActions(request.readOnly === true);
        case 'update':
          return prepareUpdate(request);
        case 'apply-update':
          return applyUpdate(request);
        case 'undo-update': {
          if (!beforeUpdate) return { type: 'error', message: 'There is no update to undo' };
          const back = beforeUpdate;
          lastUpload = back.lastUpload;
          madeFrom = back.madeFrom;
          return opened(back.session);
        }
        case 'restore': {
          const restored = restoreSession(request.snapshot);
          if (!restored.ok) return { type: 'opened', result: restored };
          const upload = request.upload === undefined ? undefined : lastUploadSchema.safeParse(request.upload);
          if (upload && !upload.success) {
            return { type: 'opened', result: fail([problem('draft-unreadable', 'error', `The saved spec upload cannot be read: ${describeIssues(upload.error)}`, '')]) };
          }
          lastUpload = upload?.data;
          return opened(restored.value);
        }
      }
    },
  };
}

/** A `.zip` given as a spec that is a skill bundle (one folder holding SKILL.md): what to open instead. */
function asBundle(request: UploadRequest): SkillFiles | undefined {
  const [only] = request.entries;
  if (request.kind !== 'files' || request.entries.length !== 1 || !/\.zip$/i.test(only.path)) return undefined;
  const files = importBundle(only.bytes);
  return files.ok && files.value.files.has(MANIFEST_FILE) ? files.value : undefined;
}

/** The upload as the loader takes it, with what reading the files found. */
function readSpecUpload(request: UploadRequest): Result<SpecUpload> {
  const read = readUpload(request);
  return read.ok ? ok({ ...read.value, problems: [...(request.problems ?? []), ...read.value.problems] }) : read;
}

/** The upload as the loader takes it: one file as is (a `.zip` opened), or a set of files. */
function readUpload(request: UploadRequest): Result<SpecUpload> {
  const entries = request.entries.filter((e) => !isIgnoredUploadPath(e.path));
  if (request.kind === 'files' && request.entries.length === 1) return specUploadFromFile(request.entries[0].path, request.entries[0].bytes);
  if (entries.length === 0) {
    return { ok: false, problems: [problem('upload-empty', 'error', `${request.name} holds no files to read (hidden files are left out)`, request.name)] };
  }
  return specUploadFromEntries(entries);
}

/** The options as the form sent them, blanks left out: an empty field means "not set". */
function clean(options: GenerateOptions): GenerateOptions {
  const name = options.name?.trim();
  const baseUrl = options.baseUrl?.trim();
  const server = options.server?.trim();
  const given = options.serverVariables ?? {};
  const serverVariables = Object.fromEntries(
    Object.keys(given)
      .filter((k) => typeof given[k] === 'string' && given[k].trim() !== '')
      .map((k) => [k, given[k].trim()]),
  );
  const keepFull = options.keepFull?.filter((k) => typeof k === 'string');
  return {
    ...(name ? { name } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(server ? { server } : {}),
    ...(Object.keys(serverVariables).length > 0 ? { serverVariables } : {}),
    ...(keepFull && keepFull.length > 0 ? { keepFull: [...new Set(keepFull)] } : {}),
  };
}


/** The API's title and version from SKILL.md's `metadata` (`source-title`, `source-version`), where generation records them. */
function sourceOf(session: WizardSession): { title?: string; version?: string } {
  const metadata = session.pkg.manifest?.data.metadata;
  if (typeof metadata !== 'object' || metadata === null) return {};
  const { 'source-title': title, 'source-version': version } = metadata as Record<string, unknown>;
  return { ...(typeof title === 'string' && title !== '' ? { title } : {}), ...(typeof version === 'string' && version !== '' ? { version } : {}) };
}

/** A bundle's problems name the archive when they name no file of it. */
function withFile(p: Problem, archive: string): Problem {
  return p.file ? p : { ...p, file: archive };
}
