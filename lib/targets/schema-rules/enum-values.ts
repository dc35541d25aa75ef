import { isPlainObject } from '../../core/entries';
import type { SchemaCheck } from '../model';
import { describeKeywords, withoutKeys } from '../schema-walk';
import { accepts, cite, where, type NodeRule } from './rule';

type EnumCheck = Extract<SchemaCheck, { kind: 'enum-values' }>;

function refused(value: unknown, allow: EnumCheck['allow']): boolean {
  return allow === 'string' ? typeof value !== 'string' : Array.isArray(value) || isPlainObject(value);
}

/**
 * `enum` values a target does not take: Gemini takes strings only, Anthropic's strict mode
 * primitives only. A `null` among strings becomes `nullable: true`; otherwise the list moves
 * into the description (the model still reads it; nothing enforces it).
 */
export const enumValuesRule: NodeRule<EnumCheck> = {
  ruleId: 'target-enum-values',
  fixable: true,
  find(node, check, place, target) {
    if (!Array.isArray(node.enum)) return [];
    const bad = node.enum.filter((v) => refused(v, check.allow));
    if (bad.length === 0) return [];
    const what = check.allow === 'string' ? 'strings only' : 'strings, numbers, booleans and null only';
    return [{ pointer: place.pointer, severity: 'error', message: `${target.id} takes ${what} in \`enum\` (${bad.slice(0, 3).map((v) => JSON.stringify(v)).join(', ')}${bad.length > 3 ? ', …' : ''} at ${where(place.pointer)}) ${cite(check.source)}` }];
  },
  fix(node, check, place, target) {
    const values = node.enum as unknown[];
    const bad = values.filter((v) => refused(v, check.allow));
    if (check.allow === 'string' && bad.every((v) => v === null) && bad.length < values.length && accepts(target, 'nullable')) {
      const out = withoutKeys(node, ['enum']);
      out.enum = values.filter((v) => v !== null);
      out.nullable = true;
      return { node: out, lost: [] };
    }
    return { node: describeKeywords(node, ['enum']), lost: [`\`enum\` at ${where(place.pointer)} moved into the description (${target.id} takes ${check.allow === 'string' ? 'string' : 'primitive'} values only): no longer enforced`] };
  },
};
