import { declaredSafety } from '../skill/operation-file';
import { argumentProperties, didYouMean, rawList } from './facts';
import { atKey, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 1.3, 8.4: `identity` names arguments (those that identify a call for idempotency). On
 * a safe operation (`GET`/`HEAD`, or any declared `safety: safe`) it is a warning (case
 * `safe-method`): a safe call needs no idempotency.
 */
export const identity: FileRule = {
  id: 'identity',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d) return [];
    const entries = rawList(d.raw, 'identity');
    if (entries.length === 0) return [];
    const problems: RuleProblem[] = [];
    if (declaredSafety(d) === 'safe') {
      const what = d.raw.safety === 'safe' ? 'The operation is declared safe' : `\`${d.method}\` is safe`;
      problems.push(atKey(op, '/operation/identity', `${what}: a safe call needs no idempotency, so \`identity\` is not used`, 'safe-method'));
    }
    const props = argumentProperties(d);
    if (!props) return problems;
    const names = Object.keys(props);
    for (const { name, index } of entries) {
      if (!Object.hasOwn(props, name)) problems.push(atKey(op, `/operation/identity/${index}`, `\`${name}\` in \`identity\` is not an argument${didYouMean(name, names)}`));
    }
    return problems;
  },
};
