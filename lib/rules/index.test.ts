import { describe, expect, it, vi } from 'vitest';
import { parseSkillPackage, updateSkillFile, type SkillPackage } from '../skill/package';
import { checkIncremental, checkPackage, createChecker, DEFAULT_SEVERITY, RULE_IDS, RULES, severityOf, type FileRule } from './index';
import { packageOf } from './test-helpers';

const SKILL = `---
name: petstore
description: List, create and look up pets in the Swagger Petstore.
metadata:
  source-title: Swagger Petstore
  source-version: "1.0.0"
---
# Swagger Petstore

A sample API for a pet store.

## Authentication
Requests go out through the platform's gateway, which attaches the API key.

## Operations
- \`create_pet\`: Create a pet.
- \`list_pets\`: List all pets.
- \`replace_pet\`: Replace a pet.
- \`update_pet\`: Update a pet's fields.
- \`upload_photo\`: Upload a photo of a pet.
`;

const TYPES = `{
  "Address": {"type": "object", "properties": {"city": {"type": "string"}}},
  "Owner": {
    "type": "object",
    "required": ["name"],
    "properties": {
      "name": {"type": "string", "description": "The owner's name."},
      "address": {"$ref": "#/types/Address"},
      "friends": {"type": "array", "items": {"$ref": "#/types/Owner"}}
    }
  }
}
`;

const LIST_PETS = `---
operation:
  method: GET
  url: https://petstore.example.com/v1/pets
  schema: |
    {
      "type": "object",
      "properties": {
        "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "How many pets to return."},
        "tags": {"type": "array", "items": {"type": "string"}}
      }
    }
  query: [limit, tags]
---
List all pets.

Returns a page of \`Pet\`s.
`;

const CREATE_PET = `---
operation:
  method: POST
  url: https://petstore.example.com/v1/pets
  schema: |
    {
      "type": "object",
      "required": ["name"],
      "properties": {
        "name": {"type": "string", "description": "The pet's name."},
        "tag": {"type": ["string", "null"]},
        "owner": {"$ref": "#/types/Owner", "description": "Who owns it."}
      }
    }
  identity: [name]
approval:
  matches: POST /v1/pets
  binds: [name]
---
Create a pet.

Creates a pet in the store. Quote the returned \`id\` to the user.
`;

const REPLACE_PET = `---
operation:
  method: PUT
  url: https://petstore.example.com/v1/pets/{petId}
  schema: |
    {
      "type": "object",
      "required": ["petId", "name"],
      "properties": {
        "petId": {"type": "string"},
        "dry_run": {"type": "boolean"},
        "name": {"type": "string"},
        "owner": {"$ref": "#/types/Owner"}
      }
    }
  query: [dry_run]
---
# Replace a pet

Replace a pet.
`;

const UPDATE_PET = `---
operation:
  method: PATCH
  url: https://petstore.example.com/v1/pets/{id}
  query: [notify]
  body: [name, age, nicknames]
  optional: [notify, age, nicknames]
  boolean: [notify]
  integer: [age]
  list: [nicknames]
---
Update a pet's fields.
`;

const UPLOAD_PHOTO = `Upload a photo of a pet.

The request body is multipart, so compose it by hand.

## The call
\`POST https://petstore.example.com/v1/pets/{petId}/photo\` with a \`multipart/form-data\` body holding \`file\`.
`;

const CLEAN = {
  'SKILL.md': SKILL,
  'types.json': TYPES,
  'list_pets.md': LIST_PETS,
  'create_pet.md': CREATE_PET,
  'replace_pet.md': REPLACE_PET,
  'update_pet.md': UPDATE_PET,
  'upload_photo.md': UPLOAD_PHOTO,
};

describe('RULES', () => {
  it('maps every rule id to the rule of that id', () => {
    expect(Object.keys(RULES).sort()).toEqual([...RULE_IDS].sort());
    for (const id of RULE_IDS) expect(RULES[id].id).toBe(id);
    // SPEC 5's 26, description-quality, SPEC 7.4's four, SPEC 8.4's five, json-numbers, lone-surrogates and yaml-characters.
    expect(RULE_IDS).toHaveLength(39);
    expect(RULE_IDS.slice(-3)).toEqual(['json-numbers', 'lone-surrogates', 'yaml-characters']);
    expect(Object.keys(DEFAULT_SEVERITY).sort()).toEqual([...RULE_IDS].sort());
  });
});

