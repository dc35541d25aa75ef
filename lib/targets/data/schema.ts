import * as z from '../../core/zod';

/**
 * The shape of `../shared/targets/provider-constraints.json`: the limits each target puts on
 * a tool list, and how each provider counts tool tokens, every fact with its sources. Fields
 * the code reads are typed strictly, so an update that renames or mistypes one fails here,
 * loudly, in a test; everything else (sources, notes, history, dates) is kept as it is.
 */

const texts = z.array(z.string());
const count = z.number().check(z.int(), z.positive());

const toolName = z.looseObject({
  /** A regular expression, sometimes followed by a remark in parentheses; null: no rule found. */
  pattern: z.nullable(z.string().check(z.minLength(1))),
  pattern_conservative: z.optional(z.string().check(z.minLength(1))),
  max_length: z.nullable(count),
  max_length_note: z.optional(z.string()),
  /** `SHOULD`: a recommendation (MCP), not a rejection. */
  normative_strength: z.optional(z.enum(['MUST', 'SHOULD'])),
  /** How a host writes the full name, e.g. `mcp__<server>__<tool>; …`. */
  format: z.optional(z.string()),
  note: z.optional(z.string()),
  notes: z.optional(texts),
  history: z.optional(texts),
  related_limits: z.optional(texts),
});

const description = z.looseObject({
  max_length: z.nullable(count),
  min_length: z.optional(count),
  /** false, or a sentence saying where it is required (`… REQUIRED …`). */
  required: z.optional(z.union([z.boolean(), z.string()])),
  verified: z.optional(z.boolean()),
  note: z.optional(z.string()),
});

const strictMode = z.looseObject({
  flag: z.string(),
  required_rules: texts,
  supported_keywords: texts,
  unsupported_keywords: texts,
  unsupported_for_fine_tuned_models: z.optional(texts),
  limits: z.record(z.string(), z.number()),
  limits_history: z.optional(z.string()),
  notes: z.optional(texts),
});

const schema = z.looseObject({
  field: z.optional(z.string()),
  dialect: z.optional(z.string()),
  root: z.string(),
  unsupported_keywords: texts,
  unsupported_keywords_note: z.optional(z.string()),
  supported_keywords_parameters_v1beta: z.optional(texts),
  vertex_v1_additional_keywords: z.optional(texts),
  strict_mode: z.optional(strictMode),
  limits: z.optional(z.record(z.string(), z.union([z.number(), z.string()]))),
  notes: z.optional(texts),
});

const target = z.looseObject({
  id: z.string().check(z.regex(/^[a-z][a-z0-9_]*$/)),
  name: z.string(),
  kind: z.enum(['api', 'protocol', 'format', 'client']),
  source: texts.check(z.minLength(1)),
  tool_name: toolName,
  description,
  schema,
  max_tools: z.nullable(count),
  max_tools_note: z.optional(z.string()),
  verified: z.boolean(),
});

const tokenCounting = z.looseObject({
  id: z.string(),
  target: z.optional(z.string()),
  package: z.optional(z.string()),
  source: z.optional(texts),
  formula: z.optional(z.looseObject({})),
  notes: z.optional(texts),
  verified: z.boolean(),
});

export const providerConstraintsSchema = z.looseObject({
  generated_for: z.string(),
  research_notes: texts,
  targets: z.array(target).check(z.minLength(1)),
  token_counting: z.array(tokenCounting),
});

export type ProviderConstraints = z.infer<typeof providerConstraintsSchema>;
export type TargetFacts = z.infer<typeof target>;
export type TokenCountingFacts = z.infer<typeof tokenCounting>;

const functionConstants = z.strictObject({
  func_init: z.number().check(z.int()),
  prop_init: z.number().check(z.int()),
  prop_key: z.number().check(z.int()),
  enum_init: z.number().check(z.int()),
  enum_item: z.number().check(z.int()),
  func_end: z.number().check(z.int()),
});

/**
 * The OpenAI cookbook's function-token formula: its constants, keyed by the models they
 * were measured on and their encoding, `gpt-4o / gpt-4o-mini (o200k_base)`.
 */
export const openAiFormulaSchema = z.looseObject({
  per_function: z.string(),
  total: z.string(),
  constants: z.record(z.string().check(z.regex(/^[\w.-]+( \/ [\w.-]+)* \([a-z0-9_]+\)$/)), functionConstants),
  caveats: texts,
});

/**
 * Anthropic's tool-use system prompt, in tokens per model: `[auto or none, any or tool]`,
 * under a key that names its snapshot date, `tool_use_system_prompt_tokens (snapshot
 * 2026-07-13; auto|none / any|tool)`.
 */
export const anthropicOverheadSchema = z.record(
  z.string().check(z.regex(/^Claude [A-Za-z]+ \d+(\.\d+)?$/)),
  z.tuple([z.number().check(z.int(), z.nonnegative()), z.number().check(z.int(), z.nonnegative())]),
);

export type FunctionConstants = z.infer<typeof functionConstants>;
