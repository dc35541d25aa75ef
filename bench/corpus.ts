import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The vendor specs beside the project (../shared/specs), read in place, never copied. */
export const SPECS_DIR = resolve(import.meta.dirname, '../../shared/specs');

export interface CorpusSpec {
  folder: string;
  entry: string;
  format: string;
  operations: number;
}

export function corpusAvailable(): boolean {
  return existsSync(join(SPECS_DIR, 'MANIFEST.tsv'));
}

export function readManifest(): CorpusSpec[] {
  const lines = readFileSync(join(SPECS_DIR, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const header = lines[0].split('\t');
  const col = (name: string) => header.indexOf(name);
  return lines.slice(1).map((line) => {
    const cells = line.split('\t');
    return { folder: cells[col('folder')], entry: cells[col('entry_file')], format: cells[col('format')], operations: Number(cells[col('operations')]) };
  });
}

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
