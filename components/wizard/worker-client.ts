import type { WizardReply, WizardRequest } from '../../lib/wizard/service';
import type { StorageReply, StorageRequest } from './worker-protocol';

export type Reply = WizardReply | StorageReply;

/** What the client needs of a Web Worker; the tests give it a fake. */
export interface WorkerLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/**
 * A request to the worker and a promise of its reply. Replies come back in order, so an
 * edit's summary never overtakes a later one.
 */
export interface SendToWorker {
  (request: WizardRequest, transfer?: Transferable[]): Promise<WizardReply>;
  (request: StorageRequest): Promise<StorageReply | WizardReply>;
}

/**
 * The page's side of the wizard's worker: numbers each request, and resolves it with the
 * reply carrying its number. A worker that fails answers every waiting request with an
 * error, so nothing on the page waits for ever on a reply that will not come.
 */
export class WorkerClient {
  private worker: WorkerLike;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private nextId = 1;

  constructor(start: () => WorkerLike) {
    this.worker = start();
    this.worker.onmessage = (event: MessageEvent<{ id: number; reply: Reply }>) => {
      const resolve = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      resolve?.(event.data.reply);
    };
    this.worker.onerror = (event) => this.failAll(`The wizard's worker stopped: ${event.message || 'unknown error'}`);
  }

  readonly send = ((request: WizardRequest | StorageRequest, transfer: Transferable[] = []) => {
    const id = this.nextId++;
    return new Promise<Reply>((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, request }, transfer);
    });
  }) as SendToWorker;

  /** Requests sent and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  close(): void {
    this.worker.terminate();
    this.failAll('The wizard was closed');
  }

  private failAll(message: string): void {
    for (const [id, resolve] of this.pending) {
      this.pending.delete(id);
      resolve({ type: 'error', message });
    }
  }
}
