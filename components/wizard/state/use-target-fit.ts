'use client';

import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Opened } from '../../../lib/wizard/service';
import { saveBytes } from '../io/browser-files';
import { createFitController, type FitController } from './target-fit-controller';
import { fitReducer, initialFitState, type FitState } from './target-fit-state';
import { listenerSet, useLiveReducer } from './use-live-reducer';
import { onSkillChange, type HeardWizardStore } from './use-wizard-session';
import type { SendToWorker } from '../worker/worker-client';

/** Time after the last change to the skill before its tokens are counted again: a burst of typing is counted once. */
const SETTLE_MS = 150;

/** Whether the counts shown are for the skill as it is now: a value of its own, drawn only by what shows it (`useSettling`). */
export interface Settling {
  get(): boolean;
  subscribe(listener: () => void): () => void;
}

function settlingFlag(): Settling & { set(on: boolean): void } {
  let on = false;
  const listeners = listenerSet();
  return {
    get: () => on,
    set(value) {
      if (value === on) return;
      on = value;
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}

/** True from a change of the skill until its counts are in. */
export function useSettling(settling: Settling): boolean {
  return useSyncExternalStore(settling.subscribe, settling.get, settling.get);
}

/**
 * The skill's fit on the page: the tokens of its tools for the chosen model, asked
 * again after every change to the skill, and the compatibility table while it is shown.
 * A change is heard from the wizard's live store (`onSkillChange`), so an edit that leaves
 * the summary as it was (a key typed into a description) is counted again without the page
 * drawn for it: only the token line says the counts are on their way (`settling`).
 */
export function useSkillFit({
  send,
  flushEdits,
  opened,
  wizard,
  tableShown,
}: {
  send: SendToWorker;
  flushEdits: () => Promise<void>;
  opened: Opened | null;
  /** The wizard's live store: each change to the skill (an edit, a revert, a removal, a put-back) is counted there. */
  wizard: HeardWizardStore;
  tableShown: boolean;
}): { fit: FitState; fitActions: FitController; settling: Settling } {
  const [fit, store] = useLiveReducer(fitReducer, initialFitState);
  const fitActions = useMemo(() => createFitController(send, store, { saveBytes, flushEdits }), [send, flushEdits, store]);
  const [settling] = useState(settlingFlag);

  useEffect(() => {
    if (opened) fitActions.reset();
  }, [opened, fitActions]);

  // From a change (or the table shown or hidden) until its counts are in, `settling` is set:
  // `aria-busy` on the figures says they are on their way.
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const refresh = () => {
      clearTimeout(timer);
      if (!wizard.get().summary) {
        settling.set(false);
        return;
      }
      settling.set(true);
      const ask = ++asked;
      timer = setTimeout(() => {
        void Promise.all([fitActions.refreshTokens(), tableShown ? fitActions.refreshTargets() : undefined]).finally(() => {
          if (current && ask === asked) settling.set(false);
        });
      }, SETTLE_MS);
    };
    refresh();
    const stop = onSkillChange(wizard, refresh);
    return () => {
      current = false;
      stop();
      clearTimeout(timer);
    };
  }, [wizard, tableShown, fitActions, settling]);

  return { fit, fitActions, settling };
}
