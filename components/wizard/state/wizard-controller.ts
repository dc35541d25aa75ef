import type { BodyCheck } from '../../../lib/call';
import { problem, type Problem } from '../../../lib/core/problem';
import { fail, ok, type Result } from '../../../lib/core/result';
import { parseSpecUrl, type UploadEntry } from '../../../lib/openapi/upload';
import type { GenerateOptions, UpdatePreview, WizardRequest } from '../../../lib/wizard/service';
import type { ChosenFiles } from '../io/browser-files';
import type { DraftLocks } from '../drafts/draft-locks';
import type { SpecChoice } from '../views/start-panel';
import type { SendToWorker, WorkerClientEvent } from '../worker/worker-client';
import { describeRequest, type ChangeRequest, type Reply } from '../worker/worker-protocol';
import { typedText, type OperationsState, type PreviewTab, type WizardAction, type WizardState } from './wizard-state';
import type { LiveStore } from './use-live-reducer';
import type { EditJournal } from './edit-journal';
import type { SessionSummary } from '../../../lib/wizard/session';
import type { SafetyMark } from '../../../lib/wizard/operation-keys';
import type { ResponsePreview } from '../../../lib/wizard/response-preview';
import type { TabPlace } from './tab-place';

/** What the wizard does outside the page's state and the worker: the browser's files, network and dialogs. */
export interface WizardIO {
  readChosenFiles(chosen: ChosenFiles): Promise<{ entries: UploadEntry[]; problems: Problem[] }>;
  /** Stopped by `signal` (Cancel) or by its time limits, with why. */
  fetchSpec(url: string, fileName: string, options: { signal: AbortSignal; onProgress: (received: number, total: number | null) => void }): Promise<{ entries: UploadEntry[]; problems: Problem[] }>;
  /** The sample spec's bytes, from the app's own `public/`. */
  fetchSample(): Promise<{ name: string; bytes: Uint8Array }>;
  /** Saves a file the user downloads; `type` is its media type (a zip when not given). */
  saveBytes(bytes: Uint8Array, fileName: string, type?: string): void;
  confirm(message: string): boolean;
  /** Which tab has which draft. */
  locks: DraftLocks;
  /** Where what a draft has not saved yet is written as the page goes away (`pagehide`), and read back when it is continued. */
  journal?: EditJournal;
  /** The changes the worker has made, or been sent, that no save holds yet (the worker client's). */
  unsavedChanges?: () => ChangeRequest[];
  /**
   * Runs `work` once the frame showing the keystroke is painted (`afterPaint`): posting the
   * typed text to the worker is then never between a key and its paint. Without it (the
   * tests), `work` runs at once.
   */
  afterPaint?: (work: () => void) => void;
}

export type WizardStore = LiveStore<WizardState, WizardAction>;

type Options = { name?: string; baseUrl?: string };

/** After the worker answers an edit, how long more typing waits before the next is sent (docs/decisions/0031-editing-through-the-worker.md). */
export const EDIT_GAP_MS = 250;
/** How often, and how far apart, a reload asks for its draft's lock before saying another tab has it. */
const LOCK_TRIES = 10;
const LOCK_WAIT_MS = 100;
type Restarted = Extract<WorkerClientEvent, { type: 'restarted' }>;

function replyProblem(reply: Reply, file: string): Problem[] {
  return reply.type === 'error' || reply.type === 'stopped' ? [problem('wizard', 'error', reply.message, file)] : [];
}

/**
 * What the user can do in the wizard, each as the requests it sends to the worker and the
 * actions it dispatches from the replies. Not React: `useWizardSession` makes one per page,
 * and the tests drive one against the service itself.
 */
