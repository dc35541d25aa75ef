/**
 * The shipped bin, `dist/cli.mjs`: runs the bundle `dist/cli.cjs` (all of the CLI, one
 * script, but for the tokenizers' encodings in `dist/tokenizer-*.cjs`) with V8's code cache `dist/cli.cache`, which the build writes after converting a
 * few specs (scripts/build-cli.mjs). With the cache, Node neither parses the bundle nor
 * compiles the functions those conversions ran: about a tenth of a second of every command
 * on this machine. Node 20 caches no ES module, so the bundle is a classic script compiled
 * through `vm.Script`. Without a cache, or with one another Node wrote (V8 refuses it), the
 * bundle is compiled as any script is: the same result, a little slower.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { V8_FLAGS } from './v8-flags';

interface Cli {
  runCli(argv: string[]): void;
  main(argv: string[], io: { out(text: string): void; err(text: string): void }): Promise<number>;
}

// First: the flags count in the code cache's check, and apply to what is compiled after them.
setFlagsFromString(V8_FLAGS);

const dir = dirname(fileURLToPath(import.meta.url));
const bundle = join(dir, 'cli.cjs');
const cacheFile = join(dir, 'cli.cache');
/** Set by the build only: a JSON list of argument lists to run, after which the cache is written. */
const warmUp = process.env.SKILL_WIZARD_WRITE_CODE_CACHE;

let cachedData: Buffer | undefined;
if (warmUp === undefined) {
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No cache: compiled as any script.
  }
}
// The wrapper Node gives a CommonJS module, so the bundle's require() is Node's. Read as
// Latin-1, which is the same text for the bundle (esbuild writes it all ASCII, a test holds
// it so) and takes no UTF-8 decoding: 2.2 MB, 24 -> 15 ms of each thread's start here.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'latin1')}\n})`, { filename: bundle, cachedData });
const loaded = { exports: {} as Cli };
(script.runInThisContext() as (...args: unknown[]) => void)(loaded.exports, createRequire(bundle), loaded, bundle, dir);
const cli = loaded.exports;

if (warmUp === undefined) cli.runCli(process.argv.slice(2));
else {
  const quiet = { out: () => {}, err: () => {} };
  for (const argv of JSON.parse(warmUp) as string[][]) await cli.main(argv, quiet);
  const temp = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(temp, script.createCachedData());
  renameSync(temp, cacheFile);
}
