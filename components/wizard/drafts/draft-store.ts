/**
 * Every skill the user works on, kept as its own draft in this browser's IndexedDB, through
 * `idb`. A draft is three records under one id: what the list shows
 * (`drafts`), the skill's files (`snapshots`) and the spec upload it came from (`uploads`,
 * written when the draft is made, not on every edit). All of it is checked against the
 * schemas in lib/wizard/draft-schema.ts when read back: a draft that fails is listed as
 * unreadable, with why, and nothing is drawn from it. Nothing leaves the browser.
 *
 * A large snapshot or upload (SPEC 6 allows 5,000 entries and 50 MB files) is stored in
 * pieces (`chunks`), each written in a transaction of its own, and the record holds only
 * where they are: a browser may end a transaction that writes a hundred megabytes before it
 * is done ("The transaction has finished"), never one that writes a few. The records that
 * name the pieces are written last, together, so a draft is never half written: pieces of a
 * save cut short are named by nothing, and removed with the draft.
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
  /** Pieces of a large record's JSON text, keyed `[draft id, generation, index]`. */
  chunks: { key: [string, string, number]; value: string };
}

/** Version 2 added `chunks`. */
export const DRAFTS_DB_VERSION = 2;

/**
 * Characters of JSON text per piece, and the most a record may hold before it is stored in
 * pieces: 8 MB of UTF-16 a transaction, which every browser writes in well under a second.
 */
export const PIECE_CHARS = 4 * 1024 * 1024;

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
  return openDB<DraftDB>(DRAFTS_DB, DRAFTS_DB_VERSION, {
    upgrade(db) {
      for (const store of [...STORES, 'chunks'] as const) if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
    },
  });
}

/** What a record stored in pieces holds instead of its value. */
interface InPieces {
  'stored-in-pieces': 1;
  generation: string;
  count: number;
}

function inPieces(value: unknown): value is InPieces {
  const v = value as Partial<InPieces> | null;
  return typeof v === 'object' && v !== null && v['stored-in-pieces'] === 1 && typeof v.generation === 'string' && Number.isSafeInteger(v.count) && v.count! >= 0;
}

/** Whether `value`'s strings hold more than `limit` characters; stops counting once they do. */
function largerThan(value: unknown, limit: number): boolean {
  let size = 0;
  const stack: unknown[] = [value];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') size += v.length;
    else if (typeof v === 'object' && v !== null && !seen.has(v)) {
      seen.add(v);
      for (const inner of Array.isArray(v) ? v : Object.values(v)) stack.push(inner);
    } else size += 8;
    if (size > limit) return true;
  }
  return false;
}

