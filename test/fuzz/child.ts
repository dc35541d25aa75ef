import { fuzzCase, runCase } from './cases';

/**
 * The fuzz test's worker process: runs cases `from` … `from + count - 1` of `seed` and
 * reports each to the harness as it ends (`{index, ms}`, or `{index, error}`), so the
 * harness can stop a case that runs past its budget, which no test inside one thread can.
 */
const [seed, from, count] = process.argv.slice(2).map(Number);

async function main(): Promise<void> {
  for (let index = from; index < from + count; index++) {
    process.send!({ start: index });
    const t0 = performance.now();
    try {
      const result = await runCase(fuzzCase(seed, index));
      process.send!({ index, ms: performance.now() - t0, ...result });
    } catch (e) {
      process.send!({ index, ms: performance.now() - t0, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  }
}

main().then(
  () => process.disconnect(),
  (e) => {
    process.send!({ index: -1, error: String(e) });
    process.disconnect();
  },
);
