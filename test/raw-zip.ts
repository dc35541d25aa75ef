import { crc32 as nodeCrc32 } from 'node:zlib';
import { deflateSync } from 'fflate';

export const enc = new TextEncoder();
export const dec = new TextDecoder();

/** Test-only: a raw zip writer for hostile archives fflate will not produce, and small helpers. */

export interface RawEntry {
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

export interface RawOptions {
  /** Declared entry count in the end record (default: the real count, mod 65536). */
  count?: number;
  zip64?: boolean;
}

export function rawZip(entries: RawEntry[], options: RawOptions = {}): Uint8Array {
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

export function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let p = 0;
  for (const c of chunks) {
    out.set(c, p);
    p += c.length;
  }
  return out;
}

export function file(name: string, text = 'x'): RawEntry {
  return { name, data: enc.encode(text), method: 8 };
}

export function ruleIds(result: { problems: { ruleId: string }[] }): string[] {
  return result.problems.map((p) => p.ruleId);
}

export const skillFiles = () =>
  new Map<string, string | Uint8Array>([
    ['list_pets.md', '---\noperation: {}\n---\nList pets.\n'],
    ['SKILL.md', '---\nname: petstore\n---\n# Petstore\n'],
    ['types.json', '{}\n'],
    ['create_pet.md', 'Create a pet 🐶.\n'],
  ]);
