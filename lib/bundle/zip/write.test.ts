import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { readSkillZip } from './read';
import { writeSkillZip } from './write';
import { enc, dec, skillFiles } from '../../../test/raw-zip';
import { expectSameElsewhere } from '../../../test/elsewhere';

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

  it('throws when given a file name the reader would refuse', () => {
    expect(() => writeSkillZip('s', new Map([['../x.md', 'x']]))).toThrow(/unsafe entry names/);
    expect(() => writeSkillZip('s', new Map([['.env', 'x']]))).toThrow(/hidden/);
    expect(() => writeSkillZip('s', new Map([['a.md', 'x'], ['A.md', 'y']]))).toThrow(/case/);
  });
});
