/**
 * One corpus spec through the whole pipeline in a process of its own, so its peak memory
 * is its own: read, load (parse, resolve, validate), generate, check every rule, zip.
 * Prints one JSON line. Usage: tsx bench/convert-one.ts <folder> <entry> [floor | fit-cost fit|no-fit]
 *
 * `fit-cost fit` or `fit-cost no-fit`: the spec loaded once, then converted with fitting
 * (the default) or without (`--no-fit`), 2 rounds not counted and 6 counted: each
 * counted round's wall and CPU time, of generating alone and of the whole conversion
 * (generate, rules, zip; the load is timed once), and how many operations were fitted. One variant per
 * process, as `convert` runs: in one process, the variant run second inherits a heap the
 * first grew, which moves the collector's share of either
 * (docs/decisions/0024-measuring-fitting-cost.md). The rules are handed the conversion's facts
 * (`ConvertResult.converted`), as `convert` and the wizard's first check hand them. Beside
 * it, the conversion as `convert` runs it without `--zip` (the wizard too zips only on
 * Download): generate, then the files written into a new folder by the CLI's own writer
 * (cli/write-output.ts) and the rules, as `convert` does; the folder is removed after each
 * run, outside the time.
 */
import { parse as parseYaml } from 'yaml';
import SwaggerParser from '@apidevtools/swagger-parser';
import { loadSpec } from '../lib/openapi';
import { convertSpec } from '../lib/convert';
import { parseSkillPackage } from '../lib/skill/package';
import { checkPackage } from '../lib/rules';
import { exportBundle } from '../lib/bundle/bundle';
import { sha256Hex } from '../lib/core/sha256';
import { join } from 'node:path';
import { readSpecUpload } from '../cli/read-spec';
import { writeSkillFolder } from '../cli/write-output';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SPECS_DIR } from '../test/corpus';

const [folder, entry, mode, variant] = process.argv.slice(2);
/** fit-cost: conversions not counted, then counted. */
const FIT_COST_WARM_UP = 2;
const FIT_COST_ROUNDS = 6;
const t = () => performance.now();
/** CPU time of the process (every thread: the collector's too), ms: on a busy machine wall time is mostly waiting for a core. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main() {
  const t0 = t();
  const upload = await readSpecUpload(join(SPECS_DIR, folder));
  if (!upload.ok) throw new Error(`read failed: ${upload.problems[0]?.message}`);
  const files = upload.value.files;
  const t1 = t();
  const c1 = cpu();
  if (mode === 'floor') {
    // The floor: yaml's parse() of the entry text plus swagger-parser's validate() with external resolvers off.
    const text = files.find((f) => f.path === entry)!.text;
    const doc = parseYaml(text, { maxAliasCount: 10_000 });
    const t2 = t();
    let valid = true;
    try {
      await SwaggerParser.validate(doc, { resolve: { external: false } });
    } catch {
      valid = false;
    }
    const t3 = t();
    console.log(JSON.stringify({ parse: t2 - t1, validate: t3 - t2, floor: t3 - t1, valid }));
    return;
  }
  const loaded = await loadSpec(files, { entry });
  const t2 = t();
  const c2 = cpu();
  if (!loaded.ok) throw new Error(`load failed: ${loaded.problems[0]?.message}`);
  if (mode === 'fit-cost') {
    const fit = variant === 'fit';
    if (!fit && variant !== 'no-fit') throw new Error('fit-cost: give fit or no-fit');
    const sha256 = sha256Hex(loaded.value.entryText);
    // The conversion as the CLI runs it once the spec is loaded: generate, the publish rules
    // handed the conversion's facts (as `convert` and the wizard's first check hand them),
    // the zip; generating alone beside it. The first rounds are not counted: the collector's
    // young generation grows to what the conversion keeps alive.
    const rounds = { generate: [] as number[], conversion: [] as number[], conversionCpu: [] as number[], written: [] as number[], writtenCpu: [] as number[] };
    let fitted = 0;
    for (let i = -FIT_COST_WARM_UP; i < FIT_COST_ROUNDS; i++) {
      const a = t();
      const ac = cpu();
      const r = convertSpec(loaded.value, { sha256, fit });
      const generate = t() - a;
      const pkg = parseSkillPackage({ folder: r.folder, files: r.files }, r.read);
      checkPackage(pkg, { converted: r.converted });
      exportBundle(pkg);
      const conversion = t() - a;
      const conversionCpu = cpu() - ac;
      fitted = r.report.fitted.filter((f) => f.fits).length;
      if (i < 0) continue;
      rounds.generate.push(generate);
      rounds.conversion.push(conversion);
      rounds.conversionCpu.push(conversionCpu);
    }
    const out = mkdtempSync(join(tmpdir(), 'fit-cost-'));
    // Then, in rounds of their own, the conversion as `convert` runs it without --zip:
    // generate, run the rules, handed what the conversion measured (as `convert` hands
    // them), then writeSkillFolder writes the folder as the CLI does. The folder is
    // removed after each round, outside the time.
    for (let i = 0; i < FIT_COST_ROUNDS; i++) {
      const b = t();
      const bc = cpu();
      const w = convertSpec(loaded.value, { sha256, fit });
      checkPackage(parseSkillPackage({ folder: w.folder, files: w.files }, w.read), { converted: w.converted });
      await writeSkillFolder(out, w.folder, w.files, { force: false });
      rounds.written.push(t() - b);
      rounds.writtenCpu.push(cpu() - bc);
      rmSync(join(out, w.folder), { recursive: true, force: true });
    }
    rmSync(out, { recursive: true, force: true });
    console.log(JSON.stringify({ ...rounds, load: t2 - t1, loadCpu: c2 - c1, fitted }));
    return;
  }
  const converted = convertSpec(loaded.value, { sha256: sha256Hex(loaded.value.entryText) });
  const t3 = t();
  const pkg = parseSkillPackage({ folder: converted.folder, files: converted.files });
  const problems = checkPackage(pkg);
  const t4 = t();
  const zip = exportBundle(pkg);
  const t5 = t();
  const r = converted.report;
  console.log(
    JSON.stringify({
      read: t1 - t0,
      load: t2 - t1,
      generate: t3 - t2,
      rules: t4 - t3,
      zip: t5 - t4,
      pipeline: t5 - t1,
      declared: r.declared.length,
      proseOnly: r.proseOnly.length,
      skipped: r.skipped.length,
      errors: problems.filter((p) => p.severity === 'error').length,
      zipBytes: zip.length,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

main().catch((e) => {
  console.log(JSON.stringify({ error: (e as Error).message }));
  process.exitCode = 1;
});
