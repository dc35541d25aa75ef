/**
 * Builds the CLI: `dist/cli.cjs`, the whole CLI as one script (but for the tokenizers'
 * encodings, `dist/tokenizer-*.cjs`); `dist/cli.mjs`, the
 * `skill-wizard` bin of package.json, which runs that script with V8's code cache
 * `dist/cli.cache` (cli/launch.ts); and the cache itself, written by the bin after converting
 * the repository's fixture specs, so the functions a conversion runs are in it compiled.
 * Run by `npm ci` / `npm install` (`prepare`), `npm run build:cli`, the bench, and vitest's
 * global setup (so the tests that spawn the CLI spawn what ships, built from the code as it is).
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CLI_BUNDLE = `${root}dist/cli.mjs`;
const FIXTURES = `${root}lib/convert/fixtures`;

/**
 * gpt-tokenizer's encodings are 6 MB of JavaScript, two thirds of the CLI, and only `tokens`,
 * `compat` and `--report` count tokens: each encoding the code imports becomes a script of its
 * own, `dist/tokenizer-<encoding>.cjs`, required when a count first needs it, so every other
 * command neither reads nor decodes it, which would otherwise slow each command's start. The encodings
 * are the ones the bundle asks for (`lib/targets/tokens/tokenizer.ts`), so a new one needs
 * no change here.
 */
function tokenizersApart(encodings) {
  return {
    name: 'tokenizers-apart',
    setup(b) {
      b.onResolve({ filter: /^gpt-tokenizer\/encoding\/[a-z0-9_]+$/ }, (args) => {
        const encoding = args.path.split('/').pop();
        encodings.add(encoding);
        return { path: encoding, namespace: 'tokenizer' };
      });
      b.onLoad({ filter: /.*/, namespace: 'tokenizer' }, (args) => ({ contents: `module.exports = require('./tokenizer-${args.path}.cjs');`, loader: 'js' }));
      b.onResolve({ filter: /^\.\/tokenizer-/ }, (args) => ({ path: args.path, external: true }));
    },
  };
}

export async function buildCli() {
  // What earlier builds left: the chunks of the ES module build, a cache of another bundle, tokenizers.
  await rm(`${root}dist`, { recursive: true, force: true });
  const common = { absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'none' };
  const encodings = new Set();
  await Promise.all([
    // One classic script (Node 20 keeps no code cache for an ES module). What a command does
    // not run (another OpenAPI version's validator) costs nothing but its bytes read: V8
    // compiles a function when it is first called, and the cache holds those that were.
    // Without whitespace and comments (names are kept, for stack traces): a quarter fewer
    // bytes to read, and all ASCII, so V8 holds it in one byte a character, not two.
    build({ ...common, entryPoints: ['cli/process.ts'], outfile: `${root}dist/cli.cjs`, format: 'cjs', minifyWhitespace: true, plugins: [tokenizersApart(encodings)] }),
    build({ ...common, entryPoints: ['cli/launch.ts'], outfile: CLI_BUNDLE, format: 'esm', banner: { js: '#!/usr/bin/env node' } }),
    // What the writer thread loads to validate a JSON spec (cli/spec-validator.ts): apart, so it neither reads the CLI nor a cache.
    build({ ...common, entryPoints: ['cli/spec-validator.ts'], outfile: `${root}dist/spec-validator.cjs`, format: 'cjs', minifyWhitespace: true }),
  ]);
  await Promise.all([...encodings].map((e) => build({ ...common, entryPoints: [`gpt-tokenizer/encoding/${e}`], outfile: `${root}dist/tokenizer-${e}.cjs`, format: 'cjs', minifyWhitespace: true })));
  // Executable, so the file runs as the `skill-wizard` command (npm links it as the bin).
  await chmod(CLI_BUNDLE, 0o755);
  await writeCodeCache();
}

/**
 * The code caches: the bin converts the fixtures (YAML and JSON, OpenAPI 3.0, 3.1 and Swagger
 * 2.0, a spec that is fitted, one with the report and the bundle) into a folder that is
 * then removed, and writes what V8 compiled on the way; then the writer thread's validator
 * validates the JSON ones, and its cache is written too (cli/launch.ts).
 */
async function writeCodeCache() {
  const work = await mkdtemp(join(tmpdir(), 'skill-wizard-warm-'));
  try {
    // JSON specs too: JSON is read and located by other code than YAML, and the writer
    // thread's validator is warmed on them (OpenAPI 3.0 and Swagger 2.0).
    const json = join(work, 'petstore.json');
    await writeFile(json, JSON.stringify(load(await readFile(`${FIXTURES}/petstore-30/openapi.yaml`, 'utf8')), null, 2));
    const swaggerJson = join(work, 'swagger.json');
    await writeFile(swaggerJson, JSON.stringify(load(await readFile(`${FIXTURES}/swagger-20/swagger.yaml`, 'utf8')), null, 2));
    const out = join(work, 'out');
    const runs = [
      ['convert', json, '--out', out, '--force'],
      ['convert', swaggerJson, '--out', out, '--force'],
      ['convert', `${FIXTURES}/swagger-20/swagger.yaml`, '--out', out, '--force'],
      ['convert', `${FIXTURES}/one-of/openapi.yaml`, '--out', out, '--force'],
      ['convert', `${FIXTURES}/multi/openapi.yaml`, '--out', out, '--force'],
      ['convert', `${FIXTURES}/fit/openapi.yaml`, '--out', out, '--force', '--zip', join(work, 'skill.zip'), '--tools'],
    ];
    execFileSync(process.execPath, [CLI_BUNDLE], { env: { ...process.env, SKILL_WIZARD_WRITE_CODE_CACHE: JSON.stringify(runs) }, stdio: 'inherit' });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
