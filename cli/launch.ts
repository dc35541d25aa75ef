/**
 * The shipped bin, `dist/cli.mjs`: runs the bundle `dist/cli.cjs` (all of the CLI, one
 * script, but for the tokenizers' encodings in `dist/tokenizer-*.cjs`, required only when
 * tokens are counted). The bundle is CommonJS so that it can require those encodings lazily.
 */
import { createRequire } from 'node:module';

const { runCli } = createRequire(import.meta.url)('./cli.cjs') as { runCli(argv: string[]): void };
runCli(process.argv.slice(2));
