import type { HttpRequest } from '../../../lib/call';
import { sameJson } from '../../../lib/core/same-json';
import type { Problem } from '../../../lib/core/problem';
import type { Result } from '../../../lib/core/result';
import type { FileView, Opened } from '../../../lib/wizard/service';
import type { FileSummary, SessionSummary, ToolPreview } from '../../../lib/wizard/session';
import type { DraftListing } from '../drafts/draft-store';
import { EMPTY_QUERY, type OperationQuery, type OperationSort } from '../../../lib/wizard/operation-query';
import type { OperationRow } from '../../../lib/wizard/operations';

export type PreviewTab = 'tool' | 'call' | 'bundle';

/** The uploaded spec's file shown read-only; `opens` counts the times it was opened, so opening it again scrolls again. */
export interface SpecView {
  path: string;
  text: string;
  line?: number;
  opens: number;
}

/**
 * Everything the wizard's page shows, in one value: the worker holds the skill, this holds
 * what the page has been told of it and what the user is looking at.
 */
export interface WizardState {
  /** The start page is shown, over the open skill if there is one. */
  starting: boolean;
  opened: Opened | null;
  summary: SessionSummary | null;
  /** What the page is waiting for, in words; null when it waits for nothing. */
  busy: string | null;
  /** A spec being fetched by its address: what has come so far; while it is set, Cancel stops the fetch. */
  fetching: { received: number; total: number | null } | null;
  /** Why the last upload, fetch or opening was refused. */
  uploadProblems: Problem[];
  /** The skill file open in the editor; null for the report (or the spec). */
  selected: string | null;
  spec: SpecView | null;
  /** The selected file as the worker sent it; null while it is on its way. */
  file: FileView | null;
  /** Counts the files loaded into the editor, so the same file loaded again starts the editor anew. */
  fileLoads: number;
  /**
   * The editor's text as typed, to give a new worker if the last one hung (`typedText`). Kept
   * in the controller's copy of the state only: the page does not render on each keystroke
   * (`useWizardSession`), and nothing on it draws this. Read when needed: the editor gives a
   * function rather than join a 750 KB text on every keystroke.
   */
  draft: string | (() => string);
  panel: PreviewTab;
  exported?: { path: string; text: string | undefined };
  tool?: ToolPreview;
  args: string;
  /**
   * The base URL typed in the Call tab: the request goes there instead of the operation's own
   * server (empty: its own). The person's environment, like a credential: kept on this page,
   * for every operation of the open skill, and never in the skill, a draft or an export
   * (decision 0185).
   */
  callBaseUrl: string;
  request?: Result<HttpRequest>;
  withTools: boolean;
  /** Download a read-only bundle: the safe operations only (SPEC 8.2). */
  readOnly: boolean;
  /** The drafts kept in this browser, as last listed; null until listed. */
  drafts: DraftListing[] | null;
  /** Drafts another tab has open. */
  elsewhere: string[];
  /** The draft the open skill is kept as. */
  draftId: string | null;
  /** A word about one draft of the list (why it did not open). */
  draftNotes: Record<string, string>;
  /**
   * Changes no save holds yet: while there are, leaving the page asks first. Whether there
   * are, not how many: the count moves on every keystroke, and the page draws only this.
   * Like `saveFailed`, kept in the live store only (`useWizardSession`): the line saying
   * whether the skill is saved reads it there, and nothing else is drawn again for it.
   */
  unsaved: boolean;
  /** Why the last save failed, until one succeeds. */
  saveFailed: string | null;
  /** Something the user should know about the open file (an edit the worker refused). */
  notice: string | null;
  /** The request the worker has been on for over a few seconds, and since when: "Still working", with Cancel. */
  working: { label: string; since: number } | null;
  /** What happened when the worker was last stopped, until dismissed. */
  recovered: string | null;
  operations: OperationsState;
  /**
   * Counts the changes to the skill the worker answered (a summary after an edit, a revert,
   * a removal, a put-back). An edit that changes nothing the summary says (a key typed into
   * a description) keeps the summary itself, so the page is not drawn again for it; what
   * follows every change (the token count, "In the bundle") follows this, read from the
   * live store (`useWizardSession`, `useSkillFit`), never drawn.
   */
  changes: number;
}

/** The operations view: the rows the worker sent, and the search, sort and row the user left it at. */
export interface OperationsState {
  /** Null until the worker has sent them for the skill open now. */
  rows: OperationRow[] | null;
  query: OperationQuery;
  sort: OperationSort | null;
  /** The row with the tab stop (its id). */
  active: string | null;
}

const initialOperations: OperationsState = { rows: null, query: EMPTY_QUERY, sort: null, active: null };

