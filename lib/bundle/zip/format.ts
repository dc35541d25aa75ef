/**
 * The zip format (PKWARE APPNOTE 6.3), read here rather than by fflate's `unzipSync`, which
 * passes unsafe names through, collapses duplicates, loses `__proto__`, hides the external
 * attributes that mark a symlink, and fully inflates an entry that understates its size
 * (BAD-INPUT.md): the end of central directory, the central directory, local headers, and
 * inflating with a byte counter. Every read is bounds-checked; anything off is `zip-corrupt`.
 */
import { Inflate } from 'fflate';
import { problem } from '../../core/problem';
import { fail, ok, type Result } from '../../core/result';
import { displayName, groupDigits, type ZipLimits } from './policy';

export interface CentralEntry {
  name: string;
  rawName: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Host system (high byte of "version made by"): 3 Unix, 19 macOS, 0 MS-DOS, 10 NTFS. */
  host: number;
  externalAttrs: number;
}

export const SIG_LOCAL = 0x04034b50;
export const SIG_CENTRAL = 0x02014b50;
export const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
/** The end of central directory record, without its comment. */
export const EOCD_SIZE = 22;

function u16(b: Uint8Array, p: number): number {
  return b[p] | (b[p + 1] << 8);
}

function u32(b: Uint8Array, p: number): number {
  return (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
}

/** Exact below 2^53; above, a huge number that fails every limit and bounds check. */
function u64(b: Uint8Array, p: number): number {
  return u32(b, p) + u32(b, p + 4) * 0x100000000;
}

function corrupt(archive: string, why: string): Result<never> {
  return fail([problem('zip-corrupt', 'error', `The file is not a readable zip: ${why}`, archive)]);
}

function findEndOfCentralDirectory(bytes: Uint8Array): number {
  const last = bytes.length - EOCD_SIZE;
  const first = Math.max(0, last - 0xffff);
  let loose = -1;
  for (let p = last; p >= first; p--) {
    if (u32(bytes, p) !== SIG_EOCD) continue;
    if (p + EOCD_SIZE + u16(bytes, p + 20) === bytes.length) return p;
    if (loose < 0) loose = p;
  }
  return loose;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeName(raw: Uint8Array): string | undefined {
  try {
    // Bit 11 says UTF-8; without it, many tools still write UTF-8, and ASCII is both.
    // Legacy code-page (CP437) names are refused rather than guessed.
    return utf8.decode(raw);
  } catch {
    return undefined;
  }
}

export function readCentralDirectory(
  bytes: Uint8Array,
  limits: ZipLimits,
  archive: string,
): Result<{ entries: CentralEntry[]; cdOffset: number }> {
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) {
    return corrupt(archive, 'no end-of-central-directory record (not a zip, or truncated)');
  }
  let disk = u16(bytes, eocd + 4);
  let cdDisk = u16(bytes, eocd + 6);
  let count = u16(bytes, eocd + 10);
  let cdSize = u32(bytes, eocd + 12);
  let cdOffset = u32(bytes, eocd + 16);
  let cdLimit = eocd;
  let zip64 = false;

  const locator = eocd - 20;
  if (locator >= 0 && u32(bytes, locator) === SIG_ZIP64_LOCATOR) {
    const at = u64(bytes, locator + 8);
    if (at + 56 > locator || u32(bytes, at) !== SIG_ZIP64_EOCD) {
      return corrupt(archive, 'the zip64 end-of-central-directory record is missing');
    }
    zip64 = true;
    disk = u32(bytes, at + 16);
    cdDisk = u32(bytes, at + 20);
    count = u64(bytes, at + 32);
    cdSize = u64(bytes, at + 40);
    cdOffset = u64(bytes, at + 48);
    cdLimit = at;
  }
  if (disk !== 0 || cdDisk !== 0) {
    return fail([problem('zip-unsupported', 'error', 'The zip is split across several files; join it into one', archive)]);
  }
  const tooMany = () =>
    fail<never>([
      problem('zip-too-many-entries', 'error', `The zip has more than ${groupDigits(limits.maxEntries)} entries`, archive),
    ]);
  // Refused from the declared count alone, before a single entry is parsed.
  if (count > limits.maxEntries) return tooMany();
  if (cdOffset + cdSize > cdLimit) return corrupt(archive, 'the central directory lies outside the file (truncated?)');

  const entries: CentralEntry[] = [];
  const end = cdOffset + cdSize;
  let p = cdOffset;
  while (p < end) {
    if (entries.length >= limits.maxEntries) return tooMany();
    if (p + 46 > end || u32(bytes, p) !== SIG_CENTRAL) return corrupt(archive, 'a central directory entry is damaged');
    const nameLength = u16(bytes, p + 28);
    const extraLength = u16(bytes, p + 30);
    const commentLength = u16(bytes, p + 32);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > end) return corrupt(archive, 'a central directory entry runs past its end');
    const rawName = bytes.subarray(p + 46, p + 46 + nameLength);
    const name = decodeName(rawName);
    if (name === undefined) {
      return fail([
        problem('zip-name-encoding', 'error', 'An entry name is not UTF-8; re-create the zip with a current zip tool', archive),
      ]);
    }
    const entry: CentralEntry = {
      name,
      rawName,
      host: bytes[p + 5],
      flags: u16(bytes, p + 8),
      method: u16(bytes, p + 10),
      crc: u32(bytes, p + 16),
      compressedSize: u32(bytes, p + 20),
      size: u32(bytes, p + 24),
      externalAttrs: u32(bytes, p + 38),
      localOffset: u32(bytes, p + 42),
    };
    const diskStart = u16(bytes, p + 34);
    if (!readZip64Extra(bytes, p + 46 + nameLength, extraLength, entry, diskStart)) {
      return corrupt(archive, `the zip64 sizes of \`${displayName(name)}\` are missing`);
    }
    entries.push(entry);
    p = next;
  }
  // Writers without zip64 let the 16-bit count wrap; with zip64 it must match.
  if (entries.length !== count && (zip64 || entries.length % 0x10000 !== count)) {
    return corrupt(archive, `the central directory holds ${entries.length} entries, not the ${count} declared`);
  }
  return ok({ entries, cdOffset });
}

