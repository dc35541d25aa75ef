import type { SchemaCheck } from '../model';
import { describeKeywords } from '../schema-walk';
import { cite, type NodeRule } from './rule';

type RootAnyOfCheck = Extract<SchemaCheck, { kind: 'root-any-of' }>;

/** OpenAI's strict mode: "the root level object of a schema must be an object, and not use `anyOf`". */
export const rootAnyOfRule: NodeRule<RootAnyOfCheck> = {
  ruleId: 'target-root-any-of',
  fixable: true,
  find(node, check, place, target) {
    if (!place.isRoot || node.anyOf === undefined) return [];
    return [{ pointer: '', severity: 'error', message: `${target.id} refuses \`anyOf\` at the root of a schema ${cite(check.source)}` }];
  },
  fix(node, _check, _place, target) {
    return { node: describeKeywords(node, ['anyOf']), lost: [`\`anyOf\` at the root moved into the description (${target.id} refuses it there): no longer enforced`] };
  },
};
