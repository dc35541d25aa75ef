import { describe, expect, it } from 'vitest';
import { packageFiles, parseSkillPackage, updateSkillFile } from './package';
import { parseManifest, writeManifest } from './manifest';
import { parseTypesFile, writeTypesFile } from './types-file';
import { publishTools } from '../publish/publish';

const files = new Map([
  ['SKILL.md', writeManifest({ name: 'petstore', description: 'Pets.', title: 'Petstore', operations: [{ name: 'create_pet', description: 'Create a pet.' }] })],
  ['types.json', writeTypesFile({ Owner: { type: 'object', properties: { name: { type: 'string' } } } })],
  ['create_pet.md', '---\noperation:\n  method: POST\n  url: https://p.example/pets\n  body: [name]\n---\n# Create\n\nCreate a\npet.\n'],
  ['notes/readme.txt', 'x'],
]);

describe('parseSkillPackage', () => {
  it('sorts the parts of a package when files come in any order', () => {
    const pkg = parseSkillPackage({ folder: 'petstore', files });
    expect(pkg.manifest?.data.name).toBe('petstore');
    expect([...pkg.types!.types.keys()]).toEqual(['Owner']);
    expect(pkg.operations.map((o) => o.file)).toEqual(['create_pet.md']);
    expect(pkg.otherFiles).toEqual(['notes/readme.txt']);
    expect(packageFiles(pkg).files.get('create_pet.md')).toBe(files.get('create_pet.md'));
  });

  it('publishes the flat form converted to a schema with the first paragraph as description', () => {
    const [tool] = publishTools(parseSkillPackage({ folder: 'petstore', files }));
    expect(tool).toEqual({
      name: 'petstore_create_pet',
      alias: 'create_pet',
      description: 'Create a pet.',
      parameters: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      // A POST declares no safety: the method's (SPEC 8.1).
      safety: 'unsafe',
    });
  });

  it('re-reads only the changed file when one file is updated', () => {
    const pkg = parseSkillPackage({ folder: 'petstore', files });
    const next = updateSkillFile(pkg, 'list_pets.md', 'List pets.\n');
    expect(next.operations.map((o) => o.file)).toEqual(['create_pet.md', 'list_pets.md']);
    expect(next.operations[0]).toBe(pkg.operations[0]);
    expect(next.manifest).toBe(pkg.manifest);
  });
});

describe('parseManifest', () => {
  it('reads the Operations list with lines when the manifest was written by the wizard', () => {
    const text = writeManifest({
      name: 'petstore',
      description: 'List: create, and "look up" pets.',
      metadata: { 'source-title': 'Swagger Petstore', 'source-version': '1.0.0' },
      title: 'Swagger Petstore',
      intro: 'For pets.',
      authentication: 'API key in `X-API-Key`.',
      operations: [
        { name: 'list_pets', description: 'List all pets.' },
        { name: 'create_pet', description: 'Create a pet.' },
      ],
    });
    const m = parseManifest(text);
    expect(m.problems).toEqual([]);
    expect(m.data).toEqual({ name: 'petstore', description: 'List: create, and "look up" pets.', metadata: { 'source-title': 'Swagger Petstore', 'source-version': '1.0.0' } });
    expect(m.operations?.map((o) => o.name)).toEqual(['list_pets', 'create_pet']);
    expect(text.split('\n')[m.operations![1].line - 1]).toBe('- `create_pet`: Create a pet.');
  });
});

describe('parseTypesFile', () => {
  it('locates a type by pointer when types.json was written by the wizard', () => {
    const t = parseTypesFile(writeTypesFile({ B: { type: 'string' }, A: { type: 'object', properties: { b: { $ref: '#/types/B' } } } }));
    expect([...t.types.keys()]).toEqual(['A', 'B']);
    expect(t.position('/B')).toEqual({ line: 6, column: 3 });
  });
  it('reports the line of a JSON syntax error', () => {
    const t = parseTypesFile('{\n  "A": {"type": "string",}\n}\n');
    expect(t.problems[0]).toMatchObject({ ruleId: 'types-json', line: 2 });
  });
  it('keeps __proto__ as a type name', () => {
    const t = parseTypesFile('{"__proto__": {"type": "string"}}');
    expect([...t.types.keys()]).toEqual(['__proto__']);
  });
});
