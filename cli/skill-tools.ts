import { formatProblem, hasErrors } from '../lib/core/problem';
import { isSafeTool } from '../lib/publish/publish';
import { findTarget, TARGETS } from '../lib/targets/catalog';
import type { SkillTools, TargetRules } from '../lib/targets/model';
import { skillTools } from '../lib/targets/skill-tools';
import { UsageError, type Io } from './command';
import { loadSkill } from './load';

/**
 * The tools a skill on disk would give a model, for `compat` and `tokens`: every operation
 * that publishes. A skill with publish errors is still measured (what is wrong is counted in
 * a note on stderr; `validate` lists it), and an operation that does not publish is left out
 * with a note, so a skill can be sized while it is being fixed. `readOnly`: only the safe
 * tools, what a read-only export holds (SPEC 8.2). Undefined, after its problems are written
 * to stderr, when the skill cannot be read at all.
 */
export async function loadSkillTools(path: string, io: Io, options: { readOnly?: boolean } = {}): Promise<SkillTools | undefined> {
  const { pkg, problems } = await loadSkill(path);
  if (!pkg) {
    for (const p of problems) io.err(formatProblem(p));
    io.err(`${path}: not read`);
    return undefined;
  }
  const { value, leftOut } = skillTools(pkg);
  for (const p of leftOut) io.err(formatProblem(p));
  if (hasErrors(problems)) io.err(`note: ${path} has ${problems.filter((p) => p.severity === 'error').length} publish errors (\`validate\` lists them); measuring the ${value.tools.length} tools that publish`);
  return options.readOnly ? { ...value, tools: value.tools.filter((e) => isSafeTool(e.tool)) } : value;
}

/**
 * The items a repeatable option names (`--target openai --target cursor`, or
 * `--target openai,cursor`), in the order given, each once; an unknown one is a usage error
 * listing the known ones.
 */
export function chooseByIds<T extends { id: string }>(values: readonly string[], find: (id: string) => T | undefined, known: readonly T[], what: string): T[] {
  const out: T[] = [];
  for (const id of values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean)) {
    const item = find(id);
    if (!item) throw new UsageError(`unknown ${what} \`${id}\` (${what}s: ${known.map((x) => x.id).join(', ')})`);
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

/** Targets by id; every target when none is named. */
export function chooseTargets(ids: readonly string[]): TargetRules[] {
  return ids.length === 0 ? [...TARGETS] : chooseByIds(ids, findTarget, TARGETS, 'target');
}
