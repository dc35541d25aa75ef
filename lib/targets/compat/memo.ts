import type { TargetRules } from '../model';
import { measureSchema, type SchemaMeasures } from '../schema-measure';
import { adaptSchema, schemaFindings, type SchemaFinding, type SchemaLoss } from '../schema-rules';
import type { SchemaNode } from '../schema-walk';

/**
 * The per-schema work of the compatibility report and the adapters: a schema's findings and
 * adapted form for one target, and its measures. These are most of a report's cost (a
 * Kubernetes tool list is a few seconds for every target) and depend on nothing but the
 * schema and the target, so a skill edited one file at a time (the wizard's worker) keeps
 * them per schema object and re-does only the schemas an edit changed. What a memo returns
 * is shared: callers must not change it.
 */
export interface CompatMemo {
  findings(schema: SchemaNode, target: TargetRules): SchemaFinding[];
  measure(schema: SchemaNode): SchemaMeasures;
  adapt(schema: SchemaNode, target: TargetRules): { schema: SchemaNode; lost: SchemaLoss[] };
}

/** Nothing remembered: each call does the work (the CLI, which checks a skill once). */
export const NO_MEMO: CompatMemo = { findings: schemaFindings, measure: measureSchema, adapt: adaptSchema };

/** A memo keyed by the schema object (weakly: a schema no tool holds any more is let go), then by target. */
export function createCompatMemo(): CompatMemo {
  const findings = new WeakMap<SchemaNode, Map<TargetRules, SchemaFinding[]>>();
  const measures = new WeakMap<SchemaNode, SchemaMeasures>();
  const adapted = new WeakMap<SchemaNode, Map<TargetRules, { schema: SchemaNode; lost: SchemaLoss[] }>>();
  const perTarget = <T>(map: WeakMap<SchemaNode, Map<TargetRules, T>>, schema: SchemaNode, target: TargetRules, make: () => T): T => {
    let byTarget = map.get(schema);
    if (!byTarget) map.set(schema, (byTarget = new Map()));
    let value = byTarget.get(target);
    if (value === undefined) byTarget.set(target, (value = make()));
    return value;
  };
  return {
    findings: (schema, target) => perTarget(findings, schema, target, () => schemaFindings(schema, target)),
    adapt: (schema, target) => perTarget(adapted, schema, target, () => adaptSchema(schema, target)),
    measure(schema) {
      let m = measures.get(schema);
      if (!m) measures.set(schema, (m = measureSchema(schema)));
      return m;
    },
  };
}
