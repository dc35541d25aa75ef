import { unzipSync, zipSync, type Zippable } from 'fflate';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { readSkillZip } from './read';
import { writeSkillZip } from './write';
import { enc, dec, skillFiles } from '../../../test/raw-zip';
import { expectSameElsewhere } from '../../../test/elsewhere';
import { SHARED_BLOCK } from './deflate';
import { seeded } from '../../../test/random';

/** The archive fflate's zipSync wrote for the same files (the writer before deflate.ts): the same options, entries in the same order. */
function fflateZip(folder: string, files: [string, string | Uint8Array][]): Uint8Array {
  const mtime = new Date(1980, 0, 1, 0, 0, 0);
  const options = { level: 6, mem: 0, mtime, os: 3, attrs: (0o100644 << 16) >>> 0 } as const;
  const data: Zippable = Object.create(null);
  data[folder] = [Object.create(null) as Zippable, { ...options, attrs: ((0o040755 << 16) | 0x10) >>> 0 }];
  for (const [path, content] of files) data[`${folder}/${path}`] = [typeof content === 'string' ? enc.encode(content) : content, options];
  return zipSync(data, options);
}

describe('writeSkillZip', () => {
  it('gives the same bytes in another process, time zone and locale when given names that locales sort differently', async () => {
    // sv_SE sorts "öl" after "zebra", en_US between "ol" and "zebra"; case and digits differ too.
    const names = ['zebra.md', 'öl.md', 'ol.md', 'Zeta.md', 'y.md', 'j.md', 'añadir.md', '10.md', '9.md', 'B.md', 'a.md'];
    const files: [string, string][] = [['SKILL.md', 's'], ...names.map((n): [string, string] => [n, `${n}\n`])];
    await expectSameElsewhere({ kind: 'zip', folder: 'petstore', files });
  });

  it('gives byte-identical zips when the map is filled in a different order', () => {
    const reversed = new Map([...skillFiles()].reverse());
    expect(writeSkillZip('petstore', reversed)).toEqual(writeSkillZip('petstore', skillFiles()));
  });

  it('gives the same bytes when one file is a string and the same file is bytes', () => {
    const bytes = skillFiles();
    bytes.set('types.json', enc.encode('{}\n'));
    expect(writeSkillZip('petstore', bytes)).toEqual(writeSkillZip('petstore', skillFiles()));
  });

  it('writes the folder, then SKILL.md, then the rest in code-unit order when given files in any order', () => {
    const files = skillFiles();
    files.set('1.md', 'a');
    files.set('Zeta.md', 'z');
    const names = Object.keys(unzipSync(writeSkillZip('petstore', files)));
    expect(names).toEqual([
      'petstore/',
      'petstore/SKILL.md',
      'petstore/1.md',
      'petstore/Zeta.md',
      'petstore/create_pet.md',
      'petstore/list_pets.md',
      'petstore/types.json',
    ]);
  });

  it('writes the 1980-01-01 timestamp and no extra fields when given any files', () => {
    const zip = writeSkillZip('petstore', skillFiles());
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(10, true)).toBe(0); // time 00:00:00
    expect(view.getUint16(12, true)).toBe((0 << 9) | (1 << 5) | 1); // 1980-01-01
    expect(view.getUint16(28, true)).toBe(0); // extra length
  });

  it('keeps the same bytes when the clock differs', () => {
    const before = writeSkillZip('petstore', skillFiles());
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2031-07-04T12:34:56Z'));
      expect(writeSkillZip('petstore', skillFiles())).toEqual(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('round-trips through readSkillZip when given text and binary files', () => {
    const files = skillFiles();
    files.set('blob.bin', new Uint8Array([0, 255, 1, 254]));
    files.set('empty.md', '');
    const read = readSkillZip(writeSkillZip('petstore', files));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.folder).toBe('petstore');
    expect([...read.value.files.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [path, content] of files) {
      const expected = typeof content === 'string' ? enc.encode(content) : content;
      expect(read.value.files.get(path), path).toEqual(expected);
    }
  });

  it('round-trips `__proto__` and `constructor` as ordinary names when given them as file names', () => {
    const files = new Map<string, string>([
      ['SKILL.md', 's'],
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]);
    const read = readSkillZip(writeSkillZip('__proto__', files));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.folder).toBe('__proto__');
    expect(dec.decode(read.value.files.get('__proto__'))).toBe('p');
    expect(dec.decode(read.value.files.get('constructor'))).toBe('c');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('round-trips non-ASCII names when given them', () => {
    const read = readSkillZip(writeSkillZip('tienda', new Map([['SKILL.md', 's'], ['añadir_mascota.md', 'ñ']])));
    expect(read.ok && [...read.value.files.keys()]).toEqual(['SKILL.md', 'añadir_mascota.md']);
  });

  it("writes the bytes fflate's zipSync wrote when no file holds a long paragraph, for 50 random skills", () => {
    const r = seeded(2_718);
    for (let i = 0; i < 50; i++) {
      const files: [string, string | Uint8Array][] = [['SKILL.md', `---\nname: s${i}\n---\n${'w '.repeat(r.int(2000))}`]];
      for (let j = 0, n = r.int(30); j < n; j++) {
        const name = `${r.pick(['op', 'añadir', 'z', 'A', '__proto__'])}_${j}.md`;
        files.push([name, r.chance(0.1) ? r.bytes(r.int(3000)) : `${'x'.repeat(r.int(SHARED_BLOCK))}\n\n${'€'.repeat(r.int(100))}`]);
      }
      files.sort((a, b) => (a[0] === 'SKILL.md' ? -1 : b[0] === 'SKILL.md' ? 1 : a[0] < b[0] ? -1 : 1));
      const folder = r.pick(['petstore', 'tienda-ñ']);
      expect(Buffer.from(writeSkillZip(folder, new Map(files))).equals(Buffer.from(fflateZip(folder, files))), `skill ${i}`).toBe(true);
    }
  });

  it('writes a file holding long paragraphs as one deflate stream that readers inflate to the file', () => {
    const r = seeded(31_337);
    const shape = Array.from({ length: 900 }, (_, i) => `- \`field${i}\` (a string, optional): ${'détail '.repeat(r.int(8))}`).join('\n');
    expect(shape.length).toBeGreaterThan(SHARED_BLOCK);
    const files = new Map<string, string>([
      ['SKILL.md', 'skill'],
      ['a.md', `# A\n\n${shape}\n`],
      ['b.md', `# B\n\nOther text.\n\n${shape}\n\n## The call\n\nGET /b\n`],
    ]);
    const zip = writeSkillZip('s', files);
    const read = readSkillZip(zip);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    for (const [path, text] of files) expect(dec.decode(read.value.files.get(path)), path).toBe(text);
    // fflate's reader too, and zlib's inflate of each entry's raw data.
    const unzipped = unzipSync(zip);
    for (const [path, text] of files) expect(dec.decode(unzipped[`s/${path}`]), path).toBe(text);
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let at = 0;
    while (view.getUint32(at, true) === 0x04034b50) {
      const compressed = view.getUint32(at + 18, true);
      const nameLength = view.getUint16(at + 26, true);
      const name = dec.decode(zip.subarray(at + 30, at + 30 + nameLength));
      const data = zip.subarray(at + 30 + nameLength, at + 30 + nameLength + compressed);
      const path = name.slice(2);
      if (path !== '') expect(inflateRawSync(data).toString('utf8'), name).toBe(files.get(path));
      at += 30 + nameLength + compressed;
    }
    expect(at).toBeGreaterThan(shape.length / 20);
  });

  it('throws when given a file name the reader would refuse', () => {
    expect(() => writeSkillZip('s', new Map([['../x.md', 'x']]))).toThrow(/unsafe entry names/);
    expect(() => writeSkillZip('s', new Map([['.env', 'x']]))).toThrow(/hidden/);
    expect(() => writeSkillZip('s', new Map([['a.md', 'x'], ['A.md', 'y']]))).toThrow(/case/);
  });
});
