import { describe, expect, it } from 'vitest';
import { loadSpec } from '../openapi';
import { convertSpec } from '../convert/convert';
import type { SpecInput } from '../convert/model';
import { updateSkill } from './update';
import { formatUpdateReport } from './report';

type Ops = Record<string, Record<string, unknown>>;

function spec(version: string, paths: Ops, schemas: Record<string, unknown> = {}): string {
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets', version }, servers: [{ url: 'https://api.example.com' }], paths, components: { schemas } }, null, 2);
}

async function load(text: string): Promise<SpecInput> {
  const loaded = await loadSpec([{ path: 'openapi.json', text }], { validate: false });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
  return loaded.value;
}

const body = (properties: Record<string, unknown>, required: string[] = []) => ({
  requestBody: { content: { 'application/json': { schema: { type: 'object', required, properties } } } },
  responses: { '200': { description: 'ok' } },
});

const OLD: Ops = {
  '/pets': {
    get: { operationId: 'listPets', summary: 'List pets.', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: { '200': { description: 'ok' } } },
    post: { operationId: 'createPet', summary: 'Create a pet.', ...body({ name: { type: 'string', description: 'The name.' }, kind: { type: 'string', enum: ['cat', 'dog', 'bird'] } }, ['name']) },
  },
  '/pets/{petId}': {
    get: { operationId: 'showPet', summary: 'Show a pet.', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } },
    delete: { operationId: 'deletePet', summary: 'Delete a pet.', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '204': { description: 'gone' } } },
  },
};

/** The newer version: an operation added, one removed, a path parameter renamed, a query parameter renamed, an argument added, made required, an enum value removed, a type changed. */
const NEW: Ops = {
  '/pets': {
    get: { operationId: 'listPets', summary: 'List pets.', parameters: [{ name: 'max', in: 'query', schema: { type: 'integer' } }, { name: 'owner', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } },
    post: { operationId: 'createPet', summary: 'Create a pet.', ...body({ name: { type: 'string', description: 'The name.' }, kind: { type: 'string', enum: ['cat', 'dog'] }, age: { type: 'integer' } }, ['name', 'kind']) },
  },
  '/pets/{id}': {
    get: { operationId: 'showPet', summary: 'Show a pet.', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } },
  },
  '/owners': {
    get: { operationId: 'listOwners', summary: 'List owners.', responses: { '200': { description: 'ok' } } },
  },
};

async function generated(text: string) {
  const r = convertSpec(await load(text));
  return { folder: r.folder, files: new Map(r.files) };
}

