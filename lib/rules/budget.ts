import { isPlainObject } from '../core/entries';
import { didYouMean } from './facts';
import { atKey, type FileRule, type RuleProblem } from './rule';

const KEYS = ['bytes', 'seconds'] as const;

/**
 * SPEC 8.1, 8.4: `budget` is a mapping of `bytes` (the largest response) and `seconds` (the
 * longest wait), each a positive integer.
 */
export const budget: FileRule = {
  id: 'budget',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.raw.budget === undefined) return [];
    const value = d.raw.budget;
    if (!isPlainObject(value)) return [atKey(op, '/operation/budget', '`budget` must be a mapping: `{bytes: N, seconds: N}`')];
    const problems: RuleProblem[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (!(KEYS as readonly string[]).includes(key)) {
        problems.push(atKey(op, `/operation/budget/${key}`, `\`${key}\` is not a budget: a budget has \`bytes\` and \`seconds\`${didYouMean(key, KEYS)}`));
      } else if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) {
        problems.push(atKey(op, `/operation/budget/${key}`, `\`budget.${key}\` must be a positive integer, not ${JSON.stringify(v) ?? String(v)}`));
      }
    }
    return problems;
  },
};
