import { formatProblem, hasErrors, sortProblems, type Problem } from '../lib/core/problem';
import { checkPackage } from '../lib/rules';
import { parseSkillPackage, type SkillPackage } from '../lib/skill/package';
import type { Io } from './command';
import { readSkill } from './read-skill';

/** Every problem of a skill on disk, sorted: what reading it found, then every publish rule. */
export async function loadSkill(path: string): Promise<{ pkg?: SkillPackage; problems: Problem[] }> {
  const read = await readSkill(path);
  if (!read.ok) return { problems: sortProblems(read.problems) };
  const pkg = parseSkillPackage(read.value);
  return { pkg, problems: sortProblems([...read.problems, ...checkPackage(pkg)]) };
}

/**
 * A skill that could be published (SPEC 5: no error), or undefined after its errors are
 * written to stderr. What a model would be given exists only for a publishable package.
 */
export async function loadPublishable(path: string, io: Io): Promise<SkillPackage | undefined> {
  const { pkg, problems } = await loadSkill(path);
  if (pkg && !hasErrors(problems)) return pkg;
  for (const p of problems) if (p.severity === 'error') io.err(formatProblem(p));
  io.err(`${path}: not publishable (${countProblems(problems)})`);
  return undefined;
}

/** `2 errors, 1 warning` */
export function countProblems(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  return `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
}