describe('updateSkill', () => {
  it('without edits gives exactly the newer spec\'s generation, and the same spec changes nothing', async () => {
    const skill = await generated(spec('1', OLD));
    const newer = await generated(spec('2', NEW));
    const up = updateSkill({ skill, from: await load(spec('1', OLD)), to: await load(spec('2', NEW)) });
    expect(up.conflicts).toEqual([]);
    expect([...up.files]).toEqual([...newer.files].sort(([a], [b]) => (a === 'SKILL.md' ? -1 : b === 'SKILL.md' ? 1 : a < b ? -1 : 1)));
    const same = updateSkill({ skill, from: await load(spec('1', OLD)), to: await load(spec('1', OLD)) });
    expect(new Map(same.files)).toEqual(skill.files);
    expect(same.report.changes).toEqual([]);
  });

  it('keeps edits, follows the spec, and reports what changed for callers', async () => {
    const skill = await generated(spec('1', OLD));
    const create = skill.files.get('create_pet.md')!;
    // A description edited, prose added, and the schema tightened (a maximum length).
    skill.files.set('create_pet.md', create.replace('"description": "The name."', '"description": "The pet\'s name, as its owner calls it.", "maxLength": 40').replace('Create a pet.', 'Create a pet.\n\nUse it once per pet.'));
    const up = updateSkill({ skill, from: await load(spec('1', OLD)), to: await load(spec('2', NEW)) });
    expect(up.conflicts).toEqual([]);
    const merged = up.files.get('create_pet.md')!;
    expect(merged).toContain("The pet's name, as its owner calls it.");
    expect(merged).toContain('"maxLength": 40');
    expect(merged).toContain('Use it once per pet.');
    expect(merged).toContain('"age"');
    expect(merged).toContain('"required": ["name", "kind"]');
    expect(up.files.has('delete_pet.md')).toBe(false);
    expect(up.files.has('list_owners.md')).toBe(true);
    const kinds = up.report.changes.map((c) => `${c.operation} ${c.kind} ${c.argument ?? ''} ${c.breaking}`);
    expect(kinds).toEqual(expect.arrayContaining(['list_pets argument-renamed max true', 'list_pets argument-added owner false', 'create_pet argument-added age false', 'create_pet required kind true', 'create_pet enum-removed kind true']));
    expect(up.report.removed.map((r) => r.operation)).toEqual(['delete_pet']);
    expect(up.report.added.map((r) => [r.operation, r.kept])).toEqual([['list_owners', true]]);
    expect(formatUpdateReport(up.report)).toContain('BREAKING removed: delete_pet');
  });

  it('keeps removed operations removed, and in a skill curated by hand lists new ones without keeping them', async () => {
    const skill = await generated(spec('1', OLD));
    skill.files.delete('show_pet.md');
    skill.files.set('SKILL.md', skill.files.get('SKILL.md')!.replace(/- `show_pet`.*\n/, ''));
    const up = updateSkill({ skill, from: await load(spec('1', OLD)), to: await load(spec('2', NEW)) });
    expect(up.conflicts).toEqual([]);
    expect([...up.files.keys()].filter((f) => f !== 'SKILL.md').sort()).toEqual(['create_pet.md', 'list_pets.md']);
    expect(up.files.get('SKILL.md')).not.toContain('show_pet');
    expect(up.files.get('SKILL.md')).not.toContain('list_owners');
    expect(up.report.added).toEqual([expect.objectContaining({ operation: 'list_owners', kept: false })]);
  });

  it('lists conflicting edits, with markers, and settles them either way', async () => {
    const skill = await generated(spec('1', OLD));
    skill.files.set('list_pets.md', skill.files.get('list_pets.md')!.replace('List pets.', 'List every pet.'));
    const NEWER = structuredClone(NEW);
    (NEWER['/pets'].get as { summary: string }).summary = 'List the pets.';
    const input = { skill, from: await load(spec('1', OLD)), to: await load(spec('2', NEWER)) };
    const up = updateSkill(input);
    expect(up.conflicts.map((c) => [c.file, c.kind])).toEqual(expect.arrayContaining([['list_pets.md', 'lines']]));
    expect(up.files.get('list_pets.md')).toContain('<<<<<<< mine\nList every pet.\n||||||| before\nList pets.\n=======\nList the pets.\n>>>>>>> newer spec');
    expect(updateSkill({ ...input, settle: 'mine' }).files.get('list_pets.md')).toContain('List every pet.');
    expect(updateSkill({ ...input, settle: 'newer' }).files.get('list_pets.md')).not.toContain('List every pet.');
    // Both settled texts, for a merge view to set side by side.
    expect(up.settled.get('list_pets.md')).toEqual({ mine: updateSkill({ ...input, settle: 'mine' }).files.get('list_pets.md'), newer: updateSkill({ ...input, settle: 'newer' }).files.get('list_pets.md') });
    expect([...up.settled.keys()]).toEqual([...new Set(up.conflicts.map((c) => c.file))].sort());
  });

  it('reports an operation whose path changed, matched by its operationId, as renamed', async () => {
    const MOVED = structuredClone(NEW);
    MOVED['/animals/{id}'] = MOVED['/pets/{id}'];
    delete MOVED['/pets/{id}'];
    const skill = await generated(spec('1', OLD));
    const up = updateSkill({ skill, from: await load(spec('1', OLD)), to: await load(spec('2', MOVED)) });
    expect(up.report.renamed).toEqual([{ operation: 'show_pet', method: 'GET', path: '/animals/{id}', from: { operation: 'show_pet', method: 'GET', path: '/pets/{petId}' } }]);
    expect(up.report.added.map((a) => a.operation)).toEqual(['list_owners']);
    expect(formatUpdateReport(up.report)).toContain('renamed: show_pet (GET /pets/{petId}) -> show_pet (GET /animals/{id})');
    expect(up.generated.files.has('show_pet.md')).toBe(true);
  });

  it('reports an edited operation gone upstream and keeps its text', async () => {
    const skill = await generated(spec('1', OLD));
    const edited = skill.files.get('delete_pet.md')!.replace('Delete a pet.', 'Delete a pet for good.');
    skill.files.set('delete_pet.md', edited);
    const up = updateSkill({ skill, from: await load(spec('1', OLD)), to: await load(spec('2', NEW)) });
    expect(up.editedRemoved.get('delete_pet.md')).toBe(edited);
    expect(up.report.removed).toEqual([expect.objectContaining({ operation: 'delete_pet', edited: true, breaking: true })]);
  });
});

