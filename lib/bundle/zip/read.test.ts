import { deflateSync, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSkillZip, readUploadZip } from './read';
import { enc, dec, rawZip, file, ruleIds } from '../../../test/raw-zip';
import { seeded } from '../../../test/random';

describe('readSkillZip', () => {
  it('reads a bundle when it holds one folder with or without a folder entry', () => {
    const withFolder = rawZip([{ name: 'pets/', attrs: (0o040755 << 16) >>> 0 }, file('pets/SKILL.md', 's')]);
    const without = rawZip([file('pets/SKILL.md', 's'), file('pets/a.md', 'a')]);
    const a = readSkillZip(withFolder);
    const b = readSkillZip(without);
    expect(a.ok && a.value.folder).toBe('pets');
    expect(a.ok && [...a.value.files.keys()]).toEqual(['SKILL.md']);
    expect(b.ok && [...b.value.files.keys()]).toEqual(['SKILL.md', 'a.md']);
  });

  it('reads a bundle zipped by fflate defaults when its entries carry DOS attributes', () => {
    const zip = zipSync({ pets: { 'SKILL.md': enc.encode('s'), 'x.md': enc.encode('x') } });
    const read = readSkillZip(zip);
    expect(read.ok && [...read.value.files.keys()]).toEqual(['SKILL.md', 'x.md']);
  });

  it('keeps `__proto__` and `constructor` entries as ordinary names when given a raw zip with them', () => {
    const zip = rawZip([file('s/SKILL.md'), file('s/__proto__', 'p'), file('s/constructor', 'c'), file('s/toString', 't')]);
    const read = readSkillZip(zip);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.files).toBeInstanceOf(Map);
    expect([...read.value.files.keys()]).toEqual(['SKILL.md', '__proto__', 'constructor', 'toString']);
    expect(dec.decode(read.value.files.get('__proto__'))).toBe('p');
  });

  it('refuses the bundle when it holds a file outside the folder', () => {
    const result = readSkillZip(rawZip([file('s/SKILL.md'), file('README.md')]));
    expect(ruleIds(result)).toEqual(['zip-layout']);
    expect(result.problems[0].message).toContain('exactly one folder');
  });

  it('refuses the bundle when it holds two top-level folders', () => {
    expect(ruleIds(readSkillZip(rawZip([file('a/SKILL.md'), file('b/SKILL.md')])))).toEqual(['zip-layout']);
  });

  it('refuses the bundle with a hint when macOS added a __MACOSX folder', () => {
    const result = readSkillZip(rawZip([file('s/SKILL.md'), { name: '__MACOSX/' }, file('__MACOSX/s/._SKILL.md')]));
    expect(ruleIds(result)).toEqual(['zip-layout']);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].message).toContain('macOS');
  });

  it('refuses the bundle when the zip is empty', () => {
    expect(ruleIds(readSkillZip(rawZip([])))).toEqual(['zip-layout']);
  });

  it('names the archive in the problem when given an archive name', () => {
    const result = readSkillZip(new Uint8Array(10), { archiveName: 'petstore.zip' });
    expect(result.problems[0].file).toBe('petstore.zip');
  });
});

