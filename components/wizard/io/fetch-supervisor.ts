import { problem } from '../../../lib/core/problem';
import type { FetchedSpec, FetchProgress } from './fetch-spec';
import { byteSize } from '../views/format';
import { superviseWorker, type SupervisedWorker } from './worker-supervisor';

/**
 * How long a spec's fetch may take (BAD-INPUT 32): a server that sends
 * nothing for `idleMs`, or has not sent the whole spec in `totalMs`, is stopped. 60 s
 * brings Stripe's 4 MB at 70 KB/s, or 50 MB (the one-file limit) at under 1 MB/s; a server
 * slower than that is better downloaded by hand and uploaded.
 */
export const FETCH_LIMITS = { idleMs: 15_000, totalMs: 60_000 };

export interface FetchOptions {
  /** Cancel: the fetch stops at once, its worker with it. */
  signal?: AbortSignal;
  onProgress?: FetchProgress;
  limits?: { idleMs: number; totalMs: number };
}

/** What `fetch-spec.worker.ts` posts: progress while it reads, then its result. */
type FetchWorkerMessage = { progress?: { received: number; total: number | null }; result?: FetchedSpec };

/**
 * Runs one fetch in its worker and answers once: with what it fetched, or why it stopped.
 * Cancel, no byte for a while, or too long in all end the worker, so a server that trickles
 * bytes never holds the page (the start buttons wait for this answer). Each is named, with
 * what had come.
 */
export function superviseFetch(worker: SupervisedWorker, url: string, fileName: string, options: FetchOptions = {}): Promise<FetchedSpec> {
  const { onProgress } = options;
  const limits = options.limits ?? FETCH_LIMITS;
  const host = new URL(url).host;
  let received = 0;
  let total: number | null = null;
  const had = () => (total !== null ? `${byteSize(received)} of ${byteSize(total)}` : byteSize(received));
  const stopped = (message: string): FetchedSpec => ({ entries: [], problems: [problem('spec-url-stopped', 'error', message, fileName)] });
  return superviseWorker<FetchWorkerMessage, FetchedSpec>(
    worker,
    { url, fileName },
    {
      signal: options.signal,
      total: {
        ms: limits.totalMs,
        result: () => stopped(`${host} had sent ${had()} after ${limits.totalMs / 1000} s, the most a fetch may take: it was stopped. Download the spec and upload the file instead`),
      },
      idle: {
        ms: limits.idleMs,
        result: () => stopped(`${host} sent nothing for ${limits.idleMs / 1000} s (${had()} had come): the fetch was stopped. Try again, or download the spec and upload the file instead`),
      },
      cancelled: (seconds) => stopped(`The fetch of ${url} was cancelled after ${seconds} s (${had()} had come): nothing was opened`),
      broken: (reason) => ({ entries: [], problems: [problem('spec-url', 'error', `The fetch could not be started: ${reason}`, fileName)] }),
      receive: ({ progress, result }) => {
        if (result) return result;
        if (progress) {
          ({ received, total } = progress);
          onProgress?.(received, total);
        }
        return undefined;
      },
    },
  );
}
