'use client';

import { useEffect, useMemo } from 'react';
import { fetchSpec, readChosenFiles, saveBytes } from '../io/browser-files';
import { browserDraftLocks, onDraftsChanged } from '../drafts/draft-locks';
import { browserJournal } from './edit-journal';
import { useLiveReducer, type HeardStore } from './use-live-reducer';
import { useWizardWorker } from '../worker/use-wizard-worker';
import type { SendToWorker } from '../worker/worker-client';
import { afterPaint } from './after-paint';
import { createWizardController, type WizardController, type WizardIO } from './wizard-controller';
import { initialWizardState, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

/** Actions the page's own state does not take: nothing the wizard's function draws reads what they change (the save line reads the live store). */
const UNDRAWN = new Set<WizardAction['type']>(['typed', 'unsaved', 'save-failed']);

/** What the page draws: not the actions above, nor a summary that says what the last one said (an edit of a description: the reducer keeps the last one). */
const drawn = (action: WizardAction, before: WizardState, after: WizardState) => !UNDRAWN.has(action.type) && (action.type !== 'summary' || after.summary !== before.summary);

const SAMPLE = { url: '/samples/hollowbrook.openapi.yaml', name: 'hollowbrook.openapi.yaml' };

const browserIO: WizardIO = {
  readChosenFiles,
  fetchSpec,
  async fetchSample() {
    const response = await fetch(SAMPLE.url);
    return { name: SAMPLE.name, bytes: new Uint8Array(await response.arrayBuffer()) };
  },
  saveBytes,
  confirm: (message) => window.confirm(message),
  locks: browserDraftLocks(),
};

/**
 * The wizard's working session on the page: its state (one reducer, `wizardReducer`) and
 * what the user can do (`createWizardController`), talking to the worker that holds the
 * skill. The views draw `state` and call `actions`; nothing else keeps wizard state.
 */
/** The wizard's live store, as the page listens to it (`useLiveValue`, `onSkillChange`). */
export type HeardWizardStore = HeardStore<WizardState, WizardAction>;

export function useWizardSession(): { state: WizardState; store: HeardWizardStore; actions: WizardController; cancel: () => void; send: SendToWorker } {
  const worker = useWizardWorker();
  // The text as typed is the controller's alone (it gives it to a new worker): the page
  // never draws it (the editor holds it), and rendering the wizard on every keystroke
  // would cost a large skill's page a full drawing a key. Whether everything is saved changes
  // twice an edit while one types: only the line saying so is drawn again (`SaveState`).
  const [state, store] = useLiveReducer(wizardReducer, initialWizardState, drawn);
  const actions = useMemo(
    () => createWizardController(worker.send, store, { ...browserIO, journal: browserJournal, unsavedChanges: () => worker.unsavedChanges(), afterPaint }),
    [worker, store],
  );

  useEffect(() => worker.subscribe((event) => actions.onWorker(event)), [worker, actions]);

  useEffect(() => {
    void actions.loadDrafts();
  }, [actions]);

  // Another tab saved, deleted or let go of a draft: the start page lists them again, at most every two seconds.
  const { starting } = state;
  useEffect(() => {
    if (!starting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onDraftsChanged(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void actions.loadDrafts();
      }, 2_000);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [starting, actions]);

  // Leaving loses nothing once it is saved: the browser asks only while a change waits to be,
  // sent to the worker or still typed on the page (sent after a short gap, see the controller).
  const open = state.summary !== null;
  useEffect(() => {
    if (!open) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (store.get().unsaved || actions.typingQueued()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open, store, actions]);
  // A page hidden (another tab, the phone's home screen) may be discarded without a pagehide.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') actions.flush();
    };
    window.addEventListener('pagehide', actions.flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', actions.flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [actions]);

  // "In the bundle" follows every change of the skill while it is shown: each one counted in
  // the live store, an edit that left the summary as it was included (the page is not drawn for it).
  const { panel, selected } = state;
  useEffect(() => {
    if (panel !== 'bundle' || selected === null) return;
    void actions.loadExported(selected);
    return onSkillChange(store, () => void actions.loadExported(selected));
  }, [panel, selected, store, actions]);

  // `send` for the views that ask the worker their own questions (the fit: `useSkillFit`).
  return { state, store, actions, cancel: () => worker.cancel(), send: worker.send };
}

/**
 * Calls `then` after each change of the open skill the live store hears of: a summary that
 * is another object, or another change counted (`WizardState.changes`); not for the typing
 * and the rest. Returns how to stop.
 */
export function onSkillChange<A>(store: HeardStore<WizardState, A>, then: () => void): () => void {
  let seen = store.get();
  return store.subscribe(() => {
    const now = store.get();
    const changed = now.summary !== seen.summary || now.changes !== seen.changes;
    seen = now;
    if (changed) then();
  });
}
