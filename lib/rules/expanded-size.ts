import { MAX_PARAMETERS_BYTES } from '../publish/expand';
import { publishOperation } from '../publish/publish';
import type { OperationFile } from '../skill/operation-file';
import { atKey, type FileRule, type RuleProblem } from './rule';
import { groupDigits } from '../core/numbers';

const LIMIT = groupDigits(MAX_PARAMETERS_BYTES);

/**
 * SPEC 2: the published parameters (every `#/types/Name` expanded) are at most 24,576 bytes
 * of compact UTF-8 JSON. Expansion stops as soon as it passes the budget, so the message
 * gives the limit rather than a full size. A reference that cannot be expanded is `refs`'.
 * `returns` is held to the same budget (SPEC 8.2): over it, the tool is published without
 * it, so that is a warning. A file the conversion that just wrote it measured within the
 * limits, parameters and `returns`, or within them but for `returns`' bytes
 * (`ConvertedFacts`), is not expanded again.
 */
export const expandedSize: FileRule = {
  id: 'expanded-size',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    if (!d || d.form === 'both' || ctx.converted?.withinLimits.has(op)) return [];
    if (ctx.converted?.returnsOverBytes?.has(op)) return [returnsOverLimit(op)];
    const p = publishOperation(ctx.pkg, op);
    if (!p) return [];
    const problems: RuleProblem[] = [];
    const e = p.expansion;
    const where = d.form === 'schema' ? '/operation/schema' : '/operation';
    if (!e.ok && e.reason === 'size') problems.push(atKey(op, where, `The published parameters are over ${LIMIT} bytes with every type expanded: split the operation's arguments or trim descriptions`));
    if (!e.ok && e.reason === 'depth') problems.push(atKey(op, where, 'The published parameters nest too deep to expand (over 200 levels)'));
    const r = p.returnsExpansion;
    if (r && !r.ok && r.reason === 'size') problems.push(returnsOverLimit(op));
    if (r && !r.ok && r.reason === 'depth') problems.push(atKey(op, '/operation/returns', `\`returns\` nests too deep to expand (over 200 levels): ${WITHOUT}`, 'returns'));
    return problems;
  },
};

const WITHOUT = 'the tool is published without it (no output schema): keep only the fields an agent needs with `pick`, or trim descriptions';

function returnsOverLimit(op: OperationFile): RuleProblem {
  return atKey(op, '/operation/returns', `\`returns\` is over ${LIMIT} bytes with every type expanded: ${WITHOUT}`, 'returns');
}
