import { problem } from '../../../lib/core/problem';
import { fail } from '../../../lib/core/result';
import type { ControllerBase } from './controller-shared';

/** After the worker answers an edit, how long more typing waits before the next is sent (docs/decisions/0031-editing-through-the-worker.md). */
export const EDIT_GAP_MS = 250;

/**
 * Editing the open file through the worker: opening a file or a spec file, the typing sent
 * one edit at a time, the file's tool and call preview following its text, and what is
 * written down as the page goes away. `actions` are the controller's; the rest is for the
 * parts that must see every edit first, or show a file again.
 */
export function createEditing(base: ControllerBase) {
  const { send, store, io, dispatch, selected } = base;

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
  // While a new worker is given the skill again, typing is kept on the page only.
  let recovering = false;
  // A send of the typing is waiting for the keystroke's frame to be painted.
  let sendAfterPaint = false;

  const stoppedCall = (message: string) => fail([problem('call-stopped', 'error', `${message}. Change the arguments to try again.`, selected() ?? '')]);

  const refreshCall = async (path: string, args: string) => {
    const baseUrl = store.get().callBaseUrl;
    const reply = await send({ type: 'call', path, args, ...(baseUrl.trim() !== '' ? { baseUrl } : {}) });
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

  const openSpec = async (path: string, line?: number) => {
    await flushEdits();
    const reply = await send({ type: 'spec-file', path });
    if (reply.type !== 'spec-file' || reply.text === undefined) return;
    // Shown at once, however large: the editor lays out only the lines in view.
    dispatch({ type: 'spec', path, text: reply.text, line });
  };

  /**
   * Runs `work` (a new worker given the skill again) with the typing kept on the page only,
   * after the edits already on their way are answered; the typing is sent after it when
   * `work` says the skill is open again.
   */
  const whileRecovering = async (work: () => Promise<boolean>) => {
    recovering = true;
    let reopened: boolean;
    try {
      await flushing;
      await inFlight;
      reopened = await work();
    } finally {
      recovering = false;
    }
    if (reopened && queuedEdit) void flushEdits();
  };

  const actions = {
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
  };

  return {
    actions,
    flushEdits,
    loadFile,
    openFile,
    openSpec,
    refreshPreviews,
    refreshCall,
    stoppedCall,
    whileRecovering,
    /** The version the worker now holds of the open file's text, which the next edit is typed over. */
    keepVersion: (path: string, held: number) => {
      version = { path, version: held };
    },
  };
}

export type Editing = ReturnType<typeof createEditing>;
