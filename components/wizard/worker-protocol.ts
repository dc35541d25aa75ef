import { z } from 'zod';
import { describeIssues, wizardReplySchema, wizardRequestSchema } from '../../lib/wizard/messages';
import type { WizardReply, WizardRequest } from '../../lib/wizard/service';
import type { SavedInfo } from './saved-session';

/** What the page asks the worker about the skill kept in this browser. */
export type StorageRequest = { type: 'saved' } | { type: 'resume' } | { type: 'discard' };

export type StorageReply = { type: 'saved'; info: SavedInfo | undefined };

/** Every request the page sends the worker. */
export type PageRequest = WizardRequest | StorageRequest;

/**
 * The answer to a request the worker never finished: it was stopped (Cancel, or the hard
 * limit) and a new worker started. Made by the page, never sent by a worker.
 */
export type StoppedReply = { type: 'stopped'; message: string };

export type Reply = WizardReply | StorageReply | StoppedReply;

/** Requests that change the skill: the ones a new worker must be given again if they were not saved yet. */
export type ChangeRequest = Extract<WizardRequest, { type: 'edit' | 'revert' | 'remove' | 'put-back' }>;

export const CHANGE_TYPES: ReadonlySet<PageRequest['type']> = new Set(['edit', 'revert', 'remove', 'put-back']);

/** What the worker tells the page unasked: that the skill was saved, with every change up to request `through`. */
export type WorkerEvent = { type: 'saved'; through: number };

const savedInfo: z.ZodType<SavedInfo> = z.object({ folder: z.string(), origin: z.string(), files: z.number(), edited: z.number(), savedAt: z.number() });

const storageRequest: z.ZodType<StorageRequest> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('saved') }),
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('discard') }),
]);

/** A message posted to the worker: checked there before anything is done with it. */
export const toWorkerSchema = z.object({ id: z.number(), request: z.union([storageRequest, wizardRequestSchema]) });

const storageReply: z.ZodType<StorageReply> = z.object({ type: z.literal('saved'), info: savedInfo.or(z.undefined()) });

const envelope = z.union([
  z.object({ id: z.number(), reply: z.looseObject({ type: z.string() }) }),
  z.object({ event: z.object({ type: z.literal('saved'), through: z.number() }) }),
]);

/** A message posted by the worker, checked on the page before anything is drawn from it. */
export type FromWorker = { kind: 'reply'; id: number; reply: Reply } | { kind: 'event'; event: WorkerEvent } | { kind: 'unreadable'; id?: number; message: string };

export function readFromWorker(data: unknown): FromWorker {
  const unreadable = (issues: string, id?: number): FromWorker => ({ kind: 'unreadable', id, message: `The wizard's worker answered with something the page cannot read: ${issues}` });
  const message = envelope.safeParse(data);
  if (!message.success) return unreadable(describeIssues(message.error));
  if ('event' in message.data) return { kind: 'event', event: message.data.event };
  const { id } = message.data;
  const reply = (message.data.reply.type === 'saved' ? storageReply : wizardReplySchema).safeParse(message.data.reply);
  return reply.success ? { kind: 'reply', id, reply: reply.data } : unreadable(describeIssues(reply.error), id);
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
    case 'export':
      return 'making the bundle';
    case 'exported':
      return `the bundle's copy of ${request.path}`;
    case 'remove':
      return `removing ${request.path}`;
    case 'put-back':
      return `putting back ${request.path}`;
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
    case 'restore':
    case 'resume':
      return 'opening the saved skill';
    case 'saved':
      return 'reading the saved skill';
    case 'discard':
      return 'deleting the saved skill';
  }
}
