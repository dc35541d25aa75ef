import { isPlainObject } from '../../core/entries';
import { joinPointer } from '../../core/json-pointer';
import type { SchemaCheck } from '../model';
import { cite, type NodeRule } from './rule';

type PropertyNameCheck = Extract<SchemaCheck, { kind: 'property-name' }>;

/**
 * A parameter name a target refuses (Vertex AI: letters, digits and `_` only). Not fixed:
 * the name is what the call sends, so renaming it would break every call.
 */
export const propertyNameRule: NodeRule<PropertyNameCheck> = {
  ruleId: 'target-property-name',
  fixable: false,
  find(node, check, place, target) {
    if (!isPlainObject(node.properties)) return [];
    return Object.keys(node.properties)
      .filter((name) => !check.regex.test(name))
      .map((name) => ({ pointer: joinPointer(joinPointer(place.pointer, 'properties'), name), severity: check.severity, message: `${target.id}: the parameter name \`${name}\` does not match ${check.regex.source} ${cite(check.source)}` }));
  },
  fix(node) {
    return { node, lost: [] };
  },
};
