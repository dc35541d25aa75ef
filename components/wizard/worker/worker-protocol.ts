import * as z from '../../../lib/core/zod';
import { draftInfoSchema } from '../../../lib/wizard/draft-schema';
import { describeIssues, wizardReplySchema, wizardRequestSchema } from '../../../lib/wizard/messages';
import type { WizardReply, WizardRequest } from '../../../lib/wizard/service';
import type { DraftListing } from '../drafts/draft-store';
import type { SameParts } from './summary-wire';

/** What the page asks the worker about the drafts kept in this browser. */
export type StorageRequest =
  | { type: 'list-drafts' }
  /** Open a draft: the worker's skill becomes it, and changes are saved into it. */
  | { type: 'open-draft'; id: string }
  | { type: 'export-draft'; id: string; tools: boolean }
  | { type: 'raw-draft'; id: string }
  /** Give a draft a name of its own; a blank one gives it back its folder's name. */
  | { type: 'rename-draft'; id: string; label: string }
  | { type: 'delete-draft'; id: string }
  /** Save now what waits to be saved (the page is going away). */
  | { type: 'flush' };

export type StorageReply =
  | { type: 'drafts'; drafts: DraftListing[] }
  | { type: 'unreadable'; id: string; name: string; why: string }
  | { type: 'raw'; id: string; name: string; json: string }
  | { type: 'deleted'; id: string }
  | { type: 'renamed'; id: string; label?: string }
  | { type: 'flushed' };

/** Every request the page sends the worker. */
export type PageRequest = WizardRequest | StorageRequest;

/**
 * The answer to a request the worker never finished: it was stopped (Cancel, or the hard
 * limit) and a new worker started. Made by the page, never sent by a worker.
 */
export type StoppedReply = { type: 'stopped'; message: string };

export type Reply = WizardReply | StorageReply | StoppedReply;

/** Requests that change the skill: the ones a new worker must be given again if they were not saved yet. */
export type ChangeRequest = Extract<WizardRequest, { type: 'edit' | 'revert' | 'remove' | 'put-back' | 'set-safety' | 'set-pick' | 'set-without-unresolved' }>;

export const CHANGE_TYPES: ReadonlySet<PageRequest['type']> = new Set(['edit', 'revert', 'remove', 'put-back', 'set-safety', 'set-pick', 'set-without-unresolved']);

/** What the worker tells the page unasked. */
export type WorkerEvent =
  /** A draft was saved with every change up to request `through`. */
  | { type: 'saved'; draft: string; through: number }
  /** The skill just opened is kept as this draft (sent before the reply that opened it). */
  | { type: 'draft'; id: string }
  /** The browser refused to store the draft (full, or a private window): the work goes on unsaved. */
  | { type: 'save-failed'; draft: string; message: string };

const id = z.string().check(z.minLength(1));

const storageRequest: z.ZodMiniType<StorageRequest> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('list-drafts') }),
  z.object({ type: z.literal('open-draft'), id }),
  z.object({ type: z.literal('export-draft'), id, tools: z.boolean() }),
  z.object({ type: z.literal('raw-draft'), id }),
  z.object({ type: z.literal('rename-draft'), id, label: z.string().check(z.maxLength(10_000)) }),
  z.object({ type: z.literal('delete-draft'), id }),
  z.object({ type: z.literal('flush') }),
]);

/** A message posted to the worker: checked there before anything is done with it. */
export const toWorkerSchema = z.object({ id: z.number(), request: z.union([storageRequest, wizardRequestSchema]) });

const listing: z.ZodMiniType<DraftListing> = z.union([
  z.object({ id, ok: z.literal(true), info: draftInfoSchema }),
  z.object({ id, ok: z.literal(false), name: z.string(), why: z.string() }),
]);

const storageReply: z.ZodMiniType<StorageReply> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('drafts'), drafts: z.array(listing) }),
  z.object({ type: z.literal('unreadable'), id, name: z.string(), why: z.string() }),
  z.object({ type: z.literal('raw'), id, name: z.string(), json: z.string() }),
  z.object({ type: z.literal('deleted'), id }),
  z.object({ type: z.literal('renamed'), id, label: z.optional(z.string()) }),
  z.object({ type: z.literal('flushed') }),
]);

