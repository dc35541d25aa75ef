'use client';

import { useCallback, useEffect, useRef } from 'react';
import type { WizardRequest } from '../../lib/wizard/service';
import { WorkerClient, type Reply, type SendToWorker } from './worker-client';
import type { StorageRequest } from './worker-protocol';

/** The wizard's worker, started once per page, and a `send` that resolves with its reply. */
export function useWizardWorker(): SendToWorker {
  const client = useRef<WorkerClient | null>(null);

  useEffect(() => {
    const c = new WorkerClient(() => new Worker(new URL('./wizard.worker.ts', import.meta.url), { type: 'module' }));
    client.current = c;
    return () => {
      c.close();
      client.current = null;
    };
  }, []);

  return useCallback((request: WizardRequest | StorageRequest, transfer?: Transferable[]) => {
    const c = client.current;
    if (!c) return Promise.resolve<Reply>({ type: 'error', message: 'The wizard is still starting; try again' });
    return c.send(request as WizardRequest, transfer);
  }, []) as SendToWorker;
}
