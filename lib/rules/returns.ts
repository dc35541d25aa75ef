import { refsOf } from './facts';
import { refProblem } from './refs';
import { atKey, atReturns, located, type FileRule, type RuleProblem } from './rule';
import { checkSchema } from './schema-check';
import { jsonErrorInFile, jsonReasonAt } from './schema-json';

/**
 * SPEC 8.1, 8.4: `returns` is written like `schema` (JSON text in a block scalar) and is a
 * schema a JSON Schema 2020-12 validator checks as written (`schema-checkable`'s test), of
 * any root type: a list or a string is a response too. Its `$ref`s name types in types.json.
 */
export const returns: FileRule = {
  id: 'returns',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    if (!d || d.raw.returns === undefined) return [];
    if (d.returnsText === undefined) {
      return [atKey(op, '/operation/returns', '`returns` must be JSON text in a block scalar (`returns: |` and the JSON on the lines below), not a YAML value')];
    }
    if (d.returnsError) {
      const at = jsonErrorInFile(op, 'returns', d.returnsText, d.returnsError.message);
      return [located(at, `\`returns\` is not JSON: ${jsonReasonAt(d.returnsError.message, at)}`, '/operation/returns')];
    }
    const problems: RuleProblem[] = checkSchema(d.returns).map((issue) => atReturns(op, issue.pointer, issue.message, issue.case));
    for (const { ref, pointer } of refsOf(d.returns)) {
      const message = refProblem(ref, ctx.types);
      if (message) problems.push(atReturns(op, `${pointer}/$ref`, message));
    }
    return problems;
  },
};
