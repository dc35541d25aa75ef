import { describe, expect, it } from 'vitest';
import { WorkerClient, type WorkerLike } from './worker-client';

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
}

describe('WorkerClient', () => {
  it('resolves each request with the reply carrying its number, whatever order they come in', async () => {
    const fake = new FakeWorker();
    const client = new WorkerClient(() => fake);
    const first = client.send({ type: 'tool', path: 'a.md' });
    const second = client.send({ type: 'tool', path: 'b.md' });
    expect(fake.sent.map((m) => m.id)).toEqual([1, 2]);
    fake.answer(2, { type: 'error', message: 'second' });
    fake.answer(1, { type: 'error', message: 'first' });
    expect(await first).toEqual({ type: 'error', message: 'first' });
    expect(await second).toEqual({ type: 'error', message: 'second' });
    expect(client.waiting).toBe(0);
  });

  it('answers every waiting request with an error when the worker fails, so nothing waits for ever', async () => {
    const fake = new FakeWorker();
    const client = new WorkerClient(() => fake);
    const waiting = [client.send({ type: 'tool', path: 'a.md' }), client.send({ type: 'export', tools: false })];
    fake.onerror?.({ message: 'out of memory' } as ErrorEvent);
    expect(await Promise.all(waiting)).toEqual([
      { type: 'error', message: "The wizard's worker stopped: out of memory" },
      { type: 'error', message: "The wizard's worker stopped: out of memory" },
    ]);
  });

  it('ignores a reply to a request it does not know when the worker sends one twice', async () => {
    const fake = new FakeWorker();
    const client = new WorkerClient(() => fake);
    const one = client.send({ type: 'tool', path: 'a.md' });
    fake.answer(1, { type: 'error', message: 'once' });
    fake.answer(1, { type: 'error', message: 'twice' });
    expect(await one).toEqual({ type: 'error', message: 'once' });
  });

  it('terminates the worker and answers what waits when closed', async () => {
    const fake = new FakeWorker();
    const client = new WorkerClient(() => fake);
    const waiting = client.send({ type: 'tool', path: 'a.md' });
    client.close();
    expect(fake.terminated).toBe(true);
    expect(await waiting).toMatchObject({ type: 'error' });
  });
});
