/**
 * The update of a skill to a newer spec (SPEC 9) on the real Stripe pair: the whole skill
 * generated from the older spec, 20 operation files edited (a line of prose added, a
 * description in the schema changed), then updated to the newer spec. Times `updateSkill`
 * (both generations rebuilt, every file merged, the report) over 1 round not counted and 3
 * counted, in this process, the CLI's `update` end to end (read, load both specs,
 * update, write) once, in a process of its own, and the wizard's service's `update` and
 * `apply-update` requests (bench/update-service.ts). Target: under 3 s. Prints one table; exits
 * 1 when the target is missed. Usage: tsx bench/update.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readSpecUpload } from '../cli/read-spec';
import { convertSpec } from '../lib/convert';
import { loadSpec } from '../lib/openapi';
import { updateSkill } from '../lib/update/update';
import { fmt, median, table } from './stats';
import { benchServiceUpdate } from './update-service';

const TARGET_MS = 3000;
const PAIR = '/work/shared/specs-versions/stripe';
const root = resolve(import.meta.dirname, '..');

export async function benchUpdate(): Promise<{ report: string; ok: boolean }> {
  if (!existsSync(PAIR)) return { report: `Update: skipped (${PAIR} is absent)`, ok: true };
  const load = async (path: string) => {
    const upload = await readSpecUpload(path);
    if (!upload.ok) throw new Error(path);
    const loaded = await loadSpec(upload.value.files, { entry: upload.value.entry, validate: false });
    if (!loaded.ok) throw new Error(path);
    return { spec: loaded.value, sha256: upload.value.entrySha256?.hex };
  };
  const from = await load(join(PAIR, 'old/spec3.yaml'));
  const to = await load(join(PAIR, 'new/spec3.yaml'));
  const old = convertSpec(from.spec, { sha256: from.sha256 });
  const files = new Map(old.files);
  const edited = [...files.keys()].filter((f) => f.endsWith('.md') && f !== 'SKILL.md' && files.get(f)!.startsWith('---\noperation:')).slice(0, 20);
  for (const f of edited) files.set(f, files.get(f)!.replace(/\n---\n/, '\n---\nEdited: read the account notes first.\n\n').replace('"description": "', '"description": "Edited. '));
  const skill = { folder: old.folder, files };
  const times: number[] = [];
  const cpu: number[] = [];
  let conflicts = 0;
  for (let round = 0; round < 4; round++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const up = updateSkill({ skill, from: from.spec, to: to.spec, fromSha256: from.sha256, toSha256: to.sha256, settle: 'mine' });
    const used = process.cpuUsage(c);
    if (round > 0) {
      times.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
    }
    conflicts = up.conflicts.length;
  }
  // The CLI end to end, on a copy of the skill written to disk.
  const tmp = await mkdtemp(join(tmpdir(), 'bench-update-'));
  let cliMs = 0;
  try {
    const dir = join(tmp, old.folder);
    await mkdir(dir);
    for (const [path, text] of files) await writeFile(join(dir, path), text);
    const t = performance.now();
    execFileSync(process.execPath, [join(root, 'dist/cli.mjs'), 'update', dir, '--from', join(PAIR, 'old/spec3.yaml'), '--to', join(PAIR, 'new/spec3.yaml'), '--ours'], { stdio: 'ignore' });
    cliMs = performance.now() - t;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  const lib = median(times);
  // The wizard's worker runs the service: the same update, from an upload, as the page asks for it.
  const service = (await benchServiceUpdate(4))!;
  const ok = lib < TARGET_MS && cliMs < TARGET_MS && service.updateWallMs < TARGET_MS;
  const report = `${table(
    ['Stripe update (20 files edited)', 'ms', 'target'],
    [
      ['updateSkill (median of 3), wall', fmt(lib), `< ${TARGET_MS}`],
      ['updateSkill (median of 3), CPU', fmt(median(cpu)), ''],
      ['CLI update, end to end', fmt(cliMs), `< ${TARGET_MS}`],
      ["wizard service's update request (median of 3), wall", fmt(service.updateWallMs), `< ${TARGET_MS}`],
      ["wizard service's update request (median of 3), CPU", fmt(service.updateCpuMs), ''],
      ["wizard service's apply-update (median of 3), CPU", fmt(service.applyCpuMs), ''],
      ['conflicts settled mine', conflicts, ''],
    ],
  )}\n(load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores: wall time beyond CPU time is waiting for a core)`;
  return { report, ok };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { report, ok } = await benchUpdate();
  console.log(report);
  process.exitCode = ok ? 0 : 1;
}
