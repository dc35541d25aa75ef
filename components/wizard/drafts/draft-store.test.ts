import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DraftInfo } from '../../../lib/wizard/draft-schema';
import type { LastUpload } from '../../../lib/wizard/service';
import type { SessionSnapshot } from '../../../lib/wizard/session';
import { createWizardService } from '../../../lib/wizard/service';
import { DRAFTS_DB, LEGACY_DB, PIECE_CHARS, deleteDraft, listDrafts, migrateLegacy, rawDraft, readDraft, saveDraft, saveDraftInfo } from './draft-store';

const SAMPLE = new Uint8Array(readFileSync(new URL('../../../public/samples/hollowbrook.openapi.yaml', import.meta.url)));

async function sample() {
  const service = createWizardService();
  await service.handle({ type: 'convert', upload: { name: 'hollowbrook.openapi.yaml', kind: 'files', entries: [{ path: 'hollowbrook.openapi.yaml', bytes: SAMPLE }] }, options: {} });
  return { snapshot: service.snapshot()!, upload: service.lastUpload()! };
}

const info = (id: string, savedAt: number, folder = 'hollowbrook-guesthouse'): DraftInfo => ({
  id,
  folder,
  origin: { kind: 'spec', name: 'hollowbrook.openapi.yaml' },
  files: 6,
  edited: 0,
  createdAt: savedAt,
  savedAt,
  changedAt: savedAt,
});

/** A hand-made entry, written past the store's checks as a user with the developer tools could. */
async function handWrite(id: string, records: { info?: unknown; snapshot?: unknown; upload?: unknown }): Promise<void> {
  await listDrafts(); // the database, made as the wizard makes it
  const db = await openDB(DRAFTS_DB);
  for (const [store, value] of [['drafts', records.info], ['snapshots', records.snapshot], ['uploads', records.upload]] as const) {
    if (value !== undefined) await db.put(store, value, id);
  }
  db.close();
}

beforeEach(async () => {
  indexedDB = new IDBFactory();
});

