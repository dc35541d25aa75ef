import type { SendToWorker } from '../worker/worker-client';
import type { Reply } from '../worker/worker-protocol';
import type { FitAction, FitState } from './target-fit-state';
import type { LiveStore } from './use-live-reducer';

export type FitStore = LiveStore<FitState, FitAction>;

export interface FitIO {
  /** Saves a file the user downloads. */
  saveBytes(bytes: Uint8Array, fileName: string, type?: string): void;
  /** Sends the edits typed and not sent yet, so what is asked next is of the skill as typed. */
  flushEdits(): Promise<void>;
}

/** Why a request was not answered, in words; undefined for an answer of the type asked. */
function unanswered(reply: Reply, what: string): string | undefined {
  if (reply.type === 'error' || reply.type === 'stopped') return `${what}: ${reply.message}`;
  return undefined;
}

/**
 * Runs `work` now, or once more after the run in progress when asked during it: a burst of
 * edits makes one request after the one under way, never a queue of them.
 */
function latest(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await work();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return run;
}

/**
 * What the user can do with the skill's fit, as requests to the worker: count the
 * tools' tokens for a model, check the skill against every target, open one target's reasons,
 * and download the tools shaped for one target. The counting and checking are the worker's
 * (`lib/wizard/fit.ts`), which redoes only what an edit changed; the page asks again after
 * each change to the skill (`useSkillFit`).
 */
export function createFitController(send: SendToWorker, store: FitStore, io: FitIO) {
  const { dispatch } = store;

  const refreshTokens = latest(async () => {
    const reply = await send({ type: 'tokens', model: store.get().model ?? undefined });
    if (reply.type === 'tokens') dispatch({ type: 'tokens', tokens: reply.tokens });
    else dispatch({ type: 'error', message: unanswered(reply, 'The tokens could not be counted') ?? null });
  });

  const refreshTargets = latest(async () => {
    const reply = await send({ type: 'compat' });
    if (reply.type !== 'compat') {
      dispatch({ type: 'error', message: unanswered(reply, 'The skill could not be checked against each target') ?? null });
      return;
    }
    dispatch({ type: 'targets', targets: reply.targets });
    const open = store.get().open;
    if (open) await loadDetail(open.target);
  });

  const loadDetail = async (target: string) => {
    const reply = await send({ type: 'compat-detail', target });
    if (reply.type === 'compat-detail' && reply.detail) dispatch({ type: 'detail', detail: reply.detail });
    else if (reply.type !== 'compat-detail') dispatch({ type: 'error', message: unanswered(reply, `The reasons for ${target} could not be read`) ?? null });
  };

  return {
    /** The tools' tokens for the chosen model, of the skill as it is now. */
    refreshTokens,
    /** The compatibility table, and the open target's reasons, of the skill as it is now. */
    refreshTargets,

    async chooseModel(model: string) {
      dispatch({ type: 'model', model });
      await refreshTokens();
    },

    /** Opens one target's reasons (closing any other), or closes them when they are open. */
    async toggleReasons(target: string) {
      if (store.get().open?.target === target) {
        dispatch({ type: 'open', target: null });
        return;
      }
      dispatch({ type: 'open', target });
      await loadDetail(target);
    },

    /** "Download tools for…": the tools in the target's own request shape, as `tools --target` prints them. */
    async downloadTools(target: string) {
      await io.flushEdits();
      const reply = await send({ type: 'target-tools', target });
      if (reply.type !== 'target-tools' || !reply.file) {
        dispatch({ type: 'error', message: reply.type === 'target-tools' ? `${target} takes no tool list` : (unanswered(reply, `The tools for ${target} could not be made`) ?? null) });
        return;
      }
      io.saveBytes(new TextEncoder().encode(reply.file.text), toolsFileName(reply.folder, target), 'application/json');
      const title = store.get().targets?.find((t) => t.target === target)?.title ?? target;
      dispatch({ type: 'downloaded', download: { target, title, log: reply.file.log, fits: reply.file.fits } });
    },

    dismissDownload: () => dispatch({ type: 'downloaded', download: null }),
    /** The target whose limits the operations view shows; the table has its figures already. */
    chooseLimitTarget: (target: string | null) => dispatch({ type: 'limit-target', target }),
    reset: () => dispatch({ type: 'reset' }),
    /** The choices this tab had before a reload; counted with the skill's next count. */
    restoreChoices: (model: string | null, limitTarget: string | null) => dispatch({ type: 'choices', model, limitTarget }),
  };
}

/** `shop.openai.tools.json`: the skill, the target, and what the file is. */
export function toolsFileName(folder: string, target: string): string {
  return `${folder}.${target}.tools.json`;
}

export type FitController = ReturnType<typeof createFitController>;
