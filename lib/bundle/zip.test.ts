import { crc32 as nodeCrc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { deflateSync, unzipSync, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { crc32, readSkillZip, readUploadZip, writeSkillZip } from './zip';

const enc = new TextEncoder();
const dec = new TextDecoder();

// ---------------------------------------------------------------------------------------
// A raw zip writer for hostile archives fflate will not produce.

interface RawEntry {
  name: string | Uint8Array;
  /** The real content; compressed per `method`. */
  data?: Uint8Array;
  method?: 0 | 8;
  /** Written instead of compressing `data`. */
  payload?: Uint8Array;
  /** Declared uncompressed size (default: data length). */
  size?: number;
  crc?: number;
  host?: number;
  attrs?: number;
  flags?: number;
  /** A different name in the local header. */
  localName?: string;
  /** The method number written, whatever `method` compressed with. */
  rawMethod?: number;
  /** Only a central directory entry, pointing at this offset. */
  centralAt?: number;
}

interface RawOptions {
  /** Declared entry count in the end record (default: the real count, mod 65536). */
  count?: number;
  zip64?: boolean;
}

function rawZip(entries: RawEntry[], options: RawOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === 'string' ? enc.encode(e.name) : e.name;
    const localName = e.localName !== undefined ? enc.encode(e.localName) : name;
    const data = e.data ?? new Uint8Array(0);
    const method = e.method ?? 0;
    const payload = e.payload ?? (method === 8 ? deflateSync(data) : data);
    const crc = e.crc ?? nodeCrc32(data);
    const size = e.size ?? data.length;
    const writtenMethod = e.rawMethod ?? method;
    const at = e.centralAt ?? offset;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, e.flags ?? 0x800, true);
    local.setUint16(8, writtenMethod, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, payload.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, localName.length, true);
    if (e.centralAt === undefined) parts.push(new Uint8Array(local.buffer), localName, payload);
    const cd = new DataView(new ArrayBuffer(46));
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint8(4, 20);
    cd.setUint8(5, e.host ?? 3);
    cd.setUint16(6, 20, true);
    cd.setUint16(8, e.flags ?? 0x800, true);
    cd.setUint16(10, writtenMethod, true);
    cd.setUint32(16, crc, true);
    cd.setUint32(20, payload.length, true);
    cd.setUint32(24, size, true);
    cd.setUint16(28, name.length, true);
    cd.setUint32(38, e.attrs ?? (0o100644 << 16) >>> 0, true);
    cd.setUint32(42, at, true);
    central.push(new Uint8Array(cd.buffer), name);
    if (e.centralAt === undefined) offset += 30 + localName.length + payload.length;
  }
  const cdOffset = offset;
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const count = options.count ?? entries.length;
  const tail: Uint8Array[] = [];
  if (options.zip64) {
    const z = new DataView(new ArrayBuffer(56 + 20));
    z.setUint32(0, 0x06064b50, true);
    z.setBigUint64(4, 44n, true);
    z.setBigUint64(24, BigInt(count), true);
    z.setBigUint64(32, BigInt(count), true);
    z.setBigUint64(40, BigInt(cdSize), true);
    z.setBigUint64(48, BigInt(cdOffset), true);
    z.setUint32(56, 0x07064b50, true);
    z.setBigUint64(64, BigInt(cdOffset + cdSize), true);
    z.setUint32(72, 1, true);
    tail.push(new Uint8Array(z.buffer));
  }
  const eocd = new DataView(new ArrayBuffer(22));
  eocd.setUint32(0, 0x06054b50, true);
  eocd.setUint16(8, options.zip64 ? 0xffff : count % 0x10000, true);
  eocd.setUint16(10, options.zip64 ? 0xffff : count % 0x10000, true);
  eocd.setUint32(12, options.zip64 ? 0xffffffff : cdSize, true);
  eocd.setUint32(16, options.zip64 ? 0xffffffff : cdOffset, true);
  tail.push(new Uint8Array(eocd.buffer));
  return concat([...parts, ...central, ...tail]);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let p = 0;
  for (const c of chunks) {
    out.set(c, p);
    p += c.length;
  }
  return out;
}

function file(name: string, text = 'x'): RawEntry {
  return { name, data: enc.encode(text), method: 8 };
}

function ruleIds(result: { problems: { ruleId: string }[] }): string[] {
  return result.problems.map((p) => p.ruleId);
}

const skillFiles = () =>
  new Map<string, string | Uint8Array>([
    ['list_pets.md', '---\noperation: {}\n---\nList pets.\n'],
    ['SKILL.md', '---\nname: petstore\n---\n# Petstore\n'],
    ['types.json', '{}\n'],
    ['create_pet.md', 'Create a pet 🐶.\n'],
  ]);

// ---------------------------------------------------------------------------------------

describe('crc32', () => {
  it('matches node:zlib when given random inputs', () => {
    for (const n of [0, 1, 7, 1000, 65537]) {
      const data = randomBytes(n);
      expect(crc32(data)).toBe(nodeCrc32(data));
    }
  });
});

