import { isPlainObject } from '../../core/entries';
import { joinPointer } from '../../core/json-pointer';
import type { SchemaCheck } from '../model';
import { cite, type NodeRule } from './rule';

type PropertyNameCheck = Extract<SchemaCheck, { kind: 'property-name' }>;

/**
 * A parameter name a target refuses (Vertex AI: letters, digits and `_` only; Claude: no
 * brackets, `<`, `>` or `/`). Not fixed: the name is what the call sends, so renaming it
 * would break every call. Where it is an error the target refuses the whole tool list, so
 * the message says how to get past it.
 */
export const propertyNameRule: NodeRule<PropertyNameCheck> = {
  ruleId: 'target-property-name',
  fixable: false,
  find(node, check, place, target) {
    if (!isPlainObject(node.properties)) return [];
    // Below the tool's own parameters, where the check tells those apart.
    const nested = !place.isRoot && check.nested !== undefined;
    const severity = nested ? check.nested! : check.severity;
    const what = nested ? 'the nested property name' : 'the parameter name';
    const why = severity === 'error' ? ', and one such name refuses the whole tool list: leave this tool out, or this parameter out of its schema' : nested ? ': a parameter of that name is refused, and this one may be too' : '';
    return Object.keys(node.properties)
      .filter((name) => !check.regex.test(name))
      .map((name) => ({ pointer: joinPointer(joinPointer(place.pointer, 'properties'), name), severity, message: `${target.id}: ${what} \`${name}\` does not match ${check.regex.source} ${cite(check.source)}${why}` }));
  },
  fix(node) {
    return { node, lost: [] };
  },
};
