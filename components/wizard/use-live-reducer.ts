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
 * others change only the copy (the text as typed, which the editor shows by itself).
 */
export function useLiveReducer<S, A>(reducer: (state: S, action: A) => S, initial: S, drawn: (action: A) => boolean = () => true): [S, LiveStore<S, A>] {
  const [state, dispatchToReact] = useReducer<S, [A]>(reducer, initial);
  const [store] = useState<LiveStore<S, A>>(() => {
    let current = initial;
    return {
      get: () => current,
      dispatch: (action) => {
        current = reducer(current, action);
        if (drawn(action)) dispatchToReact(action);
      },
    };
  });
  return [state, store];
}
