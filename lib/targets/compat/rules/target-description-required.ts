import { problem } from '../../../core/problem';
import type { CompatRule } from '../rule';

/** An empty description where the target requires one (Gemini API) or wants at least some characters. */
export const targetDescriptionRequired: CompatRule = {
  id: 'target-description-required',
  applies: 'tools',
  check({ input, target }) {
    const rule = target.description;
    const min = Math.max(rule.required ? 1 : 0, rule.minLength?.max ?? 0);
    if (min === 0) return [];
    return input.tools
      .filter(({ tool }) => tool.description.trim().length < min)
      .map(({ file }) => problem('target-description-required', 'error', `${target.id} requires a description of at least ${min} character${min === 1 ? '' : 's'}`, file, { pointer: '/description' }));
  },
};
