import * as z from '../../lib/core/zod';
import { formatProblem, type Problem } from '../../lib/core/problem';
import { compatReports, type TargetReport, type Verdict } from '../../lib/targets/compat/check';
import { groupReasons } from '../../lib/targets/compat/reasons';
import { loadTokenizer } from '../../lib/targets/tokens/tokenizer';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from '../command';
import { chooseTargets, loadSkillTools } from '../skill-tools';
import { groupDigits } from '../../lib/core/numbers';

const VERDICT: Record<Verdict, string> = { fits: 'fits', 'fits-with-changes': 'fits with changes', 'does-not-fit': 'does not fit' };
/** Examples shown per rule in the text output; `--json` has every problem. */
const SHOWN = 3;

export const compat = defineCommand({
  name: 'compat',
  usage: 'compat <skill folder or .zip> [--target <id>…] [--read-only] [--json]',
  summary: 'Say whether the skill fits each model API and agent client, and why not',
  help: [
    'For each target (every one in the data when no --target is given; repeat --target, or',
    'give a comma-separated list, to choose), one row: fits, fits with changes (every',
    'problem is one `tools --target <id>` adapts away), or does not fit (too many tools,',
    'strict-mode totals or sizes: curation must fix it). Then, for each target that does not',
    'simply fit, what is left after adapting, and every reason by rule with a count and the',
    'first few tools it concerns. --json prints the whole report: every problem, what',
    'remains after adapting, and every change adapting makes.',
    '',
    'Operations that do not publish (over 24 KiB) are left out, with a note on stderr.',
    '--read-only checks only the safe tools: what a read-only export holds.',
    'Exits 1 when a target named by --target does not fit, 0 otherwise.',
  ].join('\n'),
  options: z.object({
    target: z._default(z.array(z.string()), []),
    json: z._default(z.boolean(), false),
    'read-only': z._default(z.boolean(), false),
  }),
  positionals: [1, 1],
  async run({ positionals: [path], options, io }) {
    const targets = chooseTargets(options.target);
    const input = await loadSkillTools(path, io, { readOnly: options['read-only'] });
    if (!input) return EXIT_PROBLEMS;
    const needsTokens = targets.some((t) => t.skillLimits.some((l) => l.kind === 'body-tokens'));
    const tokenizer = needsTokens ? await loadTokenizer('o200k_base') : undefined;
    const reports = compatReports(input, targets, { countTokens: tokenizer?.count });
    if (options.json) io.out(JSON.stringify({ skill: input.skill, tools: input.tools.length, targets: reports }, null, 2));
    else for (const line of formatCompat(input.skill, input.tools.length, reports)) io.out(line);
    const chosenFails = options.target.length > 0 && reports.some((r) => r.verdict === 'does-not-fit');
    return chosenFails ? EXIT_PROBLEMS : EXIT_OK;
  },
});

function formatCompat(skill: string, tools: number, reports: TargetReport[]): string[] {
  const width = Math.max(6, ...reports.map((r) => r.target.length));
  const count = (ps: Problem[], severity: Problem['severity']) => ps.filter((p) => p.severity === severity).length;
  const lines = [`${skill}: ${groupDigits(tools)} tools`, '', `${'target'.padEnd(width)}  ${'verdict'.padEnd(17)}  errors  warnings  changes`];
  for (const r of reports) {
    const mark = r.verified ? '' : '  (limits from secondary evidence)';
    lines.push(`${r.target.padEnd(width)}  ${VERDICT[r.verdict].padEnd(17)}  ${groupDigits(count(r.problems, 'error')).padStart(6)}  ${groupDigits(count(r.problems, 'warning')).padStart(8)}  ${groupDigits(r.changes.length).padStart(7)}${mark}`);
  }
  for (const r of reports) {
    if (r.problems.length === 0) continue;
    lines.push('', `${r.target} (${r.title}): ${VERDICT[r.verdict]}`);
    if (r.remaining.length > 0) {
      lines.push('  Left after adapting (curation must fix):');
      for (const p of r.remaining) lines.push(`    ${formatProblem(p)}`);
    }
    lines.push('  Reasons:');
    for (const { ruleId, severity, problems: ps } of groupReasons(r.problems)) {
      lines.push(`    ${ruleId} (${severity}) × ${groupDigits(ps.length)}`);
      for (const p of ps.slice(0, SHOWN)) lines.push(`      ${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`);
      if (ps.length > SHOWN) lines.push(`      and ${groupDigits(ps.length - SHOWN)} more (--json lists every one)`);
    }
  }
  return lines;
}
