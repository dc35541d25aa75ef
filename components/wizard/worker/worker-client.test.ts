import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerClient, type WorkerClientEvent, type WorkerLike } from './worker-client';

/** A worker that keeps what it was sent and answers when the test says. */
class FakeWorker implements WorkerLike {
  readonly sent: { id: number; request: { type: string } }[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: unknown): void {
    this.sent.push(message as { id: number; request: { type: string } });
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(id: number, reply: unknown): void {
    this.onmessage?.({ data: { id, reply } } as MessageEvent);
  }
  post(data: unknown): void {
    this.onmessage?.({ data } as MessageEvent);
  }
}

const summary = { folder: 'x', origin: { kind: 'spec', name: 'x.yaml' }, files: [], problems: [], errors: 0, warnings: 0, tools: 0, removed: [], credentials: [], safety: { safe: 0, idempotent: 0, unsafe: 0 }, verdict: { kind: 'publishable' as const, spec: [] }, withoutUnresolved: false };

function started(options: ConstructorParameters<typeof WorkerClient>[1] = {}) {
  const workers: FakeWorker[] = [];
  const client = new WorkerClient(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  }, options);
  client.start();
  const events: WorkerClientEvent[] = [];
  client.subscribe((e) => events.push(e));
  return { client, workers, events, fake: () => workers[workers.length - 1] };
}