describe('draft store', () => {
  it('keeps each draft apart, lists them newest first, and reads one back whole', async () => {
    const { snapshot, upload } = await sample();
    await saveDraft(info('a', 1), snapshot, upload);
    await saveDraft(info('b', 2, 'other'), { ...snapshot, folder: 'other' }, null);
    const listed = await listDrafts();
    expect(listed.map((d) => d.id)).toEqual(['b', 'a']);
    expect(listed.every((d) => d.ok)).toBe(true);
    const read = await readDraft('a');
    expect(read.ok && [read.draft.info.folder, read.draft.snapshot.files.length, read.draft.upload?.name]).toEqual(['hollowbrook-guesthouse', 7, 'hollowbrook.openapi.yaml']);
    const other = await readDraft('b');
    expect(other.ok && other.draft.upload).toBeUndefined();
  });

  it('saves a draft again without touching the others, keeping its upload when given none', async () => {
    const { snapshot, upload } = await sample();
    await saveDraft(info('a', 1), snapshot, upload);
    await saveDraft(info('b', 2), snapshot, upload);
    const edited = { ...snapshot, files: snapshot.files.map(([p, t]): [string, string] => [p, p === 'SKILL.md' ? `${t}\nMine.\n` : t]) };
    await saveDraft({ ...info('a', 3), edited: 1 }, edited);
    const a = await readDraft('a');
    const b = await readDraft('b');
    expect(a.ok && a.draft.snapshot.files.find(([p]) => p === 'SKILL.md')![1]).toMatch(/Mine\.\n$/);
    expect(a.ok && a.draft.upload?.name).toBe('hollowbrook.openapi.yaml');
    expect(b.ok && b.draft.snapshot.files.find(([p]) => p === 'SKILL.md')![1]).not.toContain('Mine.');
    await saveDraftInfo({ ...info('b', 2), downloadedAt: 9 });
    const marked = await readDraft('b');
    expect(marked.ok && marked.draft.info.downloadedAt).toBe(9);
  });

  // Four hand-made entries a draft could hold, each unreadable in its own way.
  it.each([
    ['info.folder = {a: 1}', (s: object) => ({ info: { ...info('x', 5), folder: { a: 1 } }, snapshot: s }), 'draft x', 'its description cannot be read (folder: Invalid input: expected string, received object)'],
    ['a bad report', (s: object) => ({ info: info('x', 5), snapshot: { ...s, report: { skill: 1 } } }), 'hollowbrook-guesthouse', 'its files cannot be read (report.skill: Invalid input: expected string, received number'],
    ['non-string file text', (s: object) => ({ info: info('x', 5), snapshot: { ...s, files: [['SKILL.md', 42]] } }), 'hollowbrook-guesthouse', 'its files cannot be read (files.0.1: Invalid input: expected string, received number)'],
    ['a folder ../../etc', (s: object) => ({ info: { ...info('x', 5), folder: '../../etc' }, snapshot: { ...s, folder: '../../etc' } }), '../../etc', 'its description cannot be read (folder: Entry `../../etc/` has a `..` segment'],
    ['a spec upload that is not one', (s: object) => ({ info: info('x', 5), snapshot: s, upload: { name: 'x', upload: 'text' } }), 'hollowbrook-guesthouse', 'its spec upload cannot be read'],
    ['a description naming another draft', (s: object) => ({ info: info('y', 5), snapshot: s }), 'hollowbrook-guesthouse', 'its description names another draft (y)'],
  ])('lists a draft with %s as unreadable, with why, and the others as they are', async (_, spoil, name, why) => {
    const { snapshot, upload } = await sample();
    await saveDraft(info('good', 1), snapshot, upload);
    await handWrite('x', spoil(structuredClone(snapshot)));
    const listed = await listDrafts();
    expect(listed.find((d) => d.id === 'good')).toMatchObject({ ok: true });
    const bad = listed.find((d) => d.id === 'x');
    expect(bad).toMatchObject({ ok: false, name });
    expect(bad && !bad.ok && bad.why).toContain(why);
    expect(await readDraft('x')).toMatchObject({ ok: false, name });
    // Its raw data, whatever it holds, downloads as JSON; and it can be deleted.
    const raw = await rawDraft('x');
    expect(JSON.parse(raw.json).id).toBe('x');
    await deleteDraft('x');
    expect((await listDrafts()).map((d) => d.id)).toEqual(['good']);
  });

  it('writes raw data JSON cannot hold as something it can', async () => {
    await handWrite('z', { info: { folder: 7n, bytes: new Uint8Array([1, 2]), when: new Date(0), map: new Map([['k', 'v']]) } });
    const raw = JSON.parse((await rawDraft('z')).json);
    expect(raw.info).toEqual({ folder: '7', bytes: [1, 2], when: '1970-01-01T00:00:00.000Z', map: [['k', 'v']] });
    expect((await listDrafts())[0]).toMatchObject({ id: 'z', ok: false, name: 'draft z' });
  });

  it('says a draft deleted elsewhere is no longer kept', async () => {
    expect(await readDraft('gone')).toEqual({ ok: false, name: 'draft gone', why: 'it is no longer kept in this browser (deleted in another tab?)' });
  });

  it('moves the one skill kept before drafts into a draft of its own, then deletes the old database', async () => {
    const { snapshot, upload } = await sample();
    const legacy = await openDB(LEGACY_DB, 1, { upgrade: (db) => void db.createObjectStore('saved') });
    await legacy.put('saved', { folder: 'hollowbrook-guesthouse', origin: 'hollowbrook.openapi.yaml', files: 6, edited: 1, savedAt: 42 }, 'info');
    await legacy.put('saved', snapshot, 'snapshot');
    await legacy.put('saved', upload, 'upload');
    legacy.close();
    await migrateLegacy(() => 'moved', 100);
    const [listed] = await listDrafts();
    expect(listed).toMatchObject({ id: 'moved', ok: true, info: { folder: 'hollowbrook-guesthouse', edited: 1, savedAt: 42, origin: { kind: 'spec' } } });
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual([DRAFTS_DB]);
    await migrateLegacy(() => 'again', 100);
    expect((await listDrafts()).map((d) => d.id)).toEqual(['moved']);
  });
});

/** Characters a value's JSON holds: what a transaction that stores it writes, within a few percent. */
const charsOf = (value: unknown) => (value === undefined ? 0 : typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0));

/** The most characters any one transaction wrote while `work` ran (puts counted per transaction). */
async function largestTransaction(work: () => Promise<void>): Promise<number> {
  const put = IDBObjectStore.prototype.put;
  const written = new Map<IDBTransaction, number>();
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    written.set(this.transaction, (written.get(this.transaction) ?? 0) + charsOf(value));
    return put.call(this, value, key);
  };
  try {
    await work();
  } finally {
    IDBObjectStore.prototype.put = put;
  }
  return Math.max(0, ...written.values());
}

/**
 * A skill and its upload at SPEC 6's limits: 4,998 operation files (a bundle holds 5,000
 * entries: SKILL.md and types.json besides), and an upload of 4,998 entries and one 45 MB file.
 */
