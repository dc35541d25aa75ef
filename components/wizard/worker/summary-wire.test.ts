import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../lib/core/problem';
import { ok } from '../../../lib/core/result';
import type { WizardReply } from '../../../lib/wizard/service';
import type { FileSummary, SessionSummary } from '../../../lib/wizard/session';
import { seeded } from '../../../test/random';
import { createSummarySender } from './summary-wire';
import { WorkerClient, type WorkerLike } from './worker-client';

/** A worker whose replies go through the worker's summary sender and a structured clone, as a real worker's do. */
class WireWorker implements WorkerLike {
  readonly sent: { id: number; request: { type: string } }[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private readonly sender = createSummarySender();
  /** What the worker posted, as the page received it. */
  readonly posted: unknown[] = [];
  postMessage(message: unknown): void {
    this.sent.push(message as { id: number; request: { type: string } });
  }
  terminate(): void {}
  answer(id: number, reply: WizardReply): void {
    const wire = this.sender(reply);
    const data = structuredClone({ id, reply: wire.reply, ...(wire.same ? { same: wire.same } : {}) });
    this.posted.push(data);
    this.onmessage?.({ data } as MessageEvent);
  }
}

const row = (path: string, errors = 0): FileSummary => ({ path, kind: 'operation', declared: true, errors, warnings: 0, edited: false });
const problem = (file: string, line: number): Problem => ({ ruleId: 'refs', severity: 'error', message: `No type at line ${line}`, file, line, column: 3 });
const summaryOf = (files: FileSummary[], problems: Problem[], tools = files.length): SessionSummary => ({
  folder: 'shop',
  origin: { kind: 'spec', name: 'shop.yaml' },
  files,
  problems,
  errors: problems.length,
  warnings: 0,
  tools,
  removed: [],
  credentials: [],
  safety: { safe: 0, idempotent: 0, unsafe: 0 },
  verdict: { kind: 'publishable', spec: [] },
  withoutUnresolved: false,
});
const opened = (summary: SessionSummary): WizardReply => ({ type: 'opened', result: ok({ summary, specProblems: [], specFiles: [] }) });

function client() {
  const workers: WireWorker[] = [];
  const c = new WorkerClient(() => {
    const w = new WireWorker();
    workers.push(w);
    return w;
  });
  c.start();
  const ask = async (reply: WizardReply) => {
    const answer = c.send({ type: 'revert', path: 'a.md' });
    const w = workers[workers.length - 1];
    w.answer(w.sent[w.sent.length - 1].id, reply);
    return answer;
  };
  return { client: c, workers, ask };
}

describe('a summary sent without what did not change', () => {
  it('gives the page every summary whole, the unchanged parts as the objects it was given before, through 200 random edits', async () => {
    const rnd = seeded(0x5a11e);
    const { ask, workers } = client();
    let files = ['a.md', 'b.md', 'c.md', 'types.json'].map((p) => row(p));
    let problems = [problem('a.md', 1)];
    const first = (await ask(opened(summaryOf(files, problems)))) as Extract<WizardReply, { type: 'opened' }>;
    let shown = first.result.ok ? first.result.value.summary : undefined;
    let leftOut = 0;
    for (let i = 0; i < 200; i++) {
      const roll = rnd.int(5);
      if (roll === 0) files = files.map((f, j) => (j === rnd.int(files.length) ? row(f.path, f.errors + 1) : f));
      else if (roll === 1) problems = rnd.chance(0.5) ? [...problems, problem(rnd.pick(files).path, rnd.int(40))] : problems.slice(1);
      else if (roll === 2) files = [...files, row(`n${i}.md`)];
      // Otherwise the same content as new objects: what the service makes on every edit.
      const sent = summaryOf(structuredClone(files), structuredClone(problems), rnd.int(3));
      const reply = await ask(rnd.chance(0.5) ? { type: 'edited', path: 'types.json', version: i, summary: sent } : { type: 'summary', summary: sent });
      if (reply.type !== 'edited' && reply.type !== 'summary') throw new Error(`got ${reply.type}`);
      expect(reply.summary).toEqual(sent);
      const same = (workers[0].posted.at(-1) as { same?: string[] }).same ?? [];
      if (same.includes('files')) expect(reply.summary.files).toBe(shown!.files);
      if (same.includes('problems')) expect(reply.summary.problems).toBe(shown!.problems);
      leftOut += same.length;
      shown = reply.summary;
    }
    // The random walk left parts out and sent parts whole.
    expect(leftOut).toBeGreaterThan(100);
    expect(leftOut).toBeLessThan(400);
  });

  it('sends the summary of a skill opened whole, and the first after a new worker starts', async () => {
    const { ask, client: c, workers } = client();
    const files = [row('a.md')];
    await ask(opened(summaryOf(files, [])));
    await ask({ type: 'summary', summary: summaryOf(files, []) });
    expect((workers[0].posted.at(-1) as { same?: string[] }).same).toEqual(['files', 'problems']);
    await ask(opened(summaryOf(files, [])));
    expect((workers[0].posted.at(-1) as { same?: string[] }).same).toBeUndefined();
    // A hang: Cancel ends the worker; the new one has sent nothing yet, so its first summary goes whole.
    const waiting = c.send({ type: 'tool', path: 'a.md' });
    c.cancel();
    await waiting;
    expect(workers).toHaveLength(2);
    const reply = await ask({ type: 'summary', summary: summaryOf(files, []) });
    expect((workers[1].posted.at(-1) as { same?: string[] }).same).toBeUndefined();
    expect(reply).toEqual({ type: 'summary', summary: summaryOf(files, []) });
  });

  it('answers with an error a summary that names parts left out when none came before', async () => {
    const c = new WorkerClient(() => new WireWorker());
    c.start();
    let posted: WireWorker | undefined;
    const c2 = new WorkerClient(() => (posted = new WireWorker()));
    c2.start();
    const answer = c2.send({ type: 'revert', path: 'a.md' });
    posted!.onmessage?.({ data: { id: posted!.sent[0].id, reply: { type: 'summary', summary: summaryOf([], []) }, same: ['files'] } } as MessageEvent);
    expect(await answer).toEqual({ type: 'error', message: "The wizard's worker answered with a summary that refers to one the page was not given" });
    c.stop();
  });
});
