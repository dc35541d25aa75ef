import * as z from '../../../lib/core/zod';

/**
 * Where this tab was in the wizard, so a reload comes back to it: the draft open, the file
 * or spec file shown in it, and the fit's choices ("Count for", "Limits of"). Names only:
 * a draft's id, a file's path, a model's and a target's id; never a file's text, an
 * argument or a credential (docs/decisions/0135-coming-back-after-a-reload.md).
 */
export interface TabPlace {
  /** The draft shown; null on the start page. */
  draftId: string | null;
  /** The skill's file open in the editor; null for the report. */
  file: string | null;
  /** The uploaded spec's file open read-only, when no skill file is. */
  spec: string | null;
  /** The model the tokens are counted for; null: the default. */
  model: string | null;
  /** The target whose limits the operations view shows; null: none. */
  limitTarget: string | null;
}

export const NOWHERE: TabPlace = { draftId: null, file: null, spec: null, model: null, limitTarget: null };

// Short strings only: what is read back is a name to look up, never trusted as more.
const name = z.nullable(z.string().check(z.minLength(1), z.maxLength(1_000)));
const placeSchema = z.object({ draftId: name, file: name, spec: name, model: name, limitTarget: name });

/** A place read back: undefined when it is not one (another version's, or edited by hand). */
export function readTabPlace(raw: unknown): TabPlace | undefined {
  const place = placeSchema.safeParse(raw);
  return place.success ? place.data : undefined;
}

export function samePlace(a: TabPlace, b: TabPlace): boolean {
  return a.draftId === b.draftId && a.file === b.file && a.spec === b.spec && a.model === b.model && a.limitTarget === b.limitTarget;
}

export interface PlaceKeeper {
  read(): TabPlace | undefined;
  write(place: TabPlace): void;
}

const KEY = 'skill-wizard-place';

/**
 * The place in this tab's sessionStorage: it lasts through a reload and is this tab's own
 * (another tab, or a new window, starts on the start page). Storage refused keeps nothing.
 */
export const browserPlace: PlaceKeeper = {
  read() {
    try {
      const text = sessionStorage.getItem(KEY);
      return text === null ? undefined : readTabPlace(JSON.parse(text));
    } catch {
      return undefined;
    }
  },
  write(place) {
    try {
      if (samePlace(place, NOWHERE)) sessionStorage.removeItem(KEY);
      else sessionStorage.setItem(KEY, JSON.stringify(place));
    } catch {
      // A private window or full storage: a reload starts on the start page, as before.
    }
  },
};
