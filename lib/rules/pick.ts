import { fieldNames, fieldSchema, itemSchema, parsePickPath } from '../skill/pick';
import { didYouMean, rawList } from './facts';
import { atKey, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 8.1, 8.4: each `pick` path names a field `returns` has (a typo would silently return
 * nothing): `id`, `customer.email`, `data[].id` into a list's items, `[].id` when the
 * response is a list. A field is one a `properties` declares, directly, through a `$ref`, or
 * in a branch of `allOf`, `anyOf` or `oneOf`.
 */
export const pick: FileRule = {
  id: 'pick',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    if (!d || d.raw.pick === undefined) return [];
    if (!Array.isArray(d.raw.pick)) return [atKey(op, '/operation/pick', '`pick` must be a list of field paths (`[id, customer.email, data[].id]`)')];
    const problems: RuleProblem[] = [];
    d.raw.pick.forEach((v, i) => {
      if (typeof v !== 'string') problems.push(atKey(op, `/operation/pick/${i}`, '`pick` must list field paths (strings)'));
    });
    const entries = rawList(d.raw, 'pick');
    if (entries.length === 0) return problems;
    if (d.raw.returns === undefined) return [...problems, atKey(op, '/operation/pick', '`pick` keeps fields of the response `returns` describes, and there is no `returns`')];
    if (d.returns === undefined) return problems;
    for (const { name: path, index } of entries) {
      const message = pathProblem(path, d.returns, ctx.types);
      if (message) problems.push(atKey(op, `/operation/pick/${index}`, `\`${path}\` in \`pick\`: ${message}`));
    }
    return problems;
  },
};

function pathProblem(path: string, returns: unknown, types: ReadonlyMap<string, unknown>): string | undefined {
  const parsed = parsePickPath(path);
  if (!parsed.ok) return parsed.message;
  let at: unknown = returns;
  let where = '`returns`';
  for (const seg of parsed.segments) {
    if (seg.name !== '') {
      const f = fieldSchema(at, seg.name, types);
      if (f === undefined) {
        const names = fieldNames(at, types);
        if (itemSchema(at, types) !== undefined && names.length === 0) return `${where} is a list: write \`[]\` before \`.${seg.name}\` to reach into its items`;
        return names.length === 0 ? `${where} has no fields` : `${where} has no field \`${seg.name}\`${didYouMean(seg.name, names)}`;
      }
      at = f;
      where = `\`${seg.name}\``;
    }
    for (let i = 0; i < seg.lists; i++) {
      const items = itemSchema(at, types);
      if (items === undefined) return `${where} is not a list, so \`[]\` reaches nothing`;
      at = items;
    }
  }
  return undefined;
}
