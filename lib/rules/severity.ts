import type { Severity } from '../core/problem';

/** Every publish rule: SPEC 5's table in its order (with description-quality beside description), then the rules beyond it. */
export const RULE_IDS = [
  'skill-name',
  'skill-description',
  'manifest-operations',
  'file-name',
  'tool-name',
  'types-json',
  'types-unused',
  'duplicate-operation',
  'frontmatter',
  'operation-method',
  'operation-url',
  'arguments-form',
  'schema-json',
  'schema-checkable',
  'path-parameters',
  'query-parameters',
  'body-on-get',
  'name-once',
  'qualifiers',
  'refs',
  'expanded-size',
  'description',
  'description-quality',
  'approval-matches',
  'approval-binds',
  'identity',
  'call-section',
  // SPEC 7.4.
  'content-type',
  'headers',
  'deep',
  'body-argument',
  // SPEC 8.4.
  'safety',
  'returns',
  'status',
  'pick',
  'budget',
  // Beyond SPEC 5's table.
  'json-numbers',
  'lone-surrogates',
  'yaml-characters',
  'invisible-characters',
  'model-instructions',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/**
 * The one place severities live (SPEC 5). A rule never sets its own severity: where SPEC
 * says a rule warns in one case, the rule tags that problem with a case name and the case's
 * severity is looked up here.
 */
export const DEFAULT_SEVERITY: Readonly<Record<RuleId, Severity>> = {
  'skill-name': 'error',
  'skill-description': 'error',
  'manifest-operations': 'warning',
  'file-name': 'error',
  'tool-name': 'error',
  'types-json': 'error',
  'types-unused': 'warning',
  'duplicate-operation': 'error',
  frontmatter: 'error',
  'operation-method': 'error',
  'operation-url': 'error',
  'arguments-form': 'error',
  'schema-json': 'error',
  'schema-checkable': 'error',
  'path-parameters': 'error',
  'query-parameters': 'error',
  'body-on-get': 'error',
  'name-once': 'error',
  qualifiers: 'error',
  refs: 'error',
  'expanded-size': 'error',
  description: 'error',
  /** A description a model cannot choose the tool by. */
  'description-quality': 'warning',
  'approval-matches': 'error',
  'approval-binds': 'error',
  identity: 'error',
  'call-section': 'warning',
  'content-type': 'error',
  headers: 'error',
  deep: 'error',
  'body-argument': 'error',
  safety: 'error',
  returns: 'error',
  status: 'error',
  pick: 'error',
  budget: 'error',
  /** A number that reads as Infinity is published as `null`: every call would be refused. */
  'json-numbers': 'error',
  /** A lone surrogate cannot be written as UTF-8: the bundle would not hold the file as it is. */
  'lone-surrogates': 'error',
  /** A character other YAML parsers refuse: the platform could not read the file at all. */
  'yaml-characters': 'error',
  /** Text a model reads and a person does not see: it can steer the model unseen. */
  'invisible-characters': 'error',
  /** Text addressed to the model ("ignore previous instructions"); an API's docs may say "you must call" to a person. */
  'model-instructions': 'warning',
};

/** The cases SPEC 5 gives a severity other than the rule's, keyed `rule-id/case`. */
export const CASE_SEVERITY: Readonly<Record<string, Severity>> = {
  /** SPEC 5 `frontmatter`: "unknown keys are warnings". */
  'frontmatter/unknown-key': 'warning',
  /** SPEC 5 `description`: "warning above 1,024 characters". */
  'description/too-long': 'warning',
  /** SPEC 5, 8.4 `identity`: a warning on a safe operation (a safe call needs no idempotency). */
  'identity/safe-method': 'warning',
  /** SPEC 8.4 `safety`: "`GET`/`HEAD` declared other than safe, warning". */
  'safety/safe-method': 'warning',
  /** SPEC 8.2: a `returns` over the budget leaves the tool without an output schema; the tool still publishes. */
  'expanded-size/returns': 'warning',
  /** A pattern no linear-time matcher runs: left to the model, never run by a backtracking engine. */
  'schema-checkable/unchecked-pattern': 'warning',
  'returns/unchecked-pattern': 'warning',
  'types-json/unchecked-pattern': 'warning',
};

/**
 * A preset's changes to the defaults, by rule id or `rule-id/case`; `off` drops the problems.
 * A case falls back to its rule's override when it has none of its own.
 */
export type SeverityOverrides = Readonly<Record<string, Severity | 'off'>>;

/** The severity of a problem of `ruleId` (in `kase`, when the rule tagged one). */
export function severityOf(ruleId: RuleId, kase?: string, overrides?: SeverityOverrides): Severity | 'off' {
  const key = kase === undefined ? undefined : `${ruleId}/${kase}`;
  if (overrides) {
    if (key !== undefined && overrides[key] !== undefined) return overrides[key];
    if (overrides[ruleId] !== undefined && (key === undefined || CASE_SEVERITY[key] === undefined)) return overrides[ruleId];
    if (overrides[ruleId] === 'off') return 'off';
  }
  return (key !== undefined ? CASE_SEVERITY[key] : undefined) ?? DEFAULT_SEVERITY[ruleId];
}
