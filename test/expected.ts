import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The committed expected output for the sample spec (`public/samples/hollowbrook.openapi.yaml`),
 * which the CLI's and the wizard's outputs are compared with, byte for byte:
 *
 * - `hollowbrook-guesthouse/`: the skill files `convert --out` writes (and the wizard shows);
 * - `hollowbrook-guesthouse.zip`: the bundle (`convert --zip`, the wizard's download);
 * - `hollowbrook-guesthouse.tools.zip`: the bundle with tools.json (`--zip --tools`);
 * - `tools.json`: what `tools` lists for it; `report.json`: `convert --report`.
 *
 * `UPDATE_EXPECTED=1 npx vitest run cli/convert.test.ts` rewrites them from the CLI's
 * output; review the diff (and the zips' listing) before committing it.
 */
export const EXPECTED_DIR = fileURLToPath(new URL('./expected/hollowbrook', import.meta.url));
export const EXPECTED_SKILL = 'hollowbrook-guesthouse';
export const updateExpected = process.env.UPDATE_EXPECTED === '1';

/** The expected skill files, by path inside the skill folder, in code-unit order. */
export function expectedSkillFiles(): Map<string, string> {
  const dir = join(EXPECTED_DIR, EXPECTED_SKILL);
  return new Map(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

/** One expected file's bytes (`report.json`, `hollowbrook-guesthouse.zip`, ...). */
export function expectedBytes(name: string): Buffer {
  return readFileSync(join(EXPECTED_DIR, name));
}

/** With UPDATE_EXPECTED=1: replace the expected files by these outputs (the skill folder, then single files). */
export function writeExpected(skillFolder: string, files: Record<string, string>): void {
  rmSync(join(EXPECTED_DIR, EXPECTED_SKILL), { recursive: true, force: true });
  mkdirSync(EXPECTED_DIR, { recursive: true });
  cpSync(skillFolder, join(EXPECTED_DIR, EXPECTED_SKILL), { recursive: true });
  for (const [name, from] of Object.entries(files)) copyFileSync(from, join(EXPECTED_DIR, name));
}
