import { problem, type Problem } from '../../../core/problem';
import { MANIFEST_FILE } from '../../../skill/manifest';
import { cite, type CompatRule } from '../rule';

/**
 * Agent Skills: its rules are on SKILL.md, not on a tool list (the name, the description,
 * the `compatibility` field, and the recommended size of the file and its body).
 */
export const targetSkill: CompatRule = {
  id: 'target-skill',
  applies: 'skill',
  check({ input, target, countTokens }) {
    const m = input.manifest;
    if (!m) return [problem('target-skill', 'error', `${target.id} needs a SKILL.md with a name and a description`, MANIFEST_FILE)];
    const out: Problem[] = [];
    const at = (pointer: string) => ({ pointer });
    const name = target.name;
    if (name.maxLength && m.name.length > name.maxLength.max) out.push(problem('target-skill', 'error', `the skill name \`${m.name}\` is ${m.name.length} characters, over ${target.id}'s ${name.maxLength.max} ${cite(name.maxLength.source)}`, MANIFEST_FILE, at('/name')));
    else if (name.pattern && !name.pattern.regex.test(m.name)) out.push(problem('target-skill', 'error', `the skill name \`${m.name}\` does not match ${target.id}'s ${name.pattern.regex.source} ${cite(name.pattern.source)}`, MANIFEST_FILE, at('/name')));
    const d = target.description;
    if (d.minLength && m.description.trim().length < d.minLength.max) out.push(problem('target-skill', 'error', `${target.id} needs a description of at least ${d.minLength.max} character${d.minLength.max === 1 ? '' : 's'} ${cite(d.minLength.source)}`, MANIFEST_FILE, at('/description')));
    if (d.maxLength && m.description.length > d.maxLength.max) out.push(problem('target-skill', d.overLength, `the skill description is ${m.description.length} characters, over ${target.id}'s ${d.maxLength.max} ${cite(d.maxLength.source)}`, MANIFEST_FILE, at('/description')));
    for (const limit of target.skillLimits) {
      if (limit.kind === 'compatibility-chars' && m.compatibility !== undefined && m.compatibility.length > limit.max) {
        out.push(problem('target-skill', limit.severity, `\`compatibility\` is ${m.compatibility.length} characters, over ${target.id}'s ${limit.max} ${cite(limit.source)}`, MANIFEST_FILE, at('/compatibility')));
      } else if (limit.kind === 'skill-md-lines') {
        const lines = m.text.split('\n').length;
        if (lines > limit.max) out.push(problem('target-skill', limit.severity, `SKILL.md is ${lines} lines, over the ${limit.max} ${target.id} recommends ${cite(limit.source)}`, MANIFEST_FILE));
      } else if (limit.kind === 'body-tokens' && countTokens) {
        const tokens = countTokens(m.body);
        if (tokens > limit.max) out.push(problem('target-skill', limit.severity, `SKILL.md's body is about ${tokens} tokens, over the ${limit.max} ${target.id} recommends ${cite(limit.source)}`, MANIFEST_FILE));
      }
    }
    return out;
  },
};
