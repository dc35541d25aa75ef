import { joinPointer } from '../core/json-pointer';
import { argumentPlaces } from '../skill/arguments';
import { SAFE_METHODS, isFlat, rawList, schemaFormArguments } from './facts';
import { atKey, atSchema, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 1.3: `GET` and `HEAD` have no body, so every argument is a path or query parameter.
 * Reported at each body field: its property in the schema, or its entry in `body`; and at a
 * root `additionalProperties` that declares a free-form body.
 */
export const bodyOnGet: FileRule = {
  id: 'body-on-get',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || !SAFE_METHODS.has(d.method)) return [];
    const message = (name: string) => `\`${d.method}\` has no body: \`${name}\` must be a path or query parameter`;
    if (isFlat(d)) return rawList(d.raw, 'body').map(({ name, index }) => atKey(op, `/operation/body/${index}`, message(name)));
    const args = schemaFormArguments(d);
    if (!args) return [];
    const problems: RuleProblem[] = [];
    const places = argumentPlaces(d, args.schema);
    for (const name of places.body) problems.push(atSchema(op, joinPointer('/properties', name), `${message(name)} (add it to \`query\`)`));
    if (places.extraBody) {
      problems.push(atSchema(op, '/additionalProperties', `\`${d.method}\` has no body: a root \`additionalProperties\` sends the arguments not named as path or query parameters in the body, so it must be absent or \`false\``));
    }
    return problems;
  },
};