describe('WorkerClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves each request with the reply carrying its number, whatever order they come in', async () => {
    const { client, fake } = started();
    const first = client.send({ type: 'tool', path: 'a.md' });
    const second = client.send({ type: 'tool', path: 'b.md' });
    expect(fake().sent.map((m) => m.id)).toEqual([1, 2]);
    fake().answer(2, { type: 'error', message: 'second' });
    fake().answer(1, { type: 'error', message: 'first' });
    expect(await first).toEqual({ type: 'error', message: 'first' });
    expect(await second).toEqual({ type: 'error', message: 'second' });
    expect(client.waiting).toBe(0);
  });

  it('answers with an error, drawing nothing from it, when a reply is not of the protocol', async () => {
    const { client, fake } = started();
    const waiting = client.send({ type: 'file', path: 'a.md' });
    fake().answer(1, { type: 'file', file: { path: 'a.md', text: 7, version: 1, tool: { ok: false, reason: 'x' } } });
    expect(await waiting).toEqual({ type: 'error', message: "The wizard's worker answered with something the page cannot read: file.text: Invalid input: expected string, received number" });
  });

  it('answers every waiting request with an error when the worker fails, so nothing waits for ever', async () => {
    const { client, fake } = started();
    const waiting = [client.send({ type: 'tool', path: 'a.md' }), client.send({ type: 'export', tools: false })];
    fake().onerror?.({ message: 'out of memory' } as ErrorEvent);
    expect(await Promise.all(waiting)).toEqual([
      { type: 'error', message: "The wizard's worker stopped: out of memory" },
      { type: 'error', message: "The wizard's worker stopped: out of memory" },
    ]);
  });

  it('ignores a reply to a request it does not know when the worker sends one twice', async () => {
    const { client, fake } = started();
    const one = client.send({ type: 'tool', path: 'a.md' });
    fake().answer(1, { type: 'error', message: 'once' });
    fake().answer(1, { type: 'error', message: 'twice' });
    expect(await one).toEqual({ type: 'error', message: 'once' });
  });

  it('terminates the worker and answers what waits when stopped, and starts a new one when started again', async () => {
    const { client, workers } = started();
    const waiting = client.send({ type: 'tool', path: 'a.md' });
    client.stop();
    expect(workers[0].terminated).toBe(true);
    expect(await waiting).toMatchObject({ type: 'error' });
    expect(await client.send({ type: 'tool', path: 'a.md' })).toEqual({ type: 'error', message: 'The wizard is still starting; try again' });
    client.start();
    expect(workers).toHaveLength(2);
  });

  it('says a request is slow after a few seconds, with what it is, and that it is done when answered', () => {
    const { client, fake, events } = started({ stillWorkingMs: 3_000, now: () => 1_000 });
    void client.send({ type: 'call', path: 'get_x.md', args: '{}' });
    vi.advanceTimersByTime(2_999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([{ type: 'slow', label: 'the call preview of get_x.md', since: 1_000 }]);
    fake().answer(1, { type: 'error', message: 'x' });
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it('times each request from when the one before it was answered, not from when it was sent', () => {
    const { client, fake, events } = started({ stillWorkingMs: 3_000 });
    void client.send({ type: 'tool', path: 'a.md' });
    void client.send({ type: 'tool', path: 'b.md' });
    vi.advanceTimersByTime(2_000);
    fake().answer(1, { type: 'error', message: 'x' });
    vi.advanceTimersByTime(2_000);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(events).toEqual([expect.objectContaining({ type: 'slow', label: 'the tool preview of b.md' })]);
  });

  it('on Cancel, ends the worker, answers what waited with stopped, starts a new one and hands over the unsaved changes', async () => {
    let now = 0;
    const { client, workers, events } = started({ now: () => now });
    const edit = client.send({ type: 'edit', path: 'a.md', version: 1, text: 'A' });
    workers[0].answer(1, { type: 'edited', path: 'a.md', version: 2, summary });
    await edit;
    const removal = client.send({ type: 'remove', paths: ['b.md'] });
    workers[0].answer(2, { type: 'summary', summary });
    await removal;
    // A refused change is not one to make again.
    const refused = client.send({ type: 'edit', path: 'c.md', version: 1, text: 'C' });
    workers[0].answer(3, { type: 'stale', path: 'c.md', message: 'changed' });
    await refused;
    const hung = client.send({ type: 'call', path: 'a.md', args: '{}' });
    now = 7_000;
    client.cancel();
    expect(workers[0].terminated).toBe(true);
    expect(await hung).toEqual({ type: 'stopped', message: 'The wizard stopped the call preview of a.md: it was cancelled after 7 s' });
    expect(workers).toHaveLength(2);
    expect(events.filter((e) => e.type === 'restarted').at(-1)).toEqual({
      type: 'restarted',
      reason: 'cancel',
      stopped: { type: 'call', path: 'a.md', args: '{}' },
      unsaved: [
        { type: 'edit', path: 'a.md', version: 1, text: 'A' },
        { type: 'remove', paths: ['b.md'] },
      ],
    });
    // The new worker takes requests; a late answer from the old one is not heard.
    const next = client.send({ type: 'tool', path: 'a.md' });
    expect(workers[1].sent.map((m) => m.request.type)).toEqual(['tool']);
    workers[1].answer(5, { type: 'error', message: 'from the new one' });
    expect(await next).toEqual({ type: 'error', message: 'from the new one' });
  });

  it('forgets the changes a save holds, and those before a new skill was opened', async () => {
    const { client, workers, events } = started();
    const w = workers[0];
    for (const [i, path] of ['a.md', 'b.md', 'c.md'].entries()) {
      const sent = client.send({ type: 'revert', path });
      w.answer(i + 1, { type: 'summary', summary });
      await sent;
    }
    w.post({ event: { type: 'saved', draft: 'd1', through: 2 } });
    const hung = client.send({ type: 'export', tools: false });
    client.cancel();
    await hung;
    expect(events.filter((e) => e.type === 'restarted').at(-1)).toMatchObject({ unsaved: [{ type: 'revert', path: 'c.md' }] });

    const again = workers[1];
    const revert = client.send({ type: 'revert', path: 'd.md' });
    again.answer(5, { type: 'summary', summary });
    await revert;
    const opened = client.send({ type: 'regenerate', options: {} });
    again.answer(6, { type: 'opened', result: { ok: true, value: { summary, specProblems: [], specFiles: [] }, problems: [] } });
    await opened;
    const hungAgain = client.send({ type: 'export', tools: false });
    client.cancel();
    await hungAgain;
    expect(events.filter((e) => e.type === 'restarted').at(-1)).toMatchObject({ unsaved: [] });
  });

  it('stops a request by itself at the hard limit', async () => {
    const { client, workers, events } = started({ stillWorkingMs: 1_000, hardLimitMs: 10_000 });
    const hung = client.send({ type: 'convert', upload: { name: 'big.yaml', kind: 'files', entries: [] }, options: {} });
    vi.advanceTimersByTime(10_000);
    expect(await hung).toEqual({ type: 'stopped', message: 'The wizard stopped converting big.yaml: it took over 10 s' });
    expect(workers).toHaveLength(2);
    expect(events.map((e) => e.type)).toEqual(['slow', 'done', 'restarted']);
    expect(events.at(-1)).toMatchObject({ reason: 'limit' });
  });

  it('does nothing on Cancel when nothing waits', () => {
    const { client, workers, events } = started();
    client.cancel();
    expect([workers.length, workers[0].terminated, events]).toEqual([1, false, []]);
  });

  it('says how many changes wait to be saved, and passes on the draft a skill is kept as and a refused save', async () => {
    const { client, fake, events } = started();
    const edit = client.send({ type: 'edit', path: 'a.md', version: 1, text: 'A' });
    fake().answer(1, { type: 'edited', path: 'a.md', version: 2, summary });
    await edit;
    fake().post({ event: { type: 'draft', id: 'd9' } });
    fake().post({ event: { type: 'save-failed', draft: 'd9', message: 'QuotaExceededError' } });
    fake().post({ event: { type: 'saved', draft: 'd9', through: 1 } });
    expect(events).toEqual([
      { type: 'unsaved', count: 1 },
      { type: 'draft', id: 'd9' },
      { type: 'save-failed', message: 'QuotaExceededError' },
      { type: 'unsaved', count: 0 },
    ]);
  });
});
