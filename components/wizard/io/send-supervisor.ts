import type { SendMessage, SendOutcome } from './send-call';
import { superviseWorker, withFetchPolicy, type SupervisedWorker } from './worker-supervisor';

/** How long a send may take, from the click to the last byte of the answer. */
export const SEND_LIMIT_MS = 30_000;

/**
 * Runs one send in its own worker and answers once: with what came back, or why nothing
 * did. Cancel and the time limit end the worker (and with it the connection), so a server
 * that never answers never holds the Call tab.
 */
export function superviseSend(worker: SupervisedWorker, message: SendMessage, options: { signal?: AbortSignal; limitMs?: number } = {}): Promise<SendOutcome> {
  const limitMs = options.limitMs ?? SEND_LIMIT_MS;
  const { method, url } = message.request;
  const stopped = (text: string): SendOutcome => ({ ok: false, kind: 'stopped', message: text });
  return superviseWorker<{ outcome?: SendOutcome }, SendOutcome>(worker, message, {
    signal: options.signal,
    total: { ms: limitMs, result: () => stopped(`${method} ${url} had no whole answer after ${limitMs / 1000} s: it was stopped.`) },
    cancelled: (seconds) => stopped(`${method} ${url} was cancelled after ${seconds} s: what the server did with it cannot be told from here.`),
    broken: (reason) => ({ ok: false, kind: 'broken', message: `The send could not be started: ${reason}` }),
    receive: (data) => data.outcome,
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
