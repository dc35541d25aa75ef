import { join } from 'node:path';
import { formatProblem, hasErrors, sortProblems, type Problem } from '../lib/core/problem';
import { groupProblems } from '../lib/core/problem-groups';
import { checkPackage } from '../lib/rules';
import { parseSkillPackage, type SkillPackage } from '../lib/skill/package';
import { PROGRAM, type Io } from './command';
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
 * written to stderr. `waive` names problems the caller has made moot (a call's own base URL
 * replaces the skill's host). What a model would be given exists only for a publishable package.
 */
export async function loadPublishable(path: string, io: Io, waive: (p: Problem) => boolean = () => false): Promise<SkillPackage | undefined> {
  const { pkg, problems: found } = await loadSkill(path);
  const problems = found.filter((p) => !waive(p));
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

/** A kind of problem (one rule, one message but for what it names) found more often than this is folded. */
const FOLD_OVER = 10;
/** Of a folded kind, this many are printed, then how many more there are. */
const FOLD_SHOWN = 3;

/**
 * `convert`'s lines for the generated package's problems (each file under `folder`): each
 * problem as `validate` prints it, but a kind found more than `FOLD_OVER` times (Kubernetes'
 * 832 URLs that are not absolute, one per operation) is printed `FOLD_SHOWN` times and
 * counted, after the others, pointing at `validate` of `skill` for every one of them.
 */
export function foldedProblemLines(problems: readonly Problem[], folder: string, skill: string): string[] {
  const line = (p: Problem) => formatProblem({ ...p, file: join(folder, p.file) });
  const folded = groupProblems(problems, { byShape: true }).filter((g) => g.problems.length > FOLD_OVER);
  const inFolded = new Set(folded.flatMap((g) => g.problems));
  const lines = problems.filter((p) => !inFolded.has(p)).map(line);
  for (const g of folded) {
    const more = g.problems.length - FOLD_SHOWN;
    lines.push(...g.problems.slice(0, FOLD_SHOWN).map(line), `  … and ${more} more ${g.ruleId} ${g.severity === 'error' ? 'errors' : 'warnings'} like these (\`${PROGRAM} validate ${skill}\` lists each)`);
  }
  return lines;
}
