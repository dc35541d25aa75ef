/**
 * An edit of types.json re-checks and re-publishes only the operations whose arguments reach
 * a changed type (`typesDelta`): the problems and the publications must be exactly what a
 * full check of the package read afresh gives, edit after edit.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadSpec } from '../openapi';
import { convertSpec } from '../convert';
import { publishOperation, publishTools } from '../publish/publish';
import { packageFiles, parseSkillPackage, updateSkillFile, type SkillPackage } from '../skill/package';
import { TYPES_FILE } from '../skill/types-file';
import { MANIFEST_FILE } from '../skill/manifest';
import { corpusAvailable, readSpecFolder } from '../../test/corpus';
import { seeded, type Random } from '../../test/random';
import { checkPackage, createChecker, RULES, type FileRule } from './index';
import { packageOf } from './test-helpers';

const op = (name: string, schema: object) => `---
operation:
  method: PUT
  url: https://pets.example.com/v1/${name}/{id}
  schema: |
    ${JSON.stringify(schema)}
---
Change a ${name}.
`;

const TYPES = {
  Id: { $ref: '#/types/Text' },
  Text: { type: 'string' },
  Address: { type: 'object', properties: { city: { type: 'string' } } },
  Owner: { type: 'object', properties: { name: { $ref: '#/types/Text' }, address: { $ref: '#/types/Address' }, friends: { type: 'array', items: { $ref: '#/types/Owner' } } } },
  Tag: { type: 'object', properties: { label: { type: 'string' } } },
};

const FILES = {
  'SKILL.md': '---\nname: pets\ndescription: Change pets, owners and tags in the pet store.\n---\n# Pets\n\n## Operations\n- `change_pet`: Change a pet.\n- `change_owner`: Change an owner.\n- `change_tag`: Change a tag.\n',
  'types.json': `${JSON.stringify(TYPES, null, 2)}\n`,
  // `id` is a path parameter through two references: `path-parameters` reads Id, then Text.
  'change_pet.md': op('pet', { type: 'object', required: ['id'], properties: { id: { $ref: '#/types/Id' }, owner: { $ref: '#/types/Owner' } } }),
  'change_owner.md': op('owner', { type: 'object', required: ['id'], properties: { id: { type: 'string' }, address: { $ref: '#/types/Address' } } }),
  'change_tag.md': op('tag', { type: 'object', required: ['id'], properties: { id: { type: 'string' }, tag: { $ref: '#/types/Tag' } } }),
};

/** Every operation's publication, as text: what a fresh parse of the same files publishes must be the same. */
function publications(pkg: SkillPackage): string[] {
  return pkg.operations.map((o) => {
    const p = publishOperation(pkg, o);
    if (!p) return `${o.file}: none`;
    const e = p.expansion;
    return `${o.file}: ${p.tool.name} ${e.ok ? e.json : JSON.stringify(e)}`;
  });
}

/** The incremental check and publication of `pkg` against those of its files read afresh. */
function expectSameAsFresh(checker: ReturnType<typeof createChecker>, pkg: SkillPackage, what: string): void {
  const fresh = parseSkillPackage(packageFiles(pkg));
  expect(checker.check(pkg), what).toEqual(checkPackage(fresh));
  expect(publications(pkg), what).toEqual(publications(fresh));
  expect(JSON.stringify(publishTools(pkg)), what).toEqual(JSON.stringify(publishTools(fresh)));
}

