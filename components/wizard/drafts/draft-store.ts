/**
 * Every skill the user works on, kept as its own draft in this browser's IndexedDB, through
 * `idb`. A draft is three records under one id: what the list shows
 * (`drafts`), the skill's files (`snapshots`) and the spec upload it came from (`uploads`,
 * written when the draft is made, not on every edit). All of it is checked against the
 * schemas in lib/wizard/draft-schema.ts when read back: a draft that fails is listed as
 * unreadable, with why, and nothing is drawn from it. Nothing leaves the browser.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { describeIssues } from '../../../lib/core/describe-issues';
import { draftInfoSchema, lastUploadSchema, sessionSnapshotSchema, type DraftInfo } from '../../../lib/wizard/draft-schema';
import type { LastUpload } from '../../../lib/wizard/service';
import type { SessionSnapshot } from '../../../lib/wizard/session';

export const DRAFTS_DB = 'skill-wizard-drafts';
/** Where the wizard kept its one saved skill before drafts: moved into a draft once, then deleted. */
export const LEGACY_DB = 'skill-wizard';

// Values are stored as written and typed `unknown`: whatever comes back is checked, never trusted.
interface DraftDB extends DBSchema {
  drafts: { key: string; value: unknown };
  snapshots: { key: string; value: unknown };
  uploads: { key: string; value: unknown };
}

/** A draft as the list shows it: readable, with what it holds, or not, with why. */
export type DraftListing = { id: string; ok: true; info: DraftInfo } | { id: string; ok: false; name: string; why: string };

/** A readable draft, checked whole. */
export interface Draft {
  info: DraftInfo;
  snapshot: SessionSnapshot;
  upload?: LastUpload;
}

export type DraftRead = { ok: true; draft: Draft } | { ok: false; name: string; why: string };

const STORES = ['drafts', 'snapshots', 'uploads'] as const;

function open(): Promise<IDBPDatabase<DraftDB>> {
  return openDB<DraftDB>(DRAFTS_DB, 1, {
    upgrade(db) {
      for (const store of STORES) if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
    },
  });
}

