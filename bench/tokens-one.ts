/**
 * The token meter on one corpus spec's skill, in a process of its own so the first count
 * pays for loading the tokenizer as a fresh worker would: converted first (not
 * timed), then published, then counted for each model; then 20 one-file edits (a tool's
 * description changed), each re-published and re-counted as the wizard's worker would.
 * Prints one JSON line. Usage: tsx bench/tokens-one.ts <folder> <entry>
 */
import { join } from 'node:path';
import { loadSpec } from '../lib/openapi';
import { convertSpec } from '../lib/convert';
import { parseSkillPackage, updateSkillFile } from '../lib/skill/package';
import { skillTools } from '../lib/targets/skill-tools';
import { TokenMeter } from '../lib/targets/tokens/meter';
import { findTokenModel, type Encoding } from '../lib/targets/tokens/models';
import { loadTokenizer, type Tokenizer } from '../lib/targets/tokens/tokenizer';
import { readSpecUpload } from '../cli/read-spec';
import { SPECS_DIR } from '../test/corpus';
import { median } from './stats';

const [folder, entry] = process.argv.slice(2);
const t = () => performance.now();
/** CPU time of this process in ms: what the work costs, apart from waiting for a busy machine's cores. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const MODELS = ['gpt-4o', 'claude-sonnet-4-5'].map((id) => findTokenModel(id)!);
const EDITS = 20;

async function main() {
  const upload = await readSpecUpload(join(SPECS_DIR, folder));
  if (!upload.ok) throw new Error(`read failed: ${upload.problems[0]?.message}`);
  const loaded = await loadSpec(upload.value.files, { entry });
  if (!loaded.ok) throw new Error(`load failed: ${loaded.problems[0]?.message}`);
  const converted = convertSpec(loaded.value, { baseUrl: 'https://api.example.com/' });
  let pkg = parseSkillPackage({ folder: converted.folder, files: converted.files });

  const t0 = t();
  const input = skillTools(pkg).value;
  const publish = t() - t0;

  const tokenizers = new Map<Encoding, Tokenizer>();
  const t1 = t();
  const u1 = cpu();
  tokenizers.set('o200k_base', await loadTokenizer('o200k_base'));
  const tokenizerLoad = t() - t1;
  const tokenizerLoadCpu = cpu() - u1;
  const meter = new TokenMeter(tokenizers);
  const first: Record<string, { ms: number; cpu: number; total: number }> = {};
  for (const m of MODELS) {
    const s = t();
    const u = cpu();
    const c = meter.count(input, m);
    first[m.id] = { ms: t() - s, cpu: cpu() - u, total: c.total };
  }

  // One file edited at a time, spread over the skill: its description changes.
  const published = new Set(input.tools.map((x) => x.file));
  const ops = pkg.operations.filter((o) => published.has(o.file));
  const edits: Record<string, number[]> = Object.fromEntries(MODELS.map((m) => [m.id, []]));
  const republish: number[] = [];
  let recounted = 0;
  for (let i = 0; i < EDITS; i++) {
    const op = ops[Math.floor((i * ops.length) / EDITS)];
    const text = converted.files.get(op.file)!;
    const fence = text.indexOf('\n---\n') + 5;
    pkg = updateSkillFile(pkg, op.file, `${text.slice(0, fence)}Edited ${i}: ${text.slice(fence)}`);
    const s = t();
    const next = skillTools(pkg).value;
    republish.push(t() - s);
    for (const m of MODELS) {
      const c0 = t();
      const c = meter.count(next, m);
      edits[m.id].push(t() - c0 + republish[i]);
      recounted = Math.max(recounted, c.counted);
    }
  }
  console.log(
    JSON.stringify({
      tools: input.tools.length,
      publish,
      tokenizerLoad,
      tokenizerLoadCpu,
      first,
      republishMedian: median(republish),
      edits: Object.fromEntries(Object.entries(edits).map(([id, xs]) => [id, { median: median(xs), max: Math.max(...xs) }])),
      recounted,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

main().catch((e) => {
  console.log(JSON.stringify({ error: (e as Error).message }));
  process.exitCode = 1;
});
