import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { writeSkillZip } from '../lib/bundle/zip';
import { exportBundle } from '../lib/bundle/bundle';
import { convertSpec, type ConvertOptions } from '../lib/convert';
import { loadSpec, type LoadOptions } from '../lib/openapi';
import { parseSkillPackage } from '../lib/skill/package';
import { readSpecFolder } from './corpus';

/**
 * Determinism across processes: a job runs here and again in a fresh Node process with
 * another time zone and locale, and the two outputs are compared byte for byte. Running a
 * conversion twice in one process cannot catch output that depends on the clock's zone,
 * the locale (`localeCompare`, `toLocaleString`), or state left over from the first run.
 */
export type Job =
  /** `writeSkillZip` of these files. */
  | { kind: 'zip'; folder: string; files: [string, string][] }
  /** `loadSpec`: the document, problems and sources, as JSON. */
  | { kind: 'load'; files: { path: string; text: string }[]; options?: LoadOptions; reverse?: boolean }
  /** A corpus spec loaded, converted and bundled: the document, the problems, the files, the report and the zip. */
  | { kind: 'convert'; corpus: string; entry: string; options?: ConvertOptions; reverse?: boolean };

const enc = new TextEncoder();

/** The job's output bytes. `reverse` gives the files in the opposite order (only the child does). */
export async function runJob(job: Job, child = false): Promise<Uint8Array> {
  switch (job.kind) {
    case 'zip':
      return writeSkillZip(job.folder, new Map(job.files));
    case 'load': {
      const files = child && job.reverse ? [...job.files].reverse() : job.files;
      const r = await loadSpec(files, job.options);
      return enc.encode(JSON.stringify({ ok: r.ok, problems: r.problems, ...(r.ok ? { entry: r.value.entry, sources: r.value.sources, document: r.value.document } : {}) }));
    }
    case 'convert': {
      const all = readSpecFolder(job.corpus);
      const files = child && job.reverse ? [...all].reverse() : all;
      const loaded = await loadSpec(files, { entry: job.entry });
      if (!loaded.ok) return enc.encode(JSON.stringify({ ok: false, problems: loaded.problems }));
      const result = convertSpec(loaded.value, job.options);
      const zip = exportBundle(parseSkillPackage({ folder: result.folder, files: result.files }), { tools: true });
      const text = JSON.stringify({ problems: loaded.problems, document: loaded.value.document, files: [...result.files], report: result.report });
      const out = new Uint8Array(enc.encode(text).length + zip.length);
      out.set(enc.encode(text));
      out.set(zip, out.length - zip.length);
      return out;
    }
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHILD = fileURLToPath(new URL('./elsewhere-child.ts', import.meta.url));

/** A time zone and a locale unlike this process's. */
export function otherZoneAndLocale(): { TZ: string; LC_ALL: string; LANG: string } {
  const here = Intl.DateTimeFormat().resolvedOptions();
  const TZ = here.timeZone === 'Pacific/Kiritimati' ? 'America/Adak' : 'Pacific/Kiritimati'; // UTC+14, or UTC-10
  const locale = here.locale.startsWith('sv') ? 'tr_TR.UTF-8' : 'sv_SE.UTF-8'; // "ö" after "z", a decimal comma
  return { TZ, LC_ALL: locale, LANG: locale };
}

/** Run `job` in a fresh Node process with another time zone and locale; its output bytes. */
export function runElsewhere(job: Job): { bytes: Buffer; env: string } {
  const other = otherZoneAndLocale();
  const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    input: JSON.stringify(job),
    env: { ...process.env, ...other },
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`the other process failed (${r.status}): ${r.stderr.toString().slice(0, 2000)}`);
  return { bytes: r.stdout, env: `TZ=${other.TZ} LC_ALL=${other.LC_ALL}` };
}

/** Where two outputs first differ, with a little of each, for a failure message. */
export function firstDifference(a: Uint8Array, b: Uint8Array): string | null {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  if (i === n && a.length === b.length) return null;
  const show = (x: Uint8Array) => JSON.stringify(Buffer.from(x.subarray(Math.max(0, i - 40), i + 40)).toString('utf8'));
  return `lengths ${a.length} and ${b.length}; first difference at byte ${i}: ${show(a)} vs ${show(b)}`;
}

/** The job's output here and in another process, compared: null when byte-identical, else where they differ. */
export async function compareElsewhere(job: Job): Promise<string | null> {
  const here = await runJob(job);
  const { bytes, env } = runElsewhere(job);
  const diff = firstDifference(here, bytes);
  return diff === null ? null : `in another process (${env}): ${diff}`;
}

/** Fails the running test, saying where, unless the job gives the same bytes here and in another process. */
export async function expectSameElsewhere(job: Job): Promise<void> {
  const diff = await compareElsewhere(job);
  expect(diff, diff ?? undefined).toBeNull();
}
