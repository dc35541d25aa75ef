'use client';

import { useEffect, useMemo, useState } from 'react';
import type { Opened } from '../../lib/wizard/service';
import type { SessionSummary } from '../../lib/wizard/session';
import { saveBytes } from './browser-files';
import { createFitController, type FitController } from './fit-controller';
import { fitReducer, initialFitState, type FitState } from './fit-state';
import { useLiveReducer } from './use-live-reducer';
import type { SendToWorker } from './worker-client';

/** Time after the last change to the skill before its tokens are counted again: a burst of typing is counted once. */
const SETTLE_MS = 150;

/**
 * The skill's fit on the page (issue 10): the tokens of its tools for the chosen model, asked
 * again after every change to the skill, and the compatibility table while it is shown.
 */
export function useSkillFit({
  send,
  flushEdits,
  opened,
  summary,
  tableShown,
}: {
  send: SendToWorker;
  flushEdits: () => Promise<void>;
  opened: Opened | null;
  /** A new summary is a changed skill: an edit, a revert, a removal or a put-back. */
  summary: SessionSummary | null;
  tableShown: boolean;
}): { fit: FitState; fitActions: FitController; settling: boolean } {
  const [fit, store] = useLiveReducer(fitReducer, initialFitState);
  const fitActions = useMemo(() => createFitController(send, store, { saveBytes, flushEdits }), [send, flushEdits, store]);

  useEffect(() => {
    if (opened) fitActions.reset();
  }, [opened, fitActions]);

  // From a change until its counts are in: `aria-busy` on the figures says they are on their way.
  const [settled, setSettled] = useState<{ summary: SessionSummary; tableShown: boolean } | null>(null);
  const settling = summary !== null && (settled?.summary !== summary || settled.tableShown !== tableShown);
  useEffect(() => {
    if (!summary) return;
    let current = true;
    const timer = setTimeout(() => {
      void Promise.all([fitActions.refreshTokens(), tableShown ? fitActions.refreshTargets() : undefined]).finally(() => {
        if (current) setSettled({ summary, tableShown });
      });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [summary, tableShown, fitActions]);

  return { fit, fitActions, settling };
}