describe('updateSkill, each kind of change against each kind of edit', () => {
  const Pet = { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer' } } };
  const withPet = (pet: unknown, path = '/pets/{petId}', param = 'petId') =>
    spec('1', {
      '/pets': { post: { operationId: 'createPet', summary: 'Create a pet.', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { pet: { $ref: '#/components/schemas/Pet' }, other: { $ref: '#/components/schemas/Pet' } } } } } }, responses: { '200': { description: 'ok' } } } },
      '/pets/batch': { post: { operationId: 'createPets', summary: 'Create pets.', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { first: { $ref: '#/components/schemas/Pet' } } } } } }, responses: { '200': { description: 'ok' } } } },
      [path]: { get: { operationId: 'showPet', summary: 'Show a pet.', parameters: [{ name: param, in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } },
    }, { Pet: pet });

  it('merges a type edited here with a property added upstream (types.json)', async () => {
    const skill = await generated(withPet(Pet));
    const types = JSON.parse(skill.files.get('types.json')!);
    types.Pet.properties.name.description = 'What the owner calls it.';
    skill.files.set('types.json', JSON.stringify(types, null, 2));
    const up = updateSkill({ skill, from: await load(withPet(Pet)), to: await load(withPet({ ...Pet, properties: { ...Pet.properties, colour: { type: 'string' } } })) });
    expect(up.conflicts).toEqual([]);
    const merged = JSON.parse(up.files.get('types.json')!);
    expect(merged.Pet.properties.name.description).toBe('What the owner calls it.');
    expect(merged.Pet.properties.colour).toEqual({ type: 'string' });
  });

  it('a type changed upstream and the same value edited here is a conflict with both values', async () => {
    const skill = await generated(withPet(Pet));
    const types = JSON.parse(skill.files.get('types.json')!);
    types.Pet.properties.size = { type: 'number' };
    skill.files.set('types.json', JSON.stringify(types, null, 2));
    const changed = { ...Pet, properties: { ...Pet.properties, size: { type: 'string' } } };
    const input = { skill, from: await load(withPet(Pet)), to: await load(withPet(changed)) };
    const up = updateSkill(input);
    expect(up.conflicts).toEqual([expect.objectContaining({ file: 'types.json', kind: 'value', pointer: '/Pet/properties/size/type', before: 'integer', mine: 'number', newer: 'string' })]);
    expect(JSON.parse(updateSkill({ ...input, settle: 'newer' }).files.get('types.json')!).Pet.properties.size.type).toBe('string');
  });

  it('follows a renamed path parameter, keeping the prose added here, and reports the rename as breaking', async () => {
    const skill = await generated(withPet(Pet));
    skill.files.set('show_pet.md', skill.files.get('show_pet.md')!.replace('Show a pet.', 'Show a pet.\n\nAsk for one pet at a time.'));
    const up = updateSkill({ skill, from: await load(withPet(Pet)), to: await load(withPet(Pet, '/pets/{id}', 'id')) });
    expect(up.conflicts).toEqual([]);
    expect(up.files.get('show_pet.md')).toContain('Ask for one pet at a time.');
    expect(up.files.get('show_pet.md')).toContain('/pets/{id}');
    expect(up.report.changes).toEqual([expect.objectContaining({ operation: 'show_pet', kind: 'argument-renamed', from: 'petId', to: 'id', breaking: true })]);
  });
});
