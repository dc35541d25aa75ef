'use client';

import type { UploadEntry } from '../../lib/openapi/upload';
import { checkUploadSize, DEFAULT_UPLOAD_LIMITS } from '../../lib/openapi/upload';
import { problem, type Problem } from '../../lib/core/problem';

/** Files the user chose, each with its path in the upload, and what the upload is called. */
export interface ChosenFiles {
  name: string;
  kind: 'files' | 'folder';
  files: { file: File; path: string }[];
}

/**
 * From a file input: the files by name, or, from a folder input, by their path inside the
 * folder (`folder/sub/file.yaml` without `folder/`).
 */
export function chosenFromInput(files: readonly File[], fromFolder: boolean): ChosenFiles {
  if (fromFolder) {
    const top = files[0]?.webkitRelativePath.split('/')[0] || 'folder';
    return { name: top, kind: 'folder', files: files.map((file) => ({ file, path: file.webkitRelativePath.split('/').slice(1).join('/') || file.name })) };
  }
  return { name: files.length === 1 ? files[0].name : `${files.length} files`, kind: 'files', files: files.map((file) => ({ file, path: file.name })) };
}

/**
 * From a drop: files as dropped, and a dropped folder walked (the browser hands it over as
 * an entry to read, not as files). One folder alone is the upload's root, as from a folder
 * input.
 */
export async function chosenFromDrop(data: DataTransfer): Promise<ChosenFiles> {
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return chosenFromInput([...data.files], false);
  if (entries.length === 1 && entries[0].isDirectory) {
    return { name: entries[0].name, kind: 'folder', files: await walk(entries[0] as FileSystemDirectoryEntry, '') };
  }
  const files: { file: File; path: string }[] = [];
  for (const entry of entries) {
    if (entry.isDirectory) files.push(...(await walk(entry as FileSystemDirectoryEntry, `${entry.name}/`)));
    else files.push({ file: await fileOf(entry as FileSystemFileEntry), path: entry.name });
  }
  const folders = entries.some((e) => e.isDirectory);
  return { name: entries.length === 1 ? entries[0].name : `${entries.length} items`, kind: folders ? 'folder' : 'files', files };
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(dir: FileSystemDirectoryEntry, prefix: string): Promise<{ file: File; path: string }[]> {
  const reader = dir.createReader();
  const children: FileSystemEntry[] = [];
  // readEntries hands entries over in batches until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const out: { file: File; path: string }[] = [];
  for (const child of children) {
    if (child.isDirectory) out.push(...(await walk(child as FileSystemDirectoryEntry, `${prefix}${child.name}/`)));
    else out.push({ file: await fileOf(child as FileSystemFileEntry), path: `${prefix}${child.name}` });
  }
  return out;
}

/**
 * The bytes of the chosen files. Sizes are checked before a byte is read (SPEC 6), so an
 * oversized upload costs nothing; a file that cannot be read is named.
 */
export async function readChosenFiles(chosen: ChosenFiles): Promise<{ entries: UploadEntry[]; problems: Problem[] }> {
  const problems = checkUploadSize(chosen.files.map((n) => ({ path: n.path, size: n.file.size })));
  if (problems.some((p) => p.severity === 'error')) return { entries: [], problems };
  const entries: UploadEntry[] = [];
  for (const n of chosen.files) {
    try {
      entries.push({ path: n.path, bytes: new Uint8Array(await n.file.arrayBuffer()) });
    } catch {
      return { entries: [], problems: [problem('upload-unreadable', 'error', `${n.path} could not be read (a folder dropped where files go? use Choose a folder…)`, n.path)] };
    }
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries, problems };
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
