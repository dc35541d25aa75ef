'use client';

import { useReducer, useState, useSyncExternalStore } from 'react';

/** The state as it is after every action dispatched so far, and a way to dispatch one. */
export interface LiveStore<S, A> {
  get(): S;
  dispatch(action: A): void;
}

/** A live store that can be listened to: `useLiveReducer`'s. */
export interface HeardStore<S, A> extends LiveStore<S, A> {
  /** Hears every change of the state, drawn or not (`useLiveValue`); returns how to stop. */
  subscribe(listener: () => void): () => void;
}

/** Listeners to a value of one's own: `subscribe` as `useSyncExternalStore` takes it, and `notify` to call them all. */
export function listenerSet(): { subscribe(listener: () => void): () => void; notify(): void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify() {
      for (const listener of listeners) listener();
    },
  };
}

/**
 * `useReducer`, with the state also kept as it is after the last dispatch, before React has
 * rendered it: a controller reads it between its own awaits. The reducer is pure, so running
 * it on a copy too gives the same value. `drawn` says which actions the page draws, given
 * the state before and after; the others change only the copy (the text as typed, which the
 * editor shows by itself), and React's state keeps the value they found for every part the
 * page draws. An action the reducer answers with the same state is not given to React at all.
 */
export function useLiveReducer<S, A>(reducer: (state: S, action: A) => S, initial: S, drawn: (action: A, before: S, after: S) => boolean = () => true): [S, HeardStore<S, A>] {
  const [state, dispatchToReact] = useReducer<S, [A]>(reducer, initial);
  const [store] = useState<HeardStore<S, A>>(() => {
    let current = initial;
    const listeners = listenerSet();
    return {
      get: () => current,
      dispatch: (action) => {
        const next = reducer(current, action);
        // An action that changes nothing is not drawn: React would run the whole page's
        // function again to find that out (a save's "nothing waits" came on every edit).
        if (next === current) return;
        const before = current;
        current = next;
        if (drawn(action, before, next)) dispatchToReact(action);
        listeners.notify();
      },
      subscribe: listeners.subscribe,
    };
  });
  return [state, store];
}

/**
 * A part of a live store's state for a component of its own, drawn again only when that
 * part changes: the state an action not drawn by the page changed (`drawn`) is shown so,
 * without the whole page's function run again. `select` must give the same value for the same state.
 */
export function useLiveValue<S, A, T>(store: HeardStore<S, A>, select: (state: S) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
}
