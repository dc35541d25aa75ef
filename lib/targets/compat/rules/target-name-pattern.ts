import { problem } from '../../../core/problem';
import { hostName, namePatternFails } from '../../names';
import { cite, type CompatRule } from '../rule';

/** A tool name with characters (or a first character) the target's pattern refuses. */
export const targetNamePattern: CompatRule = {
  id: 'target-name-pattern',
  applies: 'tools',
  check({ input, target }) {
    const rule = target.name;
    if (!rule.pattern) return [];
    return input.tools
      .filter(({ tool }) => namePatternFails(rule, input.skill, tool.name))
      .map(({ file, tool }) => problem('target-name-pattern', rule.severity, `\`${hostName(rule, input.skill, tool.name)}\` does not match ${target.id}'s ${rule.pattern!.regex.source} ${cite(rule.pattern!.source)}`, file, { pointer: '/name' }));
  },
};