let generations = 0;
const newGeneration = () => `${Date.now().toString(36)}-${(generations++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const piecesOf = (id: string, generation: string) => IDBKeyRange.bound([id, generation, 0], [id, generation, Number.MAX_SAFE_INTEGER]);
/** Every piece of every record of a draft: array keys sort after strings, so `[id, []]` is above `[id, generation, n]`. */
const allPiecesOf = (id: string) => IDBKeyRange.bound([id], [id, []]);

/**
 * `value` as it is to be stored: itself when small, else its JSON text written in pieces,
 * each in a transaction of its own, and what names them. Pieces written before a failure
 * are removed.
 */
async function storable(db: IDBPDatabase<DraftDB>, id: string, value: unknown): Promise<unknown> {
  if (!largerThan(value, PIECE_CHARS)) return value;
  const json = JSON.stringify(value);
  const generation = newGeneration();
  const count = Math.ceil(json.length / PIECE_CHARS);
  try {
    for (let i = 0; i < count; i++) await db.put('chunks', json.slice(i * PIECE_CHARS, (i + 1) * PIECE_CHARS), [id, generation, i]);
  } catch (e) {
    await db.delete('chunks', piecesOf(id, generation)).catch(() => undefined);
    throw e;
  }
  const named: InPieces = { 'stored-in-pieces': 1, generation, count };
  return named;
}

/** Why a record stored in pieces cannot be put together again. */
class MissingPieces extends Error {}

/** A record as it was saved: put together from its pieces when it was stored in them. */
async function whole(db: IDBPDatabase<DraftDB>, id: string, value: unknown): Promise<unknown> {
  if (!inPieces(value)) return value;
  const pieces = await db.getAll('chunks', piecesOf(id, value.generation));
  if (pieces.length !== value.count || pieces.some((p) => typeof p !== 'string')) throw new MissingPieces(`${value.count - pieces.length} of its ${value.count} pieces are missing`);
  try {
    return JSON.parse(pieces.join('')) as unknown;
  } catch (e) {
    throw new MissingPieces(`its pieces do not make JSON (${(e as Error).message})`);
  }
}

/** The three records of a draft as saved, each put together from its pieces; `why` when one cannot be. */
async function readRecords(db: IDBPDatabase<DraftDB>, id: string): Promise<{ info: unknown; snapshot: unknown; upload: unknown; why?: string }> {
  const tx = db.transaction(STORES, 'readonly');
  const [info, stored, storedUpload] = await Promise.all([tx.objectStore('drafts').get(id), tx.objectStore('snapshots').get(id), tx.objectStore('uploads').get(id)]);
  try {
    return { info, snapshot: await whole(db, id, stored), upload: await whole(db, id, storedUpload) };
  } catch (e) {
    if (!(e instanceof MissingPieces)) throw e;
    return { info, snapshot: stored, upload: storedUpload, why: `its files cannot be read (${e.message})` };
  }
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
      const { info, snapshot, upload, why } = await readRecords(db, id);
      const read = why === undefined ? check(id, info, snapshot, upload) : { ok: false as const, name: nameOf(id, info), why };
      listed.push(read.ok ? { id, ok: true, info: read.draft.info } : { id, ok: false, name: read.name, why: read.why });
    }
    const when = (d: DraftListing) => (d.ok ? d.info.savedAt : -Infinity);
    return listed.sort((a, b) => when(b) - when(a) || (a.ok ? a.info.folder : a.name).localeCompare(b.ok ? b.info.folder : b.name));
  });
}

export async function readDraft(id: string): Promise<DraftRead> {
  return withDb(async (db) => {
    const { info, snapshot, upload, why } = await readRecords(db, id);
    if (info === undefined && snapshot === undefined) return { ok: false, name: `draft ${id}`, why: 'it is no longer kept in this browser (deleted in another tab?)' };
    return why === undefined ? check(id, info, snapshot, upload) : { ok: false, name: nameOf(id, info), why };
  });
}

/**
 * Writes a draft so it is never half written: a large snapshot or upload first in pieces
 * (each its own transaction), then the three records in one transaction, then the pieces
 * those replaced are removed. `upload`: the spec upload when it changed, null when the skill
 * has none (a bundle), undefined to leave it as it is.
 */
export async function saveDraft(info: DraftInfo, snapshot: SessionSnapshot, upload?: LastUpload | null): Promise<void> {
  await withDb(async (db) => {
    const id = info.id;
    const snapshotRecord = await storable(db, id, snapshot);
    let uploadRecord: unknown;
    try {
      uploadRecord = upload === undefined || upload === null ? upload : await storable(db, id, upload);
    } catch (e) {
      if (inPieces(snapshotRecord)) await db.delete('chunks', piecesOf(id, snapshotRecord.generation)).catch(() => undefined);
      throw e;
    }
    const tx = db.transaction(STORES, 'readwrite');
    const snapshots = tx.objectStore('snapshots');
    const uploads = tx.objectStore('uploads');
    const [oldSnapshot, oldUpload] = await Promise.all([snapshots.get(id), upload === undefined ? undefined : uploads.get(id)]);
    const writes: Promise<unknown>[] = [tx.objectStore('drafts').put(info, id), snapshots.put(snapshotRecord, id)];
    if (uploadRecord === null) writes.push(uploads.delete(id));
    else if (uploadRecord !== undefined) writes.push(uploads.put(uploadRecord, id));
    await Promise.all([...writes, tx.done]);
    // What the records named before: a crash before this leaves pieces nothing names, removed with the draft.
    for (const old of [oldSnapshot, oldUpload]) if (inPieces(old)) await db.delete('chunks', piecesOf(id, old.generation));
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
    const tx = db.transaction([...STORES, 'chunks'], 'readwrite');
    await Promise.all([...STORES.map((store) => tx.objectStore(store).delete(id)), tx.objectStore('chunks').delete(allPiecesOf(id)), tx.done]);
  });
}

/**
 * A draft's records as they are stored, whatever they hold, as JSON: "Download its raw data"
 * for an unreadable one, so nothing the user typed is lost with it.
 */
export async function rawDraft(id: string): Promise<{ name: string; json: string }> {
  return withDb(async (db) => {
    const { info, snapshot, upload } = await readRecords(db, id);
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
