import type { SchemaCheck } from '../model';
import { describeKeywords, withoutKeys } from '../schema-walk';
import { accepts, cite, where, type NodeRule } from './rule';

type TypeArrayCheck = Extract<SchemaCheck, { kind: 'type-array' }>;

/**
 * `type: ["string", "null"]`, refused where a type is one value (Gemini: "Proto field is
 * not repeating"). Written as `nullable: true` beside the one type, or as an `anyOf` of the
 * types: the same values are accepted, so nothing is lost.
 */
export const typeArrayRule: NodeRule<TypeArrayCheck> = {
  ruleId: 'target-type-array',
  fixable: true,
  find(node, check, place, target) {
    if (!Array.isArray(node.type)) return [];
    return [{ pointer: place.pointer, severity: 'error', message: `${target.id} takes one \`type\`, not a list (${JSON.stringify(node.type)} at ${where(place.pointer)}) ${cite(check.source)}` }];
  },
  fix(node, _check, place, target) {
    const types = (node.type as unknown[]).filter((t) => t !== 'null');
    const nullable = types.length < (node.type as unknown[]).length;
    const out = withoutKeys(node, ['type']);
    const canNull = accepts(target, 'nullable');
    if (types.length === 0) return { node: { ...out, type: 'null' }, lost: [] };
    if (types.length === 1 && (!nullable || canNull)) {
      out.type = types[0];
      if (nullable) out.nullable = true;
      return { node: out, lost: [] };
    }
    if (out.anyOf === undefined && accepts(target, 'anyOf')) {
      const alternatives: unknown[] = types.map((t) => ({ type: t }));
      if (nullable && !canNull) alternatives.push({ type: 'null' });
      out.anyOf = alternatives;
      if (nullable && canNull) out.nullable = true;
      return { node: out, lost: [] };
    }
    return { node: describeKeywords(node, ['type']), lost: [`\`type: ${JSON.stringify(node.type)}\` at ${where(place.pointer)} moved into the description (${target.id} takes one type): no longer enforced`] };
  },
};