function atTheLimits(): { snapshot: SessionSnapshot; upload: LastUpload } {
  const files: [string, string][] = [['SKILL.md', `---\nname: big\ndescription: A skill at the limits.\n---\n${'Big. '.repeat(2000)}\n`]];
  for (let i = 0; i < 4998; i++) files.push([`op_${i}.md`, `---\noperation:\n  method: GET\n  url: https://api.acme.io/items/${i}\n---\nGet item ${i}, with its name, price and stock.\n`]);
  const snapshot: SessionSnapshot = { version: 1, folder: 'big', files, original: files.map(([p, t]) => [p, t]), origin: { kind: 'spec', name: 'big.zip' }, specProblems: [] };
  const entries = Array.from({ length: 4998 }, (_, i) => ({ path: `paths/item_${i}.yaml`, text: `get:\n  operationId: op_${i}\n  responses: {'200': {description: ok}}\n` }));
  entries.push({ path: 'openapi.yaml', text: `openapi: 3.0.3\ninfo:\n  title: Big\n  version: '1'\n  description: "${'x'.repeat(45 * 1024 * 1024)}"\npaths: {}\n` });
  return { snapshot, upload: { name: 'big.zip', upload: { files: entries, problems: [] } } };
}

// BAD-INPUT 50: a browser ends a transaction that writes a hundred megabytes ("The transaction has finished").
describe('a draft at SPEC 6\'s limits', () => {
  it('saves 4,998 files and a 45 MB upload in transactions of at most 8 MB each, and reads them back whole', { timeout: 120_000 }, async () => {
    const { snapshot, upload } = atTheLimits();
    const largest = await largestTransaction(() => saveDraft(info('big', 1, 'big'), snapshot, upload));
    expect(largest).toBeLessThanOrEqual(PIECE_CHARS + 10_000);
    const read = await readDraft('big');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.draft.snapshot.files.length).toBe(4999);
    expect(read.draft.snapshot).toEqual(snapshot);
    expect(read.draft.upload?.upload.files.length).toBe(4999);
    expect(read.draft.upload?.upload.files.at(-1)?.text).toBe(upload.upload.files.at(-1)?.text);
    expect((await listDrafts()).map((d) => [d.id, d.ok])).toEqual([['big', true]]);
  });

  it('a 45 MB file in the skill itself saves in pieces too, and each save leaves only its own pieces', { timeout: 120_000 }, async () => {
    const { snapshot } = atTheLimits();
    const big = { ...snapshot, files: [...snapshot.files, ['notes.md', 'y'.repeat(45 * 1024 * 1024)] as [string, string]] };
    expect(await largestTransaction(() => saveDraft(info('big', 1, 'big'), big, null))).toBeLessThanOrEqual(PIECE_CHARS + 10_000);
    const pieces = async () => {
      const db = await openDB(DRAFTS_DB);
      const n = await db.count('chunks');
      db.close();
      return n;
    };
    const first = await pieces();
    expect(first).toBeGreaterThan(10);
    await saveDraft(info('big', 2, 'big'), big);
    expect(await pieces()).toBe(first);
    const read = await readDraft('big');
    expect(read.ok && read.draft.snapshot.files.at(-1)?.[1].length).toBe(45 * 1024 * 1024);
    // A small skill saved over it is kept whole again, its pieces gone.
    const { snapshot: small } = await sample();
    await saveDraft(info('big', 3), small, null);
    expect(await pieces()).toBe(0);
    await saveDraft(info('big', 4, 'big'), big, null);
    await deleteDraft('big');
    expect(await pieces()).toBe(0);
  });

  it('keeps the draft as last saved when a save is cut short after some of its pieces, and lists one whose pieces are gone as unreadable', { timeout: 120_000 }, async () => {
    const { snapshot, upload } = atTheLimits();
    await saveDraft(info('big', 1, 'big'), snapshot, upload);
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (++puts === 4) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    };
    try {
      await expect(saveDraft({ ...info('big', 2, 'big'), edited: 1 }, { ...snapshot, folder: 'big' }, { ...upload, name: 'other.zip' })).rejects.toThrow('quota');
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    const read = await readDraft('big');
    expect(read.ok && [read.draft.info.savedAt, read.draft.upload?.name]).toEqual([1, 'big.zip']);
    const db = await openDB(DRAFTS_DB);
    await db.clear('chunks');
    db.close();
    expect(await listDrafts()).toMatchObject([{ id: 'big', ok: false, name: 'big', why: expect.stringMatching(/^its files cannot be read \(\d+ of its \d+ pieces are missing\)$/) }]);
  });
});
