import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendMessage, SendOutcome } from './send-call';
import { fakeWorker } from './fake-worker';
import { superviseSend } from './send-supervisor';

/** A send worker the test speaks for: its outcome as `send-call.worker.ts` posts it. */
function sendWorker() {
  const worker = fakeWorker();
  return Object.assign(worker, { answer: (outcome: SendOutcome) => worker.say({ outcome }) });
}

const message: SendMessage = { request: { method: 'POST', url: 'https://inn.example/bookings', headers: {} } };

describe('superviseSend', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers with the worker's outcome and ends the worker", async () => {
    const worker = sendWorker();
    const sent = superviseSend(worker, message);
    expect(worker.posted).toEqual([message]);
    const outcome: SendOutcome = { ok: true, answer: { status: 201, statusText: '', headers: [], body: '{}', bytes: 2 } };
    worker.answer(outcome);
    expect(await sent).toEqual(outcome);
    expect(worker.terminated).toBe(1);
  });

  it('stops a send with no answer after the limit, and on Cancel, naming the method and URL', async () => {
    const slow = sendWorker();
    const stopped = superviseSend(slow, message, { limitMs: 30_000 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await stopped).toEqual({ ok: false, kind: 'stopped', message: 'POST https://inn.example/bookings had no whole answer after 30 s: it was stopped.' });
    expect(slow.terminated).toBe(1);
    const cancelled = sendWorker();
    const controller = new AbortController();
    const sent = superviseSend(cancelled, message, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(2_000);
    controller.abort();
    expect(await sent).toMatchObject({ ok: false, kind: 'stopped', message: 'POST https://inn.example/bookings was cancelled after 2 s: what the server did with it cannot be told from here.' });
    expect(cancelled.terminated).toBe(1);
  });

  it('names a send whose worker could not start, and ignores what the worker says after it was stopped', async () => {
    const broken = sendWorker();
    const failed = superviseSend(broken, message);
    broken.fail('blocked');
    expect(await failed).toEqual({ ok: false, kind: 'broken', message: 'The send could not be started: blocked' });
    expect(broken.terminated).toBe(1);
    const late = sendWorker();
    const controller = new AbortController();
    const sent = superviseSend(late, message, { signal: controller.signal });
    const onmessage = late.onmessage;
    controller.abort();
    onmessage?.({ data: { outcome: { ok: true, answer: { status: 200, statusText: '', headers: [], body: '', bytes: 0 } } } } as MessageEvent);
    expect(await sent).toMatchObject({ ok: false, kind: 'stopped' });
    expect(late.terminated).toBe(1);
  });
});
