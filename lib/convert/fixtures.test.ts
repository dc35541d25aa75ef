import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../openapi';
import { parseSkillPackage } from '../skill/package';
import { checkPackage } from '../rules';
import { convertSpec } from './convert';
import { formatReportSummary } from './report';

/**
 * Committed expected output for three small specs written for these tests: a 3.0 spec that
 * exercises most of SPEC 4, a Swagger 2.0 one with form data, and a multi-file 3.1 one with
 * relative `$ref`s. `UPDATE_EXPECTED=1 npx vitest run lib/convert/fixtures.test.ts` rewrites
 * the expected files; review the diff before committing it.
 */
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
const CASES = [
  { name: 'petstore-30', entry: 'openapi.yaml' },
  { name: 'swagger-20', entry: 'swagger.yaml' },
  { name: 'multi', entry: 'openapi.yaml', baseUrl: 'https://multi.example.com/v3/' },
];
const update = process.env.UPDATE_EXPECTED === '1';

function specFiles(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (name === 'expected') continue;
      if (statSync(full).isDirectory()) walk(full);
      else out.push({ path: relative(dir, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(dir);
  return out;
}

function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(dir, full).split('\\').join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

describe('convertSpec on the fixtures', () => {
  for (const c of CASES) {
    it(`writes the committed expected output byte for byte when converting ${c.name}`, async () => {
      const dir = join(FIXTURES, c.name);
      const loaded = await loadSpec(specFiles(dir), { entry: c.entry });
      if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
      const result = convertSpec(loaded.value, { baseUrl: c.baseUrl });
      const actual = new Map<string, string>();
      for (const [path, text] of result.files) actual.set(`${result.folder}/${path}`, text);
      actual.set('report.txt', formatReportSummary(result.report));
      actual.set('report.json', `${JSON.stringify(result.report, null, 2)}\n`);
      const expectedDir = join(dir, 'expected');
      if (update) {
        rmSync(expectedDir, { recursive: true, force: true });
        for (const [path, text] of actual) {
          const target = join(expectedDir, path);
          mkdirSync(join(target, '..'), { recursive: true });
          writeFileSync(target, text);
        }
      }
      const expected = readTree(expectedDir);
      expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [path, text] of actual) expect(text, path).toBe(expected.get(path));
      // The fixtures are written to pass every publish rule, save where the report says otherwise.
      const errors = checkPackage(parseSkillPackage({ folder: result.folder, files: result.files })).filter((p) => p.severity === 'error');
      expect(errors).toEqual([]);
    });
  }
});
