import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['lib/**/*.test.ts', 'components/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // vitest's default leaves a core free; on a two-core machine that is one worker and an idle
    // core, while the corpus files keep one core busy for half a minute each.
    maxWorkers: Math.max(2, availableParallelism()),
    // Test files share their worker's modules, so lib/ is loaded once a worker rather than once
    // a file. A test that stubs a global, spies or fakes timers puts them back itself, so no
    // file sees another's.
    isolate: false,
    globalSetup: ['test/build-cli.setup.ts'],
  },
});
