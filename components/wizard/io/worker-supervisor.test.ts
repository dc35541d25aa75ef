import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWorker } from './fake-worker';
import { superviseWorker, withFetchPolicy, FETCH_WORKER_QUERY, type Supervision } from './worker-supervisor';

type Said = { tick?: number; answer?: string };

/** A run whose answers name what ended it, so each test can tell which one did. */
function run(extra: Partial<Supervision<Said, string>> = {}): Supervision<Said, string> {
  return {
    total: { ms: 10_000, result: () => 'total' },
    cancelled: (seconds) => `cancelled after ${seconds} s`,
    broken: (reason) => `broken: ${reason}`,
    receive: (data) => data.answer,
    ...extra,
  };
}

describe('superviseWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the message, answers with the worker's result, ends the worker and leaves no clock running", async () => {
    const worker = fakeWorker();
    const cancel = new AbortController();
    const answer = superviseWorker(worker, { go: 1 }, run({ signal: cancel.signal, idle: { ms: 1_000, result: () => 'idle' } }));
    expect(worker.posted).toEqual([{ go: 1 }]);
    worker.say({ tick: 1 });
    expect(worker.terminated).toBe(0);
    worker.say({ answer: 'done' });
    expect(await answer).toBe('done');
    expect(worker.terminated).toBe(1);
    expect(worker.onmessage).toBeNull();
    expect(worker.onerror).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    // A cancel after the answer is not heard.
    cancel.abort();
    expect(worker.terminated).toBe(1);
  });

  it('stops at the total limit, however busy the worker, and ignores what it says afterwards', async () => {
    const worker = fakeWorker();
    let told = 0;
    const answer = superviseWorker(worker, null, run({ idle: { ms: 2_000, result: () => 'idle' }, receive: (data) => (data.tick !== undefined ? void told++ : data.answer) }));
    for (let s = 0; s < 9; s++) {
      await vi.advanceTimersByTimeAsync(1_000);
      worker.say({ tick: s });
    }
    expect(worker.terminated).toBe(0);
    const onmessage = worker.onmessage;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answer).toBe('total');
    expect(worker.terminated).toBe(1);
    expect(told).toBe(9);
    // A message already on its way when the worker was ended: neither read nor answered.
    onmessage?.({ data: { tick: 99, answer: 'late' } } as MessageEvent);
    worker.say({ answer: 'late' });
    worker.fail('late');
    expect(told).toBe(9);
    expect(await answer).toBe('total');
    expect(worker.terminated).toBe(1);
  });

  it('stops a worker silent for the idle limit; each message restarts that clock', async () => {
    const worker = fakeWorker();
    const answer = superviseWorker(worker, null, run({ idle: { ms: 2_000, result: () => 'idle' } }));
    await vi.advanceTimersByTimeAsync(1_999);
    worker.say({ tick: 1 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(worker.terminated).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBe('idle');
    expect(worker.terminated).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    // One that never says a word is stopped as soon.
    const mute = fakeWorker();
    const nothing = superviseWorker(mute, null, run({ idle: { ms: 2_000, result: () => 'idle' } }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await nothing).toBe('idle');
    expect(mute.terminated).toBe(1);
  });

  it('has no idle limit unless one is given', async () => {
    const worker = fakeWorker();
    const answer = superviseWorker(worker, null, run());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(worker.terminated).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBe('total');
  });

  it('stops at once on cancel, saying how long it had run, and stops listening', async () => {
    const worker = fakeWorker();
    const cancel = new AbortController();
    const answer = superviseWorker(worker, null, run({ signal: cancel.signal }));
    await vi.advanceTimersByTimeAsync(2_600);
    cancel.abort();
    expect(await answer).toBe('cancelled after 3 s');
    expect(worker.terminated).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers a cancel given before the start at once, sending the worker nothing', async () => {
    const worker = fakeWorker();
    const cancel = new AbortController();
    cancel.abort();
    expect(await superviseWorker(worker, { go: 1 }, run({ signal: cancel.signal }))).toBe('cancelled after 0 s');
    expect(worker.posted).toEqual([]);
    expect(worker.terminated).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("names a worker that failed with the browser's word, or says it failed", async () => {
    const worker = fakeWorker();
    const answer = superviseWorker(worker, null, run());
    let prevented = false;
    worker.onerror?.({ message: 'blocked by the policy', preventDefault: () => (prevented = true) } as unknown as ErrorEvent);
    expect(await answer).toBe('broken: blocked by the policy');
    expect(prevented).toBe(true);
    expect(worker.terminated).toBe(1);
    const silent = fakeWorker();
    const unnamed = superviseWorker(silent, null, run());
    silent.fail('');
    expect(await unnamed).toBe('broken: the worker failed');
  });
});

describe('withFetchPolicy', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('adds the query to the script of the worker started inside it, and puts the global back even when the start throws', () => {
    const started: URL[] = [];
    class FakeWorker {
      constructor(script: string | URL) {
        started.push(new URL(script));
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    withFetchPolicy(() => new Worker('https://app.example/_next/static/chunks/turbopack-worker.js#params=x'));
    expect(started[0].searchParams.get(FETCH_WORKER_QUERY.key)).toBe(FETCH_WORKER_QUERY.value);
    expect(started[0].hash).toBe('#params=x');
    expect(globalThis.Worker).toBe(FakeWorker);
    expect(() =>
      withFetchPolicy(() => {
        throw new Error('no worker');
      }),
    ).toThrow('no worker');
    expect(globalThis.Worker).toBe(FakeWorker);
    new Worker('https://app.example/plain.js');
    expect(started[1].search).toBe('');
  });
});
