'use client';

import type { UploadEntry } from '../../lib/bundle/spec-upload';
import { checkUploadSize } from '../../lib/bundle/upload';
import type { Problem } from '../../lib/core/problem';

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
