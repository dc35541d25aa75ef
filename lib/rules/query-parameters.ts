import { joinPointer } from '../core/json-pointer';
import { pathParameterNames } from '../skill/url-template';
import { isScalarArraySchema, isScalarSchema, rawList, schemaFormArguments } from './facts';
import { atKey, atSchema, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 1.3, schema form: every name in `query` is a property of the schema, of a scalar
 * type or an array of scalars (sent repeated), and named once. (A path name in `query` is
 * `path-parameters`'; the flat form makes query fields strings or lists by construction.)
 * In a query, `null` may join a scalar type (`["string", "null"]`): it is a JSON scalar.
 */
export const queryParameters: FileRule = {
  id: 'query-parameters',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    const args = d && schemaFormArguments(d);
    if (!d || !args) return [];
    const props = args.properties;
    const path = new Set(pathParameterNames(d.url));
    const seen = new Set<string>();
    const problems: RuleProblem[] = [];
    for (const { name, index } of rawList(d.raw, 'query')) {
      const at = `/operation/query/${index}`;
      if (path.has(name)) continue;
      if (seen.has(name)) {
        problems.push(atKey(op, at, `\`${name}\` is named twice in \`query\``));
        continue;
      }
      seen.add(name);
      if (!Object.hasOwn(props, name)) {
        problems.push(atKey(op, at, `\`${name}\` in \`query\` is not an argument of the schema`));
        continue;
      }
      // In bracket style (SPEC 7.1 `deep`) an object or nested array is sent as `name[key]=value`.
      if (d.lists.deep.includes(name)) continue;
      const schema = props[name];
      const scalar = isScalarSchema(schema, ctx.types, true);
      const list = isScalarArraySchema(schema, ctx.types);
      if (scalar === false && list === false) {
        problems.push(atSchema(op, joinPointer('/properties', name), `The query parameter \`${name}\` must be a scalar (string, integer, number, boolean) or an array of scalars`));
      }
    }
    return problems;
  },
};
