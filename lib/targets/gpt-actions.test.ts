import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';
import { convertSpec } from '../convert/convert';
import { curateConversion } from '../curate';
import { loadSpec } from '../openapi';
import { parseSkillPackage } from '../skill/package';
import { gptActionsExport } from './gpt-actions';

const FIXTURES = join(import.meta.dirname, 'fixtures/gpt-actions');
const update = process.env.UPDATE_EXPECTED === '1';

async function load(files: { path: string; text: string }[], entry?: string) {
  const loaded = await loadSpec(files, entry !== undefined ? { entry } : {});
  if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
  return loaded.value;
}

describe('gptActionsExport', () => {
  it('writes the kept operations with the skill names and consequences', async () => {
    const spec = await load([{ path: 'spec.yaml', text: readFileSync(join(FIXTURES, 'spec.yaml'), 'utf8') }]);
    const curated = curateConversion(convertSpec(spec, {}), { excludeTags: ['admin'] }).result;
    const pkg = parseSkillPackage({ folder: curated.folder, files: curated.files }, curated.read);
    const exported = gptActionsExport(spec, pkg);
    if (!exported.ok) throw new Error(exported.problems[0]?.message);
    const { json, actions, unmatched } = exported.value;
    expect(unmatched).toEqual([]);
    expect(actions.map((a) => [a.method, a.path, a.tool, a.consequential])).toEqual([
      ['GET', '/pets', 'pet-store_list_pets', false],
      ['POST', '/pets', 'pet-store_create_pet', true],
      ['POST', '/pets/search', 'pet-store_search_pets', false],
    ]);
    const doc = JSON.parse(json) as { servers: unknown; paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths)).toEqual(['/pets', '/pets/search']);
    expect(Object.keys(doc.components.schemas)).toEqual(['Pet', 'NewPet']);
    expect(doc.servers).toEqual([{ url: 'https://api.example.com/v1' }]);
    const reloaded = await loadSpec([{ path: 'gpt-actions.json', text: json }]);
    expect(reloaded.ok && reloaded.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const expectedPath = join(FIXTURES, 'expected.json');
    if (update) writeFileSync(expectedPath, json);
    expect(json).toBe(readFileSync(expectedPath, 'utf8'));
    // The same inputs give the same bytes.
    const again = gptActionsExport(spec, pkg);
    expect(again.ok && again.value.json).toBe(json);
  });

  it('takes a server the user chose, and a safety the person edited', async () => {
    const spec = await load([{ path: 'spec.yaml', text: readFileSync(join(FIXTURES, 'spec.yaml'), 'utf8') }]);
    const converted = convertSpec(spec, { baseUrl: 'https://sandbox.example.com/v1' });
    const files = new Map(converted.files);
    const reset = [...files.keys()].find((f) => f.endsWith('reset_store.md'));
    if (!reset) throw new Error('no reset_store.md');
    files.set(reset, files.get(reset)!.replace('method: POST', 'method: POST\n  safety: safe'));
    const exported = gptActionsExport(spec, parseSkillPackage({ folder: converted.folder, files }));
    if (!exported.ok) throw new Error(exported.problems[0]?.message);
    const doc = JSON.parse(exported.value.json) as { servers: unknown; paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.servers).toEqual([{ url: 'https://sandbox.example.com/v1' }]);
    expect(doc.paths['/admin/reset'].post['x-openai-isConsequential']).toBe(false);
  });

  it('refuses Swagger 2.0', async () => {
    const text = JSON.stringify({ swagger: '2.0', info: { title: 'T', version: '1' }, host: 'api.example.com', paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } });
    const spec = await load([{ path: 'spec.json', text }]);
    const converted = convertSpec(spec, {});
    const exported = gptActionsExport(spec, parseSkillPackage({ folder: converted.folder, files: converted.files }));
    expect(exported.ok).toBe(false);
    if (!exported.ok) expect(exported.problems[0].message).toMatch(/OpenAPI 3\.x.*Swagger 2\.0/);
  });
});

/** Every OpenAPI 3.x spec of the corpus: the export is valid OpenAPI and holds exactly the skill's declared operations. Skipped when the corpus is absent. */
const present = corpusAvailable();
const rows = present ? readManifest().filter((r) => r.format.startsWith('oas3')) : [];

describe.skipIf(!present)('GPT Actions export of the vendor corpus', () => {
  for (const row of rows) {
    it(`is valid and holds the declared operations: ${row.folder}`, async () => {
      const spec = await load(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), row.entry);
      const converted = convertSpec(spec, { baseUrl: 'https://api.example.com/' });
      const pkg = parseSkillPackage({ folder: converted.folder, files: converted.files }, converted.read);
      const exported = gptActionsExport(spec, pkg);
      if (!exported.ok) throw new Error(exported.problems[0]?.message);
      expect(exported.value.unmatched, row.folder).toEqual([]);
      const declared = converted.report.declared.map((d) => `${d.method} ${d.path}`).sort();
      expect(exported.value.actions.map((a) => `${a.method} ${a.path}`).sort(), row.folder).toEqual(declared);
      const reloaded = await loadSpec([{ path: 'gpt-actions.json', text: exported.value.json }]);
      // What the vendor's own document gets wrong (Okta's path parameters without `required`) the export keeps; it adds nothing.
      const own = new Set((await loadSpec(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), { entry: row.entry })).problems.map((p) => p.message));
      const errors = reloaded.ok ? reloaded.problems.filter((p) => p.severity === 'error') : reloaded.problems;
      expect(errors.map((p) => p.message).filter((m) => !own.has(m)), row.folder).toEqual([]);
    }, 60_000);
  }
});