export function createWizardController(send: SendToWorker, store: WizardStore, io: WizardIO) {
  const { dispatch } = store;
  const selected = () => store.get().selected;

  const showOpened = (reply: Reply, name: string) => {
    if (reply.type !== 'opened') dispatch({ type: 'refused', problems: replyProblem(reply, name) });
    else if (!reply.result.ok) dispatch({ type: 'refused', problems: reply.result.problems });
    else dispatch({ type: 'opened', opened: reply.result.value });
  };

  /** Waits for the worker's answer with `label` shown, and clears it after, whatever happened. */
  const busyWith = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    dispatch({ type: 'busy', label });
    try {
      return await work();
    } finally {
      dispatch({ type: 'busy', label: null });
    }
  };

  /** Bytes read from the user's files, from an address or from the sample, to convert; or the problems that stopped the reading. */
  const convert = async (name: string, read: { entries: UploadEntry[]; problems: Problem[] }, kind: 'files' | 'folder', options: Options) => {
    const { entries } = read;
    if (entries.length === 0) {
      dispatch({ type: 'refused', problems: read.problems });
      return;
    }
    // The typing still on its way belongs to the skill open now: it reaches it before another replaces it.
    await flushEdits();
    const reply = await busyWith(`Converting ${name}…`, () =>
      send({ type: 'convert', upload: { name, kind, entries, problems: read.problems }, options }, entries.map((e) => e.bytes.buffer as ArrayBuffer)),
    );
    showOpened(reply, name);
  };

  // Edits are sent one at a time, the latest text winning, and after an answer the next waits
  // EDIT_GAP_MS for more typing: the worker re-checks the skill on each edit (in a large
  // skill an edit of types.json is real work for it), and on a two-core machine a worker
  // busy all the time typing lasts slows the page's own keystrokes. The first edit
  // after a pause goes at once; whatever must see every edit (`flushEdits`) sends at once.
  let queuedEdit: { path: string; text: () => string } | null = null;
  let flushing: Promise<void> | null = null;
  // The edit the worker has not answered yet, if any.
  let inFlight: Promise<void> | null = null;
  let lastAnswer = -Infinity;
  // Set by `flushEdits`: the queue is sent now, not after the gap.
  let urgent = false;
  let wakeGap: (() => void) | null = null;
  // The version the worker gave for the open file's text, the one the next edit is typed over.
  let version: { path: string; version: number } | null = null;
  // The fetch by address under way, which Cancel stops.
  let fetching: AbortController | null = null;
  // While a new worker is given the skill again, typing is kept on the page only.
  let recovering = false;
  // A send of the typing is waiting for the keystroke's frame to be painted.
  let sendAfterPaint = false;

  const stoppedCall = (message: string) => fail([problem('call-stopped', 'error', `${message}. Change the arguments to try again.`, selected() ?? '')]);

  const refreshCall = async (path: string, args: string) => {
    const reply = await send({ type: 'call', path, args });
    if (reply.type === 'call') dispatch({ type: 'call', path, request: reply.request });
    else if (reply.type === 'stopped') dispatch({ type: 'call', path, request: stoppedCall(reply.message) });
  };

  /** The tool and the call of the open file, again after its text changed. */
  const refreshPreviews = async (path: string) => {
    const preview = await send({ type: 'tool', path });
    if (preview.type === 'stopped') dispatch({ type: 'tool', path, tool: { ok: false, reason: preview.message } });
    if (preview.type !== 'tool') return;
    dispatch({ type: 'tool', path, tool: preview.tool });
    if (preview.tool.ok && selected() === path) await refreshCall(path, store.get().args);
  };

  /** Sends the queued edit (the request is posted before this returns) and takes the worker's answer. */
  const sendQueued = (): Promise<void> => {
    const { path, text } = queuedEdit!;
    queuedEdit = null;
    if (version?.path !== path) return Promise.resolve();
    const sent = send({ type: 'edit', path, version: version.version, text: text() });
    inFlight = (async () => {
      const reply = await sent;
      lastAnswer = Date.now();
      inFlight = null;
      if (reply.type === 'stale') {
        // The worker holds another text of this file than the one typed over: show its text, and say why.
        queuedEdit = null;
        if (selected() === path) await loadFile(path);
        dispatch({ type: 'notice', message: reply.message });
        return;
      }
      if (reply.type !== 'edited') return;
      if (version?.path === path) version = { path, version: reply.version };
      dispatch({ type: 'summary', summary: reply.summary });
      if (queuedEdit || selected() !== path) return;
      // Only an operation file has a tool and a call to follow its text (SKILL.md and types.json never do).
      if (reply.summary.files.find((f) => f.path === path)?.kind !== 'operation') return;
      void refreshPreviews(path);
    })();
    return inFlight;
  };

  const sendEdits = (): Promise<void> => {
    flushing ??= (async () => {
      while (!recovering) {
        if (inFlight) {
          await inFlight;
          continue;
        }
        if (!queuedEdit) break;
        const wait = lastAnswer + EDIT_GAP_MS - Date.now();
        if (!urgent && wait > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => (wakeGap = null, resolve()), wait);
            wakeGap = () => (clearTimeout(timer), (wakeGap = null), resolve());
          });
          continue;
        }
        await sendQueued();
      }
    })().finally(() => {
      flushing = null;
      urgent = false;
    });
    return flushing;
  };

  /** Every edit typed so far sent to the worker and answered (before anything else is asked of it). */
  const flushEdits = (): Promise<void> => {
    urgent = true;
    wakeGap?.();
    return sendEdits();
  };

  const loadFile = async (path: string, options: { call?: boolean } = {}) => {
    const reply = await send({ type: 'file', path });
    if (reply.type !== 'file' || !reply.file || selected() !== path) return;
    version = { path, version: reply.file.version };
    dispatch({ type: 'file', file: reply.file });
    if (!reply.file.tool.ok) return;
    if (options.call === false) dispatch({ type: 'call', path, request: stoppedCall('The call preview was stopped: it took too long') });
    else void refreshCall(path, store.get().args);
  };

  const openFile = async (path: string | null) => {
    await flushEdits();
    version = null;
    dispatch({ type: 'select', path });
    if (path !== null) await loadFile(path);
  };

  /** A change to a file's place in the skill (revert, remove, put back), then the file to show. */
  const changeFile = async (request: Extract<WizardRequest, { type: 'revert' | 'remove' | 'put-back' }>, show: string | null) => {
    await flushEdits();
    const reply = await send(request);
    if (reply.type === 'summary') dispatch({ type: 'summary', summary: reply.summary });
    await openFile(show);
  };

  /** The drafts kept in this browser, and which of them another tab has open (listed again when it lets go). */
  const loadDrafts = async () => {
    const [reply, elsewhere] = await Promise.all([send({ type: 'list-drafts' }), io.locks.elsewhere()]);
    if (reply.type !== 'drafts') return;
    const listed = new Set(reply.drafts.map((d) => d.id));
    const others = [...elsewhere].filter((id) => listed.has(id));
    dispatch({ type: 'drafts', drafts: reply.drafts, elsewhere: others });
    for (const id of others) io.locks.whenFree(id, () => void loadDrafts());
  };

  /** A draft from the list: the open one shown again, another opened if no other tab has it. */
  const onContinue = async (id: string) => {
    const state = store.get();
    if (id === state.draftId && state.summary) {
      dispatch({ type: 'show-skill' });
      return;
    }
    dispatch({ type: 'draft-note', id, note: null });
    if (!(await io.locks.hold(id))) {
      dispatch({ type: 'draft-note', id, note: 'Another tab has this draft open: continue there, or close that tab first.' });
      void loadDrafts();
      return;
    }
    await flushEdits();
    const reply = await busyWith('Opening the saved skill…', () => send({ type: 'open-draft', id }));
    if (reply.type === 'opened' && reply.result.ok) {
      const previous = store.get().draftId;
      if (previous && previous !== id) io.locks.release(previous);
      dispatch({ type: 'draft', id });
      dispatch({ type: 'opened', opened: { ...reply.result.value, summary: await replayJournal(id, reply.result.value.summary) } });
      return;
    }
    if (id !== store.get().draftId) io.locks.release(id);
    if (reply.type === 'unreadable') dispatch({ type: 'unreadable', id, name: reply.name, why: reply.why });
    else showOpened(reply, '');
  };

  const openSpec = async (path: string, line?: number) => {
    await flushEdits();
    const reply = await send({ type: 'spec-file', path });
    if (reply.type !== 'spec-file' || reply.text === undefined) return;
    // Shown at once, however large: the editor lays out only the lines in view.
    dispatch({ type: 'spec', path, text: reply.text, line });
  };

  /** A change the last worker made and did not save, made again in the new one. */
  const replay = async (change: ChangeRequest) => {
    if (change.type !== 'edit') return send(change);
    const current = await send({ type: 'file', path: change.path });
    if (current.type !== 'file' || !current.file) return current;
    return send({ ...change, version: current.file.version });
  };

  /**
   * Changes the worker holding the skill does not have (not saved when the last worker was
   * stopped, or when the page went away), given to it in order, then the text typed in a file:
   * the summary after them, and the version the worker holds of the typed file's text.
   */
  const giveAgain = async (summary: SessionSummary, changes: readonly ChangeRequest[], typed?: { path: string; text: string }) => {
    let after = summary;
    let typedVersion: number | undefined;
    const take = (r: Reply) => {
      if (r.type === 'summary' || r.type === 'edited') after = r.summary;
    };
    for (const change of changes) take(await replay(change));
    if (typed) {
      const current = await send({ type: 'file', path: typed.path });
      if (current.type === 'file' && current.file) {
        typedVersion = current.file.version;
        if (current.file.text !== typed.text) {
          const edited = await send({ type: 'edit', path: typed.path, version: current.file.version, text: typed.text });
          take(edited);
          if (edited.type === 'edited') typedVersion = edited.version;
        }
      }
    }
    return { summary: after, typedVersion };
  };

  /** What the draft had not saved when its page went away (the journal `flush` wrote), given to the worker again; the summary after it. */
  const replayJournal = async (draftId: string, summary: SessionSummary): Promise<SessionSummary> => {
    const entry = io.journal?.take(draftId);
    return entry ? (await giveAgain(summary, entry.changes, entry.typed)).summary : summary;
  };

  /**
   * A new worker after the last one was stopped: it is given the skill as last saved, then
   * the changes not saved yet, then the open file's text as it is in the editor. The request
   * that was stopped is not made again by itself.
   */
  const recover = async (event: Restarted) => {
    dispatch({ type: 'working', activity: null });
    const stopped = `${event.reason === 'cancel' ? 'Cancelled' : 'Stopped after too long'}: ${describeRequest(event.stopped)}`;
    if (!store.get().summary) {
      dispatch({ type: 'recovered', message: `${stopped}.` });
      return;
    }
    recovering = true;
    try {
      await flushing;
      await inFlight;
      const draftId = store.get().draftId;
      const reply: Reply = draftId
        ? await busyWith('Starting again from the last saved copy…', () => send({ type: 'open-draft', id: draftId }))
        : { type: 'error', message: 'it was not saved yet' };
      if (reply.type !== 'opened' || !reply.result.ok) {
        const why = reply.type === 'opened' ? reply.result.problems[0]?.message : reply.type === 'unreadable' ? reply.why : replyProblem(reply, '')[0]?.message;
        dispatch({ type: 'closed' });
        dispatch({ type: 'recovered', message: `${stopped}, and the skill could not be opened again: ${why ?? 'it was not saved yet'}` });
        return;
      }
      const path = selected();
      const hadFile = path !== null && store.get().file?.path === path;
      const given = await giveAgain(reply.result.value.summary, event.unsaved, path !== null && hadFile ? { path, text: typedText(store.get()) } : undefined);
      if (path !== null && hadFile && given.typedVersion !== undefined) version = { path, version: given.typedVersion };
      const { summary } = given;
      dispatch({ type: 'reopened', opened: { ...reply.result.value, summary } });
      dispatch({ type: 'recovered', message: `${stopped}. The wizard started again from the last saved copy, with your typing kept.` });
      // What was stopped is not asked again by itself: a preview that hangs would hang the new worker too.
      const callStopped = event.stopped.type === 'call';
      if (path !== null && !hadFile) await loadFile(path, { call: !callStopped });
      else if (path !== null && callStopped) dispatch({ type: 'call', path, request: stoppedCall('The call preview was stopped: it took too long') });
      else if (path !== null && event.stopped.type !== 'tool') void refreshPreviews(path);
    } finally {
      recovering = false;
    }
    if (queuedEdit) void flushEdits();
  };

  return {
    loadDrafts,

    async onSpec(choice: SpecChoice) {
      const { name, kind } = choice.chosen;
      const read = await busyWith(`Reading ${name}…`, () => io.readChosenFiles(choice.chosen));
      await convert(name, read, kind, { name: choice.name, baseUrl: choice.baseUrl });
    },

    async onSample(options: Options) {
      const sample = await busyWith('Fetching the sample spec…', () => io.fetchSample());
      await convert(sample.name, { entries: [{ path: sample.name, bytes: sample.bytes }], problems: [] }, 'files', options);
    },

    async onUrl(text: string, options: Options) {
      const parsed = parseSpecUrl(text);
      if (!parsed.ok) {
        dispatch({ type: 'refused', problems: parsed.problems });
        return;
      }
      const { url, fileName } = parsed.value;
      const cancel = new AbortController();
      fetching = cancel;
      dispatch({ type: 'fetching', progress: { received: 0, total: null } });
      let read: Awaited<ReturnType<WizardIO['fetchSpec']>>;
      try {
        read = await busyWith(`Fetching ${url}…`, () =>
          io.fetchSpec(url, fileName, { signal: cancel.signal, onProgress: (received, total) => dispatch({ type: 'fetching', progress: { received, total } }) }),
        );
      } finally {
        fetching = null;
        dispatch({ type: 'fetching', progress: null });
      }
      await convert(fileName, read, 'files', options);
    },

    /**
     * The open skill updated to a newer spec, prepared for the person to review: the report,
     * the files and the conflicts (nothing changes yet). `older` is the spec the skill was
     * generated from, for a skill opened from a bundle; or, without it, `review` asks for a
     * two-way review of every difference.
     */
    async prepareUpdate(newer: ChosenFiles, older?: ChosenFiles, review?: boolean): Promise<Result<UpdatePreview>> {
      await flushEdits();
      const read = async (chosen: ChosenFiles) => ({ name: chosen.name, kind: chosen.kind, ...(await io.readChosenFiles(chosen)) });
      const [to, from] = await busyWith(`Reading ${newer.name}…`, () => Promise.all([read(newer), older ? read(older) : undefined]));
      for (const r of [to, from]) if (r && r.entries.length === 0) return fail(r.problems);
      const buffers = [...to.entries, ...(from?.entries ?? [])].map((e) => e.bytes.buffer as ArrayBuffer);
      const reply = await busyWith(`Updating to ${newer.name}…`, () => send({ type: 'update', upload: to, ...(from ? { from } : {}), ...(review && !from ? { review: true } : {}) }, buffers));
      return reply.type === 'update' ? reply.result : fail(replyProblem(reply, newer.name));
    },

    /** The update prepared last, applied with the conflicts as settled: one step, which `undoUpdate` takes back. True when applied. */
    async applyUpdate(settled: [string, string][]): Promise<Result<true>> {
      await flushEdits();
      const reply = await busyWith('Applying the update…', () => send({ type: 'apply-update', settled }));
      if (reply.type === 'opened' && reply.result.ok) {
        dispatch({ type: 'opened', opened: reply.result.value });
        return ok(true);
      }
      return fail(reply.type === 'opened' ? reply.result.problems : replyProblem(reply, ''));
    },

    /** An operation's text the update took out (gone from the newer spec, edited here), saved as the CLI writes it: `<skill>.removed-<file>`. */
    saveRemovedText(path: string, text: string) {
      io.saveBytes(new TextEncoder().encode(text), `${store.get().summary?.folder ?? 'skill'}.removed-${path}`, 'text/markdown');
    },

    async undoUpdate(): Promise<boolean> {
      await flushEdits();
      const reply = await busyWith('Undoing the update…', () => send({ type: 'undo-update' }));
      if (reply.type === 'opened' && reply.result.ok) dispatch({ type: 'opened', opened: reply.result.value });
      else dispatch({ type: 'recovered', message: `The update could not be undone: ${replyProblem(reply, '')[0]?.message ?? 'it is gone'}` });
      return reply.type === 'opened' && reply.result.ok;
    },

    /** Cancel on a fetch by address: it stops at once, and says so. */
    cancelFetch: () => fetching?.abort(),

    onContinue,

    /**
     * After a reload: the draft this tab had open, and the file or spec file it showed. The
     * page before the reload may hold the draft's lock a moment longer: it is asked again for
     * a while before the draft is said to be open in another tab.
     */
    async comeBack(place: Pick<TabPlace, 'draftId' | 'file' | 'spec'>) {
      const id = place.draftId;
      if (id === null) return;
      for (let tries = 1; tries < LOCK_TRIES && !(await io.locks.hold(id)); tries++) await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
      await onContinue(id);
      const now = store.get();
      if (now.draftId !== id || !now.summary || now.starting || now.selected !== null || now.spec !== null) return;
      if (place.file !== null && now.summary.files.some((f) => f.path === place.file)) await openFile(place.file);
      else if (place.spec !== null && now.opened?.specFiles.includes(place.spec)) await openSpec(place.spec);
    },

    async onDownloadDraft(id: string) {
      await flushEdits();
      const reply = await send({ type: 'export-draft', id, tools: false });
      if (reply.type === 'export') io.saveBytes(reply.bytes, `${reply.folder}.zip`);
      else if (reply.type === 'unreadable') dispatch({ type: 'unreadable', id, name: reply.name, why: reply.why });
      else dispatch({ type: 'draft-note', id, note: replyProblem(reply, '')[0]?.message ?? 'The bundle could not be made' });
      await loadDrafts();
    },

    /** An unreadable draft's records as they are, as JSON: whatever the user typed is in it. */
    async onDownloadRaw(id: string) {
      const reply = await send({ type: 'raw-draft', id });
      if (reply.type === 'raw') io.saveBytes(new TextEncoder().encode(reply.json), `${reply.name.replace(/[^\w.-]+/g, '-')}.draft.json`, 'application/json');
    },

    /** A name of the person's for a draft (a blank one gives back its folder's), kept with it; the list shows it at once. */
    async onRenameDraft(id: string, label: string) {
      const reply = await send({ type: 'rename-draft', id, label });
      if (reply.type === 'unreadable') dispatch({ type: 'unreadable', id, name: reply.name, why: reply.why });
      else if (reply.type !== 'renamed') dispatch({ type: 'draft-note', id, note: `The draft could not be renamed: ${replyProblem(reply, '')[0]?.message ?? reply.type}` });
      await loadDrafts();
    },

    async onDeleteDraft(id: string) {
      const listing = store.get().drafts?.find((d) => d.id === id);
      const name = listing ? (listing.ok ? listing.info.folder : listing.name) : 'this draft';
      if (!io.confirm(`Delete ${name} from this browser? Download its bundle first to keep it.`)) return;
      if (id === store.get().draftId) {
        // The open skill goes with its draft: nothing is left to save it again.
        await flushEdits();
        dispatch({ type: 'closed' });
        dispatch({ type: 'draft', id: null });
      }
      await send({ type: 'delete-draft', id });
      io.locks.release(id);
      await loadDrafts();
    },

    async onBundle(bundle: File) {
      await flushEdits();
      const reply = await busyWith(`Opening ${bundle.name}…`, async () => {
        const bytes = new Uint8Array(await bundle.arrayBuffer());
        return send({ type: 'open-bundle', name: bundle.name, bytes }, [bytes.buffer as ArrayBuffer]);
      });
      showOpened(reply, bundle.name);
    },

    openFile,
    flushEdits,

    /** The open file's text as typed: the text, or a function that reads it (the editor's, read only when an edit is sent). */
    onEdit(typed: string | (() => string)) {
      const path = selected();
      if (path === null || store.get().file?.path !== path) return;
      const text = typeof typed === 'string' ? () => typed : typed;
      // Kept at once (a page going away posts it, `flush`); sent after the keystroke's paint.
      dispatch({ type: 'typed', path, text });
      queuedEdit = { path, text };
      if (sendAfterPaint) return;
      sendAfterPaint = true;
      const send = () => {
        sendAfterPaint = false;
        void sendEdits();
      };
      if (io.afterPaint) io.afterPaint(send);
      else send();
    },

    openSpec,

    /** "In the bundle" for a file: what the download will hold. */
    async loadExported(path: string): Promise<void> {
      const reply = await send({ type: 'exported', path });
      if (reply.type === 'exported') dispatch({ type: 'exported', path: reply.path, text: reply.text });
    },

    async onRevert() {
      const path = selected();
      if (path !== null) await changeFile({ type: 'revert', path }, path);
    },
    async onRemove() {
      const path = selected();
      if (path !== null) await changeFile({ type: 'remove', paths: [path] }, null);
    },
    onPutBack: (path: string) => changeFile({ type: 'put-back', paths: [path] }, path),

    /** The operations view's rows, asked for whenever the view is shown or the skill changes under it. */
    async loadOperations() {
      const reply = await send({ type: 'operations' });
      if (reply.type === 'operations') dispatch({ type: 'operations', rows: reply.rows });
    },
    /** Operation files out of the skill, or back into it, from the operations view (curation in bulk); true when done. */
    async curate(change: 'remove' | 'put-back', paths: string[]): Promise<boolean> {
      await flushEdits();
      const reply = await send({ type: change, paths });
      if (reply.type !== 'summary') return false;
      dispatch({ type: 'summary', summary: reply.summary });
      return true;
    },
    /** `safety` set on operation files (or put back as it was); what changed and what the rules refused, or null when the worker did not answer. */
    async markSafety(files: SafetyMark[]): Promise<{ previous: SafetyMark[]; refused: Problem[] } | null> {
      await flushEdits();
      const reply = await send({ type: 'set-safety', files });
      if (reply.type !== 'summary') return null;
      dispatch({ type: 'summary', summary: reply.summary });
      const previous = reply.previous ?? [];
      const open = selected();
      // The file open in the editor changed under it: shown again, at the version the worker now holds.
      if (open !== null && previous.some(([path]) => path === open)) await loadFile(open);
      return { previous, refused: reply.refused ?? [] };
    },
    /** The Call tab's response of an operation file: an example, checked, and what `pick` keeps of it. */
    async loadResponse(path: string): Promise<ResponsePreview | undefined> {
      const reply = await send({ type: 'response', path });
      return reply.type === 'response' ? reply.preview : undefined;
    },
    /** The fields of a response kept (`pick`) for the open file; the problems when the file could not take them. */
    async setPick(path: string, pick: string[]): Promise<Problem[]> {
      await flushEdits();
      const reply = await send({ type: 'set-pick', path, pick });
      if (reply.type !== 'summary') return [problem('pick', 'error', 'The wizard did not answer: nothing was changed', path)];
      dispatch({ type: 'summary', summary: reply.summary });
      if (selected() === path) await loadFile(path);
      return reply.refused ?? [];
    },
    setOperationsView: (view: Partial<Omit<OperationsState, 'rows'>>) => dispatch({ type: 'operations-view', view }),

    /** An answer a call sent from the Call tab got, checked against what the open operation promises; undefined when the worker could not say. */
    async checkAnswer(path: string, status: number, body: string): Promise<BodyCheck | undefined> {
      const reply = await send({ type: 'check-answer', path, status, body });
      return reply.type === 'answer-check' ? reply.check : undefined;
    },
    async onArgs(text: string) {
      dispatch({ type: 'args', text });
      const path = selected();
      if (path !== null) await refreshCall(path, text);
    },

    async onDownload() {
      await flushEdits();
      const { withTools, readOnly } = store.get();
      const reply = await send({ type: 'export', tools: withTools, readOnly });
      if (reply.type === 'export') io.saveBytes(reply.bytes, `${reply.folder}${readOnly ? '.read-only' : ''}.zip`);
      else dispatch({ type: 'recovered', message: `The bundle could not be made: ${replyProblem(reply, '')[0]?.message ?? reply.type}` });
    },

    /** The import report file, written by the worker of the skill as it is now (`convert --report` writes the same). */
    async onDownloadReport() {
      await flushEdits();
      const reply = await send({ type: 'report' });
      if (reply.type === 'report' && reply.text !== undefined) io.saveBytes(new TextEncoder().encode(reply.text), `${reply.folder}.report.json`, 'application/json');
      else if (reply.type !== 'report') dispatch({ type: 'recovered', message: `The report could not be made: ${replyProblem(reply, '')[0]?.message ?? reply.type}` });
    },

    /** The spec's OpenAPI document cut to the skill, for OpenAI GPT Actions (`convert --gpt-actions` writes the same). */
    async onDownloadGptActions() {
      await flushEdits();
      const reply = await send({ type: 'gpt-actions' });
      if (reply.type === 'gpt-actions') io.saveBytes(new TextEncoder().encode(reply.text), `${reply.folder}.gpt-actions.json`, 'application/json');
      else dispatch({ type: 'recovered', message: `The GPT Actions document could not be made: ${replyProblem(reply, '')[0]?.message ?? reply.type}` });
    },

    /** The open file, fitted to the size limit on import, given its full schema: the skill generated again. */
    async onRestoreFullSchema() {
      const path = selected();
      if (path === null) return;
      await flushEdits();
      const reply = await busyWith('Restoring the full schema…', () => send({ type: 'full-schema', path }));
      showOpened(reply, store.get().opened?.summary.origin.name ?? '');
      if (reply.type === 'opened' && reply.result.ok) await openFile(path);
    },

    async onRegenerate(options: GenerateOptions) {
      await flushEdits();
      showOpened(await busyWith('Generating again…', () => send({ type: 'regenerate', options })), store.get().opened?.summary.origin.name ?? '');
    },

    /** What the worker client says: a request taking long, done, a new worker to give the skill to, a new draft, what is saved. */
    onWorker(event: WorkerClientEvent) {
      switch (event.type) {
        case 'slow':
          dispatch({ type: 'working', activity: { label: event.label, since: event.since } });
          return;
        case 'done':
          dispatch({ type: 'working', activity: null });
          return;
        case 'restarted':
          void recover(event);
          return;
        case 'draft': {
          const previous = store.get().draftId;
          if (previous && previous !== event.id) io.locks.release(previous);
          dispatch({ type: 'draft', id: event.id });
          void io.locks.hold(event.id);
          return;
        }
        case 'unsaved': {
          dispatch({ type: 'unsaved', count: event.count });
          if (event.count !== 0) return;
          dispatch({ type: 'save-failed', message: null });
          // Everything is saved: a journal written as the page was hidden (and then shown again, from the back/forward cache) is old.
          const draftId = store.get().draftId;
          if (draftId && !queuedEdit) io.journal?.clear(draftId);
          return;
        }
        case 'save-failed':
          dispatch({ type: 'save-failed', message: event.message });
          return;
      }
    },

    /**
     * Save now what waits to be saved: the page is going away. Typing waiting out the gap
     * between edits is posted first, so the worker saves it too (typing queued behind an
     * edit not answered yet cannot be: it needs that answer's version).
     */
    flush: () => {
      // Written synchronously, in case the worker's save below is cut off with the page.
      const draftId = store.get().draftId;
      const changes = io.unsavedChanges?.() ?? [];
      if (draftId && (changes.length > 0 || queuedEdit)) io.journal?.write(draftId, { changes, ...(queuedEdit ? { typed: { path: queuedEdit.path, text: queuedEdit.text() } } : {}) });
      if (queuedEdit && !inFlight && !recovering) void sendQueued();
      void send({ type: 'flush' });
    },
    /** Typing not sent to the worker yet (leaving the page then asks first). */
    typingQueued: () => queuedEdit !== null,

    showStart() {
      dispatch({ type: 'show-start' });
      void loadDrafts();
    },
    showSkill: () => dispatch({ type: 'show-skill' }),
    setPanel: (tab: PreviewTab) => dispatch({ type: 'panel', tab }),
    setWithTools: (on: boolean) => dispatch({ type: 'with-tools', on }),
    setReadOnly: (on: boolean) => dispatch({ type: 'read-only', on }),
    dismiss: () => dispatch({ type: 'recovered', message: null }),
  };
}

export type WizardController = ReturnType<typeof createWizardController>;
