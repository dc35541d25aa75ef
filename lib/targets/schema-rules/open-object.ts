import { isPlainObject } from '../../core/entries';
import type { SchemaCheck } from '../model';
import { isObjectNode } from '../schema-walk';
import { cite, where, type NodeRule } from './rule';

type OpenObjectCheck = Extract<SchemaCheck, { kind: 'open-object' }>;

/**
 * Strict modes (OpenAI, Anthropic) want `additionalProperties: false` on every object. The
 * fix closes each object. At the root nothing is lost (a call refuses an unknown argument
 * anyway, SPEC 3); a nested object that took other keys, or a map, no longer does.
 */
export const openObjectRule: NodeRule<OpenObjectCheck> = {
  ruleId: 'target-open-object',
  fixable: true,
  find(node, check, place, target) {
    if (!isObjectNode(node) || node.additionalProperties === false) return [];
    const now = node.additionalProperties === undefined ? 'none' : JSON.stringify(node.additionalProperties);
    return [{ pointer: place.pointer, severity: 'error', message: `${target.id} needs \`additionalProperties: false\` on every object (at ${where(place.pointer)}: ${now}) ${cite(check.source)}` }];
  },
  fix(node, _check, place, target) {
    const before = node.additionalProperties;
    const out = { ...node, additionalProperties: false };
    if (before === undefined && place.isRoot) return { node: out, lost: [] };
    const map = isPlainObject(before) && !isPlainObject(node.properties);
    const what = map ? 'is a map of any keys; it can now only be empty' : before === undefined || before === true ? 'took other keys; it no longer does' : 'took other keys of a given schema; it no longer does';
    return { node: out, lost: [`the object at ${where(place.pointer)} ${what} (${target.id} needs \`additionalProperties: false\`)`] };
  },
};
