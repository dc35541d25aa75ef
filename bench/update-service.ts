/**
 * The update of the Stripe pair (SPEC 9) through the wizard's service, as the browser's
 * worker runs it: the older spec converted, 20 operation files edited (as in
 * bench/update.ts), then the `update` request with the newer spec given as an upload (read,
 * loaded, checked, generated, merged, compared), then `apply-update`. CPU time of each,
 * median of 3 after 1 not counted; each round on a service of its own.
 * Prints one JSON line. `--profile <file>` writes a CPU profile of the last round's
 * `update` request alone (the V8 profiler, as `node --cpu-prof` writes, without the setup).
 * Usage: tsx bench/update-service.ts [rounds] [--profile <file>.cpuprofile]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { createWizardService, type WizardReply, type WizardRequest, type WizardService } from '../lib/wizard/service';

const PAIR = '/work/shared/specs-versions/stripe';

async function call<T extends WizardReply['type']>(service: WizardService, request: WizardRequest, type: T): Promise<Extract<WizardReply, { type: T }>> {
  const reply = await service.handle(request);
  if (reply.type !== type) throw new Error(`${request.type}: ${JSON.stringify(reply).slice(0, 300)}`);
  return reply as Extract<WizardReply, { type: T }>;
}

const upload = (name: string, path: string) => ({ name, kind: 'files' as const, entries: [{ path: name, bytes: new Uint8Array(readFileSync(path)) }] });

/** A service holding the older spec's skill, 20 operation files edited, as the worker makes it. */
async function editedStripe(): Promise<WizardService> {
  // The worker hashes with the platform's SHA-256 (crypto.subtle); here, node's.
  const service = createWizardService({ sha256: async (text) => createHash('sha256').update(text).digest('hex') });
  const opened = await call(service, { type: 'convert', upload: upload('spec3.yaml', join(PAIR, 'old/spec3.yaml')), options: {} }, 'opened');
  if (!opened.result.ok) throw new Error(opened.result.problems[0]?.message);
  const files = opened.result.value.summary.files.filter((f) => f.kind === 'operation' && f.declared).slice(0, 20);
  for (const { path } of files) {
    const file = (await call(service, { type: 'file', path }, 'file')).file!;
    const text = file.text.replace(/\n---\n/, '\n---\nEdited: read the account notes first.\n\n').replace('"description": "', '"description": "Edited. ');
    await call(service, { type: 'edit', path, version: file.version, text }, 'edited');
  }
  return service;
}

export interface ServiceUpdateTimes {
  /** Medians, in ms. */
  updateCpuMs: number;
  updateWallMs: number;
  applyCpuMs: number;
  cpu: number[];
  wall: number[];
  conflicts: number;
}

/** The update's times through the service; undefined when the pair is absent. `profileFile`: the last round's `update` profiled. */
export async function benchServiceUpdate(rounds = 4, profileFile?: string): Promise<ServiceUpdateTimes | undefined> {
  if (!existsSync(PAIR)) return undefined;
  const cpu: number[] = [];
  const wall: number[] = [];
  const applyCpu: number[] = [];
  let conflicts = 0;
  for (let round = 0; round < rounds; round++) {
    const service = await editedStripe();
    const profiling = profileFile !== undefined && round === rounds - 1 ? new Session() : undefined;
    if (profiling) {
      profiling.connect();
      await profiling.post('Profiler.enable');
      await profiling.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiling.post('Profiler.start');
    }
    const t = performance.now();
    const c = process.cpuUsage();
    const reply = await call(service, { type: 'update', upload: upload('spec3-new.yaml', join(PAIR, 'new/spec3.yaml')) }, 'update');
    const used = process.cpuUsage(c);
    const ms = performance.now() - t;
    if (profiling) {
      const { profile } = await profiling.post('Profiler.stop');
      writeFileSync(profileFile!, JSON.stringify(profile));
      profiling.disconnect();
    }
    if (!reply.result.ok) throw new Error(reply.result.problems[0]?.message);
    conflicts = reply.result.value.conflicts.length;
    // Applied with every conflict settled the person's way: the skill the draft takes.
    const a = process.cpuUsage();
    await call(service, { type: 'apply-update', settled: reply.result.value.conflicts.map((c) => [c.path, c.mine]) }, 'opened');
    const applied = process.cpuUsage(a);
    if (round > 0 || rounds === 1) {
      wall.push(Math.round(ms));
      cpu.push(Math.round((used.user + used.system) / 1000));
      applyCpu.push(Math.round((applied.user + applied.system) / 1000));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { updateCpuMs: median(cpu), updateWallMs: median(wall), applyCpuMs: median(applyCpu), cpu, wall, conflicts };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const profileAt = args.indexOf('--profile');
  const profileFile = profileAt >= 0 ? args.splice(profileAt, 2)[1] : undefined;
  const times = await benchServiceUpdate(Number(args[0] ?? 4), profileFile);
  console.log(JSON.stringify(times ?? { skipped: `${PAIR} is absent` }));
}
