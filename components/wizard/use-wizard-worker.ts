'use client';

import { useEffect, useRef, useCallback } from 'react';
import type { WizardReply, WizardRequest } from '../../lib/wizard/service';
import type { StorageReply, StorageRequest } from './worker-protocol';

type Reply = WizardReply | StorageReply;

type Pending = Map<number, (reply: Reply) => void>;

/**
 * The wizard's worker, started once per page, and a `send` that resolves with its reply.
 * Replies come back in order, so an edit's summary never overtakes a later one.
 */
export interface SendToWorker {
  (request: WizardRequest, transfer?: Transferable[]): Promise<WizardReply>;
  (request: StorageRequest): Promise<StorageReply | WizardReply>;
}

export function useWizardWorker(): SendToWorker {
  const worker = useRef<Worker | null>(null);
  const pending = useRef<Pending>(new Map());
  const nextId = useRef(1);

  useEffect(() => {
    const w = new Worker(new URL('./wizard.worker.ts', import.meta.url), { type: 'module' });
    const waiting = pending.current;
    w.onmessage = (event: MessageEvent<{ id: number; reply: Reply }>) => {
      const resolve = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      resolve?.(event.data.reply);
    };
    w.onerror = (event) => {
      for (const [id, resolve] of waiting) {
        waiting.delete(id);
        resolve({ type: 'error', message: `The wizard's worker stopped: ${event.message || 'unknown error'}` });
      }
    };
    worker.current = w;
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, []);

  return useCallback((request: WizardRequest | StorageRequest, transfer: Transferable[] = []) => {
    const w = worker.current;
    if (!w) return Promise.resolve<Reply>({ type: 'error', message: 'The wizard is still starting; try again' });
    const id = nextId.current++;
    return new Promise<Reply>((resolve) => {
      pending.current.set(id, resolve);
      w.postMessage({ id, request }, transfer);
    });
  }, []) as SendToWorker;
}
