/**
 * Which tab has which draft: a tab holds a Web Lock named after the draft
 * it has open, for as long as it has it, so a second tab on the same draft is told another
 * tab has it instead of saving over it. The lock goes with the tab, even one that crashed.
 * Tabs hear of each other's saves and releases on a BroadcastChannel, to list drafts as
 * they are. Without Web Locks (an old browser) nothing is coordinated, as before.
 */
export const DRAFTS_CHANNEL = 'skill-wizard-drafts';

const PREFIX = 'skill-wizard-draft:';

export interface DraftLocks {
  /** Holds the draft's lock for this tab; false when another tab has it. */
  hold(id: string): Promise<boolean>;
  release(id: string): void;
  /** Drafts another tab has open now. */
  elsewhere(): Promise<Set<string>>;
  /** Calls back once, when no tab has the draft open any more. */
  whenFree(id: string, callback: () => void): void;
}

export function browserDraftLocks(): DraftLocks {
  const held = new Map<string, () => void>();
  const watched = new Set<string>();
  // Looked up when first used: the page is also rendered on the server, where neither exists.
  let channel: BroadcastChannel | undefined;
  const announce = (message: unknown) => {
    if (typeof BroadcastChannel !== 'function') return;
    channel ??= new BroadcastChannel(DRAFTS_CHANNEL);
    channel.postMessage(message);
  };
  return {
    hold(id) {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (held.has(id) || !locks) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        void locks.request(`${PREFIX}${id}`, { ifAvailable: true }, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          resolve(true);
          // Held until released: the lock is this promise.
          return new Promise<void>((release) => held.set(id, release));
        });
      });
    },
    release(id) {
      const release = held.get(id);
      if (!release) return;
      held.delete(id);
      release();
      announce({ type: 'released', id });
    },
    async elsewhere() {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return new Set();
      const state = await locks.query();
      // Exclusive only: a shared one is this tab (or another) waiting for the draft to be free.
      const names = (state.held ?? []).filter((l) => l.mode === 'exclusive').map((l) => l.name ?? '');
      const ids = names.filter((n) => n.startsWith(PREFIX)).map((n) => n.slice(PREFIX.length));
      return new Set(ids.filter((id) => !held.has(id)));
    },
    whenFree(id, callback) {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks || watched.has(id)) return;
      watched.add(id);
      // A shared request is granted once the other tab's exclusive one is gone; it is let go at once.
      void locks.request(`${PREFIX}${id}`, { mode: 'shared' }, () => {
        watched.delete(id);
        setTimeout(callback, 0);
      });
    },
  };
}

/** Calls back when another tab saved, deleted or let go of a draft. */
export function onDraftsChanged(callback: () => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => {};
  const channel = new BroadcastChannel(DRAFTS_CHANNEL);
  channel.onmessage = () => callback();
  return () => channel.close();
}
