/**
 * Builds the CLI into one file, `dist/cli.mjs`: the `skill-wizard` bin of package.json.
 * Run by `npm ci` / `npm install` (`prepare`), `npm run build:cli`, the bench, and vitest's
 * global setup (so the tests that spawn the CLI spawn what ships, built from the code as it is).
 */
import { build } from 'esbuild';
import { chmod, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CLI_BUNDLE = `${root}dist/cli.mjs`;

export async function buildCli() {
  // Chunks are named by content: clear the old ones rather than let them pile up.
  await rm(`${root}dist/chunks`, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { cli: 'cli/bin.ts' },
    outdir: `${root}dist`,
    outExtension: { '.js': '.mjs' },
    // What a run may not need (the schema validator of another OpenAPI version, the zip
    // reader, a tokenizer) is a chunk of its own, loaded by its dynamic import() when used:
    // Node compiles only what the command runs.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    legalComments: 'none',
    // A bundled CommonJS dependency may still call require(); an ES module has none of its own.
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  // Executable, so the file runs as the `skill-wizard` command (npm links it as the bin).
  await chmod(CLI_BUNDLE, 0o755);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
