/**
 * `skill-wizard convert` against the tool a user would pick instead, openapi-mcp-generator
 * 4.0.1, side by side in one run: the same four corpus specs, each tool as
 * a whole process the way a user runs it (Node's start, reading, writing, exit), alternating
 * runs so a busy machine slows both alike, median of 3. Target: at most 1.5 times the peer's
 * time on each spec (docs/decisions/0026-cli-one-bundle-and-its-target.md). Timed once creating a file costs what it does on a disk nobody has
 * just emptied (`settleDisk`), which the report says.
 *
 * The peer is installed into bench/.peer/ (`npm i --no-save`, outside the project's
 * package.json and lock file) the first time; when the registry cannot be reached, this part
 * says so and times the CLI alone.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readManifest, SPECS_DIR } from '../test/corpus';
import { fmt, median, table } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const PEER = 'openapi-mcp-generator@4.0.1';
const PEER_DIR = join(ROOT, 'bench/.peer');
const PEER_BIN = join(PEER_DIR, 'node_modules/openapi-mcp-generator/bin/openapi-mcp-generator.js');
export const PEER_SPECS = ['stripe-core', 'kubernetes-core', 'openai-api', 'box-platform'];
const RUNS = 3;
/** `convert` may take this many times the peer's whole-process time: it validates, fits and checks what the peer does not. */
const TARGET_RATIO = 1.5;
/** The CLI timed: the bundle built from this tree, or another build to compare (`BENCH_CLI=/path/to/cli.mjs`). */
const CLI = process.env.BENCH_CLI ?? join(ROOT, 'dist/cli.mjs');

/** The peer's entry script, installed on first use; a reason when it cannot be. */
export function installPeer(): { bin: string } | { skipped: string } {
  if (existsSync(PEER_BIN)) return { bin: PEER_BIN };
  mkdirSync(PEER_DIR, { recursive: true });
  // A package.json of its own, so npm installs here and not into the project.
  writeFileSync(join(PEER_DIR, 'package.json'), '{ "private": true, "description": "the bench peer, installed by bench/cli-vs-peer.ts" }\n');
  const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--fetch-retries=1', PEER], { cwd: PEER_DIR, encoding: 'utf8', timeout: 180_000 });
  if (r.status !== 0 || !existsSync(PEER_BIN)) {
    const why = `${r.stderr ?? ''}${r.error?.message ?? ''}`.split('\n').find((l) => /ERR|error|ENOTFOUND|EAI_AGAIN|ETIMEDOUT/i.test(l)) ?? `npm exited with ${r.status}`;
    return { skipped: `${PEER} could not be installed (${why.trim()}): is the registry reachable?` };
  }
  return { bin: PEER_BIN };
}

const TIME = '/usr/bin/time';
const HAS_TIME = existsSync(TIME);

/**
 * One whole process: its wall time, and (where /usr/bin/time is) its CPU time, user + system,
 * in ms. On a shared machine the CPU time is the steadier figure: waiting for a core adds to
 * the wall time of whichever tool is unlucky. Throws when the process fails.
 */
function timeProcess(args: string[]): { wall: number; cpu?: number } {
  const stats = join(tmpdir(), `skill-bench-time-${process.pid}`);
  const [file, argv] = HAS_TIME ? [TIME, ['-o', stats, '-f', '%U %S', process.execPath, ...args]] : [process.execPath, args];
  const t0 = performance.now();
  const r = spawnSync(file, argv, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = performance.now() - t0;
  // convert exits 1 when the package has a publish error; that is a finished conversion.
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.slice(0, 2).join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  if (!HAS_TIME) return { wall };
  const [user, system] = readFileSync(stats, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  rmSync(stats, { force: true });
  return { wall, cpu: (user + system) * 1000 };
}

/** Files the probe creates: about Kubernetes' skill. */
const PROBE_FILES = 500;
/** A file created faster than this (µs) is the disk settled; unsettled it is 150-200 here, settled 5-20. */
const SETTLED_MICROS = 40;
const SETTLE_WAIT_MS = 180_000;
const PROBE_EVERY_MS = 10_000;

/** What creating a file costs now (µs): `PROBE_FILES` empty files created in a new folder under `dir`, kept (see `settleDisk`). */
function fileCreationMicros(dir: string): number {
  const probe = mkdtempSync(join(dir, 'probe-'));
  const t0 = performance.now();
  for (let i = 0; i < PROBE_FILES; i++) closeSync(openSync(join(probe, `${i}.md`), 'wx'));
  return ((performance.now() - t0) * 1000) / PROBE_FILES;
}

/**
 * Waits until creating a file costs what it costs on a disk nobody has just emptied. On
 * ext4 without a journal (this machine's root file system), the kernel looks for a new
 * file's inode past every inode freed in the last 60 s (300 s while its block is not yet
 * written back): for a minute after thousands of files were removed (the test suite, the
 * bench's other parts, a run that cleans up after itself), each file created costs 150-200
 * µs instead of 5-20, which adds 150-190 ms to `convert`'s 943 files for Kubernetes and
 * nothing to the peer's 8. Probes every 10 s, at most 3 minutes; what it found is reported.
 * Nothing is removed until the end, so the bench does not slow itself.
 */
function settleDisk(dir: string): { micros: number; waitedMs: number } {
  const t0 = performance.now();
  let micros = fileCreationMicros(dir);
  while (micros > SETTLED_MICROS && performance.now() - t0 < SETTLE_WAIT_MS) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PROBE_EVERY_MS);
    micros = fileCreationMicros(dir);
  }
  return { micros, waitedMs: performance.now() - t0 };
}

