import type { SchemaCheck, TargetRules } from '../model';
import { describeKeywords, type SchemaNode } from '../schema-walk';
import { ANNOTATION_KEYWORDS, cite, where, type NodeRule } from './rule';

type ClosedCheck = Extract<SchemaCheck, { kind: 'closed-keywords' }>;

/**
 * A target whose schema is a fixed message (Gemini's `Schema` proto) refuses any field it
 * does not have: "Unknown name … Cannot find field". Keywords another check already names
 * (`oneOf`, `const`) are left to it, so each keyword is reported once.
 */
export const closedKeywordsRule: NodeRule<ClosedCheck> = {
  ruleId: 'target-keyword',
  fixable: true,
  find(node, check, place, target) {
    return unknownKeys(node, check, target).map((k) => ({
      pointer: place.pointer,
      severity: 'error' as const,
      message: `${target.id} has no \`${k}\` field in its schema (at ${where(place.pointer)}) ${cite(check.source)}`,
    }));
  },
  fix(node, check, place, target) {
    const keys = unknownKeys(node, check, target);
    const enforced = keys.filter((k) => !ANNOTATION_KEYWORDS.has(k));
    return {
      node: describeKeywords(node, keys),
      lost: enforced.length === 0 ? [] : [`${enforced.map((k) => `\`${k}\``).join(', ')} at ${where(place.pointer)} moved into the description (${target.id} has no such field): no longer enforced`],
    };
  },
};

function unknownKeys(node: SchemaNode, check: ClosedCheck, target: TargetRules): string[] {
  const named = new Set<string>();
  for (const c of target.schema) {
    if (c.kind === 'keyword') for (const k of c.keywords) named.add(k);
    if (c.kind === 'keyword-above') named.add(c.keyword);
  }
  return Object.keys(node).filter((k) => !check.allowed.has(k) && !named.has(k) && !(k === 'type' && Array.isArray(node.type)));
}