describe('readUploadZip', () => {
  it('reads nested spec files with paths kept as they are when given a spec set', () => {
    const zip = rawZip([file('api/', ''), file('api/openapi.yaml', 'openapi: 3.1.0'), file('api/schemas/pet.yaml', 'type: object')]);
    const read = readUploadZip(zip);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect([...read.value.keys()]).toEqual(['api/openapi.yaml', 'api/schemas/pet.yaml']);
    expect(read.problems).toEqual([]);
  });

  it('reads files at the root and in several folders when given them', () => {
    const read = readUploadZip(rawZip([file('openapi.json', '{}'), file('a/x.yaml'), file('b/y.yaml')]));
    expect(read.ok && [...read.value.keys()]).toEqual(['a/x.yaml', 'b/y.yaml', 'openapi.json']);
  });

  it('skips hidden entries and __MACOSX with a warning when given a repository zip', () => {
    const zip = rawZip([
      file('repo/openapi.yaml', 'openapi: 3.0.0'),
      file('repo/.github/workflows/ci.yml'),
      file('repo/.DS_Store'),
      file('__MACOSX/repo/._openapi.yaml'),
    ]);
    const read = readUploadZip(zip);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect([...read.value.keys()]).toEqual(['repo/openapi.yaml']);
    expect(ruleIds(read)).toEqual(['zip-skipped-hidden']);
    expect(read.problems[0].severity).toBe('warning');
    expect(read.problems[0].message).toContain('3 hidden');
  });

  it('does not count skipped entries toward the unpacked limit when they are large', () => {
    const zip = rawZip([file('openapi.yaml'), { ...file('.git/pack'), size: 300 * 1024 * 1024, crc: 0 }]);
    expect(readUploadZip(zip).ok).toBe(true);
  });

  it.each([
    ['../x.yaml', 'zip-parent-segment'],
    ['/x.yaml', 'zip-absolute-path'],
    ['..\\x.yaml', 'zip-backslash'],
    ['C:/x.yaml', 'zip-drive-letter'],
    ['x\u0000.yaml', 'zip-control-character'],
    [`${'a'.repeat(300)}.yaml`, 'zip-long-name'],
    ['.github/../../x', 'zip-parent-segment'],
  ])('refuses the whole upload when an entry is named %j, even inside a skipped folder', (name, ruleId) => {
    expect(ruleIds(readUploadZip(rawZip([file('openapi.yaml'), file(name)])))).toEqual([ruleId]);
  });

  it('refuses the whole upload when a hidden entry is a symlink', () => {
    const link = { name: '.github/link', data: enc.encode('/etc/passwd'), attrs: (0o120777 << 16) >>> 0 };
    expect(ruleIds(readUploadZip(rawZip([file('openapi.yaml'), link])))).toEqual(['zip-link']);
  });

  it('refuses duplicates and case conflicts when two spec files collide', () => {
    expect(ruleIds(readUploadZip(rawZip([file('a.yaml'), file('a.yaml')])))).toEqual(['zip-duplicate-name']);
    expect(ruleIds(readUploadZip(rawZip([file('Specs/a.yaml'), file('specs/A.yaml')])))).toEqual(['zip-case-conflict']);
  });

  it('keeps `__proto__` and `constructor` as ordinary paths when fflate would lose them', () => {
    const zip = rawZip([file('__proto__', 'p'), file('constructor/x.yaml', 'c')]);
    expect(Object.keys(unzipSync(zip))).not.toContain('__proto__');
    const read = readUploadZip(zip);
    expect(read.ok && [...read.value.keys()]).toEqual(['__proto__', 'constructor/x.yaml']);
  });

  it('reads up to 5,000 entries and refuses 5,001 when given a large spec set', () => {
    const many = (n: number) => rawZip(Array.from({ length: n }, (_, i) => ({ name: `specs/${i}.yaml`, data: enc.encode('a: 1') })));
    const read = readUploadZip(many(5_000));
    expect(read.ok && read.value.size).toBe(5_000);
    expect(ruleIds(readUploadZip(many(5_001)))).toEqual(['zip-too-many-entries']);
  });

  it('refuses a declared bomb and an understated entry when given them', () => {
    const bomb = { name: 'bomb.yaml', method: 8 as const, payload: deflateSync(new Uint8Array(1000)), size: 1024 ** 3, crc: 0 };
    expect(ruleIds(readUploadZip(rawZip([bomb])))).toEqual(['zip-too-large']);
    const big = new Uint8Array(5 * 1024 * 1024);
    const liar = { name: 'liar.yaml', method: 8 as const, payload: deflateSync(big), size: 10, crc: 0 };
    expect(ruleIds(readUploadZip(rawZip([liar])))).toEqual(['zip-size-mismatch']);
  });

  it('refuses an upload with only hidden files when nothing is left to read', () => {
    const result = readUploadZip(rawZip([file('.env')]));
    expect(result.ok).toBe(false);
    expect(ruleIds(result)).toEqual(['zip-skipped-hidden', 'zip-empty']);
  });

  it('refuses with a clear message and no throw when given truncated or garbage bytes', () => {
    const zip = rawZip([file('openapi.yaml', 'openapi: 3.1.0\n'.repeat(100))]);
    for (let cut = 0; cut < zip.length; cut += 3) {
      const result = readUploadZip(zip.subarray(0, cut));
      expect(result.ok).toBe(false);
      expect(result.problems[0].ruleId).toMatch(/^zip-/);
    }
    expect(ruleIds(readUploadZip(seeded(0x2ead).bytes(1000)))).toEqual(['zip-corrupt']);
  });
});
