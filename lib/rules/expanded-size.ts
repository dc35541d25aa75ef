import { MAX_PARAMETERS_BYTES } from '../publish/expand';
import { publishOperation } from '../publish/publish';
import { atKey, type FileRule } from './rule';

/**
 * SPEC 2: the published parameters (every `#/types/Name` expanded) are at most 24,576 bytes
 * of compact UTF-8 JSON. Expansion stops as soon as it passes the budget, so the message
 * gives the limit rather than a full size. A reference that cannot be expanded is `refs`'.
 * A file the conversion that just wrote it measured within the limits (`ConvertedFacts`) is
 * not expanded again.
 */
export const expandedSize: FileRule = {
  id: 'expanded-size',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    if (!d || d.form === 'both' || ctx.converted?.withinLimits.has(op)) return [];
    const e = publishOperation(ctx.pkg, op)?.expansion;
    if (!e || e.ok) return [];
    const where = d.form === 'schema' ? '/operation/schema' : '/operation';
    if (e.reason === 'size') return [atKey(op, where, `The published parameters are over ${MAX_PARAMETERS_BYTES.toLocaleString('en-US')} bytes with every type expanded: split the operation's arguments or trim descriptions`)];
    if (e.reason === 'depth') return [atKey(op, where, 'The published parameters nest too deep to expand (over 200 levels)')];
    return [];
  },
};
