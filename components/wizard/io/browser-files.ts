'use client';

import type { UploadEntry } from '../../../lib/openapi/upload';
import { checkUploadSize } from '../../../lib/openapi/upload';
import type { FetchedSpec } from './fetch-spec';
import { compareStrings } from '../../../lib/core/entries';
import { problem, type Problem } from '../../../lib/core/problem';
import { superviseFetch, type FetchOptions } from './fetch-supervisor';
import { withFetchPolicy } from './worker-supervisor';

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
  entries.sort((a, b) => compareStrings(a.path, b.path));
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

/**
 * Fetch a spec by its address, from this browser, in a worker started for this fetch alone:
 * the page's content security policy lets it connect only to this app, and a worker runs
 * under the policy its script is served with, which lets it reach other servers (BAD-INPUT
 * 34, next.config.mjs). What it fetched comes back transferred, not copied. Cancel and the
 * time limits end that worker (`superviseFetch`, BAD-INPUT 32).
 */
export function fetchSpec(url: string, fileName: string, options: FetchOptions = {}): Promise<FetchedSpec> {
  return superviseFetch(startFetchWorker(), url, fileName, options);
}

/**
 * The fetch worker, its script asked for with `?worker=fetch`: the bundler starts every
 * worker from one bootstrap script, so the query is what tells the server this one may
 * connect to other servers (and may not evaluate code), while the wizard's worker may
 * evaluate code (Ajv) and connect nowhere (`withFetchPolicy` adds the query).
 */
export function startFetchWorker(): Worker {
  return withFetchPolicy(() => new Worker(new URL('./fetch-spec.worker.ts', import.meta.url), { type: 'module' }));
}