/** Fill the 0xFFFFFFFF fields of a central entry from its zip64 extra field (APPNOTE 4.5.3). */
function readZip64Extra(bytes: Uint8Array, start: number, length: number, entry: CentralEntry, diskStart: number): boolean {
  const needSize = entry.size === 0xffffffff;
  const needCompressed = entry.compressedSize === 0xffffffff;
  const needOffset = entry.localOffset === 0xffffffff;
  const needDisk = diskStart === 0xffff;
  if (!needSize && !needCompressed && !needOffset && !needDisk) return true;
  const end = start + length;
  for (let p = start; p + 4 <= end; ) {
    const id = u16(bytes, p);
    const size = u16(bytes, p + 2);
    if (p + 4 + size > end) return false;
    if (id === 0x0001) {
      let q = p + 4;
      const take = () => {
        const v = q + 8 <= p + 4 + size ? u64(bytes, q) : undefined;
        q += 8;
        return v;
      };
      const size64 = needSize ? take() : entry.size;
      const compressed64 = needCompressed ? take() : entry.compressedSize;
      const offset64 = needOffset ? take() : entry.localOffset;
      if (size64 === undefined || compressed64 === undefined || offset64 === undefined) return false;
      entry.size = size64;
      entry.compressedSize = compressed64;
      entry.localOffset = offset64;
      // A 4-byte disk number follows when needed; only disk 0 is read.
      if (needDisk && (q + 4 > p + 4 + size || u32(bytes, q) !== 0)) return false;
      return true;
    }
    p += 4 + size;
  }
  return false;
}

/**
 * Where each entry's data starts, from its local header, which must agree with the central
 * directory on the name and method; entries must not overlap (the overlapping-file bomb).
 */
