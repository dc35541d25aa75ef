import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';
import { seeded } from '../../test/random';

function nodeSha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 vectors when given the standard messages', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('hashes the UTF-8 bytes when given a string with non-ASCII characters', () => {
    const text = 'Pets 🐶 — Ünïcödé\u0000\uffff';
    expect(sha256Hex(text)).toBe(nodeSha256(Buffer.from(text, 'utf8')));
    expect(sha256Hex(text)).toBe(sha256Hex(new TextEncoder().encode(text)));
  });

  it('matches node:crypto when given every length around the block and padding boundaries', () => {
    const random = seeded(0x5ba256);
    for (let n = 0; n <= 200; n++) {
      const data = random.bytes(n);
      expect(sha256Hex(data), `length ${n}`).toBe(nodeSha256(data));
    }
  });

  it('matches node:crypto when given random inputs of random sizes', () => {
    const random = seeded(0x256);
    for (let i = 0; i < 50; i++) {
      const data = random.bytes(random.int(100_000));
      expect(sha256Hex(data)).toBe(nodeSha256(data));
    }
  });

  it('hashes only the view when given a subarray of a larger buffer', () => {
    const big = seeded(0x1000).bytes(1000);
    const view = new Uint8Array(big.buffer, big.byteOffset + 13, 500);
    expect(sha256Hex(view)).toBe(nodeSha256(Buffer.from(view)));
  });

  // Its speed on 4 MB is measured by `npm run bench` (bench/limits.ts).
  it('matches node:crypto when given a spec-sized input of 4 MB', () => {
    const data = seeded(0x400000).bytes(4 * 1024 * 1024);
    expect(sha256Hex(data)).toBe(nodeSha256(data));
  });
});
