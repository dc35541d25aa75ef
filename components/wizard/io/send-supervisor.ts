import { withFetchPolicy } from './browser-files';
import type { FetchWorker } from './fetch-supervisor';
import type { SendMessage, SendOutcome } from './send-call';

/** How long a send may take, from the click to the last byte of the answer. */
export const SEND_LIMIT_MS = 30_000;

/**
 * Runs one send in its own worker and answers once: with what came back, or why nothing
 * did. Cancel and the time limit end the worker (and with it the connection), so a server
 * that never answers never holds the Call tab.
 */
export function superviseSend(worker: FetchWorker, message: SendMessage, options: { signal?: AbortSignal; limitMs?: number } = {}): Promise<SendOutcome> {
  const { signal } = options;
  const limitMs = options.limitMs ?? SEND_LIMIT_MS;
  const started = Date.now();
  const { method, url } = message.request;
  return new Promise((resolve) => {
    const stop = (text: string) => done({ ok: false, kind: 'stopped', message: text });
    const whole = setTimeout(() => stop(`${method} ${url} had no whole answer after ${limitMs / 1000} s: it was stopped.`), limitMs);
    const onAbort = () => stop(`${method} ${url} was cancelled after ${Math.round((Date.now() - started) / 1000)} s: what the server did with it cannot be told from here.`);
    function done(outcome: SendOutcome) {
      clearTimeout(whole);
      signal?.removeEventListener('abort', onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(outcome);
    }
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<{ outcome?: SendOutcome }>) => {
      if (event.data.outcome) done(event.data.outcome);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done({ ok: false, kind: 'broken', message: `The send could not be started: ${event.message || 'the worker failed'}` });
    };
    worker.postMessage(message);
  });
}

/**
 * Sends a call from a worker of its own (`send-call.worker.ts`), never from the page, under
 * the fetch worker's policy (next.config.mjs): it may reach other servers and evaluate
 * nothing, so the answer is checked against `returns` by the wizard's worker, not here.
 */
export function sendCall(message: SendMessage, options: { signal?: AbortSignal } = {}): Promise<SendOutcome> {
  const worker = withFetchPolicy(() => new Worker(new URL('./send-call.worker.ts', import.meta.url), { type: 'module' }));
  return superviseSend(worker, message, options);
}
