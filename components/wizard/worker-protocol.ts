import type { SavedInfo } from './saved-session';

/** What the page asks the worker about the skill kept in this browser. */
export type StorageRequest = { type: 'saved' } | { type: 'resume' } | { type: 'discard' };

export type StorageReply = { type: 'saved'; info: SavedInfo | undefined };
