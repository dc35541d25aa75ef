import type { UploadEntry } from '../../lib/openapi/upload';
import { DEFAULT_UPLOAD_LIMITS, gatherReferencedFiles, type ReadResult } from '../../lib/openapi/upload';
import { problem, type Problem } from '../../lib/core/problem';

export interface FetchedSpec {
  entries: UploadEntry[];
  problems: Problem[];
}

const MAX_FETCH_BYTES = DEFAULT_UPLOAD_LIMITS.maxFileBytes;
/** Files fetched at once while gathering a spec split over files. */
const AT_ONCE = 6;

/**
 * Fetch a spec by its address, here (`fetch-spec.worker.ts` calls it) (BAD-INPUT 21): no
 * cookies, no referrer, at most the one-file limit read (SPEC 6). The address was checked by
 * `parseSpecUrl`. A server that does not allow pages to read it (CORS) is named, with what to
 * do instead.
 *
 * A spec whose relative `$ref`s name other files (issue 8.6) brings them too, and theirs:
 * `gatherReferencedFiles` says which, with a folder upload's limits; each is fetched the same
 * way from the entry's origin, below the entry's folder (a reference that climbs out of it is
 * never fetched, and a redirect out of it is refused).
 */
export async function fetchSpecHere(url: string, fileName: string): Promise<FetchedSpec> {
  const refused = (message: string) => ({ entries: [], problems: [problem('spec-url', 'error', message, fileName)] });
  const host = new URL(url).host;
  const entry = await fetchBytes(url, fileName, MAX_FETCH_BYTES);
  if (!entry.ok) {
    if (entry.unreachable) return refused(`${host} could not be reached, or does not let other pages read it (CORS): download the spec and upload the file instead`);
    return refused(entry.why);
  }
  const folder = new URL('.', entry.url ?? url);
  const fetched = new Map<string, Uint8Array>([[fileName, entry.bytes]]);
  let running = 0;
  const waiting: (() => void)[] = [];
  const read = async (path: string, maxBytes: number): Promise<ReadResult> => {
    // A few at a time: a spec of 2,000 files should not open 2,000 connections.
    if (running >= AT_ONCE) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      const address = new URL(path.split('/').map(encodeURIComponent).join('/'), folder);
      const got = await fetchBytes(address.href, path, maxBytes);
      if (!got.ok) return { ok: false, why: got.unreachable ? `${address.host} could not be reached, or does not let other pages read it (CORS)` : got.why, tooLarge: got.tooLarge };
      if (got.url !== undefined && !got.url.startsWith(folder.href)) return { ok: false, why: `${address.href} redirected out of the spec's folder, to ${got.url}` };
      fetched.set(path, got.bytes);
      return { ok: true, bytes: got.bytes };
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
  const gathered = await gatherReferencedFiles({ path: fileName, bytes: entry.bytes }, read);
  if (!gathered.ok) return { entries: [], problems: gathered.problems };
  return { entries: gathered.value.files.map((f) => ({ path: f.path, bytes: fetched.get(f.path)! })), problems: gathered.value.problems };
}

type Fetched = { ok: true; bytes: Uint8Array; url?: string } | { ok: false; why: string; unreachable?: boolean; tooLarge?: boolean };

/** One address's bytes, at most `maxBytes` of them, read as they arrive. */
async function fetchBytes(url: string, name: string, maxBytes: number): Promise<Fetched> {
  const host = new URL(url).host;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' });
  } catch {
    return { ok: false, why: `${host} could not be reached`, unreachable: true };
  }
  if (!response.ok) return { ok: false, why: `${host} answered ${response.status} ${response.statusText}`.trim() };
  const final = response.url === '' ? undefined : response.url;
  const tooLarge = (size: string) => ({ ok: false as const, why: `${name} is ${size}over the ${(maxBytes / 2 ** 20).toFixed(1)} MB limit`, tooLarge: true });
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) return tooLarge(`${(declared / 2 ** 20).toFixed(1)} MB, `);
  const reader = response.body?.getReader();
  if (!reader) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length > maxBytes ? tooLarge('') : { ok: true, bytes, url: final };
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      return tooLarge('');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { ok: true, bytes, url: final };
}
