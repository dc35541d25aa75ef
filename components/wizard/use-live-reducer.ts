'use client';

import { useReducer, useState } from 'react';

/** The state as it is after every action dispatched so far, and a way to dispatch one. */
export interface LiveStore<S, A> {
  get(): S;
  dispatch(action: A): void;
}

/**
 * `useReducer`, with the state also kept as it is after the last dispatch, before React has
 * rendered it: a controller reads it between its own awaits. The reducer is pure, so running
 * it on a copy too gives the same value. `drawn` says which actions the page draws; the
 * others change only the copy (the text as typed, which the editor shows by itself). An
 * action the reducer answers with the same state is not given to React at all.
 */
export function useLiveReducer<S, A>(reducer: (state: S, action: A) => S, initial: S, drawn: (action: A) => boolean = () => true): [S, LiveStore<S, A>] {
  const [state, dispatchToReact] = useReducer<S, [A]>(reducer, initial);
  const [store] = useState<LiveStore<S, A>>(() => {
    let current = initial;
    return {
      get: () => current,
      dispatch: (action) => {
        const next = reducer(current, action);
        // An action that changes nothing is not drawn: React would run the whole page's
        // function again to find that out (a save's "nothing waits" came on every edit).
        if (next === current) return;
        current = next;
        if (drawn(action)) dispatchToReact(action);
      },
    };
  });
  return [state, store];
}
