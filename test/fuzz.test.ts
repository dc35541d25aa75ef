import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFailed } from 'vitest';
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
/**
 * The child's start (tsx compiling the lib it imports) before its first case: seconds, more
 * under load; a budget of its own, so a slow start is not blamed on a case.
 */
const START_MS = 120_000;

interface Outcome {
  done: number;
  failures: { index: number; error: string }[];
  overBudget: { index: number; ms: number }[];
  /** The case that was still running when the budget ran out, the process then killed. */
  hung?: number;
  /** The process was stopped before it started its first case. */
  neverStarted?: boolean;
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
    let started = false;
    let timer: NodeJS.Timeout | undefined;
    const watch = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (started) outcome.hung = running ?? -1;
        else outcome.neverStarted = true;
        child.kill('SIGKILL');
      }, ms);
    };
    watch(START_MS);
    child.on('message', (m: { start?: number; index?: number; ms?: number; error?: string; files?: number; calls?: number }) => {
      if (m.start !== undefined) {
        started = true;
        running = m.start;
        watch(BUDGET_MS);
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
      if (code !== 0 && outcome.hung === undefined && !outcome.neverStarted && outcome.done < count) outcome.failures.push({ index: -1, error: `the fuzz process ended (${code}): ${stderr}` });
      resolve(outcome);
    });
  });
}

// BAD-INPUT 35. `TEST_SEED=<n>` runs another set; `FUZZ_CASE=<i>` with the seed a failure
// names replays that one case; `FUZZ_COUNT` runs more or fewer.
describe('fuzz', () => {
  it(`loads, converts, checks, publishes, counts tokens, calls and exports ${COUNT} generated specs and skills with hostile names, values and patterns, long unbroken words, self-containing aliases and internal hosts: nothing throws, no case runs past its budget, export → import → export is identical`, { timeout: 600_000 }, async () => {
    const seed = testSeed(35_2026);
    onTestFailed(() => console.error(`the fuzz test ran with seed ${seed}; reproduce with TEST_SEED=${seed} (FUZZ_CASE=<i> for one case)`));
    const only = process.env.FUZZ_CASE;
    const outcome = only === undefined ? await fuzz(seed, 0, COUNT) : await fuzz(seed, Number(only), 1);
    const replay = (i: number) => (i < 0 ? `TEST_SEED=${seed}` : `TEST_SEED=${seed} FUZZ_CASE=${i}`);
    expect(outcome.neverStarted, `the fuzz process did not start a case within ${START_MS} ms`).toBeUndefined();
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
