import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchedSpec } from './fetch-spec';
import { superviseFetch } from './fetch-supervisor';
import { fakeWorker } from './fake-worker';

/** A fetch worker the test speaks for: progress and results as `fetch-spec.worker.ts` posts them. */
function fetchWorker() {
  const worker = fakeWorker();
  return Object.assign(worker, {
    progress: (received: number, total: number | null = null) => worker.say({ progress: { received, total } }),
    result: (result: FetchedSpec) => worker.say({ result }),
  });
}

const URL_ = 'https://specs.example.test/openapi.yaml';
const limits = { idleMs: 15_000, totalMs: 60_000 };

describe('superviseFetch (BAD-INPUT 32)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers with what the worker fetched, tells the progress, and ends the worker', async () => {
    const worker = fetchWorker();
    const seen: [number, number | null][] = [];
    const answer = superviseFetch(worker, URL_, 'openapi.yaml', { limits, onProgress: (r, t) => seen.push([r, t]) });
    expect(worker.posted).toEqual([{ url: URL_, fileName: 'openapi.yaml' }]);
    worker.progress(0, 20);
    worker.progress(12, 20);
    const bytes = new Uint8Array(20);
    worker.result({ entries: [{ path: 'openapi.yaml', bytes }], problems: [] });
    expect(await answer).toEqual({ entries: [{ path: 'openapi.yaml', bytes }], problems: [] });
    expect(seen).toEqual([
      [0, 20],
      [12, 20],
    ]);
    expect(worker.terminated).toBe(1);
  });

  it('stops a server that trickles a byte a second at the time limit, naming what had come', async () => {
    const worker = fetchWorker();
    const answer = superviseFetch(worker, URL_, 'openapi.yaml', { limits });
    let received = 0;
    for (let s = 0; s < 59; s++) {
      await vi.advanceTimersByTimeAsync(1_000);
      worker.progress(++received);
    }
    expect(worker.terminated).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    const { entries, problems } = await answer;
    expect(entries).toEqual([]);
    expect(problems).toEqual([
      {
        ruleId: 'spec-url-stopped',
        severity: 'error',
        file: 'openapi.yaml',
        message: 'specs.example.test had sent 59 bytes after 60 s, the most a fetch may take: it was stopped. Download the spec and upload the file instead',
      },
    ]);
    expect(worker.terminated).toBe(1);
    // What the worker says after it was stopped changes nothing.
    worker.result({ entries: [{ path: 'openapi.yaml', bytes: new Uint8Array(1) }], problems: [] });
    expect((await answer).entries).toEqual([]);
  });

  it('stops a server that goes silent, before the time limit', async () => {
    const worker = fetchWorker();
    const answer = superviseFetch(worker, URL_, 'openapi.yaml', { limits });
    worker.progress(0, 4_000_000);
    await vi.advanceTimersByTimeAsync(10_000);
    worker.progress(1_200_000, 4_000_000);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(worker.terminated).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).problems[0].message).toBe(
      'specs.example.test sent nothing for 15 s (1.2 MB of 4.0 MB had come): the fetch was stopped. Try again, or download the spec and upload the file instead',
    );
    expect(worker.terminated).toBe(1);
  });

  it('stops at once on Cancel, ending the worker, and says it was cancelled', async () => {
    const worker = fetchWorker();
    const cancel = new AbortController();
    const answer = superviseFetch(worker, URL_, 'openapi.yaml', { limits, signal: cancel.signal });
    worker.progress(0);
    await vi.advanceTimersByTimeAsync(3_000);
    worker.progress(14);
    cancel.abort();
    expect((await answer).problems[0].message).toBe(`The fetch of ${URL_} was cancelled after 3 s (14 bytes had come): nothing was opened`);
    expect(worker.terminated).toBe(1);
  });

  it('names a worker that could not start', async () => {
    const worker = fetchWorker();
    const answer = superviseFetch(worker, URL_, 'openapi.yaml', { limits });
    worker.onerror?.({ message: 'blocked', preventDefault: () => {} } as ErrorEvent);
    expect((await answer).problems[0].message).toBe('The fetch could not be started: blocked');
    expect(worker.terminated).toBe(1);
  });
});
