import { MANIFEST_FILE, MAX_SKILL_NAME, SKILL_NAME_PATTERN } from '../skill/manifest';
import { located, type PackageRule, type RuleProblem } from './rule';

/**
 * SPEC 1.1: `name` is 1 to 64 characters of `a-z`, `0-9` and `-`, not starting or ending
 * with `-`, no `--`, and equal to the folder name. A package without SKILL.md is reported
 * here, once.
 */
export const skillName: PackageRule = {
  id: 'skill-name',
  scope: 'package',
  check(pkg) {
    const m = pkg.manifest;
    if (!m) return [{ message: 'The package has no SKILL.md', file: MANIFEST_FILE, line: 1, column: 1 }];
    const at = (message: string): RuleProblem => ({ ...located(m.position('/name'), message, '/name'), file: m.file });
    const name = m.data.name;
    if (name === undefined) return [{ ...located(m.position(''), 'SKILL.md has no `name`', ''), file: m.file }];
    if (typeof name !== 'string') return [at('`name` must be a string')];
    const problems: RuleProblem[] = [];
    if (name.length === 0 || name.length > MAX_SKILL_NAME) problems.push(at(`\`name\` is ${name.length} characters; it must be 1 to ${MAX_SKILL_NAME}`));
    if (!/^[a-z0-9-]*$/.test(name)) problems.push(at(`\`${name}\` may hold only a-z, 0-9 and -`));
    else if (name.length > 0 && !SKILL_NAME_PATTERN.test(name)) problems.push(at(`\`${name}\` must not start or end with \`-\` or hold \`--\``));
    if (name !== pkg.folder) problems.push(at(`\`name\` is \`${name}\` but the folder is \`${pkg.folder}\`: they must be equal`));
    return problems;
  },
};
