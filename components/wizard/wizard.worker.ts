/// <reference lib="webworker" />
// The wizard's Web Worker: every spec is read, converted and checked here, off the page's
// thread and never on the server (SPEC 0). It only relays messages to lib/wizard/service.
import { createWizardService, type WizardRequest } from '../../lib/wizard/service';

const service = createWizardService();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<{ id: number; request: WizardRequest }>) => {
  const { id, request } = event.data;
  try {
    const reply = await service.handle(request);
    const transfer = reply.type === 'export' ? [reply.bytes.buffer] : [];
    scope.postMessage({ id, reply }, transfer);
  } catch (e) {
    scope.postMessage({ id, reply: { type: 'error', message: `The wizard failed: ${(e as Error).message}` } });
  }
};
