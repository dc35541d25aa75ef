import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli';
import { testSeed } from './random';

/** Cases a run: half specs, half skills. */
const COUNT = Number(process.env.FUZZ_COUNT ?? 2000);
/**
 * The budget of one case. Cases take milliseconds; this catches one that backtracks or loops
 * (2^48 steps is hours), with room for a machine under load. Not a speed target: those are
 * `npm run bench`'s.
 */
const BUDGET_MS = 10_000;

interface Outcome {
  done: number;
  failures: { index: number; error: string }[];
  overBudget: { index: number; ms: number }[];
  /** The case that was still running when the budget ran out, the process then killed. */
  hung?: number;
  files: number;
  calls: number;
}

/** Runs cases in a process of their own (tsx), watching each against the budget. */
function fuzz(seed: number, from: number, count: number): Promise<Outcome> {
  const outcome: Outcome = { done: 0, failures: [], overBudget: [], files: 0, calls: 0 };
  const child = fork(fileURLToPath(new URL('./fuzz/child.ts', import.meta.url)), [String(seed), String(from), String(count)], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve) => {
    let running: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        outcome.hung = running;
        child.kill('SIGKILL');
      }, BUDGET_MS);
    };
    watch();
    child.on('message', (m: { start?: number; index?: number; ms?: number; error?: string; files?: number; calls?: number }) => {
      if (m.start !== undefined) {
        running = m.start;
        watch();
        return;
      }
      running = undefined;
      outcome.done++;
      if (m.error !== undefined) outcome.failures.push({ index: m.index!, error: m.error });
      if (m.ms! > BUDGET_MS) outcome.overBudget.push({ index: m.index!, ms: Math.round(m.ms!) });
      outcome.files += m.files ?? 0;
      outcome.calls += m.calls ?? 0;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0 && outcome.hung === undefined && outcome.done < count) outcome.failures.push({ index: -1, error: `the fuzz process ended (${code}): ${stderr}` });
      resolve(outcome);
    });
  });
}

// BAD-INPUT 35. `TEST_SEED=<n>` runs another set; `FUZZ_CASE=<i>` with the seed a failure
// names replays that one case; `FUZZ_COUNT` runs more or fewer.
describe('fuzz', () => {
  it(`loads, converts, checks, publishes, calls and exports ${COUNT} generated specs and skills with hostile names, values and patterns: nothing throws, no case runs past its budget, export → import → export is identical`, { timeout: 600_000 }, async () => {
    const seed = testSeed(35_2026);
    const only = process.env.FUZZ_CASE;
    const outcome = only === undefined ? await fuzz(seed, 0, COUNT) : await fuzz(seed, Number(only), 1);
    const replay = (i: number) => `TEST_SEED=${seed} FUZZ_CASE=${i}`;
    expect(outcome.hung, `case ${outcome.hung} ran past ${BUDGET_MS} ms and was stopped (${replay(outcome.hung!)})`).toBeUndefined();
    expect(outcome.failures.map((f) => `case ${f.index} (${replay(f.index)}): ${f.error}`)).toEqual([]);
    expect(outcome.overBudget.map((o) => `case ${o.index} took ${o.ms} ms (${replay(o.index)})`)).toEqual([]);
    expect(outcome.done).toBe(only === undefined ? COUNT : 1);
    // The cases reach what they are meant to: files generated and calls checked.
    if (only === undefined) {
      expect(outcome.files).toBeGreaterThan(COUNT);
      expect(outcome.calls).toBeGreaterThan(COUNT);
    }
  });
});
