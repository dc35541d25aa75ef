import type { RuleId } from './severity';
import type { FileRule, RuleProblem } from './rule';

/**
 * A rule over the text of every file a model reads: each operation file, SKILL.md and
 * types.json. `places` finds the problems in one file's text; SKILL.md's and types.json's
 * are kept per parsed file, since the package rules run again on every check.
 */
export function textRule(id: RuleId, places: (text: string, file: string) => RuleProblem[]): FileRule {
  const cache = new WeakMap<object, RuleProblem[]>();
  const cached = (file: { file: string; text: string }): RuleProblem[] => {
    let problems = cache.get(file);
    if (!problems) {
      problems = places(file.text, file.file);
      cache.set(file, problems);
    }
    return problems;
  };
  return {
    id,
    scope: 'file',
    check: (op) => places(op.text, op.file),
    checkPackage: (pkg) => [...(pkg.manifest ? cached(pkg.manifest) : []), ...(pkg.types ? cached(pkg.types) : [])],
  };
}
