import type { WizardReply, WizardRequest } from '../../../lib/wizard/service';
import { createSummaryReceiver } from './summary-wire';
import {
  CHANGE_TYPES,
  describeRequest,
  readFromWorker,
  type ChangeRequest,
  type PageRequest,
  type Reply,
  type StorageReply,
  type StorageRequest,
  type StoppedReply,
} from './worker-protocol';

export type { Reply } from './worker-protocol';

/** What the client needs of a Web Worker; the tests give it a fake. */
export interface WorkerLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/**
 * A request to the worker and a promise of its reply. Replies come back in order, so an
 * edit's summary never overtakes a later one. A request the worker never finished is
 * answered `stopped`.
 */
export interface SendToWorker {
  (request: WizardRequest, transfer?: Transferable[]): Promise<WizardReply | StoppedReply>;
  (request: StorageRequest): Promise<StorageReply | WizardReply | StoppedReply>;
}

/** What the client tells the page about the worker. */
export type WorkerClientEvent =
  /** The request in progress has taken longer than `stillWorkingMs`; `since` is when it started. */
  | { type: 'slow'; label: string; since: number }
  /** Nothing is taking long any more. */
  | { type: 'done' }
  /**
   * The worker was stopped and a new one started, which holds no skill yet: `stopped` is
   * what it was doing, `unsaved` the changes it had made that were not saved yet, in order.
   */
  | { type: 'restarted'; reason: 'cancel' | 'limit'; stopped: PageRequest; unsaved: ChangeRequest[] }
  /** The skill just opened is kept as this draft. */
  | { type: 'draft'; id: string }
  /** How many changes the worker has made, or been asked for, that no save holds yet. */
  | { type: 'unsaved'; count: number }
  /** The browser refused to store the draft. */
  | { type: 'save-failed'; message: string };

export interface WorkerClientOptions {
  /** After this long on one request, the page shows "Still working" and a Cancel. */
  stillWorkingMs?: number;
  /** After this long on one request, the worker is stopped as if Cancel had been pressed. */
  hardLimitMs?: number;
  now?: () => number;
}

export const STILL_WORKING_MS = 3_000;
export const HARD_LIMIT_MS = 120_000;

interface Pending {
  request: PageRequest;
  resolve: (reply: Reply) => void;
}

/**
 * The page's side of the wizard's worker. It numbers each request and resolves it with the
 * reply carrying its number, checked against the protocol's schema first (a reply it cannot
 * read is an error, never drawn). The worker takes one request at a time, so the oldest one
 * waiting is the one in progress: when it takes over a few seconds the page is told (to show
 * "Still working" and Cancel), and Cancel or the hard limit ends the worker and starts a new
 * one, answering what waited with `stopped`. It also keeps the changes the
 * worker made that it has not saved yet, for the page to give the new worker again.
 */
export class WorkerClient {
  private worker: WorkerLike | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly unsaved = new Map<number, ChangeRequest>();
  /** Puts back the parts of a summary the worker left out as unchanged (summary-wire.ts). */
  private summaries = createSummaryReceiver();
  private readonly listeners = new Set<(event: WorkerClientEvent) => void>();
  private head: { id: number; since: number; slow?: ReturnType<typeof setTimeout>; limit?: ReturnType<typeof setTimeout> } | null = null;
  private slowShown = false;
  private readonly stillWorkingMs: number;
  private readonly hardLimitMs: number;
  private readonly now: () => number;

  constructor(
    private readonly makeWorker: () => WorkerLike,
    options: WorkerClientOptions = {},
  ) {
    this.stillWorkingMs = options.stillWorkingMs ?? STILL_WORKING_MS;
    this.hardLimitMs = options.hardLimitMs ?? HARD_LIMIT_MS;
    this.now = options.now ?? Date.now;
  }

