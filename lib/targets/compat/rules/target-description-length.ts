import { groupDigits } from '../../../core/numbers';
import { problem } from '../../../core/problem';
import { cite, type CompatRule } from '../rule';

/** A tool description over the target's cap: refused, or cut by the host (Claude Code), as the data says. */
export const targetDescriptionLength: CompatRule = {
  id: 'target-description-length',
  applies: 'tools',
  check({ input, target }) {
    const rule = target.description;
    const cap = rule.maxLength;
    if (!cap) return [];
    const effect = rule.truncates ? 'the host cuts the rest' : rule.overLength === 'warning' ? 'may be refused' : 'refused';
    return input.tools
      .filter(({ tool }) => tool.description.length > cap.max)
      .map(({ file, tool }) => problem('target-description-length', rule.overLength, `the description is ${groupDigits(tool.description.length)} characters, over ${target.id}'s ${groupDigits(cap.max)} (${effect}) ${cite(cap.source)}`, file, { pointer: '/description' }));
  },
};
