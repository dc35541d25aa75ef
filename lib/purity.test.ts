import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LIB = fileURLToPath(new URL('.', import.meta.url));

/** Every source file of lib/ (tests and generated validators aside). */
function sources(dir = LIB): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'fixtures') out.push(...sources(full));
    } else if (/\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name)) out.push(full);
  }
  return out;
}

describe('lib/', () => {
  const files = sources();

  it('is found (the walk reads the folders it should)', () => {
    const rel = files.map((f) => relative(LIB, f).split('\\').join('/'));
    for (const expected of ['openapi/load-spec.ts', 'convert/convert.ts', 'wizard/session.ts', 'bundle/zip/read.ts', 'rules/index.ts']) expect(rel).toContain(expected);
  });

  // STYLE.md: lib/ is pure, so the browser's worker, the CLI and the tests run it unchanged,
  // and a `$ref` can never make it read a disk or reach a network.
  it.each(files.map((f) => [relative(LIB, f), f]))('%s does no I/O of its own: no node: module, fs, fetch, window or clock', (_, file) => {
    // Comments may name what the code must not do; only code counts.
    const src = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    expect(src).not.toMatch(/from ['"](node:|fs|path|http|https|net|child_process|os)['"/]/);
    expect(src).not.toMatch(/(?<![.\w])(fetch|XMLHttpRequest|require|setTimeout|setInterval)\s*\(/);
    expect(src).not.toMatch(/(?<![.\w])(window|document|localStorage|indexedDB|process)\./);
    expect(src).not.toMatch(/\bDate\.now\(|new Date\(\)|Math\.random\(/);
  });
});
