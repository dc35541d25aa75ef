import { onTestFailed } from 'vitest';

/**
 * Seeded randomness for tests: every random test draws from `mulberry32` with a seed of its
 * own, so a run is reproducible, and a failure prints the seed. `TEST_SEED=<n>` runs every
 * random test with seed n (to reproduce a failure, or to try other inputs); `TEST_SEED=random`
 * draws a new seed per test, printed when the test fails.
 */

/** mulberry32: a small 32-bit generator, uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Random {
  seed: number;
  /** Uniform in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  bytes(n: number): Uint8Array;
  /** One item of a list. */
  pick<T>(xs: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
}

/** The seed a test runs with: `TEST_SEED` when set, else the test's own. */
export function testSeed(own: number): number {
  const env = process.env.TEST_SEED;
  if (env === undefined || env === '') return own;
  if (env === 'random') return (Math.random() * 2 ** 32) >>> 0;
  const n = Number(env);
  if (!Number.isInteger(n)) throw new Error(`TEST_SEED must be an integer or "random", not ${JSON.stringify(env)}`);
  return n >>> 0;
}

/**
 * A seeded generator for the running test; when the test fails, its seed is printed with
 * the command line that reproduces it. Call it inside a test.
 */
export function seeded(own: number): Random {
  const seed = testSeed(own);
  onTestFailed(({ task }) => {
    console.error(`"${task.name}" ran with seed ${seed}; reproduce with TEST_SEED=${seed}`);
  });
  return random(seed);
}

/** A generator without the test hook (for helpers that run outside a test). */
export function random(seed: number): Random {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  return {
    seed,
    next,
    int,
    pick: (xs) => xs[int(xs.length)],
    chance: (p) => next() < p,
    bytes(n) {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = int(256);
      return out;
    },
  };
}
