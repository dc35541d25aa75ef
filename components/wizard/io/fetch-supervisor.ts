import { problem } from '../../../lib/core/problem';
import type { FetchedSpec, FetchProgress } from './fetch-spec';
import { byteSize } from '../views/format';

/**
 * How long a spec's fetch may take (BAD-INPUT 32): a server that sends
 * nothing for `idleMs`, or has not sent the whole spec in `totalMs`, is stopped. 60 s
 * brings Stripe's 4 MB at 70 KB/s, or 50 MB (the one-file limit) at under 1 MB/s; a server
 * slower than that is better downloaded by hand and uploaded.
 */
export const FETCH_LIMITS = { idleMs: 15_000, totalMs: 60_000 };

/** What a fetch worker is to the page: `fetch-spec.worker.ts`, or a stand-in in tests. */
export interface FetchWorker {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

export interface FetchOptions {
  /** Cancel: the fetch stops at once, its worker with it. */
  signal?: AbortSignal;
  onProgress?: FetchProgress;
  limits?: { idleMs: number; totalMs: number };
}

/**
 * Runs one fetch in its worker and answers once: with what it fetched, or why it stopped.
 * Cancel, no byte for a while, or too long in all end the worker, so a server that trickles
 * bytes never holds the page (the start buttons wait for this answer). Each is named, with
 * what had come.
 */
export function superviseFetch(worker: FetchWorker, url: string, fileName: string, options: FetchOptions = {}): Promise<FetchedSpec> {
  const { signal, onProgress } = options;
  const limits = options.limits ?? FETCH_LIMITS;
  const host = new URL(url).host;
  const started = Date.now();
  let received = 0;
  let total: number | null = null;
  return new Promise((resolve) => {
    let idle: ReturnType<typeof setTimeout> | undefined;
    const had = () => (total !== null ? `${byteSize(received)} of ${byteSize(total)}` : byteSize(received));
    const stop = (message: string) => done({ entries: [], problems: [problem('spec-url-stopped', 'error', message, fileName)] });
    const onIdle = () => stop(`${host} sent nothing for ${limits.idleMs / 1000} s (${had()} had come): the fetch was stopped. Try again, or download the spec and upload the file instead`);
    const whole = setTimeout(
      () => stop(`${host} had sent ${had()} after ${limits.totalMs / 1000} s, the most a fetch may take: it was stopped. Download the spec and upload the file instead`),
      limits.totalMs,
    );
    const onAbort = () => stop(`The fetch of ${url} was cancelled after ${Math.round((Date.now() - started) / 1000)} s (${had()} had come): nothing was opened`);
    function done(result: FetchedSpec) {
      clearTimeout(whole);
      clearTimeout(idle);
      signal?.removeEventListener('abort', onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(result);
    }
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(onIdle, limits.idleMs);
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<{ progress?: { received: number; total: number | null }; result?: FetchedSpec }>) => {
      const { progress, result } = event.data;
      if (result) done(result);
      else if (progress) {
        ({ received, total } = progress);
        alive();
        onProgress?.(received, total);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done({ entries: [], problems: [problem('spec-url', 'error', `The fetch could not be started: ${event.message || 'the worker failed'}`, fileName)] });
    };
    alive();
    worker.postMessage({ url, fileName });
  });
}
