/// <reference lib="webworker" />
// Sends one call and answers with what came back, then is terminated. A worker, as the spec
// fetch is (`fetch-spec.worker.ts`): it takes the content security policy of its own script,
// which may reach other servers, while the page still connects only to itself.
import { sendHere, type SendMessage } from './send-call';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<SendMessage>) => {
  scope.postMessage({ outcome: await sendHere(event.data) });
};
