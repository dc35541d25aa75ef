import { problem } from '../../../core/problem';
import { hostName, measuredLength, nameTooLong } from '../../names';
import { cite, type CompatRule } from '../rule';

/** A tool name over the target's length, counted as the host counts it (with `mcp__<server>__`, or server plus tool for Cursor). */
export const targetNameLength: CompatRule = {
  id: 'target-name-length',
  applies: 'tools',
  check({ input, target }) {
    const rule = target.name;
    if (!rule.maxLength) return [];
    return input.tools
      .filter(({ tool }) => nameTooLong(rule, input.skill, tool.name))
      .map(({ file, tool }) => {
        const n = measuredLength(rule, input.skill, tool.name);
        const what = rule.measure === 'server+tool' ? `the server's name and \`${tool.name}\` together are ${n} characters` : `\`${hostName(rule, input.skill, tool.name)}\` is ${n} characters`;
        return problem('target-name-length', rule.severity, `${what}, over ${target.id}'s ${rule.maxLength!.max} ${cite(rule.maxLength!.source)}`, file, { pointer: '/name' });
      });
  },
};