describe('an edit of types.json', () => {
  it('re-checks only the operations whose arguments reach a changed type, directly or through other types', () => {
    let pkg = packageOf(FILES);
    const checker = createChecker();
    checker.check(pkg);
    const checked = vi.spyOn(RULES['path-parameters'] as FileRule, 'check');
    try {
      const edit = (types: object) => {
        checked.mockClear();
        pkg = updateSkillFile(pkg, TYPES_FILE, `${JSON.stringify(types, null, 2)}\n`);
        checker.check(pkg);
        const files = checked.mock.calls.map(([o]) => o.file).sort();
        expectSameAsFresh(checker, pkg, JSON.stringify(types));
        return files;
      };
      // Address is reached by change_owner directly and by change_pet through Owner; change_tag does not reach it.
      let types: Record<string, unknown> = { ...TYPES, Address: { ...TYPES.Address, description: 'Where one lives.' } };
      expect(edit(types)).toEqual(['change_owner.md', 'change_pet.md']);
      // The same JSON written again (another layout): nothing changed, nothing is re-checked.
      checked.mockClear();
      pkg = updateSkillFile(pkg, TYPES_FILE, JSON.stringify(types));
      checker.check(pkg);
      expect(checked.mock.calls).toEqual([]);
      expectSameAsFresh(checker, pkg, 'same JSON');
      // Text, two references below change_pet's `id`: an object now, which a path parameter cannot be.
      types = { ...types, Text: { type: 'object' } };
      expect(edit(types)).toEqual(['change_pet.md']);
      expect(checker.check(pkg).filter((p) => p.ruleId === 'path-parameters').map((p) => p.file)).toEqual(['change_pet.md']);
      // A type taken out, then put back with a new one nothing names.
      const { Tag, ...noTag } = types;
      expect(edit(noTag)).toEqual(['change_tag.md']);
      types = { ...noTag, Tag, Unused: { type: 'string' } };
      expect(edit(types)).toEqual(['change_tag.md']);
      // Its keys in another order are another published text: re-checked.
      types = { ...types, Tag: { properties: TYPES.Tag.properties, type: 'object' } };
      expect(edit(types)).toEqual(['change_tag.md']);
    } finally {
      checked.mockRestore();
    }
  });

  it('gives the problems and tools of a full check through 300 random edits of types, operations and the skill name', () => {
    const rnd = seeded(0x7e9e5);
    let pkg = packageOf(FILES);
    const checker = createChecker();
    expectSameAsFresh(checker, pkg, 'opened');
    const names = ['Id', 'Text', 'Address', 'Owner', 'Tag', 'Missing', 'Extra'];
    for (let i = 0; i < 300; i++) {
      const [path, text] = randomEdit(rnd, pkg, names);
      pkg = updateSkillFile(pkg, path, text);
      expectSameAsFresh(checker, pkg, `edit ${i} of ${path}`);
    }
  });

  it.skipIf(!corpusAvailable())('gives the problems and tools of a full check through random edits of a vendor spec’s types.json', async () => {
    const loaded = await loadSpec(readSpecFolder('xero-accounting'), { entry: 'xero_accounting.yaml' });
    if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
    const result = convertSpec(loaded.value, {});
    let pkg = parseSkillPackage({ folder: result.folder, files: result.files });
    const names = [...pkg.types!.types.keys()];
    expect(names.length).toBeGreaterThan(40);
    const rnd = seeded(0xa11ce);
    const checker = createChecker();
    expectSameAsFresh(checker, pkg, 'converted');
    for (let i = 0; i < 25; i++) {
      const [path, text] = randomEdit(rnd, pkg, [...names, 'Missing']);
      pkg = updateSkillFile(pkg, path, text);
      expectSameAsFresh(checker, pkg, `edit ${i} of ${path}`);
    }
  }, 120_000);
});

/** One random change: mostly to one type of types.json, sometimes an operation's reference or the skill's name. */
function randomEdit(rnd: Random, pkg: SkillPackage, names: string[]): [string, string] {
  const roll = rnd.next();
  if (roll < 0.08 && pkg.manifest) {
    return [MANIFEST_FILE, pkg.manifest.text.replace(/^name: .*$/m, `name: ${rnd.pick(['pets', 'petshop', 'Bad Name'])}`)];
  }
  if (roll < 0.2 && pkg.operations.length > 0) {
    const o = rnd.pick(pkg.operations);
    const refs = [...o.text.matchAll(/#\/types\/[^"\\]+/g)];
    if (refs.length > 0) {
      const at = rnd.pick(refs);
      return [o.file, o.text.slice(0, at.index) + `#/types/${rnd.pick(names)}` + o.text.slice(at.index! + at[0].length)];
    }
    return [o.file, o.text.replace(/\n---\n/, '\n---\nEdited. ')];
  }
  const types: Record<string, unknown> = pkg.types ? JSON.parse(pkg.types.text) : {};
  const keys = Object.keys(types);
  const name = keys.length > 0 && rnd.chance(0.85) ? rnd.pick(keys) : rnd.pick(names);
  const ref = () => ({ $ref: `#/types/${rnd.pick(names)}` });
  switch (rnd.int(8)) {
    case 0:
      delete types[name];
      break;
    case 1:
      types[name] = { type: rnd.pick(['string', 'object', 'integer']) };
      break;
    case 2:
      // A reference somewhere inside, to any name (itself, one missing).
      types[name] = { type: 'object', properties: { ...(isObject(types[name]) && isObject(types[name].properties) ? types[name].properties : {}), [`p${rnd.int(5)}`]: ref() } };
      break;
    case 3:
      // Over the 24 KiB every operation reaching it would publish.
      types[name] = { type: 'object', description: 'x'.repeat(rnd.pick([100, 30_000])), properties: { next: ref() } };
      break;
    case 4:
      types[name] = ref();
      break;
    case 5:
      types[name] = { type: 'array', items: { $ref: `#/types/${name}` }, description: `Edit ${rnd.int(1000)}` };
      break;
    case 6:
      // Only the layout changes: the same JSON.
      return [TYPES_FILE, JSON.stringify(types)];
    default:
      types[name] = { ...(isObject(types[name]) ? types[name] : {}), description: `Edited ${rnd.int(1000)}` };
  }
  return [TYPES_FILE, `${JSON.stringify(types, null, 2)}\n`];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
