import { z } from 'zod';

/**
 * The shape of `../shared/targets/provider-constraints.json`: the limits each target puts on
 * a tool list, and how each provider counts tool tokens, every fact with its sources. Fields
 * the code reads are typed strictly, so an update that renames or mistypes one fails here,
 * loudly, in a test; everything else (sources, notes, history, dates) is kept as it is.
 */

const texts = z.array(z.string());
const count = z.number().int().positive();

const toolName = z.looseObject({
  /** A regular expression, sometimes followed by a remark in parentheses; null: no rule found. */
  pattern: z.string().min(1).nullable(),
  pattern_conservative: z.string().min(1).optional(),
  max_length: count.nullable(),
  max_length_note: z.string().optional(),
  /** `SHOULD`: a recommendation (MCP), not a rejection. */
  normative_strength: z.enum(['MUST', 'SHOULD']).optional(),
  /** How a host writes the full name, e.g. `mcp__<server>__<tool>; …`. */
  format: z.string().optional(),
  note: z.string().optional(),
  notes: texts.optional(),
  history: texts.optional(),
  related_limits: texts.optional(),
});

const description = z.looseObject({
  max_length: count.nullable(),
  min_length: count.optional(),
  /** false, or a sentence saying where it is required (`… REQUIRED …`). */
  required: z.union([z.boolean(), z.string()]).optional(),
  verified: z.boolean().optional(),
  note: z.string().optional(),
});

const strictMode = z.looseObject({
  flag: z.string(),
  required_rules: texts,
  supported_keywords: texts,
  unsupported_keywords: texts,
  unsupported_for_fine_tuned_models: texts.optional(),
  limits: z.record(z.string(), z.number()),
  limits_history: z.string().optional(),
  notes: texts.optional(),
});

const schema = z.looseObject({
  field: z.string().optional(),
  dialect: z.string().optional(),
  root: z.string(),
  unsupported_keywords: texts,
  unsupported_keywords_note: z.string().optional(),
  supported_keywords_parameters_v1beta: texts.optional(),
  vertex_v1_additional_keywords: texts.optional(),
  strict_mode: strictMode.optional(),
  limits: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  notes: texts.optional(),
});

const target = z.looseObject({
  id: z.string().regex(/^[a-z][a-z0-9_]*$/),
  name: z.string(),
  kind: z.enum(['api', 'protocol', 'format', 'client']),
  source: texts.min(1),
  tool_name: toolName,
  description,
  schema,
  max_tools: count.nullable(),
  max_tools_note: z.string().optional(),
  verified: z.boolean(),
});

const tokenCounting = z.looseObject({
  id: z.string(),
  target: z.string().optional(),
  package: z.string().optional(),
  source: texts.optional(),
  formula: z.looseObject({}).optional(),
  notes: texts.optional(),
  verified: z.boolean(),
});

export const providerConstraintsSchema = z.looseObject({
  generated_for: z.string(),
  research_notes: texts,
  targets: z.array(target).min(1),
  token_counting: z.array(tokenCounting),
});

export type ProviderConstraints = z.infer<typeof providerConstraintsSchema>;
export type TargetFacts = z.infer<typeof target>;
export type TokenCountingFacts = z.infer<typeof tokenCounting>;

const functionConstants = z.strictObject({
  func_init: z.number().int(),
  prop_init: z.number().int(),
  prop_key: z.number().int(),
  enum_init: z.number().int(),
  enum_item: z.number().int(),
  func_end: z.number().int(),
});

/**
 * The OpenAI cookbook's function-token formula: its constants, keyed by the models they
 * were measured on and their encoding, `gpt-4o / gpt-4o-mini (o200k_base)`.
 */
export const openAiFormulaSchema = z.looseObject({
  per_function: z.string(),
  total: z.string(),
  constants: z.record(z.string().regex(/^[\w.-]+( \/ [\w.-]+)* \([a-z0-9_]+\)$/), functionConstants),
  caveats: texts,
});

/**
 * Anthropic's tool-use system prompt, in tokens per model: `[auto or none, any or tool]`,
 * under a key that names its snapshot date, `tool_use_system_prompt_tokens (snapshot
 * 2026-07-13; auto|none / any|tool)`.
 */
export const anthropicOverheadSchema = z.record(z.string().regex(/^Claude [A-Za-z]+ \d+(\.\d+)?$/), z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]));

export type FunctionConstants = z.infer<typeof functionConstants>;
