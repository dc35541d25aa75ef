import { joinPointer } from '../core/json-pointer';
import { pathParameterNames } from '../skill/url-template';
import { isScalarSchema, rawList, schemaFormArguments } from './facts';
import { atKey, atSchema, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 1.3, schema form: each `{name}` of the URL is a property of the schema, listed in
 * `required`, of a scalar type (`string`, `integer`, `number`, `boolean`, directly or
 * through a shared type), and not also named in `query`. In the flat form path parameters
 * are required strings by construction, and a path name also in `body`/`query` is
 * `name-once`'s to report, so this rule checks the schema form only.
 */
export const pathParameters: FileRule = {
  id: 'path-parameters',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    const args = d && schemaFormArguments(d);
    if (!d || !args) return [];
    const { schema, properties: props } = args;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const problems: RuleProblem[] = [];
    const names = [...new Set(pathParameterNames(d.url))];
    const pathSet = new Set(names);
    for (const name of names) {
      if (!Object.hasOwn(props, name)) {
        problems.push(atKey(op, '/operation/url', `\`{${name}}\` in the URL is not an argument of the schema (add \`"${name}"\` to \`properties\` and \`required\`)`));
        continue;
      }
      const at = joinPointer('/properties', name);
      if (!required.includes(name)) problems.push(atSchema(op, Array.isArray(schema.required) ? '/required' : at, `The path parameter \`${name}\` must be in \`required\``));
      if (isScalarSchema(props[name], ctx.types) === false) {
        problems.push(atSchema(op, at, `The path parameter \`${name}\` must be of a scalar type (string, integer, number or boolean)`));
      }
    }
    for (const { name, index } of rawList(d.raw, 'query')) {
      if (pathSet.has(name)) problems.push(atKey(op, `/operation/query/${index}`, `\`${name}\` is a path parameter (\`{${name}}\` in the URL) and must not also be in \`query\``));
    }
    return problems;
  },
};
