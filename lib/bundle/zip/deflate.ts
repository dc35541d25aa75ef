/**
 * Deflating a bundle's files (SPEC 1), with each large paragraph deflated once per bundle.
 *
 * Fitting writes the full shape of an object it replaced into the prose of every operation
 * that carries it: Kubernetes' pod spec, 61 KB of field list, is in 28 operation
 * files, 1.7 MB of a 6.5 MB skill. Deflating each file whole deflated that list 28 times
 * (a third of the bundle's deflate time). Here a file holding a paragraph of `SHARED_BLOCK`
 * characters or more that occurs more than once in the bundle is deflated in parts: the text
 * before it, the paragraph, the text after (each such paragraph its own part). Every part but the last ends with a sync flush (an
 * empty stored block, which ends on a byte), so the parts' bytes join into one valid deflate
 * stream, and each part is deflated with nothing before it, so a paragraph's bytes are the
 * same in every file: they are deflated once and reused. The result depends only on the
 * bundle's files, never on which file came first, so its bytes stay fixed. A file with no
 * such paragraph is deflated whole, byte for byte as before.
 */
import { Deflate, deflateSync } from 'fflate';
import { crc32 } from './format';

/** A paragraph this long (characters) or longer is deflated once per bundle. */
export const SHARED_BLOCK = 16 * 1024;

/** Level 6; mem 0: a 4 KiB hash table per entry (the default allocates 2 MB for every small file, and the garbage collector then costs more than deflating). */
const LEVEL = { level: 6, mem: 0 } as const;

/** What an empty stored block writes after its header, once on a byte: LEN 0, NLEN 0xFFFF. */
const SYNC_TRAILER = [0, 0, 0xff, 0xff];

export interface DeflatedEntry {
  /** The raw deflate stream. */
  data: Uint8Array;
  /** CRC-32 of the uncompressed bytes. */
  crc: number;
  /** Uncompressed bytes. */
  size: number;
}

interface Part {
  raw: Uint8Array;
  /** Deflated, ending with a sync flush. */
  data: Uint8Array;
}

/** The paragraphs of `SHARED_BLOCK` characters or more in a text (a paragraph ends at a blank line). */
function* longParagraphs(text: string): Generator<{ start: number; end: number }> {
  if (text.length < SHARED_BLOCK) return;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n\n', start);
    if (end === -1) end = text.length;
    if (end - start >= SHARED_BLOCK) yield { start, end };
    start = end + 2;
  }
}

/**
 * The text cut before and after each long paragraph that `shared` accepts, or undefined when
 * there is none: the parts, joined, are the text.
 */
export function sharedBlockParts(text: string, shared: (paragraph: string) => boolean): { text: string; shared: boolean }[] | undefined {
  const parts: { text: string; shared: boolean }[] = [];
  let from = 0;
  for (const { start, end } of longParagraphs(text)) {
    const paragraph = text.slice(start, end);
    if (!shared(paragraph)) continue;
    if (start > from) parts.push({ text: text.slice(from, start), shared: false });
    parts.push({ text: paragraph, shared: true });
    from = end;
  }
  if (parts.length === 0) return undefined;
  parts.push({ text: text.slice(from), shared: false });
  return parts;
}

/**
 * The files of one bundle deflated, each long paragraph that occurs more than once in the
 * bundle deflated once (see the module's comment). A file without one is deflated whole, so
 * a bundle with no repeated long paragraph has the bytes it had before this module.
 */
export class BundleDeflater {
  private readonly encoder = new TextEncoder();
  private readonly blocks = new Map<string, Part | undefined>();
  private readonly shared = (paragraph: string) => this.blocks.has(paragraph);

  /** `contents`: every file of the bundle, to find the long paragraphs that repeat. */
  constructor(contents: Iterable<string | Uint8Array>) {
    const seen = new Set<string>();
    for (const content of contents) {
      if (typeof content !== 'string') continue;
      for (const { start, end } of longParagraphs(content)) {
        const paragraph = content.slice(start, end);
        if (seen.has(paragraph)) this.blocks.set(paragraph, undefined);
        else seen.add(paragraph);
      }
    }
  }

  deflate(content: string | Uint8Array): DeflatedEntry {
    const parts = typeof content === 'string' && this.blocks.size > 0 ? sharedBlockParts(content, this.shared) : undefined;
    if (parts) {
      const joined = this.deflateParts(parts);
      if (joined) return joined;
    }
    const raw = typeof content === 'string' ? this.encoder.encode(content) : content;
    return { data: deflateSync(raw, LEVEL), crc: crc32(raw), size: raw.length };
  }

  private deflateParts(parts: { text: string; shared: boolean }[]): DeflatedEntry | undefined {
    const data: Uint8Array[] = [];
    let crc = 0;
    let size = 0;
    for (let i = 0; i < parts.length; i++) {
      const { text, shared } = parts[i];
      const last = i === parts.length - 1;
      let part = shared ? this.blocks.get(text) : undefined;
      if (!part) {
        const raw = this.encoder.encode(text);
        const deflated = last ? deflateFinal(raw) : deflateFlushed(raw);
        if (!deflated) return undefined;
        part = { raw, data: deflated };
        if (shared) this.blocks.set(text, part);
      }
      data.push(part.data);
      crc = crc32(part.raw, crc);
      size += part.raw.length;
    }
    return { data: concat(data), crc, size };
  }
}

function deflateFinal(raw: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  new Deflate(LEVEL, (chunk) => chunks.push(chunk)).push(raw, true);
  return concat(chunks);
}

/**
 * `raw` deflated as a stream that goes on: its blocks, then an empty stored block ending on a
 * byte (a sync flush), so another stream's blocks can follow. fflate's own sync flush
 * (`flush(true)`, 0.8.3) writes the stored block at a wrong bit position (its state's partial
 * byte taken for a bit offset: one stream in two failed to inflate), so it is written here:
 * `flush()` writes every whole byte and keeps the last partial one in its state (`s.r`: the
 * bits used, and the byte above them). Undefined if that state is not there (another fflate):
 * the file is then deflated whole.
 */
function deflateFlushed(raw: Uint8Array): Uint8Array | undefined {
  const chunks: Uint8Array[] = [];
  const stream = new Deflate(LEVEL, (chunk) => chunks.push(chunk));
  stream.push(raw);
  stream.flush();
  const state = (stream as unknown as { s?: { r?: unknown } }).s?.r;
  if (typeof state !== 'number') return undefined;
  const bits = state & 7;
  // The partial byte, then the stored block's 3 header bits (not final, type 00: zeros) padded to a byte, then LEN and NLEN.
  const sync = new Uint8Array(Math.ceil((bits + 3) / 8) + SYNC_TRAILER.length);
  sync[0] = state >> 3;
  sync.set(SYNC_TRAILER, sync.length - SYNC_TRAILER.length);
  chunks.push(sync);
  return concat(chunks);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  let length = 0;
  for (const c of chunks) length += c.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
