import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The vendor specs beside the project (`../shared/specs`), for the tests and the benchmark:
 * third-party data, read in place and never copied. Absent in a fresh clone, where the
 * tests that need it report themselves skipped. `SPECS_DIR` in the environment points
 * elsewhere (a git worktree whose parent has no `shared/`).
 */
export const SPECS_DIR = process.env.SPECS_DIR ?? resolve(import.meta.dirname, '../../shared/specs');
/** The shared folder the specs are in (it also holds `targets/`). */
export const SHARED_DIR = resolve(SPECS_DIR, '..');

export interface CorpusSpec {
  folder: string;
  entry: string;
  format: string;
  operations: number;
}

export function corpusAvailable(): boolean {
  return existsSync(join(SPECS_DIR, 'MANIFEST.tsv'));
}

/** The rows of MANIFEST.tsv, read by column name. */
export function readManifest(): CorpusSpec[] {
  const [head, ...lines] = readFileSync(join(SPECS_DIR, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const cols = head.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    const get = (name: string) => cells[cols.indexOf(name)];
    return { folder: get('folder'), entry: get('entry_file'), format: get('format'), operations: Number(get('operations')) };
  });
}

/** Every file of a spec's folder (those whose name matches `only`, when given), as an upload of it. */
export function readSpecFolder(folder: string, only?: RegExp): { path: string; text: string }[] {
  const root = join(SPECS_DIR, folder);
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!only || only.test(name)) out.push({ path: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return out;
}

/** The bytes of a spec's folder, to pick the largest specs. */
export function folderBytes(folder: string): number {
  let n = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else n += st.size;
    }
  };
  walk(join(SPECS_DIR, folder));
  return n;
}
