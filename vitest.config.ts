import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['lib/**/*.test.ts', 'components/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's modules, so lib/ is loaded once a worker rather than once
    // a file. A test that stubs a global, spies or fakes timers puts them back itself, so no
    // file sees another's.
    isolate: false,
    globalSetup: ['test/build-cli.setup.ts'],
  },
});
