import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * vitest's global setup: build `dist/cli.mjs` from the code as it is, so the tests that spawn
 * the CLI run the bundle that ships (the `skill-wizard` bin), never a stale one.
 */
export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build-cli.mjs', import.meta.url))], { stdio: 'inherit' });
}
