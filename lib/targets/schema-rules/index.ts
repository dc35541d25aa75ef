import type { Severity } from '../../core/problem';
import type { SchemaCheck, TargetRules } from '../model';
import { mapSchema, walkSchema, type SchemaNode } from '../schema-walk';
import { closedKeywordsRule } from './closed-keywords';
import { enumValuesRule } from './enum-values';
import { keywordAboveRule, keywordRule } from './keyword';
import { openObjectRule } from './open-object';
import { optionalPropertyRule } from './optional-property';
import { propertyNameRule } from './property-name';
import { refRule } from './ref';
import { rootAnyOfRule } from './root-any-of';
import type { NodeRule } from './rule';
import { typeArrayRule } from './type-array';

type RuleFor<K extends SchemaCheck['kind']> = NodeRule<Extract<SchemaCheck, { kind: K }>>;

/** The rule for each kind of check the catalog reads from the data. */
const RULES: { [K in SchemaCheck['kind']]: RuleFor<K> } = {
  keyword: keywordRule,
  'keyword-above': keywordAboveRule,
  'closed-keywords': closedKeywordsRule,
  'type-array': typeArrayRule,
  'enum-values': enumValuesRule,
  'open-object': openObjectRule,
  'optional-property': optionalPropertyRule,
  'root-any-of': rootAnyOfRule,
  'external-ref': refRule,
  'recursive-ref': refRule,
  'property-name': propertyNameRule,
};

/** The rule ids of the schema checks the adapter fixes. */
export const FIXABLE_SCHEMA_RULES: ReadonlySet<string> = new Set(Object.values(RULES).filter((r) => r.fixable).map((r) => r.ruleId));

export function ruleFor(check: SchemaCheck): NodeRule {
  return RULES[check.kind] as NodeRule;
}

export interface SchemaFinding {
  ruleId: string;
  severity: Severity;
  message: string;
  pointer: string;
  /** Whether adapting the tool for the target removes it. */
  fixable: boolean;
}

/** Everything in one tool's schema that the target refuses or ignores, node by node. */
export function schemaFindings(schema: SchemaNode, target: TargetRules): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  if (target.schema.length === 0) return out;
  walkSchema(schema, (node, place) => {
    for (const check of target.schema) {
      const rule = ruleFor(check);
      for (const f of rule.find(node, check, place, target)) out.push({ ...f, ruleId: rule.ruleId, fixable: rule.fixable });
    }
  });
  return out;
}

export interface SchemaLoss {
  ruleId: string;
  pointer: string;
  message: string;
}

/** Rewrites of one node before the adapter gives up on it (each fix removes what it found, so a few suffice). */
const MAX_PASSES = 8;

/**
 * The schema as the target takes it: every fixable check's fix applied to every node, root
 * first, until the node passes; with a sentence for each piece of meaning lost. The input is
 * not changed.
 */
export function adaptSchema(schema: SchemaNode, target: TargetRules): { schema: SchemaNode; lost: SchemaLoss[] } {
  const lost: SchemaLoss[] = [];
  if (target.schema.length === 0) return { schema, lost };
  const adapted = mapSchema(schema, (node, place) => {
    let current = node;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let changed = false;
      for (const check of target.schema) {
        const rule = ruleFor(check);
        if (!rule.fixable || rule.find(current, check, place, target).length === 0) continue;
        const fixed = rule.fix(current, check, place, target);
        current = fixed.node;
        changed = true;
        for (const message of fixed.lost) lost.push({ ruleId: rule.ruleId, pointer: place.pointer, message });
      }
      if (!changed) break;
    }
    return current;
  });
  return { schema: adapted, lost };
}