export const initialWizardState: WizardState = {
  starting: true,
  opened: null,
  summary: null,
  busy: null,
  fetching: null,
  uploadProblems: [],
  selected: null,
  spec: null,
  file: null,
  fileLoads: 0,
  draft: '',
  panel: 'tool',
  args: '{}',
  callBaseUrl: '',
  withTools: false,
  readOnly: false,
  drafts: null,
  elsewhere: [],
  draftId: null,
  draftNotes: {},
  unsaved: false,
  saveFailed: null,
  notice: null,
  working: null,
  recovered: null,
  operations: initialOperations,
  changes: 0,
};

export type WizardAction =
  | { type: 'show-start' }
  | { type: 'show-skill' }
  | { type: 'busy'; label: string | null }
  | { type: 'fetching'; progress: { received: number; total: number | null } | null }
  | { type: 'refused'; problems: Problem[] }
  | { type: 'opened'; opened: Opened }
  | { type: 'summary'; summary: SessionSummary }
  | { type: 'operations'; rows: OperationRow[] }
  | { type: 'operations-view'; view: Partial<Omit<OperationsState, 'rows'>> }
  | { type: 'select'; path: string | null }
  | { type: 'file'; file: FileView }
  | { type: 'typed'; path: string; text: string | (() => string) }
  | { type: 'tool'; path: string; tool: ToolPreview }
  | { type: 'call'; path: string; request: Result<HttpRequest> }
  | { type: 'args'; text: string }
  | { type: 'call-base-url'; value: string }
  | { type: 'panel'; tab: PreviewTab }
  | { type: 'exported'; path: string; text: string | undefined }
  | { type: 'spec'; path: string; text: string; line?: number }
  | { type: 'with-tools'; on: boolean }
  | { type: 'read-only'; on: boolean }
  | { type: 'drafts'; drafts: DraftListing[]; elsewhere: string[] }
  | { type: 'draft'; id: string | null }
  | { type: 'draft-note'; id: string; note: string | null }
  /** A draft found unreadable when it was opened or downloaded. */
  | { type: 'unreadable'; id: string; name: string; why: string }
  | { type: 'unsaved'; count: number }
  | { type: 'save-failed'; message: string | null }
  | { type: 'notice'; message: string | null }
  | { type: 'working'; activity: { label: string; since: number } | null }
  | { type: 'recovered'; message: string | null }
  /** The same skill, given to a new worker: the page keeps what it shows. */
  | { type: 'reopened'; opened: Opened }
  /** The skill is gone from the page (it could not be given to a new worker). */
  | { type: 'closed' };

