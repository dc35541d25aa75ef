import { admitNull } from '../../core/admit-null';
import { isPlainObject, setOwn } from '../../core/entries';
import type { SchemaCheck } from '../model';
import type { SchemaNode } from '../schema-walk';
import { cite, where, type NodeRule } from './rule';

type OptionalCheck = Extract<SchemaCheck, { kind: 'optional-property' }>;

function optionalNames(node: SchemaNode): string[] {
  if (!isPlainObject(node.properties)) return [];
  const required = Array.isArray(node.required) ? node.required : [];
  return Object.keys(node.properties).filter((k) => !required.includes(k));
}

/**
 * OpenAI's strict mode: every property `required`, an optional one written as a union with
 * `null`. The model then sends `null` where it would have left the argument out, so the
 * caller drops null arguments before the call; the log says so for each object.
 */
export const optionalPropertyRule: NodeRule<OptionalCheck> = {
  ruleId: 'target-optional-property',
  fixable: true,
  find(node, check, place, target) {
    const names = optionalNames(node);
    if (names.length === 0) return [];
    return [{ pointer: place.pointer, severity: 'error', message: `${target.id} needs every property required; optional at ${where(place.pointer)}: ${names.map((n) => `\`${n}\``).join(', ')} ${cite(check.source)}` }];
  },
  fix(node, _check, place, target) {
    const names = optionalNames(node);
    const properties = { ...(node.properties as SchemaNode) };
    for (const name of names) setOwn(properties, name, admitNull(properties[name] as SchemaNode));
    return {
      node: { ...node, required: Object.keys(properties), properties },
      lost: [`${names.map((n) => `\`${n}\``).join(', ')} at ${where(place.pointer)} made required and nullable (${target.id} needs every property required): the model sends null to leave one out, so drop null arguments before the call`],
    };
  },
};
