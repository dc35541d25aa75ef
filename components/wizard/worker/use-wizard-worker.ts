'use client';

import { useEffect, useState } from 'react';
import { WorkerClient } from './worker-client';

/** The wizard's worker, started while the page is shown, behind one client that stays the same. */
export function useWizardWorker(): WorkerClient {
  const [client] = useState(() => new WorkerClient(() => new Worker(new URL('./wizard.worker.ts', import.meta.url), { type: 'module' })));
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  return client;
}