async function withDb<T>(work: (db: IDBPDatabase<DraftDB>) => Promise<T>): Promise<T> {
  const db = await open();
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/** A name to call an unreadable draft by: its folder if that much is a string, else its id. */
function nameOf(id: string, info: unknown): string {
  const folder = (info as { folder?: unknown } | null)?.folder;
  return typeof folder === 'string' && folder.length > 0 && folder.length < 200 ? folder : `draft ${id}`;
}

/** The three records of a draft checked against their schemas, or the first that fails, and where. */
function check(id: string, info: unknown, snapshot: unknown, upload: unknown): DraftRead {
  const name = nameOf(id, info);
  const describe = draftInfoSchema.safeParse(info);
  if (!describe.success) return { ok: false, name, why: `its description cannot be read (${describeIssues(describe.error)})` };
  if (describe.data.id !== id) return { ok: false, name, why: `its description names another draft (${describe.data.id})` };
  const files = sessionSnapshotSchema.safeParse(snapshot);
  if (!files.success) return { ok: false, name, why: `its files cannot be read (${describeIssues(files.error)})` };
  if (upload === undefined) return { ok: true, draft: { info: describe.data, snapshot: files.data } };
  const spec = lastUploadSchema.safeParse(upload);
  if (!spec.success) return { ok: false, name, why: `its spec upload cannot be read (${describeIssues(spec.error)})` };
  return { ok: true, draft: { info: describe.data, snapshot: files.data, upload: spec.data } };
}

/** Every draft, newest first, each checked whole; unreadable ones after, by name. */
export async function listDrafts(): Promise<DraftListing[]> {
  return withDb(async (db) => {
    const ids = (await db.getAllKeys('drafts')).map(String);
    const listed: DraftListing[] = [];
    // One draft at a time: a browser holding ten large drafts never has them all in memory.
    for (const id of ids) {
      const tx = db.transaction(STORES, 'readonly');
      const [info, snapshot, upload] = await Promise.all([tx.objectStore('drafts').get(id), tx.objectStore('snapshots').get(id), tx.objectStore('uploads').get(id)]);
      const read = check(id, info, snapshot, upload);
      listed.push(read.ok ? { id, ok: true, info: read.draft.info } : { id, ok: false, name: read.name, why: read.why });
    }
    const when = (d: DraftListing) => (d.ok ? d.info.savedAt : -Infinity);
    return listed.sort((a, b) => when(b) - when(a) || (a.ok ? a.info.folder : a.name).localeCompare(b.ok ? b.info.folder : b.name));
  });
}

export async function readDraft(id: string): Promise<DraftRead> {
  return withDb(async (db) => {
    const tx = db.transaction(STORES, 'readonly');
    const [info, snapshot, upload] = await Promise.all([tx.objectStore('drafts').get(id), tx.objectStore('snapshots').get(id), tx.objectStore('uploads').get(id)]);
    if (info === undefined && snapshot === undefined) return { ok: false, name: `draft ${id}`, why: 'it is no longer kept in this browser (deleted in another tab?)' };
    return check(id, info, snapshot, upload);
  });
}

/**
 * Writes a draft in one transaction, so it is never half written. `upload`: the spec upload
 * when it changed, null when the skill has none (a bundle), undefined to leave it as it is.
 */
export async function saveDraft(info: DraftInfo, snapshot: SessionSnapshot, upload?: LastUpload | null): Promise<void> {
  await withDb(async (db) => {
    const tx = db.transaction(STORES, 'readwrite');
    const writes: Promise<unknown>[] = [tx.objectStore('drafts').put(info, info.id), tx.objectStore('snapshots').put(snapshot, info.id)];
    if (upload === null) writes.push(tx.objectStore('uploads').delete(info.id));
    else if (upload !== undefined) writes.push(tx.objectStore('uploads').put(upload, info.id));
    await Promise.all([...writes, tx.done]);
  });
}

/** Only the description: a download marks it, leaving the files as they are. */
export async function saveDraftInfo(info: DraftInfo): Promise<void> {
  await withDb(async (db) => {
    await db.put('drafts', info, info.id);
  });
}

export async function deleteDraft(id: string): Promise<void> {
  await withDb(async (db) => {
    const tx = db.transaction(STORES, 'readwrite');
    await Promise.all([...STORES.map((store) => tx.objectStore(store).delete(id)), tx.done]);
  });
}

/**
 * A draft's records as they are stored, whatever they hold, as JSON: "Download its raw data"
 * for an unreadable one, so nothing the user typed is lost with it.
 */
export async function rawDraft(id: string): Promise<{ name: string; json: string }> {
  return withDb(async (db) => {
    const tx = db.transaction(STORES, 'readonly');
    const [info, snapshot, upload] = await Promise.all([tx.objectStore('drafts').get(id), tx.objectStore('snapshots').get(id), tx.objectStore('uploads').get(id)]);
    return { name: nameOf(id, info), json: toJson({ id, info, snapshot, upload }) };
  });
}

/** JSON of anything structured clone can hold: byte arrays as arrays, maps as entries, what JSON cannot hold named. */
function toJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(
    value,
    (_, v: unknown) => {
      if (typeof v === 'bigint') return v.toString();
      if (v instanceof Uint8Array) return [...v];
      if (v instanceof Map) return [...v];
      if (v instanceof Set) return [...v];
      if (v instanceof Date) return v.toISOString();
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '(seen above)';
        seen.add(v);
      }
      return v;
    },
    2,
  );
}

/**
 * The one skill the wizard kept before drafts (database `skill-wizard`, keys `info`,
 * `snapshot`, `upload`), moved into a draft of its own, then that database deleted. Moved
 * as it is: if it cannot be read, the list says so, and its raw data can be downloaded.
 */
export async function migrateLegacy(newId: () => string, now: number): Promise<void> {
  const databases = await indexedDB.databases?.();
  if (!databases?.some((d) => d.name === LEGACY_DB)) return;
  const legacy = await openDB(LEGACY_DB);
  let kept: { info: unknown; snapshot: unknown; upload: unknown } | undefined;
  try {
    if (legacy.objectStoreNames.contains('saved')) {
      const tx = legacy.transaction('saved', 'readonly');
      const [info, snapshot, upload] = await Promise.all([tx.store.get('info'), tx.store.get('snapshot'), tx.store.get('upload')]);
      if (snapshot !== undefined) kept = { info, snapshot, upload };
    }
  } finally {
    legacy.close();
  }
  if (kept) {
    const id = newId();
    const old = (kept.info ?? {}) as { folder?: unknown; files?: unknown; edited?: unknown; savedAt?: unknown };
    const savedAt = typeof old.savedAt === 'number' ? old.savedAt : now;
    const origin = (kept.snapshot as { origin?: unknown } | null)?.origin;
    const info = { id, folder: old.folder, origin, files: old.files, edited: old.edited, createdAt: savedAt, savedAt, changedAt: savedAt };
    const { snapshot, upload } = kept;
    await withDb(async (db) => {
      const tx = db.transaction(STORES, 'readwrite');
      const writes: Promise<unknown>[] = [tx.objectStore('drafts').put(info, id), tx.objectStore('snapshots').put(snapshot, id)];
      if (upload !== undefined) writes.push(tx.objectStore('uploads').put(upload, id));
      await Promise.all([...writes, tx.done]);
    });
  }
  await deleteDB(LEGACY_DB);
}
