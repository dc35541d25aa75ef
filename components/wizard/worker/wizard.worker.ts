/// <reference lib="webworker" />
// The wizard's Web Worker: every spec is read, converted and checked here, off the page's
// thread and never on the server (SPEC 0). It relays messages to lib/wizard/service, and
// keeps the open skill as a draft in IndexedDB (draft-store.ts): at once when it is opened,
// and at most half a second after each change.
import { describeIssues } from '../../../lib/core/describe-issues';
import { draftLabel, MAX_DRAFT_LABEL, type DraftInfo } from '../../../lib/wizard/draft-schema';
import { createWizardService, type WizardReply, type WizardRequest } from '../../../lib/wizard/service';
import type { SessionSnapshot } from '../../../lib/wizard/session';
import { deleteDraft, listDrafts, migrateLegacy, rawDraft, readDraft, saveDraft, saveDraftInfo } from '../drafts/draft-store';
import { DRAFTS_CHANNEL } from '../drafts/draft-locks';
import { createSummarySender } from './summary-wire';
import { toWorkerSchema, type PageRequest, type StorageReply, type StorageRequest, type WorkerEvent } from './worker-protocol';

// crypto.subtle is there only in a secure context (https, or the machine itself): else lib/ hashes.
const service = createWizardService(globalThis.crypto?.subtle ? { sha256 } : {});
// A summary's file rows and problems are posted only when they changed (summary-wire.ts).
const sendSummary = createSummarySender();
const scope = self as unknown as DedicatedWorkerGlobalScope;
const SAVE_DELAY_MS = 500;
const CHANGES = new Set<PageRequest['type']>(['edit', 'revert', 'remove', 'put-back', 'set-safety', 'set-pick', 'set-without-unresolved']);
const OPENINGS = new Set<PageRequest['type']>(['convert', 'regenerate', 'full-schema', 'open-bundle']);
// Other tabs' start pages list the drafts: they hear of every save and deletion.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(DRAFTS_CHANNEL) : undefined;

/** The draft the open skill is kept as: the only one this worker writes. */
let draft: { id: string; createdAt: number; changedAt: number; downloadedAt?: number; label?: string; generatedAt?: number } | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** The upload to write with the next save: the draft's spec, when it has just been made (null: a bundle, which has none). */
let uploadToWrite: ReturnType<typeof service.lastUpload> | null | undefined;
/** The last request that changed the skill: a save holds every change up to it. */
let lastChange = 0;
let migrated: Promise<void> | undefined;

/** The spec's SHA-256 by the browser's own hash (lib/ hashes in JavaScript: the same digest, ten times slower). */
async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function post(event: WorkerEvent): void {
  scope.postMessage({ event });
}

function edited(snapshot: SessionSnapshot): number {
  const original = new Map(snapshot.original);
  return snapshot.files.filter(([path, text]) => original.get(path) !== text).length;
}

/** What the list of drafts shows of the open skill, but for when it was saved. */
function describeDraft(snapshot: SessionSnapshot, kept: NonNullable<typeof draft>): Omit<DraftInfo, 'savedAt'> {
  const facts = service.facts();
  return {
    id: kept.id,
    folder: snapshot.folder,
    origin: snapshot.origin,
    files: snapshot.files.length,
    edited: edited(snapshot),
    createdAt: kept.createdAt,
    changedAt: kept.changedAt,
    ...(kept.label !== undefined ? { label: kept.label } : {}),
    ...(facts?.title !== undefined ? { title: facts.title } : {}),
    ...(facts?.version !== undefined ? { specVersion: facts.version } : {}),
    ...(facts ? { tools: facts.tools } : {}),
    ...(kept.generatedAt !== undefined ? { generatedAt: kept.generatedAt } : {}),
  };
}

/** A save at most SAVE_DELAY_MS after a change, however fast the changes come. */
function scheduleSave(): void {
  saveTimer ??= setTimeout(() => {
    saveTimer = undefined;
    void save();
  }, SAVE_DELAY_MS);
}

