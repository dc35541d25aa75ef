import { describe, expect, it } from 'vitest';
import { loadSpec } from '../openapi';
import { convertSpec } from '../convert/convert';
import type { SpecInput } from '../convert/model';
import { differences, reviewSkill } from './two-way';

function spec(version: string, paths: Record<string, unknown>): string {
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets', version }, servers: [{ url: 'https://api.example.com' }], paths }, null, 2);
}

async function load(text: string): Promise<SpecInput> {
  const loaded = await loadSpec([{ path: 'openapi.json', text }], { validate: false });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
  return loaded.value;
}

const ok = { responses: { '200': { description: 'ok' } } };
const OLD = spec('1', {
  '/pets': { get: { operationId: 'listPets', summary: 'List pets.', ...ok } },
  '/pets/{id}': { delete: { operationId: 'deletePet', summary: 'Delete a pet.', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], ...ok } },
});
const NEW = spec('2', {
  '/pets': { get: { operationId: 'listPets', summary: 'List the pets, newest first.', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], ...ok } },
  '/owners': { get: { operationId: 'listOwners', summary: 'List owners.', ...ok } },
});

describe('reviewSkill (two ways, without the old spec)', () => {
  it('gives the newer generation unchanged, nothing to decide, when the skill is that generation', async () => {
    const to = await load(NEW);
    const skill = convertSpec(to, {});
    const review = reviewSkill({ skill: { folder: skill.folder, files: skill.files }, to });
    expect(review.conflicts).toEqual([]);
    expect(review.files).toEqual(skill.files);
    expect(review.report.added).toEqual([]);
    expect(review.report.removed).toEqual([]);
  });

  it('shows every difference for a decision, lists what only the newer spec has as waiting, and what it lacks as removed', async () => {
    const old = convertSpec(await load(OLD), {});
    const files = new Map(old.files);
    files.set('list_pets.md', files.get('list_pets.md')!.replace('List pets.', 'List pets, cats first.'));
    const review = reviewSkill({ skill: { folder: old.folder, files }, to: await load(NEW) });
    expect(review.report.from).toEqual({ title: 'Pets', version: '1' });
    expect(review.report.to).toEqual({ title: 'Pets', version: '2' });
    expect(review.report.added).toEqual([{ operation: 'list_owners', method: 'GET', path: '/owners', kept: false }]);
    expect(review.report.removed).toEqual([expect.objectContaining({ operation: 'delete_pet', method: 'DELETE', path: '/pets/{id}' })]);
    expect([...review.editedRemoved.keys()]).toEqual(['delete_pet.md']);
    expect(review.report.changes).toEqual([expect.objectContaining({ operation: 'list_pets', kind: 'argument-added', argument: 'limit', breaking: false })]);
    // Until decided, the skill's text; each side whole, to decide between.
    expect(review.files.get('list_pets.md')).toBe(files.get('list_pets.md'));
    expect(review.settled.get('list_pets.md')?.mine).toBe(files.get('list_pets.md'));
    expect(review.settled.get('list_pets.md')?.newer).toContain('List the pets, newest first.');
    expect(review.conflicts.filter((c) => c.file === 'list_pets.md').length).toBeGreaterThan(0);
    expect(review.files.has('list_owners.md')).toBe(false);
    expect(review.files.has('delete_pet.md')).toBe(false);
    // The same inputs, the same result.
    expect(reviewSkill({ skill: { folder: old.folder, files }, to: await load(NEW) }).files).toEqual(review.files);
  });
});

describe('differences', () => {
  it('lists each run of differing lines at its line in the person\'s text', () => {
    expect(differences('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual([
      { kind: 'lines', line: 2, mine: ['b'], before: [], newer: ['B'] },
      { kind: 'lines', line: 5, mine: [], newer: ['e'], before: [] },
    ]);
    expect(differences('same\ntext', 'same\ntext')).toEqual([]);
  });

  it('takes bounded time on a large text changed throughout: its differing middle is one run', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `line ${i}`);
    const b = a.map((l, i) => (i % 3 === 0 ? `${l} changed` : l));
    const t = performance.now();
    const runs = differences(['head', ...a, 'tail'].join('\n'), ['head', ...b, 'tail'].join('\n'));
    expect(performance.now() - t).toBeLessThan(2_000);
    expect(runs).toHaveLength(1);
    expect(runs[0].line).toBe(2);
  });
});
