import type { Problem } from '../core/problem';
import { compatReports, type TargetReport } from './compat/check';
import type { CompatMemo } from './compat/memo';
import { groupReasons } from './compat/reasons';
import { TARGETS } from './catalog';
import type { SkillTools } from './model';
import type { ReportTargets } from './report-schema';
import { createTokenMeter, type SkillTokens, type TokenMeter } from './tokens/meter';
import { DEFAULT_MODEL, TOKEN_MODELS, type TokenModel } from './tokens/models';
import { loadTokenizer } from './tokens/tokenizer';

/**
 * The models the report file counts for: the default (GPT-4o, OpenAI's formula with its real
 * tokenizer) and, as estimates, the data's first Anthropic model and Gemini. All three use
 * o200k_base, so writing a report loads one tokenizer; `tokens --model` counts any other.
 */
export const REPORT_MODELS: readonly TokenModel[] = [DEFAULT_MODEL, ...['anthropic', 'gemini'].flatMap((p) => TOKEN_MODELS.find((m) => m.provider === p) ?? [])];

/** A target's reasons counted by rule and severity, in the order each first appears. */
export function reasonCounts(problems: readonly Problem[]): { ruleId: string; severity: Problem['severity']; count: number }[] {
  return groupReasons(problems).map((g) => ({ ruleId: g.ruleId, severity: g.severity, count: g.problems.length }));
}

/**
 * The report's targets section from the counts (one per `REPORT_MODELS` model, in that order,
 * over the same tools) and the compatibility reports: the CLI's `convert --report` and the
 * wizard's download both build it here, from the same counts, so their files are the same.
 */
export function buildReportTargets(counts: readonly SkillTokens[], reports: readonly TargetReport[]): ReportTargets {
  const [first] = counts;
  const tools = (first?.tools ?? []).map((t, i) => {
    const inexact = counts.filter((c) => c.method === 'formula' && !c.tools[i].exact).map((c) => c.model.id);
    return { file: t.file, name: t.name, tokens: Object.fromEntries(counts.map((c) => [c.model.id, c.tools[i].tokens])), ...(inexact.length > 0 ? { inexact } : {}) };
  });
  return {
    tools: tools.length,
    tokens: {
      models: counts.map((c) => ({ model: c.model.id, label: c.model.label, method: c.method, encoding: c.model.encoding, toolTokens: c.toolTokens, overhead: c.overhead, total: c.total })),
      tools,
    },
    compat: reports.map((r) => ({
      target: r.target,
      title: r.title,
      verdict: r.verdict,
      errors: r.problems.filter((p) => p.severity === 'error').length,
      warnings: r.problems.filter((p) => p.severity === 'warning').length,
      changes: r.changes.length,
      reasons: reasonCounts(r.problems),
      remaining: r.remaining,
    })),
  };
}

/**
 * The report's targets section for a skill's tools: counted for `REPORT_MODELS`, checked for
 * every target. The wizard's worker passes the meter and memo it keeps, so only what the
 * user changed is done again; the result is the same as with fresh ones.
 */
export async function reportTargets(input: SkillTools, options: { meter?: TokenMeter; memo?: CompatMemo; reports?: readonly TargetReport[] } = {}): Promise<ReportTargets> {
  const meter = options.meter ?? (await createTokenMeter(REPORT_MODELS));
  const o200k = await loadTokenizer('o200k_base');
  const reports = options.reports ?? compatReports(input, TARGETS, { countTokens: o200k.count, memo: options.memo });
  return buildReportTargets(
    REPORT_MODELS.map((m) => meter.count(input, m)),
    reports,
  );
}
