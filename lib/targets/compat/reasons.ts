import type { Problem } from '../../core/problem';

/** A target's problems of one rule and severity. */
export interface ReasonGroup {
  ruleId: string;
  severity: Problem['severity'];
  problems: Problem[];
}

/** A target's reasons grouped by rule and severity, each group where its first problem is: how the CLI's `compat` and the wizard list them. */
export function groupReasons(problems: readonly Problem[]): ReasonGroup[] {
  const groups = new Map<string, ReasonGroup>();
  for (const p of problems) {
    const key = `${p.ruleId} ${p.severity}`;
    const g = groups.get(key);
    if (g) g.problems.push(p);
    else groups.set(key, { ruleId: p.ruleId, severity: p.severity, problems: [p] });
  }
  return [...groups.values()];
}
