/**
 * Seeded randomness for property and fuzz tests: mulberry32, a small generator whose every
 * run from one seed is the same. `SEED=<n>` in the environment replaces a test's seed, and a
 * failure names the seed it ran with, so any failure can be replayed.
 */
export function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator's helpers: a float in [0, 1), an integer below `n`, one of a list. */
export interface Random {
  seed: number;
  next(): number;
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
}

export function random(seed: number): Random {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { seed, next, int, pick: (xs) => xs[int(xs.length)], chance: (p) => next() < p };
}

/**
 * Runs `body` with a generator seeded by `SEED` from the environment, else `seed`; a failure
 * is rethrown with `seed <n>` (and how to replay it) in front of its message.
 */
export function withSeed<T>(seed: number, body: (r: Random) => T): T {
  const env = typeof process !== 'undefined' ? process.env.SEED : undefined;
  const used = env !== undefined && env !== '' ? Number(env) : seed;
  try {
    return body(random(used));
  } catch (e) {
    if (e instanceof Error) e.message = `seed ${used} (replay with SEED=${used}): ${e.message}`;
    throw e;
  }
}