export function benchCliVsPeer(): { ok: boolean; report: string } {
  const peer = installPeer();
  const manifest = readManifest();
  const out = mkdtempSync(join(tmpdir(), 'skill-bench-peer-'));
  const rows: (string | number)[][] = [];
  let ok = true;
  let disk: { micros: number; waitedMs: number } | undefined;
  try {
    disk = settleDisk(out);
    for (const folder of PEER_SPECS) {
      const spec = manifest.find((s) => s.folder === folder);
      if (!spec) continue;
      const input = join(SPECS_DIR, spec.folder, spec.entry);
      const ours: { wall: number; cpu?: number }[] = [];
      const theirs: { wall: number; cpu?: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        ours.push(timeProcess([CLI, 'convert', input, '--out', join(out, `ours-${folder}-${i}`)]));
        if ('bin' in peer) theirs.push(timeProcess([peer.bin, '--input', input, '--output', join(out, `peer-${folder}-${i}`)]));
      }
      const wall = [median(ours.map((t) => t.wall)), theirs.length > 0 ? median(theirs.map((t) => t.wall)) : undefined] as const;
      const cpu = HAS_TIME ? ([median(ours.map((t) => t.cpu!)), theirs.length > 0 ? median(theirs.map((t) => t.cpu!)) : undefined] as const) : undefined;
      if (wall[1] !== undefined && wall[0] > TARGET_RATIO * wall[1]) ok = false;
      const ratio = (a: number, b: number | undefined) => (b === undefined ? '' : (a / b).toFixed(2));
      rows.push([
        folder,
        spec.operations,
        fmt(wall[0]),
        wall[1] === undefined ? 'skipped' : fmt(wall[1]),
        ratio(wall[0], wall[1]),
        ...(cpu ? [fmt(cpu[0]), cpu[1] === undefined ? 'skipped' : fmt(cpu[1]), ratio(cpu[0], cpu[1])] : []),
      ]);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const lines = [
    `skill-wizard convert vs ${PEER}, whole process, median of ${RUNS} alternating runs (ms; wall, then CPU user + system where /usr/bin/time is)`,
    '',
    table(['spec', 'operations', 'skill-wizard', 'peer', 'ratio', ...(HAS_TIME ? ['CPU skill-wizard', 'CPU peer', 'CPU ratio'] : [])], rows),
    '',
    'skipped' in peer ? `peer: ${peer.skipped}` : `target: wall ratio at most ${TARGET_RATIO.toFixed(2)} on each: ${ok ? 'met' : 'MISSED'}; load average now ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    disk === undefined
      ? ''
      : `creating a file in the output folder: ${disk.micros.toFixed(0)} µs${disk.waitedMs >= PROBE_EVERY_MS ? ` after waiting ${(disk.waitedMs / 1000).toFixed(0)} s for files removed just before to stop slowing it` : ''}${disk.micros > SETTLED_MICROS ? ` (over ${SETTLED_MICROS} µs: the disk was still slowed, and the figures above with it)` : ''}`,
  ];
  return { ok, report: lines.join('\n') };
}

// `npm run bench:cli`: this part alone.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { ok, report } = benchCliVsPeer();
  console.log(report);
  process.exitCode = ok ? 0 : 1;
}
