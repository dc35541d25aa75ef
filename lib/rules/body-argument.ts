import { joinPointer } from '../core/json-pointer';
import { argumentPlaces } from '../skill/arguments';
import { pathParameterNames } from '../skill/url-template';
import { argumentSchema, didYouMean, isFlat, rawList } from './facts';
import { atKey, atSchema, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 7.1, 7.4 `body-argument`: the name of the one argument whose value is the whole body.
 * It is one name (a string), an argument, not a path, query or header argument, and every
 * other argument is one of those: a body that is one value has no other fields. Reported at
 * the key, and at each other body field (its property, or its `body` entry in the flat form).
 * `GET`/`HEAD`, which send no body, are `body-on-get`'s.
 */
export const bodyArgument: FileRule = {
  id: 'body-argument',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.raw['body-argument'] === undefined) return [];
    const at = '/operation/body-argument';
    const value = d.raw['body-argument'];
    if (typeof value !== 'string' || value === '') {
      return [atKey(op, at, `\`body-argument\` names one argument, the one whose value is the whole body (\`body-argument: items\`)${Array.isArray(value) ? ', not a list' : ''}`)];
    }
    const schema = argumentSchema(d);
    if (!schema) return [];
    const props = typeof schema.properties === 'object' && schema.properties !== null ? (schema.properties as Record<string, unknown>) : {};
    if (!Object.hasOwn(props, value)) return [atKey(op, at, `\`${value}\` in \`body-argument\` is not an argument${didYouMean(value, Object.keys(props))}`)];
    if (pathParameterNames(d.url).includes(value)) return [atKey(op, at, `\`${value}\` is a path parameter, so it cannot be the body`)];
    for (const key of ['query', 'header'] as const) {
      if (d.lists[key].includes(value)) return [atKey(op, at, `\`${value}\` is in \`${key}\`, so it cannot be the body`)];
    }
    const places = argumentPlaces(d, schema);
    const others = places.body.filter((n) => n !== value);
    const problems: RuleProblem[] = [];
    const message = (name: string) => `\`${name}\` would be a body field, but the body is \`${value}\` (\`body-argument\`): make \`${name}\` a path, query or header argument, or remove it`;
    if (isFlat(d)) {
      for (const { name, index } of rawList(d.raw, 'body')) if (name !== value && others.includes(name)) problems.push(atKey(op, `/operation/body/${index}`, message(name)));
    } else {
      for (const name of others) problems.push(atSchema(op, joinPointer('/properties', name), message(name)));
    }
    if (places.extraBody) {
      problems.push(atSchema(op, '/additionalProperties', `A root \`additionalProperties\` sends other arguments as body fields, but the body is \`${value}\` (\`body-argument\`): make it absent or \`false\``));
    }
    return problems;
  },
};
