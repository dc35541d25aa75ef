import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { parseSkillPackage } from '../skill/package';
import { writeManifest } from '../skill/manifest';
import { writeOperationFile } from '../skill/operation-file';
import { exportBundle, exportFiles, importBundle, TOOLS_FILE } from './bundle';
import { writeSkillZip } from './zip';

function petstore(): Map<string, string> {
  return new Map([
    ['SKILL.md', writeManifest({ name: 'petstore', description: 'Pets.', title: 'Petstore', operations: [{ name: 'create_pet', description: 'Create a pet.' }, { name: 'upload_photo', description: 'Upload a photo.' }] })],
    [
      'create_pet.md',
      writeOperationFile({
        operation: { method: 'POST', url: 'https://p.example/pets', schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
        prose: 'Create a pet.\n\nQuote the returned `id`.\n',
      }),
    ],
    ['upload_photo.md', 'Upload a photo.\n\n## The call\n\n`POST https://p.example/pets/{id}/photo` with a multipart body.\n'],
  ]);
}

describe('exportFiles', () => {
  it('generates The call into files with an operation block and leaves prose-only files alone', () => {
    const out = exportFiles(parseSkillPackage({ folder: 'petstore', files: petstore() }));
    expect(out.files.get('create_pet.md')).toContain('Quote the returned `id`.\n\n## The call\n\n`POST https://p.example/pets`\n');
    expect(out.files.get('upload_photo.md')).toBe(petstore().get('upload_photo.md'));
    expect(out.files.has(TOOLS_FILE)).toBe(false);
  });

  it('replaces a hand-written call section when one is there', () => {
    const files = petstore();
    files.set('create_pet.md', files.get('create_pet.md')!.replace('Quote', '## The call\nPOST it by hand.\n\nQuote'));
    const text = exportFiles(parseSkillPackage({ folder: 'petstore', files })).files.get('create_pet.md')!;
    expect(text).not.toContain('by hand');
    expect(text.match(/## The call/g)).toHaveLength(1);
  });

  it('adds tools.json when asked', () => {
    const out = exportFiles(parseSkillPackage({ folder: 'petstore', files: petstore() }), { tools: true });
    expect(JSON.parse(out.files.get(TOOLS_FILE)!)).toEqual([
      { name: 'petstore_create_pet', alias: 'create_pet', description: 'Create a pet.', parameters: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, safety: 'unsafe' },
    ]);
  });
});

describe('importBundle', () => {
  it('gives back the files that were exported when a bundle is imported', () => {
    const zip = exportBundle(parseSkillPackage({ folder: 'petstore', files: petstore() }), { tools: true });
    const imported = importBundle(zip);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.value.folder).toBe('petstore');
    expect(new Map([...imported.value.files].sort())).toEqual(new Map([...petstore()].sort()));
  });

  it('exports byte-identical bytes again when an imported bundle is exported', () => {
    const first = exportBundle(parseSkillPackage({ folder: 'petstore', files: petstore() }));
    const imported = importBundle(first);
    if (!imported.ok) throw new Error('import failed');
    expect(exportBundle(parseSkillPackage(imported.value))).toEqual(first);
  });

  it('refuses a bundle whose file is not UTF-8, naming the file', () => {
    const zip = writeSkillZip('petstore', new Map<string, string | Uint8Array>([['SKILL.md', new Uint8Array([0xff, 0xfe, 0x00, 0x41])]]));
    const r = importBundle(zip);
    expect(r.ok).toBe(false);
    expect(r.problems[0].file).toContain('SKILL.md');
  });

  it('refuses garbage with a clear problem when the bytes are not a zip', () => {
    const r = importBundle(new TextEncoder().encode('not a zip at all'));
    expect(r.ok).toBe(false);
    expect(r.problems[0].ruleId).toMatch(/^zip-/);
  });
});

// BAD-INPUT 27: a backtick and line breaks in a parameter name must not end the code span in
// "The call": otherwise a fake heading, raw HTML and `---`/`admin: true` lines land in the
// exported file, import strips only up to the fake heading, and each cycle grows the file.
describe('export and import with markup in a parameter name', () => {
  const name = 'x`\n## Injected heading\n<img src=x onerror=alert(1)>\n---\nadmin: true';
  const files = () =>
    new Map([
      ['SKILL.md', writeManifest({ name: 'petstore', description: 'Pets.', title: 'Petstore', operations: [{ name: 'create_pet', description: 'Create a pet.' }] })],
      [
        'create_pet.md',
        writeOperationFile({
          operation: { method: 'POST', url: 'https://p.example/pets', schema: { type: 'object', properties: { [name]: { type: 'string', enum: ['<b onmouseover=alert(1)>x</b>'] } } } },
          prose: 'Create a pet.\n',
        }),
      ],
    ]);

  it('writes no heading, HTML or fence line but its own, and imports back to the same file, cycle after cycle', () => {
    let bundle = exportBundle(parseSkillPackage({ folder: 'petstore', files: files() }));
    const text = exportFiles(parseSkillPackage({ folder: 'petstore', files: files() })).files.get('create_pet.md')!;
    const prose = text.slice(text.indexOf('\n---\n') + 5);
    expect(prose.split('\n').filter((l) => /^(#|<|---|admin: true)/.test(l))).toEqual(['## The call']);
    for (let cycle = 0; cycle < 3; cycle++) {
      const imported = importBundle(bundle);
      if (!imported.ok) throw new Error('import failed');
      expect(imported.value.files.get('create_pet.md')).toBe(files().get('create_pet.md'));
      const again = exportBundle(parseSkillPackage(imported.value));
      expect(again).toEqual(bundle);
      bundle = again;
    }
  });
});

// Found by the fuzz test (BAD-INPUT 35).
describe('export and import of what UTF-8 or the import changes', () => {
  const roundTrip = (files: Map<string, string>) => {
    const first = exportBundle(parseSkillPackage({ folder: 'petstore', files }), { tools: true });
    const imported = importBundle(first);
    if (!imported.ok) throw new Error('import failed');
    return { first, second: exportBundle(parseSkillPackage(imported.value), { tools: true }), imported: imported.value.files };
  };

  it('exports a lone surrogate as U+FFFD everywhere at once, tools.json too, so a second export is the same', () => {
    const files = petstore();
    files.set('create_pet.md', files.get('create_pet.md')!.replace('Create a pet.', 'Create a pet \ud83d.'));
    const { first, second, imported } = roundTrip(files);
    expect(second).toEqual(first);
    expect(imported.get('create_pet.md')).toContain('Create a pet \ufffd.');
    expect(JSON.parse(exportFiles(parseSkillPackage({ folder: 'petstore', files }), { tools: true }).files.get(TOOLS_FILE)!)[0].description).toBe('Create a pet \ufffd.');
  });

  it('exports a file without the byte order mark it starts with, as the import reads it', () => {
    const files = petstore();
    files.set('create_pet.md', `\ufeff${files.get('create_pet.md')}`);
    const { first, second, imported } = roundTrip(files);
    expect(second).toEqual(first);
    expect(imported.get('create_pet.md')).toBe(petstore().get('create_pet.md'));
  });

  it('keeps a hand-written `## The call` where the declaration gives none to generate, on export and on import', () => {
    const files = petstore();
    const text = '---\noperation:\n  method: POST\n  url: https://p.example/pets\n  schema: |\n    {"type": "object", "properties": \n---\nCreate a pet.\n\n## The call\n\nPOST it.\n';
    files.set('create_pet.md', text);
    const { first, second, imported } = roundTrip(files);
    expect(imported.get('create_pet.md')).toBe(text);
    expect(second).toEqual(first);
  });
});

// BAD-INPUT 47: entries a skill does not hold were dropped on import without a word, and
// some would be `get_p.md` itself on Windows.
describe('importBundle of entries the skill format does not name', () => {
  const manifest = '---\nname: y\ndescription: Pets.\n---\n## Operations\n- `get_p`: Get p.\n';
  const op = '---\noperation:\n  method: GET\n  url: https://p.example/p\n---\nGet p.\n';
  const zip = (extra: string) => zipSync({ 'y/SKILL.md': strToU8(manifest), 'y/get_p.md': strToU8(op), [`y/${extra}`]: strToU8('x') });
  it.for([
    ['get_p.md.', 'zip-unknown-entry', 'is not a file a skill holds'],
    ['get_p.md. . ', 'zip-unknown-entry', 'is not a file a skill holds'],
    ['get_p.md::$DATA', 'zip-unknown-entry', 'has a `:` in its name'],
    ['get_p.md:Zone.Identifier', 'zip-unknown-entry', 'has a `:` in its name'],
    ['run.sh', 'zip-unknown-entry', 'is not a file a skill holds'],
    ['sub/deep.md', 'zip-unknown-entry', 'is in a folder inside the skill\'s'],
    ['con.md', 'zip-reserved-name', 'has a name Windows keeps for a device'],
    ['NUL.md', 'zip-reserved-name', 'has a name Windows keeps for a device'],
    ['com1.md', 'zip-reserved-name', 'has a name Windows keeps for a device'],
  ] as const)('refuses `%s`, naming it', ([name, ruleId, why]) => {
    const r = importBundle(zip(name));
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.problems).toEqual([expect.objectContaining({ ruleId, severity: 'error', message: expect.stringContaining(`Entry \`${name}\` ${why}`) })]);
  });

  it('imports SKILL.md, types.json, tools.json and operation files, and a file named like a device only in part', () => {
    const r = importBundle(zip('console.md'));
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect([...r.value.files.keys()].sort()).toEqual(['SKILL.md', 'console.md', 'get_p.md']);
    expect(importBundle(zip('types.json')).ok).toBe(true);
  });
});