/** The open skill written to its draft now; what waited to be saved is in it. */
async function save(): Promise<void> {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const snapshot = service.snapshot();
  if (!snapshot || !draft) return;
  const through = lastChange;
  const info: DraftInfo = {
    ...describeDraft(snapshot, draft),
    savedAt: Date.now(),
    ...(draft.downloadedAt !== undefined ? { downloadedAt: draft.downloadedAt } : {}),
  };
  const upload = uploadToWrite;
  uploadToWrite = undefined;
  try {
    await saveDraft(info, snapshot, upload);
    post({ type: 'saved', draft: info.id, through });
    channel?.postMessage({ type: 'saved', id: info.id });
  } catch (e) {
    // Storage full or refused (a private window): the work goes on unsaved, and the page says so.
    if (upload !== undefined) uploadToWrite ??= upload;
    post({ type: 'save-failed', draft: info.id, message: (e as Error).message || 'storage refused' });
  }
}

/** Before the skill is replaced, what waited to be saved of it is saved: one draft never gets another's work. */
async function flush(): Promise<void> {
  if (saveTimer !== undefined) await save();
}

async function handleStorage(request: StorageRequest): Promise<StorageReply | WizardReply> {
  switch (request.type) {
    case 'list-drafts':
      migrated ??= migrateLegacy(() => crypto.randomUUID(), Date.now()).catch(() => undefined);
      await migrated;
      return { type: 'drafts', drafts: await listDrafts() };
    case 'open-draft': {
      await flush();
      const read = await readDraft(request.id);
      if (!read.ok) return { type: 'unreadable', id: request.id, name: read.name, why: read.why };
      const reply = await service.handle({ type: 'restore', snapshot: read.draft.snapshot, upload: read.draft.upload });
      if (reply.type === 'opened' && !reply.result.ok) return { type: 'unreadable', id: request.id, name: read.draft.info.folder, why: reply.result.problems[0]?.message ?? 'it cannot be opened' };
      const { id, createdAt, changedAt, downloadedAt, label, generatedAt } = read.draft.info;
      draft = { id, createdAt, changedAt, downloadedAt, label, generatedAt };
      uploadToWrite = undefined;
      return reply;
    }
    case 'export-draft': {
      if (request.id === draft?.id) return exportOpen(request.tools);
      const read = await readDraft(request.id);
      if (!read.ok) return { type: 'unreadable', id: request.id, name: read.name, why: read.why };
      // A service of its own: the open skill is not touched.
      const other = createWizardService();
      const opened = await other.handle({ type: 'restore', snapshot: read.draft.snapshot, upload: read.draft.upload });
      if (opened.type === 'opened' && !opened.result.ok) return { type: 'unreadable', id: request.id, name: read.draft.info.folder, why: opened.result.problems[0]?.message ?? '' };
      const reply = await other.handle({ type: 'export', tools: request.tools });
      if (reply.type === 'export') await saveDraftInfo({ ...read.draft.info, downloadedAt: Date.now() }).catch(() => undefined);
      return reply;
    }
    case 'raw-draft':
      return { type: 'raw', id: request.id, ...(await rawDraft(request.id)) };
    case 'rename-draft': {
      const label = draftLabel(request.label);
      if (request.id === draft?.id) {
        draft.label = label;
        await save();
      } else {
        const read = await readDraft(request.id);
        if (!read.ok) return { type: 'unreadable', id: request.id, name: read.name, why: read.why };
        const info: DraftInfo = { ...read.draft.info, label };
        if (label === undefined) delete info.label;
        await saveDraftInfo(info);
        channel?.postMessage({ type: 'saved', id: request.id });
      }
      return { type: 'renamed', id: request.id, ...(label !== undefined ? { label } : {}) };
    }
    case 'delete-draft':
      if (request.id === draft?.id) {
        clearTimeout(saveTimer);
        saveTimer = undefined;
        draft = null;
      }
      await deleteDraft(request.id);
      channel?.postMessage({ type: 'deleted', id: request.id });
      return { type: 'deleted', id: request.id };
    case 'flush':
      await flush();
      return { type: 'flushed' };
  }
}

/** The open skill's bundle; a whole one now holds every edit, which its draft remembers (a read-only one leaves operations out). */
async function exportOpen(tools: boolean, readOnly = false): Promise<WizardReply> {
  const reply = await service.handle({ type: 'export', tools, readOnly });
  if (reply.type === 'export' && draft && !readOnly) {
    draft.downloadedAt = Date.now();
    scheduleSave();
  }
  return reply;
}

