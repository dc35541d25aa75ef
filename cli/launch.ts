/**
 * The shipped bin, `dist/cli.mjs`: runs the bundle `dist/cli.cjs` (all of the CLI, one
 * script, but for the tokenizers' encodings in `dist/tokenizer-*.cjs` and the writer thread's
 * `dist/spec-validator.cjs`) with V8's code cache `dist/cli.cache`, which the build writes
 * after converting a few specs (scripts/build-cli.mjs), as it writes the validator's. With the cache, Node neither parses the bundle nor
 * compiles the functions those conversions ran: about a tenth of a second of every command
 * on this machine. Node 20 caches no ES module, so the bundle is a classic script compiled
 * through `vm.Script`. Without a cache, or with one another Node wrote (V8 refuses it), the
 * bundle is compiled as any script is: the same result, a little slower.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { BUNDLE_HEAD, BUNDLE_TAIL, cacheFileOf } from './script-bundle';
import { V8_FLAGS } from './v8-flags';

interface Cli {
  runCli(argv: string[]): void;
  main(argv: string[], io: { out(text: string): void; err(text: string): void }): Promise<number>;
}

/** What `dist/spec-validator.cjs` exports (cli/spec-validator.ts). */
interface SpecValidator {
  validateEntry(path: string, text: string): Promise<unknown>;
  place(pointers: readonly string[]): unknown;
}

// First: the flags count in the code cache's check, and apply to what is compiled after them.
setFlagsFromString(V8_FLAGS);

const dir = dirname(fileURLToPath(import.meta.url));
/** Set by the build only: a JSON list of argument lists to run, after which the caches are written. */
const warmUp = process.env.SKILL_WIZARD_WRITE_CODE_CACHE;

/** A bundle of `dir` compiled as cli/script-bundle.ts says (with its cache, unless warming up) and run: its exports, and the script. */
function load<T>(name: string): { exports: T; script: Script } {
  const bundle = join(dir, name);
  let cachedData: Buffer | undefined;
  if (warmUp === undefined) {
    try {
      cachedData = readFileSync(cacheFileOf(bundle));
    } catch {
      // No cache: compiled as any script.
    }
  }
  // Latin-1: 2.2 MB, 24 -> 15 ms of each start here against UTF-8.
  const script = new Script(`${BUNDLE_HEAD}${readFileSync(bundle, 'latin1')}${BUNDLE_TAIL}`, { filename: bundle, cachedData });
  const wrapped = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(wrapped.exports, createRequire(bundle), wrapped, bundle, dir);
  return { exports: wrapped.exports, script };
}

function writeCache(script: Script, name: string): void {
  const file = cacheFileOf(join(dir, name));
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, script.createCachedData());
  renameSync(temp, file);
}

const { exports: cli, script } = load<Cli>('cli.cjs');

if (warmUp === undefined) cli.runCli(process.argv.slice(2));
else {
  const quiet = { out: () => {}, err: () => {} };
  const runs = JSON.parse(warmUp) as string[][];
  for (const argv of runs) await cli.main(argv, quiet);
  writeCache(script, 'cli.cjs');
  // The writer thread's validator, warmed on the JSON specs converted above (what it is given).
  const validator = load<SpecValidator>('spec-validator.cjs');
  for (const [command, spec] of runs) {
    if (command !== 'convert' || !spec.endsWith('.json')) continue;
    await validator.exports.validateEntry(basename(spec), readFileSync(spec, 'utf8'));
    validator.exports.place(['/info/title', '/paths']);
  }
  writeCache(validator.script, 'spec-validator.cjs');
}