  /** Starts the worker (again, after `stop`). */
  start(): void {
    if (this.worker) return;
    const worker = this.makeWorker();
    // A new worker sends its first summary whole.
    this.summaries = createSummaryReceiver();
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.answerAll({ type: 'error', message: `The wizard's worker stopped: ${event.message || 'unknown error'}` });
    };
    this.worker = worker;
  }

  /** Ends the worker for good (the page is going away); what waited is answered with an error. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.answerAll({ type: 'error', message: 'The wizard was closed' });
  }

  readonly send = ((request: PageRequest, transfer: Transferable[] = []) => {
    const worker = this.worker;
    if (!worker) return Promise.resolve<Reply>({ type: 'error', message: 'The wizard is still starting; try again' });
    const id = this.nextId++;
    if (CHANGE_TYPES.has(request.type)) this.trackUnsaved(() => this.unsaved.set(id, request as ChangeRequest));
    return new Promise<Reply>((resolve) => {
      this.pending.set(id, { request, resolve });
      worker.postMessage({ id, request }, transfer);
      this.watch();
    });
  }) as SendToWorker;

  /** Stops what the worker is doing, and starts a new one (the user pressed Cancel). */
  cancel(): void {
    this.restart('cancel');
  }

  subscribe(listener: (event: WorkerClientEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The changes the worker has made, or been sent, that no save holds yet, in order. */
  unsavedChanges(): ChangeRequest[] {
    return [...this.unsaved.values()];
  }

  /** Requests sent and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  private receive(data: unknown): void {
    const message = readFromWorker(data);
    if (message.kind === 'unreadable') {
      // Whatever it was, the request it answers (or, not knowing, the one in progress) is answered with why.
      const id = message.id ?? [...this.pending.keys()][0];
      if (id !== undefined) this.answer(id, { type: 'error', message: message.message });
      return;
    }
    if (message.kind === 'event') {
      const { event } = message;
      if (event.type === 'saved') this.trackUnsaved(() => this.forget((id) => id <= event.through));
      else if (event.type === 'draft') this.emit({ type: 'draft', id: event.id });
      else this.emit({ type: 'save-failed', message: event.message });
      return;
    }
    const { id } = message;
    const reply = message.reply.type === 'summary' || message.reply.type === 'edited' || message.reply.type === 'opened' ? this.summaries(message.reply, message.same) : message.reply;
    this.trackUnsaved(() => {
      // A change the worker refused is not one to give a new worker again.
      if (reply.type !== 'edited' && reply.type !== 'summary') this.forget((change) => change === id);
      // A new skill opened, the one before saved first: the changes before it are in that save.
      if (reply.type === 'opened' && reply.result.ok) this.forget((change) => change < id);
    });
    this.answer(id, reply);
  }

  private forget(which: (id: number) => boolean): void {
    for (const id of [...this.unsaved.keys()]) if (which(id)) this.unsaved.delete(id);
  }

  /** Runs a change to the unsaved changes, and tells the page when their number changed. */
  private trackUnsaved(change: () => void): void {
    const before = this.unsaved.size;
    change();
    if (this.unsaved.size !== before) this.emit({ type: 'unsaved', count: this.unsaved.size });
  }

  private answer(id: number, reply: Reply): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    this.watch();
    waiting.resolve(reply);
  }

  private answerAll(reply: Reply): void {
    for (const id of [...this.pending.keys()]) this.answer(id, reply);
  }

  /** Times the request in progress: the oldest one waiting. */
  private watch(): void {
    const [first] = this.pending.keys();
    if (this.head?.id === first) return;
    if (this.head) {
      clearTimeout(this.head.slow);
      clearTimeout(this.head.limit);
    }
    if (this.slowShown) {
      this.slowShown = false;
      this.emit({ type: 'done' });
    }
    if (first === undefined) {
      this.head = null;
      return;
    }
    const since = this.now();
    const { request } = this.pending.get(first)!;
    this.head = {
      id: first,
      since,
      slow: setTimeout(() => {
        this.slowShown = true;
        this.emit({ type: 'slow', label: describeRequest(request), since });
      }, this.stillWorkingMs),
      limit: setTimeout(() => this.restart('limit'), this.hardLimitMs),
    };
  }

  private restart(reason: 'cancel' | 'limit'): void {
    const [first] = this.pending.values();
    if (!first || !this.worker) return;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.worker = null;
    const unsaved = [...this.unsaved.values()];
    this.trackUnsaved(() => this.unsaved.clear());
    const seconds = Math.round((this.now() - (this.head?.since ?? this.now())) / 1000);
    const why = reason === 'cancel' ? `it was cancelled after ${seconds} s` : `it took over ${Math.round(this.hardLimitMs / 1000)} s`;
    this.answerAll({ type: 'stopped', message: `The wizard stopped ${describeRequest(first.request)}: ${why}` });
    this.start();
    this.emit({ type: 'restarted', reason, stopped: first.request, unsaved });
  }

  private emit(event: WorkerClientEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
