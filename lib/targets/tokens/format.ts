import type { TokenModel } from './models';
import { groupDigits } from '../../core/numbers';

/**
 * A skill's token total for one model as the CLI's `tokens` and the wizard write it:
 * `24,900 tokens for gpt-4o`, and `(estimate)` after a model counted by an estimate.
 */
export function formatTokenTotal(total: number, model: Pick<TokenModel, 'label' | 'method'>): string {
  return `${groupDigits(total)} tokens for ${model.label}${model.method === 'estimate' ? ' (estimate)' : ''}`;
}