describe('writeSkillZip', () => {
  it('gives byte-identical zips when called twice with the same files', () => {
    expect(writeSkillZip('petstore', skillFiles())).toEqual(writeSkillZip('petstore', skillFiles()));
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

  it('keeps the same bytes when the time zone differs', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = `import {writeSkillZip} from './lib/bundle/zip.ts';
      const m = new Map([['SKILL.md','a'],['b.md','b']]);
      process.stdout.write(Buffer.from(writeSkillZip('s', m)).toString('hex'));`;
    const run = (tz: string) =>
      execFileSync('npx', ['tsx', '--eval', script], { env: { ...process.env, TZ: tz }, encoding: 'utf8' });
    const utc = run('UTC');
    expect(run('Pacific/Kiritimati')).toBe(utc);
    expect(utc).toBe(Buffer.from(writeSkillZip('s', new Map([['SKILL.md', 'a'], ['b.md', 'b']]))).toString('hex'));
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

  it.each([
    ['../x', 'zip-parent-segment'],
    ['s/../x', 'zip-parent-segment'],
    ['s/a/../../x', 'zip-parent-segment'],
    ['/x', 'zip-absolute-path'],
    ['/etc/passwd', 'zip-absolute-path'],
    ['..\\x', 'zip-backslash'],
    ['s\\x', 'zip-backslash'],
    ['C:/x', 'zip-drive-letter'],
    ['c:x', 'zip-drive-letter'],
    ['s/x\u0000.md', 'zip-control-character'],
    ['s/x\n.md', 'zip-control-character'],
    ['s/x\u0085.md', 'zip-control-character'],
    [`s/${'a'.repeat(256)}`, 'zip-long-name'],
    [`s/${'é'.repeat(128)}`, 'zip-long-name'],
    ['s//x', 'zip-empty-segment'],
    ['s/./x', 'zip-empty-segment'],
  ])('refuses the whole bundle when an entry is named %j', (name, ruleId) => {
    const result = readSkillZip(rawZip([file('s/SKILL.md'), file(name), file('s/z.md')]));
    expect(result.ok).toBe(false);
    expect(ruleIds(result)).toEqual([ruleId]);
    expect(result.problems[0].severity).toBe('error');
    // The name is shown with control characters escaped.
    expect(result.problems[0].file).not.toMatch(/[\u0000-\u001f\u0085]/);
  });

  it('accepts a segment of exactly 255 bytes when given the longest allowed name', () => {
    const read = readSkillZip(rawZip([file('s/SKILL.md'), file(`s/${'a'.repeat(252)}.md`)]));
    expect(read.ok).toBe(true);
  });

  it('shows a NUL name escaped and shortened when the name is long', () => {
    const result = readSkillZip(rawZip([file(`s/${'a'.repeat(300)}\u0000.md`)]));
    expect(result.problems[0].file).toContain('\\u0000');
    expect(result.problems[0].file.length).toBeLessThan(200);
  });

  it('refuses the whole bundle when an entry is a symlink', () => {
    const link = { name: 's/link.md', data: enc.encode('/etc/passwd'), attrs: (0o120777 << 16) >>> 0 };
    const result = readSkillZip(rawZip([file('s/SKILL.md'), link]));
    expect(result.ok).toBe(false);
    expect(ruleIds(result)).toEqual(['zip-link']);
    expect(result.problems[0].message).toContain('symbolic link');
  });

  it('refuses a symlink when the entry claims a non-Unix host', () => {
    const link = { name: 's/link.md', data: enc.encode('/etc'), host: 0, attrs: (0o120777 << 16) >>> 0 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), link])))).toEqual(['zip-link']);
  });

  it('refuses a Windows reparse point when the entry has that attribute', () => {
    const link = { name: 's/junction', host: 10, attrs: 0x400 | 0x10 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), link])))).toEqual(['zip-link']);
  });

  it('refuses a device or pipe when the Unix mode says so', () => {
    const fifo = { name: 's/pipe', attrs: (0o010644 << 16) >>> 0 };
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), fifo])))).toEqual(['zip-special-file']);
  });

  it('refuses hidden files when a segment starts with a dot', () => {
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file('s/.env')])))).toEqual(['zip-hidden-entry']);
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file('s/.git/config')])))).toEqual(['zip-hidden-entry']);
    expect(ruleIds(readSkillZip(rawZip([file('.s/SKILL.md')])))).toEqual(['zip-hidden-entry']);
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

  it('refuses duplicate names instead of keeping the last when an entry appears twice', () => {
    const result = readSkillZip(rawZip([file('s/SKILL.md', 'first'), file('s/SKILL.md', 'second')]));
    expect(result.ok).toBe(false);
    expect(ruleIds(result)).toEqual(['zip-duplicate-name']);
  });

  it('refuses names equal but for case when two entries differ only in case', () => {
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file('s/a.md'), file('s/A.MD')])))).toEqual(['zip-case-conflict']);
  });

  it('refuses names equal but for Unicode normalization when one is NFC and one NFD', () => {
    const nfc = 's/caf\u00e9.md';
    const nfd = 's/cafe\u0301.md';
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file(nfc), file(nfd)])))).toEqual(['zip-case-conflict']);
  });

  it('refuses a name that is both a file and a folder when the zip holds both', () => {
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), file('s/a'), file('s/a/b.md')])))).toEqual(['zip-duplicate-name']);
  });

  it('refuses 100,000 entries from the end record when the count is declared in zip64', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ name: `s/${i}.md` }));
    const zip = rawZip(entries, { zip64: true });
    const start = performance.now();
    const result = readSkillZip(zip);
    expect(performance.now() - start).toBeLessThan(50);
    expect(ruleIds(result)).toEqual(['zip-too-many-entries']);
    expect(result.problems[0].message).toContain('more than 5,000 entries');
  });

  it('refuses 100,000 entries when the 16-bit count wrapped or lies', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ name: `s/${i}.md` }));
    expect(ruleIds(readSkillZip(rawZip(entries)))).toEqual(['zip-too-many-entries']); // 100,000 mod 65,536
    const lying = rawZip(entries, { count: 3 });
    const start = performance.now();
    expect(ruleIds(readSkillZip(lying))).toEqual(['zip-too-many-entries']);
    expect(performance.now() - start).toBeLessThan(500);
  });

  it('accepts exactly the entry limit and refuses one more when the limit is configured', () => {
    const entries = [file('s/SKILL.md'), file('s/a.md'), file('s/b.md')];
    expect(readSkillZip(rawZip(entries), { maxEntries: 3 }).ok).toBe(true);
    expect(ruleIds(readSkillZip(rawZip(entries), { maxEntries: 2 }))).toEqual(['zip-too-many-entries']);
  });

  it('refuses a 1 GiB declared bomb in milliseconds without inflating when sizes are declared honestly', () => {
    // The declared size carries the bomb; nothing is inflated, so the payload can be small.
    const bomb = { name: 's/bomb.md', method: 8 as const, payload: deflateSync(new Uint8Array(1024 * 1024)), size: 1024 ** 3, crc: 0 };
    const zip = rawZip([file('s/SKILL.md'), bomb]);
    const start = performance.now();
    const result = readSkillZip(zip);
    expect(performance.now() - start).toBeLessThan(50);
    expect(ruleIds(result)).toEqual(['zip-too-large']);
    expect(result.problems[0].message).toMatch(/1\.0 GiB.*200\.0 MiB/);
  });

  it('refuses when many entries together declare more than the unpacked limit', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ ...file(`s/${i}.md`), size: 50 * 1024 * 1024, crc: 0 }));
    expect(ruleIds(readSkillZip(rawZip([file('s/SKILL.md'), ...entries])))).toEqual(['zip-too-large']);
  });

  it('refuses an entry that understates its size by counting bytes while inflating', () => {
    const big = new Uint8Array(20 * 1024 * 1024); // 20 MiB of zeros, ~20 KB compressed
    const liar = { name: 's/liar.md', method: 8 as const, payload: deflateSync(big), size: 100, crc: nodeCrc32(big) };
    const zip = rawZip([file('s/SKILL.md'), liar]);
    const start = performance.now();
    const result = readSkillZip(zip);
    expect(performance.now() - start).toBeLessThan(500);
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

  it('refuses encrypted entries and unsupported methods when the flags or method say so', () => {
    expect(ruleIds(readSkillZip(rawZip([{ ...file('s/SKILL.md'), flags: 0x801 }])))).toEqual(['zip-encrypted']);
    const bzip2 = rawZip([{ name: 's/SKILL.md', data: enc.encode('x'), rawMethod: 12 }]);
    expect(ruleIds(readSkillZip(bzip2))).toEqual(['zip-unsupported']);
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

  it('refuses with zip-corrupt and no throw when a byte of the data is flipped', () => {
    const zip = writeSkillZip('petstore', new Map([['SKILL.md', 'a'.repeat(5000) + 'b'.repeat(5000)]]));
    for (let i = 0; i < zip.length; i++) {
      const damaged = zip.slice();
      damaged[i] ^= 0x5a;
      const result = readSkillZip(damaged);
      if (!result.ok) expect(result.problems[0].ruleId).toMatch(/^zip-/);
    }
  });

  it('refuses with zip-corrupt and no throw when given random garbage', () => {
    for (let i = 0; i < 200; i++) {
      const result = readSkillZip(randomBytes(Math.floor(Math.random() * 4096)));
      expect(result.ok).toBe(false);
      expect(result.problems[0].ruleId).toBe('zip-corrupt');
    }
  });

  it('refuses garbage with a zip end record when the directory points nowhere', () => {
    const garbage = concat([randomBytes(500), rawZip([]).fill(0, 4), new Uint8Array(0)]);
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
    expect(ruleIds(readUploadZip(randomBytes(1000)))).toEqual(['zip-corrupt']);
  });
});
