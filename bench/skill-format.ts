import { parseSkillPackage, updateSkillFile } from '../lib/skill/package';
import { publishTools } from '../lib/publish/publish';
import { checkPackage, createChecker } from '../lib/rules';
import { generatedPackage } from './generated-package';
import { fmt, median, table, time } from './stats';

const OPERATIONS = 1000;
const TARGET_ALL_MS = 1000;
const TARGET_RECHECK_MS = 5;

/** The skill-format engine's figures: parse, rules and publish for 1,000 operation files, and one file's re-check. */
export function benchSkillFormat(): { ok: boolean; report: string } {
  const files = generatedPackage(OPERATIONS);
  const runs: { parse: number; rules: number; publish: number; problems: number; tools: number }[] = [];
  for (let i = 0; i < 6; i++) {
    const parse = time(() => parseSkillPackage({ folder: 'bench', files }));
    const rules = time(() => checkPackage(parse.value));
    const publish = time(() => publishTools(parse.value));
    runs.push({ parse: parse.ms, rules: rules.ms, publish: publish.ms, problems: rules.value.length, tools: publish.value.length });
  }
  const cold = runs[0];
  const warm = runs.slice(1);
  const warmParse = median(warm.map((r) => r.parse));
  const warmRules = median(warm.map((r) => r.rules));
  const warmPublish = median(warm.map((r) => r.publish));

  // A keystroke: one file's text changes, the package re-reads it and the checker re-runs.
  let pkg = parseSkillPackage({ folder: 'bench', files });
  const checker = createChecker();
  checker.check(pkg);
  const target = 'operation_0500.md';
  const original = files.get(target)!;
  const recheck: number[] = [];
  for (let i = 0; i < 300; i++) {
    const text = original.replace('Longer text', `Longer text ${i}`);
    const t0 = performance.now();
    pkg = updateSkillFile(pkg, target, text);
    checker.check(pkg);
    recheck.push(performance.now() - t0);
  }
  const allCold = cold.parse + cold.rules + cold.publish;
  const allWarm = warmParse + warmRules + warmPublish;
  const recheckMedian = median(recheck);
  const recheckP95 = [...recheck].sort((a, b) => a - b)[Math.floor(recheck.length * 0.95)];
  const ok = allCold < TARGET_ALL_MS && recheckP95 < TARGET_RECHECK_MS;
  const report = [
    `Skill format engine: generated package of ${OPERATIONS} operation files (${cold.tools} tools published, ${cold.problems} problems)`,
    '',
    table(
      ['stage', 'first run ms', 'warm median ms'],
      [
        ['parse all files', fmt(cold.parse), fmt(warmParse)],
        ['run all rules', fmt(cold.rules), fmt(warmRules)],
        ['publish all tools', fmt(cold.publish), fmt(warmPublish)],
        ['all three', fmt(allCold), fmt(allWarm)],
      ],
    ),
    '',
    `single-file re-check (update + incremental rules), 300 edits: median ${fmt(recheckMedian)} ms, p95 ${fmt(recheckP95)} ms`,
    `targets: all three under ${TARGET_ALL_MS} ms (first run), re-check under ${TARGET_RECHECK_MS} ms (p95): ${ok ? 'met' : 'MISSED'}`,
  ].join('\n');
  return { ok, report };
}
