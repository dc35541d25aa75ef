/**
 * How the shipped bundles are compiled: each through `vm.Script`, wrapped as Node wraps a
 * CommonJS module (so its `require` is Node's), read as Latin-1 (esbuild writes them all
 * ASCII, a test holds it so: the same text, without UTF-8 decoding), with V8's code cache
 * beside it (`x.cjs`, `x.cache`). The bin compiles `dist/cli.cjs` so (cli/launch.ts), and the
 * writer thread `dist/spec-validator.cjs` (cli/writer-thread.ts, which writes the same lines
 * into its script from these constants and sends it the cache's name): a cache is taken only for the very text it was
 * written for, under the same V8 flags.
 */
export const BUNDLE_HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const BUNDLE_TAIL = '\n})';

/** A bundle's code cache: beside it, `.cache` for `.cjs`. */
export function cacheFileOf(bundle: string): string {
  return bundle.replace(/\.cjs$/, '.cache');
}