/** A skill opened from a spec or a bundle: a draft of its own, written before the page is told. */
async function opening(request: WizardRequest): Promise<WizardReply> {
  const before = service.snapshot();
  await flush();
  const reply = await service.handle(request);
  if (reply.type !== 'opened' || !reply.result.ok) return reply;
  const now = Date.now();
  // Generating again with another name or base URL, or a full schema restored, replaces its draft only when the user had changed nothing in it.
  const untouched = (request.type === 'regenerate' || request.type === 'full-schema') && before && draft && edited(before) === 0 && (before.removed?.length ?? 0) === 0;
  const generatedAt = request.type === 'open-bundle' || (request.type === 'convert' && service.lastUpload() === undefined) ? undefined : now;
  draft = untouched && draft ? { ...draft, changedAt: now, generatedAt } : { id: crypto.randomUUID(), createdAt: now, changedAt: now, generatedAt };
  uploadToWrite = service.lastUpload() ?? null;
  post({ type: 'draft', id: draft.id });
  await save();
  return reply;
}

/** The draft holding the skill as it was before the last update, kept until the person deletes it (or undoes the update), and when the skill was generated before it. */
let keptBefore: { id: string; generatedAt?: number } | undefined;

/**
 * An update applied, or undone: the same draft takes the new content (and the spec it now
 * follows), saved at once. Applying also keeps the skill as it was as a draft of its own.
 */
async function updating(request: WizardRequest): Promise<WizardReply> {
  await flush();
  const before = service.snapshot();
  const beforeUpload = service.lastUpload();
  const beforeFacts = before && draft ? describeDraft(before, draft) : undefined;
  const reply = await service.handle(request);
  if (reply.type !== 'opened' || !reply.result.ok || !draft) return reply;
  const now = Date.now();
  if (request.type === 'apply-update' && before) {
    const id = crypto.randomUUID();
    const info: DraftInfo = {
      ...beforeFacts!,
      id,
      origin: { ...before.origin, name: `${before.origin.name} (before the update)` },
      ...(draft.label !== undefined ? { label: `${draft.label} (before the update)`.slice(0, MAX_DRAFT_LABEL) } : {}),
      savedAt: now,
    };
    await saveDraft(info, before, beforeUpload ?? null).catch(() => undefined);
    keptBefore = { id, generatedAt: draft.generatedAt };
    draft.generatedAt = now;
  } else if (request.type === 'undo-update' && keptBefore) {
    await deleteDraft(keptBefore.id).catch(() => undefined);
    channel?.postMessage({ type: 'deleted', id: keptBefore.id });
    draft.generatedAt = keptBefore.generatedAt;
    keptBefore = undefined;
  }
  draft.changedAt = now;
  uploadToWrite = service.lastUpload() ?? null;
  await save();
  return reply;
}

async function answer(data: unknown): Promise<void> {
  const message = toWorkerSchema.safeParse(data);
  if (!message.success) {
    const id = (data as { id?: unknown } | null)?.id;
    const reply: WizardReply = { type: 'error', message: `The wizard's worker was sent a message it cannot read: ${describeIssues(message.error)}` };
    if (typeof id === 'number') scope.postMessage({ id, reply });
    return;
  }
  const { id, request } = message.data as { id: number; request: PageRequest };
  try {
    let reply: WizardReply | StorageReply;
    if (STORAGE.has(request.type)) reply = await handleStorage(request as StorageRequest);
    else if (OPENINGS.has(request.type)) reply = await opening(request as WizardRequest);
    else if (request.type === 'apply-update' || request.type === 'undo-update') reply = await updating(request);
    else if (request.type === 'export') reply = await exportOpen(request.tools, request.readOnly);
    else reply = await service.handle(request as WizardRequest);
    if (CHANGES.has(request.type) && (reply.type === 'summary' || reply.type === 'edited') && draft) {
      lastChange = id;
      draft.changedAt = Date.now();
      scheduleSave();
    }
    const transfer = reply.type === 'export' ? [reply.bytes.buffer] : [];
    const wire = sendSummary(reply as WizardReply);
    scope.postMessage({ id, reply: wire.reply, ...(wire.same ? { same: wire.same } : {}) }, transfer);
  } catch (e) {
    scope.postMessage({ id, reply: { type: 'error', message: `The wizard failed: ${(e as Error).message}` } });
  }
}

const STORAGE = new Set<PageRequest['type']>(['list-drafts', 'open-draft', 'export-draft', 'raw-draft', 'rename-draft', 'delete-draft', 'flush']);

// One request at a time, in the order sent: a conversion that awaits its spec's loading
// never lets an edit in halfway, and replies come back in order.
let line: Promise<void> = Promise.resolve();
scope.onmessage = (event: MessageEvent<unknown>) => {
  line = line.then(() => answer(event.data));
};
