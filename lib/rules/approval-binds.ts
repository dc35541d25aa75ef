import { isPlainObject } from '../core/entries';
import { argumentProperties, didYouMean, rawList } from './facts';
import { atKey, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 1.6: `binds` names arguments of the operation. Only checkable where there is a
 * declaration; a prose-only file's request is composed by hand, and its `binds` is left to
 * the gate.
 */
export const approvalBinds: FileRule = {
  id: 'approval-binds',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || !isPlainObject(op.approval)) return [];
    const props = argumentProperties(d);
    if (!props) return [];
    const names = Object.keys(props);
    const problems: RuleProblem[] = [];
    for (const { name, index } of rawList(op.approval, 'binds')) {
      if (!Object.hasOwn(props, name)) problems.push(atKey(op, `/approval/binds/${index}`, `\`${name}\` in \`binds\` is not an argument of the operation${didYouMean(name, names)}`));
    }
    return problems;
  },
};
