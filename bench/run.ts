/**
 * `npm run bench`: the CLI's `convert` beside openapi-mcp-generator (bench/cli-vs-peer.ts),
 * the skill-format engine on a generated package, then the OpenAPI import end to end on the
 * five largest corpus specs, then the token meter on Kubernetes' tools, alone and through the
 * wizard's service, then the wizard in Chromium (bench/browser.ts). Prints tables; exits 1 when a target is missed.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { benchCliVsPeer } from './cli-vs-peer';
import { benchSkillFormat } from './skill-format';
import { benchLimits } from './limits';
import { benchUpdate } from './update';
import { benchBrowser } from './browser';
import { corpusAvailable, folderBytes, readManifest, SPECS_DIR } from '../test/corpus';
import { fmt, median, table } from './stats';

const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
let ok = true;

// First: the parts after it create and remove thousands of files, which slows creating
// files for a minute on this machine's disk (see settleDisk in bench/cli-vs-peer.ts).
if (corpusAvailable()) {
  const peer = benchCliVsPeer();
  console.log(`${peer.report}\n`);
  ok &&= peer.ok;
}

const skill = benchSkillFormat();
console.log(skill.report);
ok &&= skill.ok;

const update = await benchUpdate();
console.log(`\n${update.report}`);
ok &&= update.ok;

const limits = await benchLimits();
console.log(`\n${limits.report}`);
ok &&= limits.ok;

if (!corpusAvailable()) {
  console.log(`\nOpenAPI import: skipped (${SPECS_DIR} is absent)`);
} else {
  const specs = readManifest()
    .map((s) => ({ ...s, bytes: folderBytes(s.folder) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  const rows: (string | number)[][] = [];
  for (const s of specs) {
    const run = (mode?: string) => {
      const out = execFileSync(tsx, [join(root, 'bench/convert-one.ts'), s.folder, s.entry, ...(mode ? [mode] : [])], { encoding: 'utf8', maxBuffer: 1 << 24 });
      return JSON.parse(out.trim().split('\n').pop()!);
    };
    const p = run();
    if (p.error) {
      ok = false;
      rows.push([s.folder, 'error', p.error, '', '', '', '', '', '', '']);
      continue;
    }
    const f = run('floor');
    const ratio = p.pipeline / f.floor;
    if (p.pipeline > 3000 || p.peakRssMb > 600) ok = false;
    rows.push([
      s.folder,
      `${p.declared}/${p.proseOnly}/${p.skipped}`,
      fmt(p.load),
      fmt(p.generate),
      fmt(p.rules),
      fmt(p.zip),
      fmt(p.pipeline),
      `${p.peakRssMb.toFixed(0)} MB`,
      `${fmt(f.parse)} + ${fmt(f.validate)}`,
      ratio.toFixed(2),
    ]);
  }
  console.log('\nOpenAPI import, five largest corpus specs (each in its own process; ms)\n');
  console.log(table(['spec', 'declared/prose/skipped', 'load+validate', 'generate', 'rules', 'zip', 'pipeline', 'peak RSS', 'floor: yaml parse + validate', 'pipeline/floor'], rows));

  // Fitting operations to the 24 KiB limit costs at most 10% of conversion: the
  // conversion as the CLI runs it (load, generate, the rules, the zip), with and without
  // fitting, each variant in processes of its own (3 each, alternately; 6 rounds counted in
  // each, bench/convert-one.ts). The target is the median round of each variant, the
  // collector's work included: the best round is one the collector hardly ran in, which
  // the variant that allocates more (fitting) meets less often; it is shown beside. The load
  // is the same work either way: its median over the six processes is added to both.
  // Generating alone is shown too, and the conversion as `convert` runs it without --zip
  // (load, generate, the files written by the CLI's writer, the rules; the wizard too zips
  // only on Download): figures for the lead, not the target's definition.
  const FIT_COST_PROCESSES = 3;
  type FitCost = { generate: number[]; conversion: number[]; conversionCpu: number[]; written: number[]; writtenCpu: number[]; load: number; loadCpu: number; fitted: number; error?: string };
  const fitRows = specs.map((s) => {
    const runs: Record<'fit' | 'no-fit', FitCost[]> = { fit: [], 'no-fit': [] };
    for (let i = 0; i < FIT_COST_PROCESSES; i++) {
      for (const variant of i % 2 === 0 ? (['fit', 'no-fit'] as const) : (['no-fit', 'fit'] as const)) {
        runs[variant].push(JSON.parse(execFileSync(tsx, [join(root, 'bench/convert-one.ts'), s.folder, s.entry, 'fit-cost', variant], { encoding: 'utf8', maxBuffer: 1 << 24 }).trim().split('\n').pop()!));
      }
    }
    const all = [...runs.fit, ...runs['no-fit']];
    const broke = all.find((r) => r.error);
    if (broke) {
      ok = false;
      return [s.folder, 'error', broke.error!, '', '', '', '', '', '', '', '', ''];
    }
    const load = median(all.map((r) => r.load));
    const loadCpu = median(all.map((r) => r.loadCpu));
    const rounds = (variant: 'fit' | 'no-fit', key: 'generate' | 'conversion' | 'conversionCpu' | 'written' | 'writtenCpu') => runs[variant].flatMap((r) => r[key]);
    const mid = (variant: 'fit' | 'no-fit', key: 'generate' | 'conversion' | 'conversionCpu' | 'written' | 'writtenCpu') => median(rounds(variant, key));
    const ratio = (load + mid('fit', 'conversion')) / (load + mid('no-fit', 'conversion'));
    if (ratio > 1.1) ok = false;
    const bestRatio = (load + Math.min(...rounds('fit', 'conversion'))) / (load + Math.min(...rounds('no-fit', 'conversion')));
    const cpuRatio = (loadCpu + mid('fit', 'conversionCpu')) / (loadCpu + mid('no-fit', 'conversionCpu'));
    const writtenRatio = (load + mid('fit', 'written')) / (load + mid('no-fit', 'written'));
    const writtenCpuRatio = (loadCpu + mid('fit', 'writtenCpu')) / (loadCpu + mid('no-fit', 'writtenCpu'));
    return [
      s.folder,
      runs.fit[0].fitted,
      `${fmt(mid('no-fit', 'generate'))} / ${fmt(mid('fit', 'generate'))}`,
      fmt(load + mid('no-fit', 'conversion')),
      fmt(load + mid('fit', 'conversion')),
      ratio.toFixed(3),
      bestRatio.toFixed(3),
      `${fmt(loadCpu + mid('no-fit', 'conversionCpu'))} / ${fmt(loadCpu + mid('fit', 'conversionCpu'))}`,
      cpuRatio.toFixed(3),
      `${fmt(load + mid('no-fit', 'written'))} / ${fmt(load + mid('fit', 'written'))}`,
      writtenRatio.toFixed(3),
      writtenCpuRatio.toFixed(3),
    ];
  });
  console.log(`\nFitting to the 24 KiB limit: with and without it, each in ${FIT_COST_PROCESSES} processes of its own, the median of 6 rounds per process after 2 not counted (ms; target: the conversion ratio at most 1.10; load average ${loadavg()[0].toFixed(1)}: CPU time is what the work costs, wall time on a busy machine is mostly waiting)\n`);
  console.log(
    table(
      ['spec', 'operations fitted', 'generate: --no-fit / fitting', 'conversion --no-fit', 'conversion (fitting)', 'conversion ratio', 'best rounds\' ratio', 'conversion CPU --no-fit / fitting', 'CPU ratio', 'convert, no zip: --no-fit / fitting', 'its ratio', 'its CPU ratio'],
      fitRows,
    ),
  );
  console.log('"convert, no zip": load, generate, the files written into a new folder by the CLI\'s writer and the rules, as `convert` runs without --zip (shown beside the target, which is the conversion ratio).');

  // The token meter on Kubernetes' ~900 tools, each run in a fresh process: the first count
  // loads the tokenizer as a fresh worker would; then one-file edits re-publish and re-count.
  // Best of 3 runs: the machine's other work only ever adds time.
  const k8s = readManifest().find((s) => s.folder === 'kubernetes-core');
  if (k8s) {
    const runs = [0, 1, 2].map(() => JSON.parse(execFileSync(tsx, [join(root, 'bench/tokens-one.ts'), k8s.folder, k8s.entry], { encoding: 'utf8', maxBuffer: 1 << 24 }).trim().split('\n').pop()!));
    const failed = runs.find((r) => r.error);
    if (failed) {
      ok = false;
      console.log(`\ntoken meter on ${k8s.folder}: error ${failed.error}`);
    } else {
      const best = (f: (r: (typeof runs)[number]) => number) => Math.min(...runs.map(f));
      const load = best((r) => r.tokenizerLoad);
      const rows = Object.keys(runs[0].first as object).map((id) => {
        const firstLoad = best((r) => r.tokenizerLoad + r.first[id].ms);
        const edit = best((r) => r.edits[id].median);
        if (firstLoad > 1000 || edit > 20) ok = false;
        const firstLoadCpu = best((r) => r.tokenizerLoadCpu + r.first[id].cpu);
        return [id, runs[0].first[id].total.toLocaleString('en-US'), fmt(load), fmt(best((r) => r.first[id].ms)), fmt(firstLoad), fmt(firstLoadCpu), fmt(edit), fmt(best((r) => r.edits[id].max))];
      });
      console.log(`\nToken meter, ${k8s.folder}: ${runs[0].tools} tools, best of 3 fresh processes (ms; publishing the tools first: ${fmt(best((r) => r.publish))}; targets: first load under 1000, a one-file edit under 20)\n`);
      console.log(table(['model', 'tokens', 'tokenizer load', 'first count', 'first load', 'first load, CPU time', 'edit: republish + recount (median of 20)', 'edit (max)'], rows));
      console.log(`Tools counted again per edit: at most ${Math.max(...runs.map((r) => r.recounted))}. The second model uses the tokenizer the first loaded. Peak RSS ${Math.max(...runs.map((r) => r.peakRssMb)).toFixed(0)} MB.`);
    }

    // The same through the wizard's service, as its worker runs it: the
    // `tokens` request on first load and after a one-file edit; the compatibility table too.
    const fits = [0, 1, 2].map(() => JSON.parse(execFileSync(tsx, [join(root, 'bench/fit-service.ts'), k8s.folder], { encoding: 'utf8', maxBuffer: 1 << 24 }).trim().split('\n').pop()!));
    const broke = fits.find((r) => r.error);
    if (broke) {
      ok = false;
      console.log(`\nwizard service on ${k8s.folder}: error ${broke.error}`);
    } else {
      type Fit = (typeof fits)[number];
      const best = (f: (r: Fit) => number) => Math.min(...fits.map(f));
      const firstLoad = best((r) => r.first.ms);
      const edit = best((r) => r.edits.median);
      if (firstLoad > 1000 || edit > 20) ok = false;
      const t = fits[0].typesEdit;
      console.log(`\nWizard service (the worker's code), ${k8s.folder}: ${fits[0].tools} tools, ${fits[0].total.toLocaleString('en-US')} tokens for gpt-4o; best of 3 fresh processes, ms (wall / CPU); targets: first load under 1000, after a one-file edit under 20\n`);
      console.log(
        table(
          ['request', 'wall', 'CPU', 'tools counted'],
          [
            ['tokens, first load (publish + tokenizer import + count)', fmt(firstLoad), fmt(best((r) => r.first.cpu)), fits[0].first.counted],
            ['tokens, a second model (claude-sonnet-4-5)', fmt(best((r) => r.secondModel.ms)), fmt(best((r) => r.secondModel.cpu)), ''],
            ['tokens after a one-file edit (median of 20)', fmt(edit), fmt(best((r) => r.edits.cpuMedian)), Math.max(...fits.map((r) => r.edits.counted))],
            ['tokens after a one-file edit (max of 20)', fmt(best((r) => r.edits.max)), '', ''],
            ...(t ? [[`tokens after a types.json edit (${t.type}, used by ${t.users} operations)`, fmt(best((r) => r.typesEdit.ms)), fmt(best((r) => r.typesEdit.cpu)), t.counted]] : []),
            ['compat, every target, first', fmt(best((r) => r.compat.firstMs)), fmt(best((r) => r.compat.firstCpu)), ''],
            ['compat after a one-file edit', fmt(best((r) => r.compat.afterEditMs)), fmt(best((r) => r.compat.afterEditCpu)), ''],
            ...(t ? [['compat after the types.json edit', fmt(best((r) => r.typesEdit.compatMs)), fmt(best((r) => r.typesEdit.compatCpu)), '']] : []),
          ],
        ),
      );
      console.log(`The edit's own re-check (not counted above): median ${fmt(best((r) => r.edits.editMedian))} ms. Peak RSS ${Math.max(...fits.map((r) => r.peakRssMb)).toFixed(0)} MB. On a busy machine wall time is mostly waiting for a core; CPU time is what the work costs.`);
    }
  }
}

// The wizard in Chromium: the app is built, served and driven as a person would.
const browser = await benchBrowser({ app: root });
console.log(`\n${browser.report}`);
ok &&= browser.ok;

console.log(`\n${ok ? 'all targets met' : 'SOME TARGETS MISSED'}`);
process.exitCode = ok ? 0 : 1;
