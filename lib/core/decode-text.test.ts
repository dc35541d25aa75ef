import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text';

const enc = new TextEncoder();

describe('decodeText', () => {
  it('decodes UTF-8 when given plain text', () => {
    expect(decodeText('a.yaml', enc.encode('openapi: 3.1.0\ntitle: Café 🐶\n'))).toEqual({
      ok: true,
      value: 'openapi: 3.1.0\ntitle: Café 🐶\n',
      problems: [],
    });
  });

  it('strips the BOM when the text starts with one', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode('openapi: 3.0.0')]);
    const result = decodeText('a.yaml', bytes);
    expect(result.ok && result.value).toBe('openapi: 3.0.0');
  });

  it('strips only one BOM when the text starts with two', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61]);
    const result = decodeText('a.yaml', bytes);
    expect(result.ok && result.value).toBe('\ufeffa');
  });

  it('decodes empty input to an empty string when given no bytes', () => {
    const result = decodeText('empty.md', new Uint8Array(0));
    expect(result.ok && result.value).toBe('');
  });

  it('refuses with the file name and position when the bytes are not UTF-8', () => {
    const bytes = new Uint8Array([...enc.encode('line one\nab'), 0xe9, ...enc.encode('t\n')]); // Latin-1 é
    const result = decodeText('specs/petstore.yaml', bytes);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      {
        ruleId: 'text-encoding',
        severity: 'error',
        message: 'specs/petstore.yaml is not valid UTF-8 text (first bad byte at offset 11)',
        file: 'specs/petstore.yaml',
        line: 2,
        column: 3,
      },
    ]);
  });

  it.each([
    ['a truncated sequence at the end', [0x61, 0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['a code point over U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a lone continuation byte', [0x80]],
  ])('refuses when the bytes hold %s', (_, bytes) => {
    const result = decodeText('x.json', new Uint8Array(bytes));
    expect(result.ok).toBe(false);
    expect(result.problems[0].ruleId).toBe('text-encoding');
  });

  it('names UTF-16 when the text starts with a UTF-16 BOM', () => {
    const le = decodeText('win.yaml', new Uint8Array([0xff, 0xfe, 0x61, 0x00]));
    const be = decodeText('mac.yaml', new Uint8Array([0xfe, 0xff, 0x00, 0x61]));
    expect(le.problems[0].message).toBe('win.yaml is UTF-16 text; save it as UTF-8');
    expect(be.problems[0].message).toBe('mac.yaml is UTF-16 text; save it as UTF-8');
  });

  it('names UTF-32 when the text starts with a UTF-32 BOM, the little-endian one not taken for UTF-16 (BAD-INPUT 48)', () => {
    const le = decodeText('w.yaml', new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00]));
    const be = decodeText('m.yaml', new Uint8Array([0x00, 0x00, 0xfe, 0xff, 0x00, 0x00, 0x00, 0x61]));
    expect(le.problems[0].message).toBe('w.yaml is UTF-32 text; save it as UTF-8');
    expect(be.problems[0].message).toBe('m.yaml is UTF-32 text; save it as UTF-8');
  });

  it('decodes the bytes of a subarray only when given a view into a larger buffer', () => {
    const whole = enc.encode('xxhelloxx');
    const result = decodeText('a', whole.subarray(2, 7));
    expect(result.ok && result.value).toBe('hello');
  });
});
