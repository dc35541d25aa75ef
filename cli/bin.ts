/**
 * The `skill-wizard` command from the sources (`tsx cli/bin.ts …`). The shipped bin,
 * `dist/cli.mjs`, runs the same `runCli` from the bundle (scripts/build-cli.mjs); tests call
 * `main` directly or spawn the bin.
 */
import { runCli } from './process';

runCli(process.argv.slice(2));
