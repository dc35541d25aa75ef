import { problem, type Problem } from '../../../lib/core/problem';
import type { UploadEntry } from '../../../lib/openapi/upload';
import type { ChosenFiles } from '../io/browser-files';
import type { DraftLocks } from '../drafts/draft-locks';
import type { SendToWorker } from '../worker/worker-client';
import type { ChangeRequest, Reply } from '../worker/worker-protocol';
import type { WizardAction, WizardState } from './wizard-state';
import type { LiveStore } from './use-live-reducer';
import type { EditJournal } from './edit-journal';

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

/** The name and base URL a person may give a spec before it is converted. */
export type ConvertOptions = { name?: string; baseUrl?: string };

export function replyProblem(reply: Reply, file: string): Problem[] {
  return reply.type === 'error' || reply.type === 'stopped' ? [problem('wizard', 'error', reply.message, file)] : [];
}

/** What every part of the controller works with: the worker, the page's state, the browser, and the few steps they all take. */
export interface ControllerBase {
  send: SendToWorker;
  store: WizardStore;
  io: WizardIO;
  dispatch: WizardStore['dispatch'];
  /** The file open in the editor now. */
  selected: () => string | null;
  /** Waits for the worker's answer with `label` shown, and clears it after, whatever happened. */
  busyWith: <T>(label: string, work: () => Promise<T>) => Promise<T>;
  /** A skill the worker opened, shown; or why it could not be. */
  showOpened: (reply: Reply, name: string) => void;
}

export function controllerBase(send: SendToWorker, store: WizardStore, io: WizardIO): ControllerBase {
  const { dispatch } = store;
  return {
    send,
    store,
    io,
    dispatch,
    selected: () => store.get().selected,
    async busyWith<T>(label: string, work: () => Promise<T>): Promise<T> {
      dispatch({ type: 'busy', label });
      try {
        return await work();
      } finally {
        dispatch({ type: 'busy', label: null });
      }
    },
    showOpened(reply, name) {
      if (reply.type !== 'opened') dispatch({ type: 'refused', problems: replyProblem(reply, name) });
      else if (!reply.result.ok) dispatch({ type: 'refused', problems: reply.result.problems });
      else dispatch({ type: 'opened', opened: reply.result.value });
    },
  };
}