const STORAGE_REPLIES = new Set(['drafts', 'unreadable', 'raw', 'deleted', 'renamed', 'flushed']);

const workerEvent: z.ZodMiniType<WorkerEvent> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('saved'), draft: id, through: z.number() }),
  z.object({ type: z.literal('draft'), id }),
  z.object({ type: z.literal('save-failed'), draft: id, message: z.string() }),
]);

const envelope = z.union([
  z.object({ id: z.number(), reply: z.looseObject({ type: z.string() }), same: z.optional(z.array(z.enum(['files', 'problems']))) }),
  z.object({ event: workerEvent }),
]);

/** A message posted by the worker, checked on the page before anything is drawn from it. */
export type FromWorker = { kind: 'reply'; id: number; reply: Reply; same?: SameParts } | { kind: 'event'; event: WorkerEvent } | { kind: 'unreadable'; id?: number; message: string };

export function readFromWorker(data: unknown): FromWorker {
  const unreadable = (issues: string, id?: number): FromWorker => ({ kind: 'unreadable', id, message: `The wizard's worker answered with something the page cannot read: ${issues}` });
  const message = envelope.safeParse(data);
  if (!message.success) return unreadable(describeIssues(message.error));
  if ('event' in message.data) return { kind: 'event', event: message.data.event };
  const { id, same } = message.data;
  const reply = (STORAGE_REPLIES.has(message.data.reply.type) ? storageReply : wizardReplySchema).safeParse(message.data.reply);
  return reply.success ? { kind: 'reply', id, reply: reply.data, ...(same ? { same } : {}) } : unreadable(describeIssues(reply.error), id);
}

/** What the worker is busy with, in words for "Still working on …". */
export function describeRequest(request: PageRequest): string {
  switch (request.type) {
    case 'convert':
      return `converting ${request.upload.name}`;
    case 'regenerate':
      return 'generating the skill again';
    case 'open-bundle':
      return `opening ${request.name}`;
    case 'edit':
      return `checking your edit to ${request.path}`;
    case 'revert':
      return `reverting ${request.path}`;
    case 'file':
    case 'spec-file':
      return `opening ${request.path}`;
    case 'tool':
      return `the tool preview of ${request.path}`;
    case 'call':
      return `the call preview of ${request.path}`;
    case 'check-answer':
      return `checking the answer to ${request.path}`;
    case 'export':
      return 'making the bundle';
    case 'exported':
      return `the bundle's copy of ${request.path}`;
    case 'remove':
      return `removing ${several(request.paths)}`;
    case 'put-back':
      return `putting back ${several(request.paths)}`;
    case 'set-safety':
      return `marking the safety of ${several(request.files.map(([path]) => path))}`;
    case 'response':
      return `the response of ${request.path}`;
    case 'set-pick':
      return `keeping the chosen fields of ${request.path}`;
    case 'set-without-unresolved':
      return request.on ? 'going on without what the unresolved references name' : 'holding the skill back for its unresolved references';
    case 'full-schema':
      return `restoring the full schema of ${request.path}`;
    case 'tokens':
      return 'counting the tools\' tokens';
    case 'compat':
      return 'checking the skill against each model and agent';
    case 'compat-detail':
      return `the reasons for ${request.target}`;
    case 'target-tools':
      return `adapting the tools for ${request.target}`;
    case 'report':
      return 'writing the report';
    case 'gpt-actions':
      return 'writing the GPT Actions document';
    case 'operations':
      return 'listing the operations';
    case 'update':
      return `updating to ${request.upload.name}`;
    case 'apply-update':
      return 'applying the update';
    case 'undo-update':
      return 'undoing the update';
    case 'restore':
    case 'open-draft':
      return 'opening the saved skill';
    case 'list-drafts':
      return 'reading the drafts kept in this browser';
    case 'export-draft':
      return "making the draft's bundle";
    case 'raw-draft':
      return "reading the draft's raw data";
    case 'rename-draft':
      return 'renaming the draft';
    case 'delete-draft':
      return 'deleting the draft';
    case 'flush':
      return 'saving';
  }
}

/** One path by its name, more by their count: `a.md`, `276 operations`. */
function several(paths: readonly string[]): string {
  return paths.length === 1 ? paths[0] : `${paths.length} operations`;
}
