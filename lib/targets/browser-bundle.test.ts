import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = fileURLToPath(new URL('.', import.meta.url));

describe('lib/targets in a browser worker', () => {
  // The worker imports the meter, the report and the adapters; the tokenizers' ranks (megabytes
  // each) must stay out of that chunk and load only when a count asks for them.
  it('bundles for the browser with each tokenizer in a chunk of its own, loaded on demand', async () => {
    const result = await build({
      stdin: {
        contents: ["export * from './tokens/meter';", "export * from './tokens/models';", "export * from './compat/check';", "export * from './adapt/adapt';", "export * from './adapt/shapes';"].join('\n'),
        resolveDir: HERE,
        loader: 'ts',
      },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      splitting: true,
      outdir: 'out',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const outputs = Object.entries(result.metafile.outputs);
    const entry = outputs.find(([, o]) => o.entryPoint !== undefined)!;
    const rankChunks = outputs.filter(([, o]) => Object.keys(o.inputs).some((i) => /gpt-tokenizer\/esm\/bpeRanks\/o200k_base/.test(i)));
    expect(rankChunks).toHaveLength(1);
    // What the entry loads before any count: the chunks it imports statically, and theirs.
    const loaded = new Set<string>([entry[0]]);
    for (const path of loaded) for (const i of result.metafile.outputs[path].imports) if (i.kind === 'import-statement') loaded.add(i.path);
    expect([...loaded]).not.toContain(rankChunks[0][0]);
    expect(outputs.some(([, o]) => o.imports.some((i) => i.kind === 'dynamic-import' && i.path === rankChunks[0][0]))).toBe(true);
  });
});