export function locateData(bytes: Uint8Array, entries: readonly CentralEntry[], cdOffset: number): Result<number[]> {
  const starts: number[] = [];
  const spans: { from: number; to: number; name: string }[] = [];
  for (const entry of entries) {
    const shown = displayName(entry.name);
    const bad = (why: string) => fail<never>([problem('zip-corrupt', 'error', `Entry \`${shown}\` ${why}`, shown)]);
    const at = entry.localOffset;
    if (at + 30 > cdOffset || u32(bytes, at) !== SIG_LOCAL) return bad('has no local header where the directory says');
    const nameLength = u16(bytes, at + 26);
    const dataStart = at + 30 + nameLength + u16(bytes, at + 28);
    if (nameLength !== entry.rawName.length || !sameBytes(bytes.subarray(at + 30, at + 30 + nameLength), entry.rawName)) {
      return bad('has a different name in its local header');
    }
    if (u16(bytes, at + 8) !== entry.method) return bad('has a different compression method in its local header');
    if (dataStart + entry.compressedSize > cdOffset) return bad('runs past the end of the data (truncated?)');
    starts.push(dataStart);
    spans.push({ from: at, to: dataStart + entry.compressedSize, name: shown });
  }
  spans.sort((a, b) => a.from - b.from);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i].from < spans[i - 1].to) {
      const shown = spans[i].name;
      return fail([problem('zip-corrupt', 'error', `Entry \`${shown}\` overlaps \`${spans[i - 1].name}\``, shown)]);
    }
  }
  return ok(starts);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Compressed bytes per inflate step. Deflate expands at most ~1032x, so one step can
 * overshoot a declared size by ~1032x the step: steps scale with the declared size, so a
 * liar is caught within about a megabyte while honest large entries inflate in big steps.
 */
function inflateStep(declaredSize: number): number {
  return Math.min(64 * 1024, Math.max(1024, Math.floor(declaredSize / 1024)));
}
class SizeExceeded extends Error {}

/**
 * BAD-INPUT 15: inflate in small steps into a buffer of the declared size, refusing as soon
 * as one byte more comes out; then check the length and the CRC.
 */
export function inflateEntry(compressed: Uint8Array, entry: CentralEntry): Result<Uint8Array> {
  const shown = displayName(entry.name);
  const refuse = (ruleId: string, why: string) => fail<never>([problem(ruleId, 'error', `Entry \`${shown}\` ${why}`, shown)]);
  let out: Uint8Array;
  if (entry.method === 0) {
    if (compressed.length !== entry.size) return refuse('zip-size-mismatch', 'is stored with a size other than the one it declares');
    out = compressed.slice();
  } else {
    out = new Uint8Array(entry.size);
    let written = 0;
    const inflater = new Inflate((chunk) => {
      if (written + chunk.length > out.length) throw new SizeExceeded();
      out.set(chunk, written);
      written += chunk.length;
    });
    try {
      if (compressed.length === 0) inflater.push(compressed, true);
      const step = inflateStep(entry.size);
      for (let p = 0; p < compressed.length; p += step) {
        const stop = Math.min(p + step, compressed.length);
        inflater.push(compressed.subarray(p, stop), stop === compressed.length);
      }
    } catch (e) {
      if (e instanceof SizeExceeded) {
        return refuse('zip-size-mismatch', `unpacks to more than the ${entry.size} bytes it declares`);
      }
      return refuse('zip-corrupt', `cannot be decompressed (${e instanceof Error ? e.message : 'invalid data'})`);
    }
    if (written !== entry.size) return refuse('zip-size-mismatch', `unpacks to ${written} bytes, not the ${entry.size} it declares`);
  }
  if (crc32(out) !== entry.crc) return refuse('zip-corrupt', 'fails its checksum (CRC-32)');
  return ok(out);
}

let crcTable: Int32Array | undefined;

/** CRC-32 (ISO 3309, as in zip and gzip) of `data`, unsigned; `previous`: the CRC-32 of the bytes before it, to go on from. */
export function crc32(data: Uint8Array, previous = 0): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  const table = crcTable;
  let c = ~previous;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
