/**
 * `npm run bench`: the skill-format engine on a generated package (issue 2), then the
 * OpenAPI import end to end on the five largest corpus specs (issue 3), then the token meter
 * on Kubernetes' tools, alone and through the wizard's service (issue 10), then the wizard in
 * Chromium (issue 9, bench/browser.ts). Prints tables; exits 1 when a target is missed.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { benchCliVsPeer } from './cli-vs-peer';
import { benchSkillFormat } from './skill-format';
import { benchLimits } from './limits';
import { benchBrowser } from './browser';
import { corpusAvailable, folderBytes, readManifest, SPECS_DIR } from '../test/corpus';
import { fmt, table } from './stats';

const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
let ok = true;

const skill = benchSkillFormat();
console.log(skill.report);
ok &&= skill.ok;

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

  // Issue 8.1: fitting operations to the 24 KiB limit costs at most 10% of conversion: the
  // conversion as the CLI runs it (load, generate, the rules, the zip), with and without
  // fitting, alternately (each first in half of the pairs), best of 6 each. Generating alone
  // is shown beside it. So is the conversion as `convert` runs it without --zip (load, generate,
  // the files written by the CLI's writer, the rules; the wizard too zips only on Download):
  // an extra figure for the lead, not the target's definition.
  const fitRows = specs.map((s) => {
    const c = JSON.parse(execFileSync(tsx, [join(root, 'bench/convert-one.ts'), s.folder, s.entry, 'fit-cost'], { encoding: 'utf8', maxBuffer: 1 << 24 }).trim().split('\n').pop()!);
    if (c.error) {
      ok = false;
      return [s.folder, 'error', c.error, '', '', '', '', '', '', '', '', '', ''];
    }
    const ratio = (c.load + c.fitConversion) / (c.load + c.noFitConversion);
    if (ratio > 1.1) ok = false;
    const cpuRatio = (c.loadCpu + c.fitConversionCpu) / (c.loadCpu + c.noFitConversionCpu);
    const writtenRatio = (c.load + c.fitWritten) / (c.load + c.noFitWritten);
    const writtenCpuRatio = (c.loadCpu + c.fitWrittenCpu) / (c.loadCpu + c.noFitWrittenCpu);
    return [
      s.folder,
      c.fitted,
      fmt(c.noFit),
      fmt(c.fit),
      (c.fit / c.noFit).toFixed(3),
      fmt(c.load + c.noFitConversion),
      fmt(c.load + c.fitConversion),
      ratio.toFixed(3),
      `${fmt(c.loadCpu + c.noFitConversionCpu)} / ${fmt(c.loadCpu + c.fitConversionCpu)}`,
      cpuRatio.toFixed(3),
      `${fmt(c.load + c.noFitWritten)} / ${fmt(c.load + c.fitWritten)}`,
      writtenRatio.toFixed(3),
      writtenCpuRatio.toFixed(3),
    ];
  });
  console.log(`\nFitting to the 24 KiB limit: with and without it, best of 6 each (ms; target: the conversion ratio at most 1.10; load average ${loadavg()[0].toFixed(1)}: CPU time is what the work costs, wall time on a busy machine is mostly waiting)\n`);
  console.log(
    table(
      ['spec', 'operations fitted', 'generate --no-fit', 'generate (fitting)', 'generate ratio', 'conversion --no-fit', 'conversion (fitting)', 'conversion ratio', 'conversion CPU --no-fit / fitting', 'CPU ratio', 'convert, no zip: --no-fit / fitting', 'its ratio', 'its CPU ratio'],
      fitRows,
    ),
  );
  console.log('"convert, no zip": load, generate, the files written into a new folder by the CLI\'s writer and the rules, as `convert` runs without --zip (shown beside the target, which is the conversion ratio).');

  // The CLI as a user runs it, beside the tool a user would pick instead (Stripe, Kubernetes, OpenAI, Box).
  const peer = benchCliVsPeer();
  console.log(`\n${peer.report}`);
  ok &&= peer.ok;

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

    // The same through the wizard's service, as its worker runs it (issue 10's Speed): the
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

// The wizard in Chromium (issue 9): the app is built, served and driven as a person would.
const browser = await benchBrowser({ app: root });
console.log(`\n${browser.report}`);
ok &&= browser.ok;

console.log(`\n${ok ? 'all targets met' : 'SOME TARGETS MISSED'}`);
process.exitCode = ok ? 0 : 1;
