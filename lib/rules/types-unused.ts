import { pointerToken } from '../core/json-pointer';
import { reachableTypes } from './facts';
import type { PackageRule, RuleProblem } from './rule';

/**
 * SPEC 1.5: a shared type no operation reaches, directly or through other types, is
 * reported at its name. O(files + types): each file's references are memoized per parsed
 * file, the type graph per parsed types.json.
 */
export const typesUnused: PackageRule = {
  id: 'types-unused',
  scope: 'package',
  check(pkg) {
    const t = pkg.types;
    if (!t || t.types.size === 0) return [];
    const reached = reachableTypes(t.types, pkg.operations);
    const problems: RuleProblem[] = [];
    for (const name of t.types.keys()) {
      if (reached.has(name)) continue;
      const pointer = `/${pointerToken(name)}`;
      problems.push({ message: `The type \`${name}\` is used by no operation`, file: t.file, ...t.position(pointer), pointer });
    }
    return problems;
  },
};
