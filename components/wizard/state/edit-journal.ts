import * as z from '../../../lib/core/zod';
import { wizardRequestSchema } from '../../../lib/wizard/messages';
import { CHANGE_TYPES, type ChangeRequest } from '../worker/worker-protocol';

/**
 * What a draft had not saved yet when the page went away: the changes the worker had made or
 * been sent and no save held, and the text typed in the open file. Kept where the page can
 * write it synchronously on `pagehide`: the worker's IndexedDB save posted then may be cut off
 * with the page, and an edit is never lost (SPEC 6).
 */
export interface JournalEntry {
  changes: ChangeRequest[];
  typed?: { path: string; text: string };
}

export interface EditJournal {
  write(draftId: string, entry: JournalEntry): void;
  /** The entry kept for a draft, removed as it is read; undefined for none or one that cannot be read. */
  take(draftId: string): JournalEntry | undefined;
  clear(draftId: string): void;
}

const entrySchema = z.object({
  changes: z.array(z.unknown()),
  typed: z.optional(z.object({ path: z.string(), text: z.string() })),
});

/** A journal entry read back: the changes that are change requests, in order; anything else is dropped. */
export function readJournalEntry(raw: unknown): JournalEntry | undefined {
  const entry = entrySchema.safeParse(raw);
  if (!entry.success) return undefined;
  const changes: ChangeRequest[] = [];
  for (const c of entry.data.changes) {
    const request = wizardRequestSchema.safeParse(c);
    if (request.success && CHANGE_TYPES.has(request.data.type)) changes.push(request.data as ChangeRequest);
  }
  return { changes, ...(entry.data.typed ? { typed: entry.data.typed } : {}) };
}

const key = (draftId: string) => `skill-wizard-journal:${draftId}`;

/** The journal in this browser's localStorage; storage refused (a private window, full) keeps nothing and says nothing: the worker's save is still on its way. */
export const browserJournal: EditJournal = {
  write(draftId, entry) {
    try {
      localStorage.setItem(key(draftId), JSON.stringify(entry));
    } catch {
      // Nothing more can be done while the page goes away.
    }
  },
  take(draftId) {
    try {
      const text = localStorage.getItem(key(draftId));
      if (text === null) return undefined;
      localStorage.removeItem(key(draftId));
      return readJournalEntry(JSON.parse(text));
    } catch {
      return undefined;
    }
  },
  clear(draftId) {
    try {
      localStorage.removeItem(key(draftId));
    } catch {
      // Storage refused: there is nothing kept to clear.
    }
  },
};
