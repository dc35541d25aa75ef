import { compareStrings } from '../../core/entries';
import type { Problem } from '../../core/problem';
import { adaptedInput, adaptTools } from '../adapt/adapt';
import { TARGETS } from '../catalog';
import type { SkillTools, TargetRules } from '../model';
import type { CompatContext } from './rule';
import { NO_MEMO, type CompatMemo } from './memo';
import { COMPAT_RULES } from './rules';

/** Whether a skill fits a target as published, once adapted for it, or not even then. */
export type Verdict = 'fits' | 'fits-with-changes' | 'does-not-fit';

export interface TargetReport {
  target: string;
  title: string;
  kind: TargetRules['kind'];
  strict: boolean;
  /** false: the target's limits rest on secondary evidence only. */
  verified: boolean;
  verdict: Verdict;
  tools: number;
  /** Every reason, for the tools as published (warnings included), grouped by file. */
  problems: Problem[];
  /** The errors left once the tools are adapted: what only curation (fewer tools, smaller schemas) can fix. */
  remaining: Problem[];
  /** What adapting changes and loses, per tool (`tools --target` writes the same). */
  changes: Problem[];
}

export interface CompatOptions {
  countTokens?: CompatContext['countTokens'];
  /** Per-schema results kept from one check to the next (the wizard's worker); none by default. */
  memo?: CompatMemo;
}

/** Every problem the skill's tools have for one target, in rule order, grouped by file. */
export function checkTarget(input: SkillTools, target: TargetRules, options: CompatOptions = {}): Problem[] {
  const ctx: CompatContext = { input, target, countTokens: options.countTokens, memo: options.memo ?? NO_MEMO };
  const problems = COMPAT_RULES.filter((r) => r.applies === target.applies).flatMap((r) => r.check(ctx));
  return problems.sort((a, b) => compareStrings(a.file, b.file));
}

/**
 * Does the skill fit the target? `fits`: no error as published. `fits with
 * changes`: errors, each of which adapting the tools removes (`tools --target`). `does not
 * fit`: errors remain after adapting (too many tools, strict-mode totals), which curation
 * must fix. Warnings (unverified caps, ignored keywords) are listed and do not decide.
 */
export function compatReport(input: SkillTools, target: TargetRules, options: CompatOptions = {}): TargetReport {
  const problems = checkTarget(input, target, options);
  const errors = problems.some((p) => p.severity === 'error');
  // Adapting is a no-op (nothing to log) where nothing was found.
  const adapted = problems.length > 0 ? adaptTools(input, target, options.memo) : undefined;
  const remaining = adapted && errors ? checkTarget(adaptedInput(adapted), target, options).filter((p) => p.severity === 'error') : [];
  return {
    target: target.id,
    title: target.title,
    kind: target.kind,
    strict: target.strict,
    verified: target.verified,
    verdict: remaining.length > 0 ? 'does-not-fit' : errors ? 'fits-with-changes' : 'fits',
    tools: input.tools.length,
    problems,
    remaining,
    changes: adapted?.log ?? [],
  };
}

/** The report for each target (every target in the data when none are named), in the data's order. */
export function compatReports(input: SkillTools, targets: readonly TargetRules[] = TARGETS, options: CompatOptions = {}): TargetReport[] {
  return targets.map((t) => compatReport(input, t, options));
}
