import { isPlainObject } from '../core/entries';
import { pointerToken } from '../core/json-pointer';
import { TYPE_NAME, type TypesFile } from '../skill/types-file';
import type { PackageRule, RuleProblem } from './rule';
import { checkSchema } from './schema-check';

const cache = new WeakMap<TypesFile, RuleProblem[]>();

/**
 * SPEC 1.5: types.json is a JSON object of type name (`A-Z a-z 0-9 _ . -`) to JSON Schema,
 * each schema one a 2020-12 validator checks (the same test as `schema-checkable`).
 * Checked once per parsed types.json.
 */
export const typesJson: PackageRule = {
  id: 'types-json',
  scope: 'package',
  check(pkg) {
    const t = pkg.types;
    if (!t) return [];
    let problems = cache.get(t);
    if (!problems) {
      problems = checkTypes(t);
      cache.set(t, problems);
    }
    return problems;
  },
};

function checkTypes(t: TypesFile): RuleProblem[] {
  const problems: RuleProblem[] = t.problems.map((p) => ({ message: p.message, file: p.file, line: p.line, column: p.column }));
  const at = (pointer: string, message: string, kase?: string): RuleProblem => ({ message, file: t.file, ...t.position(pointer), pointer, ...(kase ? { case: kase } : {}) });
  for (const [name, schema] of t.types) {
    const base = `/${pointerToken(name)}`;
    if (!TYPE_NAME.test(name)) problems.push(at(base, `The type name \`${name}\` may hold only A-Z, a-z, 0-9, _, . and -`));
    if (typeof schema !== 'boolean' && !isPlainObject(schema)) {
      problems.push(at(base, `The type \`${name}\` must be a JSON Schema (an object, true or false)`));
      continue;
    }
    for (const issue of checkSchema(schema)) problems.push(at(base + issue.pointer, `In type \`${name}\`: ${issue.message}`, issue.case));
  }
  return problems;
}
