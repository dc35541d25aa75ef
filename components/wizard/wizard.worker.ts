/// <reference lib="webworker" />
// The wizard's Web Worker: every spec is read, converted and checked here, off the page's
// thread and never on the server (SPEC 0). It relays messages to lib/wizard/service, and
// keeps the open skill in IndexedDB a moment after each change (saved-session.ts).
import { describeIssues } from '../../lib/wizard/messages';
import { createWizardService, type WizardReply, type WizardRequest } from '../../lib/wizard/service';
import { clearSaved, readEntry, saveEntries, type SavedInfo } from './saved-session';
import { toWorkerSchema, type PageRequest, type StorageReply, type StorageRequest, type WorkerEvent } from './worker-protocol';

const service = createWizardService();
const scope = self as unknown as DedicatedWorkerGlobalScope;
const SAVE_DELAY_MS = 500;
const CHANGES = new Set<WizardRequest['type']>(['convert', 'regenerate', 'open-bundle', 'edit', 'revert', 'restore', 'remove', 'put-back']);

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let uploadChanged = false;
/** The last request that changed the skill: a save holds every change up to it. */
let lastChange = 0;

/** A save at most SAVE_DELAY_MS after a change, however fast the changes come. */
function scheduleSave(newUpload: boolean): void {
  uploadChanged ||= newUpload;
  saveTimer ??= setTimeout(() => {
    saveTimer = undefined;
    void save();
  }, SAVE_DELAY_MS);
}

async function save(): Promise<void> {
  const snapshot = service.snapshot();
  if (!snapshot) return;
  const through = lastChange;
  const original = new Map(snapshot.original);
  const info: SavedInfo = {
    folder: snapshot.folder,
    origin: snapshot.origin.name,
    files: snapshot.files.length,
    edited: snapshot.files.filter(([path, text]) => original.get(path) !== text).length,
    savedAt: Date.now(),
  };
  const entries: Record<string, unknown> = { info, snapshot };
  if (uploadChanged) {
    entries.upload = service.lastUpload();
    uploadChanged = false;
  }
  try {
    await saveEntries(entries);
    const event: WorkerEvent = { type: 'saved', through };
    scope.postMessage({ event });
  } catch {
    // Storage full or refused (a private window): the work goes on unsaved.
  }
}

async function handleStorage(request: StorageRequest): Promise<StorageReply | WizardReply> {
  switch (request.type) {
    case 'saved':
      return { type: 'saved', info: await readEntry<SavedInfo>('info').catch(() => undefined) };
    case 'resume': {
      const [snapshot, upload] = await Promise.all([readEntry('snapshot'), readEntry('upload')]);
      if (snapshot === undefined) return { type: 'error', message: 'There is no saved skill to continue' };
      return service.handle({ type: 'restore', snapshot, upload });
    }
    case 'discard':
      clearTimeout(saveTimer);
      saveTimer = undefined;
      await clearSaved().catch(() => undefined);
      return { type: 'saved', info: undefined };
  }
}

const STORAGE = new Set(['saved', 'resume', 'discard']);

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
    const reply = STORAGE.has(request.type) ? await handleStorage(request as StorageRequest) : await service.handle(request as WizardRequest);
    const changed = CHANGES.has(request.type as WizardRequest['type']) && (reply.type === 'summary' || reply.type === 'edited' || (reply.type === 'opened' && reply.result.ok));
    if (changed) {
      lastChange = id;
      scheduleSave(request.type === 'convert' || request.type === 'open-bundle');
    }
    const transfer = reply.type === 'export' ? [reply.bytes.buffer] : [];
    scope.postMessage({ id, reply }, transfer);
  } catch (e) {
    scope.postMessage({ id, reply: { type: 'error', message: `The wizard failed: ${(e as Error).message}` } });
  }
}

// One request at a time, in the order sent: a conversion that awaits its spec's loading
// never lets an edit in halfway, and replies come back in order.
let line: Promise<void> = Promise.resolve();
scope.onmessage = (event: MessageEvent<unknown>) => {
  line = line.then(() => answer(event.data));
};