describe('severityOf', () => {
  it('gives each rule its SPEC 5 default and the three warning cases', () => {
    expect(severityOf('manifest-operations')).toBe('warning');
    expect(severityOf('description')).toBe('error');
    expect(severityOf('description', 'too-long')).toBe('warning');
    expect(severityOf('identity', 'safe-method')).toBe('warning');
    expect(severityOf('frontmatter', 'unknown-key')).toBe('warning');
    expect(severityOf('frontmatter')).toBe('error');
  });

  it('applies a preset by rule and by case when overrides are given', () => {
    expect(severityOf('description', undefined, { description: 'warning' })).toBe('warning');
    expect(severityOf('description', 'too-long', { description: 'error' })).toBe('warning');
    expect(severityOf('description', 'too-long', { 'description/too-long': 'error' })).toBe('error');
    expect(severityOf('description', 'too-long', { description: 'off' })).toBe('off');
  });
});

describe('checkPackage', () => {
  it('returns no problems when a realistic package is clean', () => {
    expect(checkPackage(packageOf(CLEAN))).toEqual([]);
  });

  it('reports problems of many rules sorted by file, line and column when the package is broken', () => {
    const pkg = packageOf({
      ...CLEAN,
      'SKILL.md': SKILL.replace('name: petstore', 'name: Petstore'),
      'create_pet.md': CREATE_PET.replace('"#/types/Owner"', '"#/types/Ownr"').replace('identity: [name]', 'identity: [nmae]'),
      'list_pets.md': LIST_PETS.replace('query: [limit, tags]', 'query: [limit]'),
    });
    const problems = checkPackage(pkg);
    expect(problems.map((p) => `${p.file}:${p.line} ${p.ruleId} ${p.severity}`)).toEqual([
      'SKILL.md:2 skill-name error',
      'SKILL.md:2 skill-name error',
      'create_pet.md:12 refs error',
      'create_pet.md:15 identity error',
      'list_pets.md:10 body-on-get error',
    ]);
    for (const p of problems) expect(p.column).toBeGreaterThanOrEqual(1);
  });

  it('drops a rule and changes a case when a preset says so', () => {
    const pkg = packageOf({ ...CLEAN, 'list_pets.md': LIST_PETS.replace('query: [limit, tags]', 'query: [limit, tags]\n  identity: [limit]') });
    expect(checkPackage(pkg).map((p) => [p.ruleId, p.severity])).toEqual([['identity', 'warning']]);
    expect(checkPackage(pkg, { severity: { 'identity/safe-method': 'off' } })).toEqual([]);
  });

  it('never throws and never reports a failed rule when files are garbage', () => {
    const junk: Record<string, string> = {
      'SKILL.md': '---\n- a\n- b\n---\n',
      'types.json': '[1, 2',
      'a.md': '---\noperation:\n  method: 5\n  url: {a: 1}\n  schema: 7\n  query: {a: 1}\n  body: [[1]]\napproval: 3\n---\n',
      'b.md': '---\noperation:\n  schema: |\n    {"type": "object", "properties": {"x": {"$ref": 5, "items": [1], "type": 7}}, "required": [1]}\n  query: [x, x, null]\n  identity: [x]\napproval:\n  matches: 5\n  binds: x\n---\n',
      'c.md': '---\noperation: null\napproval: null\n---\n\u0000\u0001binary',
      'd.md': '---\n---\n',
      'e.md': `---\noperation:\n  method: GET\n  url: https://x.example/${'{a}/'.repeat(50)}\n  schema: "{\\"type\\":\\"object\\",\\"properties\\":{\\"__proto__\\":{\\"type\\":\\"string\\"}}}"\n---\nx\n`,
    };
    const problems = checkPackage(packageOf(junk));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.filter((p) => p.message.startsWith('The rule failed'))).toEqual([]);
  });
});

