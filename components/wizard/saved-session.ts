/**
 * The open skill kept in this browser's IndexedDB, so a reload, a crash or a closed tab
 * loses nothing: written by the worker a moment after each change, read back when the user
 * chooses to continue. Nothing leaves the browser.
 */
const DB = 'skill-wizard';
const STORE = 'saved';

export interface SavedInfo {
  folder: string;
  origin: string;
  files: number;
  edited: number;
  savedAt: number;
}

function openAt(version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = version === undefined ? indexedDB.open(DB) : indexedDB.open(DB, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The database with its store, made anew at the next version if something opened it without one. */
async function open(): Promise<IDBDatabase> {
  const db = await openAt();
  if (db.objectStoreNames.contains(STORE)) return db;
  const next = db.version + 1;
  db.close();
  return openAt(next);
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export async function saveEntries(entries: Record<string, unknown>): Promise<void> {
  await run('readwrite', (store) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) store.delete(key);
      else store.put(value, key);
    }
  });
}

export function readEntry<T>(key: string): Promise<T | undefined> {
  return run<T>('readonly', (store) => store.get(key) as IDBRequest<T>);
}

export async function clearSaved(): Promise<void> {
  await run('readwrite', (store) => store.clear());
}
