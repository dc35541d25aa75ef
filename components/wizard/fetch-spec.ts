import type { UploadEntry } from '../../lib/openapi/upload';
import { DEFAULT_UPLOAD_LIMITS } from '../../lib/openapi/upload';
import { problem, type Problem } from '../../lib/core/problem';

export interface FetchedSpec {
  entries: UploadEntry[];
  problems: Problem[];
}

const MAX_FETCH_BYTES = DEFAULT_UPLOAD_LIMITS.maxFileBytes;

/**
 * Fetch a spec by its address, here (`fetch-spec.worker.ts` calls it) (BAD-INPUT 21): no
 * cookies, no referrer, at most the one-file limit read (SPEC 6). The address was checked by
 * `parseSpecUrl`. A server that does not allow pages to read it (CORS) is named, with what to
 * do instead.
 */
export async function fetchSpecHere(url: string, fileName: string): Promise<FetchedSpec> {
  const refused = (message: string) => ({ entries: [], problems: [problem('spec-url', 'error', message, fileName)] });
  const host = new URL(url).host;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' });
  } catch {
    return refused(`${host} could not be reached, or does not let other pages read it (CORS): download the spec and upload the file instead`);
  }
  if (!response.ok) return refused(`${host} answered ${response.status} ${response.statusText}`.trim());
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_FETCH_BYTES) return refused(`${fileName} is ${(declared / 2 ** 20).toFixed(1)} MB, over the ${MAX_FETCH_BYTES / 2 ** 20} MB limit for one file`);
  const reader = response.body?.getReader();
  if (!reader) return { entries: [{ path: fileName, bytes: new Uint8Array(await response.arrayBuffer()) }], problems: [] };
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_FETCH_BYTES) {
      await reader.cancel();
      return refused(`${fileName} is over the ${MAX_FETCH_BYTES / 2 ** 20} MB limit for one file`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { entries: [{ path: fileName, bytes }], problems: [] };
}
