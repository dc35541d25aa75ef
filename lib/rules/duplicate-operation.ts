import type { OperationFile } from '../skill/operation-file';
import { templateKey } from '../skill/url-template';
import { atKey, type PackageRule, type RuleProblem } from './rule';

const keys = new WeakMap<OperationFile, string>();

function keyOf(op: OperationFile): string | undefined {
  const d = op.declaration;
  if (!d || d.method === '' || d.url === '') return undefined;
  let key = keys.get(op);
  if (key === undefined) {
    key = templateKey(d.method, d.url);
    keys.set(op, key);
  }
  return key;
}

/**
 * SPEC 5: two files declaring the same method and URL template (parameter names ignored:
 * `/pets/{id}` is `/pets/{petId}`) could both answer one request. Each file of a clash is
 * reported: the first names the second, every later one names the first.
 */
export const duplicateOperation: PackageRule = {
  id: 'duplicate-operation',
  scope: 'package',
  check(pkg) {
    const groups = new Map<string, OperationFile[]>();
    for (const op of pkg.operations) {
      const key = keyOf(op);
      if (key === undefined) continue;
      const group = groups.get(key);
      if (group) group.push(op);
      else groups.set(key, [op]);
    }
    const problems: RuleProblem[] = [];
    for (const [key, group] of groups) {
      if (group.length < 2) continue;
      group.forEach((op, i) => {
        const other = i === 0 ? group[1] : group[0];
        problems.push({ ...atKey(op, '/operation/url', `\`${key}\` is also declared by \`${other.file}\`: two operations must not share a method and URL template`), file: op.file });
      });
    }
    return problems;
  },
};
