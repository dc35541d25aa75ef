import type { Problem } from './problem';

/** Problems that say the same thing: one rule, one message, every place it was found. */
export interface ProblemGroup {
  /** Unique among the groups. */
  key: string;
  ruleId: string;
  /** `error` when any of them is one. */
  severity: Problem['severity'];
  /**
   * The message they share. Grouped by shape, the quoted parts that differ between them
   * (a URL, a name) are `…`: "`…` is not an absolute URL".
   */
  message: string;
  /** In the order they were given. */
  problems: Problem[];
}

/** A code span (any number of backquotes) or a double-quoted string: the parts of a message naming one thing. */
const QUOTED = /(`+)[^`]*?\1|"[^"\n]*"/g;

/**
 * Problems with the same rule and message together, the groups in the order their first
 * problem came. The import report folds its warnings this way (SPEC 4.7). With `byShape`,
 * messages that differ only in their quoted parts (a URL, a name, a description) are one group
 * too: the wizard's publish problems, where Kubernetes' 1,025 errors are two
 * kinds, each naming its own URL.
 */
export function groupProblems(problems: readonly Problem[], options: { byShape?: boolean } = {}): ProblemGroup[] {
  const groups = new Map<string, { group: ProblemGroup; quoted: string[][] }>();
  for (const p of problems) {
    const quoted = options.byShape ? (p.message.match(QUOTED) ?? []) : [];
    const shape = options.byShape ? p.message.replace(QUOTED, '\u0001') : p.message;
    const key = `${p.ruleId}\u0000${shape}`;
    const g = groups.get(key);
    if (g) {
      g.group.problems.push(p);
      g.quoted.push(quoted);
      if (p.severity === 'error') g.group.severity = 'error';
    } else groups.set(key, { group: { key, ruleId: p.ruleId, severity: p.severity, message: p.message, problems: [p] }, quoted: [quoted] });
  }
  return [...groups.values()].map(({ group, quoted }) => {
    if (!options.byShape || group.problems.length === 1) return group;
    // Each quoted part the same in all is kept; one that differs is shown as `…`.
    let i = 0;
    const message = group.message.replace(QUOTED, (part: string) => {
      const n = i++;
      if (quoted.every((q) => q[n] === part)) return part;
      return part.startsWith('"') ? '"…"' : '`…`';
    });
    return { ...group, message };
  });
}

/** Errors before warnings, then the largest groups first; ties keep their order. */
export function byWeight(groups: readonly ProblemGroup[]): ProblemGroup[] {
  const rank = (g: ProblemGroup) => (g.severity === 'error' ? 0 : 1);
  return groups
    .map((g, i) => ({ g, i }))
    .sort((a, b) => rank(a.g) - rank(b.g) || b.g.problems.length - a.g.problems.length || a.i - b.i)
    .map((x) => x.g);
}
