import type { UploadEntry } from '../../../lib/openapi/upload';
import { DEFAULT_UPLOAD_LIMITS, gatherReferencedFiles, type ReadResult } from '../../../lib/openapi/upload';
import { problem, type Problem } from '../../../lib/core/problem';

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
 * `parseSpecUrl`. When the entry cannot be read, why is named (`whyUnreadable`: a redirect,
 * CORS, or a server not reached), with what to do instead. `onProgress` hears of the bytes as
 * they come, of every file; how long a fetch may take is the page's to limit (BAD-INPUT 32).
 *
 * A spec whose relative `$ref`s name other files brings them too, and theirs:
 * `gatherReferencedFiles` says which, with a folder upload's limits; each is fetched the same
 * way from the entry's origin, below the entry's folder (a reference that climbs out of it is
 * never fetched, and a redirect out of it is refused).
 */
export async function fetchSpecHere(url: string, fileName: string, onProgress?: FetchProgress): Promise<FetchedSpec> {
  const refused = (message: string) => ({ entries: [], problems: [problem('spec-url', 'error', message, fileName)] });
  let received = 0;
  // The entry's declared size is the whole while it is the one file; with referenced files there is no whole to tell.
  const counted = (declared: number | null, bytes: number) => {
    received += bytes;
    onProgress?.(received, declared);
  };
  const entry = await fetchBytes(url, fileName, MAX_FETCH_BYTES, counted);
  if (!entry.ok) return refused(entry.unreachable ? await whyUnreadable(url) : entry.why);
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
      const got = await fetchBytes(address.href, path, maxBytes, (_, bytes) => counted(null, bytes));
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

/** How much of a fetch has come: bytes so far, and the size the server declared, if it did. */
export type FetchProgress = (received: number, total: number | null) => void;

type Fetched = { ok: true; bytes: Uint8Array; url?: string } | { ok: false; why: string; unreachable?: boolean; tooLarge?: boolean };

/** One address's bytes, at most `maxBytes` of them, read as they arrive, each chunk told to `onBytes` with the declared size. */
async function fetchBytes(url: string, name: string, maxBytes: number, onBytes: (declared: number | null, bytes: number) => void): Promise<Fetched> {
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
  const size = declared > 0 ? declared : null;
  onBytes(size, 0);
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
    onBytes(size, value.length);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { ok: true, bytes, url: final };
}

/**
 * Why a fetch the browser refused failed: the browser gives a refused read (CORS), a refused
 * redirect and a server not reached the same TypeError (BAD-INPUT 32). Asked
 * once more without following redirects, a redirect comes back as such (when its answer lets
 * other pages read it, as the one before a refused hop does), so it is named as a redirect,
 * not as CORS; a page is never told where it leads. Asked once more without reading the
 * answer (`no-cors`), a server that answers at all is one that lets no other page read it:
 * its answer may be a redirect, which a browser hides from pages then (a redirect answer is
 * held to CORS before it is followed, and `no-cors` cannot be asked not to follow one), so
 * the message says both and how to tell (docs/decisions/0030-fetching-a-spec-by-its-address.md).
 */
export async function whyUnreadable(url: string): Promise<string> {
  const host = new URL(url).host;
  const instead = 'download the spec and upload the file instead';
  const init: RequestInit = { credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' };
  const redirected = await fetch(url, { ...init, redirect: 'manual' }).then(
    (r) => r.type === 'opaqueredirect',
    () => false,
  );
  if (redirected) {
    return `${host} answered with a redirect to another address, which this browser refused to follow (it leads to a server that does not let other pages read it, or to something other than http(s)): fetch the address it redirects to, or ${instead}`;
  }
  const answers = await fetch(url, { ...init, mode: 'no-cors' }).then(
    () => true,
    () => false,
  );
  if (answers) {
    return `${host} does not let other pages read it (CORS). Its answer may be a redirect: a browser does not show a page the answers of such a server, so it cannot tell. Open the address in a tab to see where it leads and fetch that address, or ${instead}`;
  }
  return `${host} could not be reached: check the address, or ${instead}`;
}