describe('checkIncremental', () => {
  const edits: [string, string][] = [
    ['list_pets.md', LIST_PETS.replace('List all pets.', 'List every pet.')],
    ['create_pet.md', CREATE_PET.replace('binds: [name]', 'binds: [nam]')],
    ['new_thing.md', '---\noperation:\n  method: GET\n  url: https://petstore.example.com/v1/pets\n---\nAlso lists pets.\n'],
    ['types.json', TYPES.replace('"Address"', '"Adress"')],
    ['SKILL.md', SKILL.replace('name: petstore', 'name: pets')],
    ['SKILL.md', SKILL],
    ['types.json', TYPES],
    ['new_thing.md', 'Prose now.\n'],
    ['update_pet.md', UPDATE_PET.replace('optional: [notify,', 'optional: [notfy,')],
  ];

  it('equals a full check after each edit when files, types and the manifest change', () => {
    let pkg: SkillPackage = packageOf(CLEAN);
    const checker = createChecker();
    expect(checker.check(pkg)).toEqual(checkPackage(pkg));
    for (const [path, text] of edits) {
      pkg = updateSkillFile(pkg, path, text);
      expect(checker.check(pkg)).toEqual(checkPackage(pkg));
    }
  });

  it('reuses the results of files that did not change when one file is edited, and re-checks the edited one', () => {
    const pkg = packageOf(CLEAN);
    const first = checkIncremental(pkg);
    const next = updateSkillFile(pkg, 'list_pets.md', LIST_PETS.replace('method: GET', 'method: get'));
    // Which files a file rule is run on: only the edited one, and only once.
    const checked = vi.spyOn(RULES['operation-method'] as FileRule, 'check');
    try {
      const second = checkIncremental(next, first);
      expect(checked.mock.calls.map(([op]) => op.file)).toEqual(['list_pets.md']);
      const unchanged = next.operations.find((o) => o.file === 'create_pet.md')!;
      expect(second.files.get(unchanged)).toBe(first.files.get(unchanged));
      // The edited file's results are its own, not the stale ones of the file it replaced.
      const before = pkg.operations.find((o) => o.file === 'list_pets.md')!;
      const changed = next.operations.find((o) => o.file === 'list_pets.md')!;
      expect(first.files.get(before)).toEqual([]);
      expect(second.files.get(changed)!.map((p) => `${p.ruleId}: ${p.message}`)).toEqual(['operation-method: `get` must be written `GET`']);
      expect(second.problems).toEqual(checkPackage(next));
    } finally {
      checked.mockRestore();
    }
  });

  it('re-checks a file whose arguments name a type that types.json no longer has', () => {
    const pkg = packageOf(CLEAN);
    const first = checkIncremental(pkg);
    const next = updateSkillFile(pkg, 'types.json', TYPES.replace('"Owner"', '"Person"'));
    const second = checkIncremental(next, first);
    const create = next.operations.find((o) => o.file === 'create_pet.md')!;
    expect(second.files.get(create)).not.toBe(first.files.get(create));
    expect(second.problems.filter((p) => p.file === 'create_pet.md').map((p) => p.ruleId)).toEqual(['refs']);
  });

  // Its speed (a full check and a one-file re-check of 1,000 files) is measured by `npm run bench` (bench/skill-format.ts).
  it('re-checks only the edited one of 1,000 files, and gives what a full check gives', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `op_${String(i).padStart(4, '0')}`);
    const files = new Map<string, string>([['SKILL.md', SKILL.replace(/## Operations[\s\S]*/, `## Operations\n${names.map((n) => `- \`${n}\`: List pets.`).join('\n')}\n`)]]);
    for (let i = 0; i < 1000; i++) {
      files.set(`op_${String(i).padStart(4, '0')}.md`, LIST_PETS.replace('/v1/pets', `/v1/pets${i}/{id}`).replace('List all pets.', `List all pets in pen ${i}.`).replace('"properties": {', '"required": ["id"],\n      "properties": {\n        "id": {"type": "string"},'));
    }
    let pkg = parseSkillPackage({ folder: 'petstore', files });
    const checker = createChecker();
    expect(checker.check(pkg)).toEqual([]);
    const checked = vi.spyOn(RULES['operation-method'] as FileRule, 'check');
    try {
      for (const method of ['GET', 'FETCH']) {
        checked.mockClear();
        pkg = updateSkillFile(pkg, 'op_0500.md', files.get('op_0500.md')!.replace('method: GET', `method: ${method}`).replace('in pen 500.', `in pen 500 (${method}).`));
        const problems = checker.check(pkg);
        expect(checked.mock.calls.map(([op]) => op.file)).toEqual(['op_0500.md']);
        expect(problems).toEqual(checkPackage(pkg));
      }
      expect(checker.check(pkg).map((p) => `${p.file} ${p.ruleId}`)).toEqual(['op_0500.md operation-method']);
    } finally {
      checked.mockRestore();
    }
  });
});

// BAD-INPUT 30 and 31: a hand-written skill that passed every rule, then published
// `"maximum": null` or exported U+FFFD where the file had half a character.
describe('checkPackage on what publishing or exporting would silently change', () => {
  const manifest = '---\nname: petstore\ndescription: Pets.\n---\n# Pets\n\n## Operations\n- `create_pet`: Create a pet.\n';
  const file = (maximum: string, prose: string) =>
    `---\noperation:\n  method: POST\n  url: https://p.example/pets\n  schema: |\n    {"type": "object", "properties": {"age": {"type": "integer", "maximum": ${maximum}}}}\n---\n${prose}`;

  it('passes the same skill when its numbers and text are whole', () => {
    expect(checkPackage(packageOf({ 'SKILL.md': manifest, 'create_pet.md': file('30', 'Create a pet.\n') }))).toEqual([]);
  });

  it('reports an error when a bound is 1e400 and when the prose holds a lone surrogate', () => {
    const problems = checkPackage(packageOf({ 'SKILL.md': manifest, 'create_pet.md': file('1e400', 'Create a pet \ud83d.\n') }));
    expect(problems.map((p) => [p.ruleId, p.severity])).toEqual([
      ['json-numbers', 'error'],
      ['lone-surrogates', 'error'],
    ]);
  });
});
