'use client';

import { useEffect, useLayoutEffect, useRef } from 'react';
import type { FitController } from './target-fit-controller';
import type { FitState } from './target-fit-state';
import { browserPlace, type PlaceKeeper, type TabPlace } from './tab-place';
import type { WizardController } from './wizard-controller';
import type { WizardState } from './wizard-state';

/** Where the page is now, as a reload would come back to it. */
export function placeOf(state: WizardState, fit: FitState): TabPlace {
  const shown = !state.starting && state.summary !== null;
  return {
    draftId: shown ? state.draftId : null,
    file: shown ? state.selected : null,
    spec: shown ? (state.spec?.path ?? null) : null,
    model: fit.model,
    limitTarget: fit.limitTarget,
  };
}

/**
 * A reload comes back to where this tab was: the place kept is read once, as the page
 * starts, its choices taken back and its draft and file opened again (`comeBack`); from then
 * on each move is kept, as it is drawn (a layout effect: a reload right after a move, a skill
 * just generated, still finds it). Nothing is kept while the page comes back, so a reload in
 * the middle of it does not forget where it was going.
 */
export function useComeBack({
  state,
  fit,
  actions,
  fitActions,
  keeper = browserPlace,
}: {
  state: WizardState;
  fit: FitState;
  actions: Pick<WizardController, 'comeBack'>;
  fitActions: Pick<FitController, 'restoreChoices'>;
  keeper?: PlaceKeeper;
}): void {
  // undefined: not started; false: coming back; true: back, each move kept.
  const back = useRef<boolean | undefined>(undefined);
  const latest = useRef<TabPlace | null>(null);
  const { draftId, file, spec, model, limitTarget } = placeOf(state, fit);
  useLayoutEffect(() => {
    latest.current = { draftId, file, spec, model, limitTarget };
    if (back.current) keeper.write(latest.current);
  }, [keeper, draftId, file, spec, model, limitTarget]);

  useEffect(() => {
    if (back.current !== undefined) return;
    const place = keeper.read();
    const done = () => {
      back.current = true;
      if (latest.current) keeper.write(latest.current);
    };
    if (!place) {
      done();
      return;
    }
    back.current = false;
    fitActions.restoreChoices(place.model, place.limitTarget);
    void actions.comeBack(place).finally(done);
  }, [actions, fitActions, keeper]);
}
