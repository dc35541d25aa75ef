import { crc32 as nodeCrc32 } from 'node:zlib';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from './format';
import { readSkillZip } from './read';
import { writeSkillZip } from './write';
import { enc, rawZip, concat, file, ruleIds, skillFiles } from '../../../test/raw-zip';
import { seeded } from '../../../test/random';
import { manyEntriesZip, understatedZip } from '../../../test/hostile';

describe('crc32', () => {
  it('matches node:zlib when given random inputs', () => {
    const random = seeded(0xc3c32);
    for (const n of [0, 1, 7, 1000, 65537]) {
      const data = random.bytes(n);
      expect(crc32(data)).toBe(nodeCrc32(data));
    }
  });
});

describe('readSkillZip', () => {
  // How fast these three are refused is measured by `npm run bench` (bench/limits.ts).
  it('refuses 100,000 entries from the end record when the count is declared in zip64', () => {
    const result = readSkillZip(manyEntriesZip({ zip64: true }));
    expect(ruleIds(result)).toEqual(['zip-too-many-entries']);
    expect(result.problems[0].message).toContain('more than 5,000 entries');
  });

  it('refuses 100,000 entries when the 16-bit count wrapped or lies', () => {
    expect(ruleIds(readSkillZip(manyEntriesZip()))).toEqual(['zip-too-many-entries']); // 100,000 mod 65,536
    expect(ruleIds(readSkillZip(manyEntriesZip({ count: 3 })))).toEqual(['zip-too-many-entries']);
  });

  it('refuses an entry that understates its size by counting bytes while inflating', () => {
    const result = readSkillZip(understatedZip());
    expect(ruleIds(result)).toEqual(['zip-size-mismatch']);
    expect(result.problems[0].message).toContain('more than the 100 bytes');
  });

  it('refuses an entry that overstates its size when fewer bytes come out', () => {
    const liar = { ...file('s/a.md', 'hello'), size: 10 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), liar])))).toEqual(['zip-size-mismatch']);
  });

  it('refuses a stored entry when its stored length differs from its declared size', () => {
    const liar = { name: 's/a.md', data: enc.encode('hello'), size: 2 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), liar])))).toEqual(['zip-size-mismatch']);
  });

  it('refuses an entry when its CRC does not match', () => {
    const bad = { ...file('s/a.md', 'hello'), crc: 12345 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), bad])))).toEqual(['zip-corrupt']);
  });

  it('refuses an entry when its local header names a different file', () => {
    const sneaky = { ...file('s/a.md'), localName: '../a.md' };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), sneaky])))).toEqual(['zip-corrupt']);
  });

  it('refuses a name that is not UTF-8 when the bytes are a legacy code page', () => {
    const cp437 = new Uint8Array([...enc.encode('s/caf'), 0x82, ...enc.encode('.md')]);
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), { name: cp437, data: enc.encode('x'), flags: 0 }])))).toEqual([
      'zip-name-encoding',
    ]);
  });

  it('refuses with a clear message and no throw when the zip is truncated anywhere', () => {
    const zip = writeSkillZip('petstore', skillFiles());
    for (let cut = 0; cut < zip.length; cut += 7) {
      const result = readSkillZip(zip.subarray(0, cut));
      expect(result.ok, `cut at ${cut}`).toBe(false);
      expect(result.problems[0].ruleId).toMatch(/^zip-/);
    }
    const tail = readSkillZip(zip.subarray(0, zip.length - 1));
    expect(ruleIds(tail)).toEqual(['zip-corrupt']);
    expect(tail.problems[0].message).toMatch(/not a readable zip.*truncated/);
  });

  it('refuses with a zip- problem or reads the very same files, never throwing, whichever byte is flipped', () => {
    const zip = writeSkillZip('petstore', new Map([['SKILL.md', 'a'.repeat(5000) + 'b'.repeat(5000)]]));
    const original = readSkillZip(zip);
    if (!original.ok) throw new Error('the undamaged zip does not read');
    // SKILL.md's CRC-32 in the central directory (what the reader checks the content
    // against), found from the raw headers: flipping it leaves the content intact, and must be refused.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const central = Buffer.from(zip).lastIndexOf(Buffer.from([0x50, 0x4b, 1, 2])); // the second central header
    expect(view.getUint16(central + 28, true)).toBe('petstore/SKILL.md'.length);
    const guarded = new Set([16, 17, 18, 19].map((o) => central + o));
    let refused = 0;
    for (let i = 0; i < zip.length; i++) {
      const damaged = zip.slice();
      damaged[i] ^= 0x5a;
      const result = readSkillZip(damaged);
      if (result.ok) {
        expect(guarded.has(i), `byte ${i} flipped, and the zip was read`).toBe(false);
        const same = (a: Map<string, Uint8Array>, b: Map<string, Uint8Array>) => a.size === b.size && [...a].every(([k, v]) => b.has(k) && Buffer.from(v).equals(b.get(k)!));
        expect(result.value.folder, `byte ${i} flipped`).toBe(original.value.folder);
        expect(same(result.value.files, original.value.files), `byte ${i} flipped, and other files were read`).toBe(true);
      } else {
        expect(result.problems[0].ruleId, `byte ${i} flipped`).toMatch(/^zip-/);
        refused++;
      }
    }
    // Most flips are refused; the rest (timestamps, attributes, bits deflate never reads) change nothing.
    expect(refused).toBeGreaterThan(zip.length / 2);
  });

  it('refuses with zip-corrupt and no throw when given random garbage', () => {
    const random = seeded(0x9a7ba9e);
    for (let i = 0; i < 200; i++) {
      const result = readSkillZip(random.bytes(random.int(4096)));
      expect(result.ok).toBe(false);
      expect(result.problems[0].ruleId).toBe('zip-corrupt');
    }
  });

  it('refuses garbage with a zip end record when the directory points nowhere', () => {
    const garbage = concat([seeded(0xe0cd).bytes(500), rawZip([]).fill(0, 4), new Uint8Array(0)]);
    const view = new DataView(garbage.buffer);
    view.setUint16(garbage.length - 12, 3, true); // 3 entries
    view.setUint32(garbage.length - 10, 1000, true); // cd size
    view.setUint32(garbage.length - 6, 100, true); // cd offset
    expect(ruleIds(readSkillZip(garbage))).toEqual(['zip-corrupt']);
  });

  it('refuses overlapping entries when one entry lies inside the data of another', () => {
    // The inner entry's local header and data, stored as the outer entry's content.
    const innerBytes = rawZip([file('s/b.md', 'y')]);
    const inner = innerBytes.subarray(0, 30 + 6 + deflateSync(enc.encode('y')).length);
    const outer = { name: 's/SKILL.md', data: inner };
    const zip = rawZip([outer, { ...file('s/b.md', 'y'), centralAt: 30 + 'S/SKILL.md'.length }]);
    const result = readSkillZip(zip);
    expect(ruleIds(result)).toEqual(['zip-corrupt']);
    expect(result.problems[0].message).toContain('overlaps');
  });
});
