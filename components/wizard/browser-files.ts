'use client';

import type { UploadEntry } from '../../lib/bundle/spec-upload';
import { checkUploadSize, DEFAULT_UPLOAD_LIMITS } from '../../lib/bundle/upload';
import { problem, type Problem } from '../../lib/core/problem';

/**
 * The bytes of the files the user chose, with paths relative to the folder they picked (a
 * folder input gives `folder/sub/file.yaml`; the folder's own name is dropped). Sizes are
 * checked before a byte is read (SPEC 6), so an oversized upload costs nothing.
 */
export async function readChosenFiles(files: readonly File[], fromFolder: boolean): Promise<{ entries: UploadEntry[]; problems: Problem[] }> {
  const named = files.map((file) => {
    const relative = fromFolder && file.webkitRelativePath ? file.webkitRelativePath.split('/').slice(1).join('/') : file.name;
    return { file, path: relative || file.name };
  });
  const problems = checkUploadSize(named.map((n) => ({ path: n.path, size: n.file.size })));
  if (problems.some((p) => p.severity === 'error')) return { entries: [], problems };
  const entries = await Promise.all(named.map(async (n) => ({ path: n.path, bytes: new Uint8Array(await n.file.arrayBuffer()) })));
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries, problems };
}

/** The name a folder upload goes by: its top folder. */
export function folderName(files: readonly File[]): string {
  const first = files[0]?.webkitRelativePath ?? '';
  return first.split('/')[0] || 'folder';
}

/** Offer bytes as a download under a file name. */
export function saveBytes(bytes: Uint8Array, fileName: string, type = 'application/zip'): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const MAX_FETCH_BYTES = DEFAULT_UPLOAD_LIMITS.maxFileBytes;

/**
 * Fetch a spec by its address, from this browser (BAD-INPUT 21): no cookies, no referrer,
 * at most the one-file limit read (SPEC 6). The address was checked by `parseSpecUrl`.
 * A server that does not allow pages to read it (CORS) is named, with what to do instead.
 */
export async function fetchSpec(url: string, fileName: string): Promise<{ entries: UploadEntry[]; problems: Problem[] }> {
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