/**
 * The wizard's state after one thing happened. Pure. An answer about a file that is no
 * longer the selected one (it came back after the user moved on) changes nothing.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'show-start':
      return { ...state, starting: true };
    case 'show-skill':
      return state.summary ? { ...state, starting: false } : state;
    case 'busy':
      return action.label === state.busy ? state : { ...state, busy: action.label };
    case 'fetching':
      return { ...state, fetching: action.progress };
    case 'refused':
      return { ...state, uploadProblems: action.problems };
    case 'opened':
      return {
        ...state,
        starting: false,
        uploadProblems: [],
        opened: action.opened,
        summary: action.opened.summary,
        // Another skill's staging server is not this one's; the same skill generated again keeps it.
        callBaseUrl: state.summary?.folder === action.opened.summary.folder ? state.callBaseUrl : '',
        selected: null,
        spec: null,
        file: null,
        draft: '',
        tool: undefined,
        request: undefined,
        exported: undefined,
        notice: null,
        operations: initialOperations,
      };
    case 'summary':
      return { ...state, summary: state.summary ? keepUnchanged(state.summary, action.summary) : action.summary, changes: state.changes + 1 };
    case 'operations':
      return { ...state, operations: { ...state.operations, rows: action.rows } };
    case 'operations-view':
      return { ...state, operations: { ...state.operations, ...action.view } };
    case 'select':
      // The file goes at once: until the worker sends the new one, nothing is shown to type into.
      return { ...state, selected: action.path, spec: null, file: null, draft: '', tool: undefined, request: undefined, notice: null };
    case 'file':
      if (action.file.path !== state.selected) return state;
      return {
        ...state,
        file: action.file,
        fileLoads: state.fileLoads + 1,
        draft: action.file.text,
        tool: action.file.tool,
        args: action.file.exampleArgs ?? '{}',
        request: undefined,
      };
    case 'typed':
      return action.path === state.selected && state.file ? { ...state, draft: action.text } : state;
    case 'tool':
      // Asked again after every edit of the open file: most edits leave its tool as it was.
      return action.path === state.selected && !sameJson(action.tool, state.tool) ? { ...state, tool: action.tool } : state;
    case 'call':
      return action.path === state.selected ? { ...state, request: action.request } : state;
    case 'args':
      return { ...state, args: action.text };
    case 'call-base-url':
      return { ...state, callBaseUrl: action.value };
    case 'panel':
      return { ...state, panel: action.tab };
    case 'exported':
      return { ...state, exported: { path: action.path, text: action.text } };
    case 'spec':
      return {
        ...state,
        selected: null,
        file: null,
        spec: { path: action.path, text: action.text, line: action.line, opens: (state.spec?.opens ?? 0) + 1 },
      };
    case 'with-tools':
      return { ...state, withTools: action.on };
    case 'read-only':
      return { ...state, readOnly: action.on };
    case 'drafts':
      return { ...state, drafts: action.drafts, elsewhere: action.elsewhere };
    case 'draft':
      return { ...state, draftId: action.id };
    case 'draft-note': {
      const draftNotes = { ...state.draftNotes };
      if (action.note === null) delete draftNotes[action.id];
      else draftNotes[action.id] = action.note;
      return { ...state, draftNotes };
    }
    case 'unreadable':
      return {
        ...state,
        drafts: (state.drafts ?? []).map((d) => (d.id === action.id ? { id: d.id, ok: false, name: action.name, why: action.why } : d)),
      };
    case 'unsaved':
      return action.count > 0 === state.unsaved ? state : { ...state, unsaved: action.count > 0 };
    case 'save-failed':
      return action.message === state.saveFailed ? state : { ...state, saveFailed: action.message };
    case 'notice':
      return { ...state, notice: action.message };
    case 'working':
      return action.activity === null && state.working === null ? state : { ...state, working: action.activity };
    case 'recovered':
      return { ...state, recovered: action.message };
    case 'reopened': {
      const { summary } = action.opened;
      const stillThere = state.selected === null || summary.files.some((f) => f.path === state.selected);
      return stillThere
        ? { ...state, opened: action.opened, summary }
        : { ...state, opened: action.opened, summary, selected: null, file: null, draft: '', tool: undefined, request: undefined };
    }
    case 'closed':
      return { ...initialWizardState, drafts: state.drafts, elsewhere: state.elsewhere, draftNotes: state.draftNotes, recovered: state.recovered };
  }
}

const sameRow = (a: FileSummary, b: FileSummary) =>
  a.path === b.path && a.kind === b.kind && a.declared === b.declared && a.errors === b.errors && a.warnings === b.warnings && a.edited === b.edited;

/**
 * The new summary with the last one's file rows (and list of removed files) where they say
 * the same: the worker sends a new summary after every edit, and the views it did not change
 * (the file list's ~1,000 rows in Kubernetes' skill) are then not drawn again. When it says
 * all the last one said, the last one itself: nothing on the page is drawn again for it.
 */
function keepUnchanged(last: SessionSummary, next: SessionSummary): SessionSummary {
  const kept = { ...next, files: sameFiles(last, next), removed: sameRemoved(last, next) };
  return sameSummary(last, kept) ? last : kept;
}

function sameFiles(last: SessionSummary, next: SessionSummary): FileSummary[] {
  // The worker client gives back the last rows themselves when none changed (summary-wire.ts).
  if (next.files === last.files) return last.files;
  const byPath = new Map(last.files.map((f) => [f.path, f]));
  let same = last.files.length === next.files.length;
  const files = next.files.map((f, i) => {
    const kept = byPath.get(f.path);
    const row = kept && sameRow(kept, f) ? kept : f;
    same &&= row === last.files[i];
    return row;
  });
  return same ? last.files : files;
}

/** Every part the same: the rows the same array (`sameFiles` keeps it when they say the same), the rest the same JSON (the problems are most often the same array, from the worker client). */
function sameSummary(a: SessionSummary, b: SessionSummary): boolean {
  const keys = Object.keys(b) as (keyof SessionSummary)[];
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k] || (k !== 'files' && sameJson(a[k], b[k])));
}

function sameRemoved(last: SessionSummary, next: SessionSummary): string[] {
  return last.removed.length === next.removed.length && last.removed.every((p, i) => p === next.removed[i]) ? last.removed : next.removed;
}

/** The open file's text as typed (`WizardState.draft`). */
export function typedText(state: WizardState): string {
  return typeof state.draft === 'string' ? state.draft : state.draft();
}

/** Files with edits in the open skill. */
export function editedCount(state: WizardState): number {
  return state.summary?.files.filter((f) => f.edited).length ?? 0;
}
