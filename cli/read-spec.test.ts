import { describe, expect, it } from 'vitest';
import { decodeText } from '../lib/core/decode-text';
import { seeded } from '../test/random';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { UsageError } from './command';
import { decodeNative, readSpecUpload } from './read-spec';

const enc = new TextEncoder();
const bytes = (...xs: (number | string)[]) => new Uint8Array(xs.flatMap((x) => (typeof x === 'string' ? [...enc.encode(x)] : [x])));

describe('decodeNative (the CLI reading a spec file)', () => {
  const cases: [string, Uint8Array][] = [
    ['ASCII', bytes('openapi: 3.1.0\n')],
    ['no bytes', bytes()],
    ['text beyond ASCII', bytes('title: Café 🐶 ✓\n')],
    ['a BOM', bytes(0xef, 0xbb, 0xbf, 'openapi: 3.0.0')],
    ['two BOMs', bytes(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 'a')],
    ['only a BOM', bytes(0xef, 0xbb, 0xbf)],
    ['U+FFFE and U+FFFF (noncharacters, valid UTF-8)', bytes(0xef, 0xbf, 0xbe, 0xef, 0xbf, 0xbf)],
    ['UTF-16 LE', bytes(0xff, 0xfe, 0x61, 0x00)],
    ['UTF-16 BE', bytes(0xfe, 0xff, 0x00, 0x61)],
    ['a Latin-1 byte', bytes('caf', 0xe9, '\n')],
    ['an encoded surrogate', bytes('a\n', 0xed, 0xa0, 0x80)],
    ['an overlong slash', bytes(0xc0, 0xaf)],
    ['a sequence cut short', bytes('ok', 0xe2, 0x9c)],
    ['past U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80)],
    ['a lone continuation byte', bytes('x', 0x80, 'y')],
  ];
  for (const [what, input] of cases) {
    it(`gives decodeText's text or refusal for ${what}`, () => {
      expect(decodeNative('spec.yaml', input)).toEqual(decodeText('spec.yaml', input));
    });
  }

  it("gives decodeText's text or refusal for random bytes and random UTF-8 with a byte changed (seeded)", () => {
    const rnd = seeded(11);
    let refused = 0;
    for (let n = 0; n < 400; n++) {
      let input: Uint8Array;
      if (rnd.chance(0.3)) input = rnd.bytes(rnd.int(12));
      else {
        const chars = Array.from({ length: 1 + rnd.int(20) }, () => String.fromCodePoint(rnd.pick([0x41, 0xe9, 0x2713, 0x1f436, 0xfeff, 0x0a]) + rnd.int(3)));
        input = enc.encode(chars.join(''));
        if (rnd.chance(0.5)) input[rnd.int(input.length)] = rnd.int(256);
      }
      const expected = decodeText('spec.json', input);
      if (!expected.ok) refused++;
      expect(decodeNative('spec.json', input)).toEqual(expected);
    }
    // Both branches are met.
    expect(refused).toBeGreaterThan(50);
    expect(refused).toBeLessThan(350);
  });

  it('reads the bytes where they are, over a part of a larger buffer', () => {
    const whole = bytes('xx', 0xef, 0xbb, 0xbf, 'yes', 'zz');
    expect(decodeNative('a.yaml', whole.subarray(2, 8))).toEqual({ ok: true, value: 'yes', problems: [] });
  });
});

// BAD-INPUT 48: a file name that is not UTF-8 aborted with a raw `ENOENT … lstat`; a folder
// whose only spec is a link said "no text files", naming nothing.
describe('readSpecUpload of a folder, in one line naming the file', () => {
  it('refuses a file name that is not UTF-8, showing its bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spec-names-'));
    try {
      await writeFile(Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from('.yaml')]), 'openapi: 3.0.0\n');
      await expect(readSpecUpload(dir)).rejects.toThrow(new UsageError(`${join(relative(process.cwd(), dir), 'caf\\xe9.yaml')}: the file name is not UTF-8; rename it`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the link when a folder holds nothing but links', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spec-links-'));
    try {
      await writeFile(join(dir, '..', `${basename(dir)}-target.yaml`), 'openapi: 3.0.0\n');
      await symlink(join(dir, '..', `${basename(dir)}-target.yaml`), join(dir, 'openapi.yaml'));
      await expect(readSpecUpload(dir)).rejects.toThrow(`${relative(process.cwd(), dir)} holds no files but the link openapi.yaml, and links are not followed: give the file itself`);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(join(dir, '..', `${basename(dir)}-target.yaml`), { force: true });
    }
  });
});
