/**
 * Builds the CLI: `dist/cli.cjs`, the whole CLI as one script (but for the tokenizers'
 * encodings, `dist/tokenizer-*.cjs`), and `dist/cli.mjs`, the `skill-wizard` bin of
 * package.json, which runs it (cli/launch.ts).
 * Run by `npm ci` / `npm install` (`prepare`), `npm run build:cli`, the bench, and vitest's
 * global setup (so the tests that spawn the CLI spawn what ships, built from the code as it is).
 */
import { build } from 'esbuild';
import { chmod, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CLI_BUNDLE = `${root}dist/cli.mjs`;

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

/**
 * zod's messages in 40-odd languages, 330 KB of the bundle that every command compiles and
 * runs on start: the CLI speaks English, so the locales' index gives English alone. Were
 * zod to move the file, the filter would match nothing and the bundle would only be larger.
 */
function englishOnly() {
  return {
    name: 'zod-english-only',
    setup(b) {
      b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
        contents: "export { default as en } from './en.js';",
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

export async function buildCli() {
  // What earlier builds left: files of an older layout, tokenizers no longer imported.
  await rm(`${root}dist`, { recursive: true, force: true });
  const common = { absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'none' };
  const encodings = new Set();
  await Promise.all([
    // CommonJS, so that the tokenizers' encodings are required only when a count needs them.
    build({ ...common, entryPoints: ['cli/process.ts'], outfile: `${root}dist/cli.cjs`, format: 'cjs', minifyWhitespace: true, plugins: [tokenizersApart(encodings), englishOnly()] }),
    build({ ...common, entryPoints: ['cli/launch.ts'], outfile: CLI_BUNDLE, format: 'esm', banner: { js: '#!/usr/bin/env node' } }),
  ]);
  await Promise.all([...encodings].map((e) => build({ ...common, entryPoints: [`gpt-tokenizer/encoding/${e}`], outfile: `${root}dist/tokenizer-${e}.cjs`, format: 'cjs', minifyWhitespace: true })));
  // Executable, so the file runs as the `skill-wizard` command (npm links it as the bin).
  await chmod(CLI_BUNDLE, 0o755);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
