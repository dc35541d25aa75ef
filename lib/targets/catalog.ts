import { prettifyError } from '../core/zod';
import { providerConstraints } from './data/provider-constraints';
import { supplement as supplementFacts, type SupplementFacts } from './data/supplement';
import { providerConstraintsSchema, type ProviderConstraints, type TargetFacts } from './data/schema';
import type { DescriptionRule, NameRule, RequestLimit, SchemaCheck, SchemaLimit, SkillLimit, TargetRules } from './model';

/**
 * The data file read into rules. Every limit is a number the data holds; what this file
 * knows is how to read the data's words: which phrase (`type as array`, `minItems>1`) means
 * which check. A phrase it cannot read is listed in `uninterpreted` (a test keeps that list
 * empty), so an update that adds a rule nobody checks fails loudly instead of passing quietly.
 */
export interface Catalog {
  data: ProviderConstraints;
  targets: TargetRules[];
  uninterpreted: string[];
}

/** Parse and interpret the data; throws (a programmer error: the copy is checked in) when its shape is wrong. */
export function readCatalog(raw: unknown, supplement: Readonly<Record<string, SupplementFacts>> = supplementFacts): Catalog {
  const parsed = providerConstraintsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`provider-constraints data does not have the expected shape:\n${prettifyError(parsed.error)}`);
  const data = parsed.data;
  const uninterpreted: string[] = [];
  const targets: TargetRules[] = [];
  for (const facts of data.targets) {
    const extra = supplement[facts.id];
    const base = targetRules(facts, false, uninterpreted, extra);
    targets.push(base);
    if (facts.schema.strict_mode) targets.push(targetRules(facts, true, uninterpreted, extra));
  }
  for (const id of Object.keys(supplement)) if (!data.targets.some((t) => t.id === id)) uninterpreted.push(`supplement.${id}: no such target in the data`);
  return { data, targets, uninterpreted };
}

export const CATALOG: Catalog = readCatalog(providerConstraints);

/** Every target, strict-mode variants after their base target, in the data's order. */
export const TARGETS: readonly TargetRules[] = CATALOG.targets;

export function findTarget(id: string): TargetRules | undefined {
  return TARGETS.find((t) => t.id === id);
}

function targetRules(facts: TargetFacts, strict: boolean, uninterpreted: string[], extra?: SupplementFacts): TargetRules {
  const where = (path: string) => `${facts.id}.${path}`;
  const unknown = (path: string, text: string) => uninterpreted.push(`${where(path)}: ${text}`);
  const schema: SchemaCheck[] = [];
  const schemaLimits: SchemaLimit[] = [];
  const requestLimits: RequestLimit[] = [];
  const skillLimits: SkillLimit[] = [];

  for (const text of facts.schema.unsupported_keywords) {
    const check = keywordPhrase(text, `${where('schema.unsupported_keywords')}: ${text}`);
    if (check) schema.push(check);
    else unknown('schema.unsupported_keywords', text);
  }
  const supported = facts.schema.supported_keywords_parameters_v1beta;
  if (supported) {
    // A protobuf message takes only its own fields: a keyword it does not list is refused.
    const allowed = new Set<string>();
    const ignored: string[] = [];
    for (const text of supported) {
      const m = /^(\$?[A-Za-z]+)\b(.*)$/.exec(text);
      if (!m) {
        unknown('schema.supported_keywords_parameters_v1beta', text);
        continue;
      }
      allowed.add(m[1]);
      if (/\bignored\b/.test(m[2])) ignored.push(m[1]);
    }
    schema.push({ kind: 'closed-keywords', allowed, source: `${where('schema.supported_keywords_parameters_v1beta')}: ${[...allowed].join(', ')}` });
    if (ignored.length > 0) schema.push({ kind: 'keyword', keywords: ignored, effect: 'ignored', source: `${where('schema.supported_keywords_parameters_v1beta')}: ${supported.filter((s) => /\bignored\b/.test(s)).join('; ')}` });
  }
  for (const [key, value] of Object.entries(facts.schema.limits ?? {})) {
    const source = `${where(`schema.limits.${key}`)}: ${value}`;
    if (key === 'vertex_parameter_name_pattern' && typeof value === 'string') {
      // Vertex AI only: the Gemini API takes these names, so a skill still fits there.
      const regex = leadingRegex(value);
      if (regex) schema.push({ kind: 'property-name', regex, severity: 'warning', source });
      else unknown(`schema.limits.${key}`, value);
    } else if (key === 'strict_tools_max_fields_across_all_tools' && typeof value === 'number') {
      // Only when the caller turns strict_tools on: a warning, the tools fit otherwise.
      requestLimits.push({ kind: 'fields', max: value, severity: 'warning', source });
    } else if (key === 'compatibility_max_chars' && typeof value === 'number') {
      skillLimits.push({ kind: 'compatibility-chars', max: value, severity: 'error', source });
    } else if (key === 'recommended_skill_md_max_lines' && typeof value === 'number') {
      skillLimits.push({ kind: 'skill-md-lines', max: value, severity: 'warning', source });
    } else if (key === 'recommended_body_tokens' && typeof value === 'number') {
      skillLimits.push({ kind: 'body-tokens', max: value, severity: 'warning', source });
    } else if (key !== 'metadata_tokens_loaded_at_startup_approx') {
      // That one is what a client loads, not a limit on the skill.
      unknown(`schema.limits.${key}`, String(value));
    }
  }
  for (const [key, value] of Object.entries(extra?.limits ?? {})) {
    const source = `supplement.${facts.id}.${key}: ${value}`;
    const regex = key === 'property_key_pattern' ? leadingRegex(value) : undefined;
    // The whole request is refused: an error, which only curation (or an edit) fixes. The
    // errors quoted name the tool's own parameters; a key nested below them is a warning.
    if (regex) schema.push({ kind: 'property-name', regex, severity: 'error', nested: 'warning', source });
    else if (!strict) uninterpreted.push(`supplement.${facts.id}.${key}: ${value}`);
  }

  const mode = facts.schema.strict_mode;
  if (strict && mode) {
    for (const text of mode.unsupported_keywords) {
      const check = keywordPhrase(text, `${where('schema.strict_mode.unsupported_keywords')}: ${text}`);
      if (check) schema.push(check);
      else unknown('schema.strict_mode.unsupported_keywords', text);
    }
    for (const text of mode.required_rules) {
      const check = requiredRule(text, `${where('schema.strict_mode.required_rules')}: ${text}`);
      if (check) schema.push(check);
      else unknown('schema.strict_mode.required_rules', text);
    }
    for (const [key, max] of Object.entries(mode.limits)) {
      const source = `${where(`schema.strict_mode.limits.${key}`)}: ${max}`;
      const large = /^max_total_chars_single_string_enum_when_over_(\d+)_values$/.exec(key);
      if (key === 'max_object_properties_total') schemaLimits.push({ kind: 'properties', max, source });
      else if (key === 'max_nesting_depth') schemaLimits.push({ kind: 'depth', max, source });
      else if (key === 'max_total_string_length_of_property_names_definition_names_enum_and_const_values') schemaLimits.push({ kind: 'string-length', max, source });
      else if (key === 'max_enum_values_total') schemaLimits.push({ kind: 'enum-values', max, source });
      else if (large) schemaLimits.push({ kind: 'large-enum-chars', over: Number(large[1]), max, source });
      else if (key === 'strict_tools_per_request') requestLimits.push({ kind: 'strict-tools', max, severity: 'error', source });
      else if (key === 'optional_parameters_total_across_strict_schemas') requestLimits.push({ kind: 'optional-parameters', max, severity: 'error', source });
      else if (key.startsWith('union_type_parameters_total')) requestLimits.push({ kind: 'union-parameters', max, severity: 'error', source });
      // A time the provider allows itself to compile the grammar: not something a schema shows.
      else if (key !== 'compilation_timeout_seconds') unknown(`schema.strict_mode.limits.${key}`, String(max));
    }
  }

  return {
    id: strict ? `${facts.id}_strict` : facts.id,
    dataId: facts.id,
    title: strict ? `${facts.name}, strict mode` : facts.name,
    kind: facts.kind,
    strict,
    verified: facts.verified,
    sources: [...facts.source, ...(extra?.sources ?? [])],
    applies: facts.kind === 'format' ? 'skill' : 'tools',
    name: nameRule(facts, unknown),
    description: descriptionRule(facts),
    maxTools: facts.max_tools === null ? undefined : { max: facts.max_tools, source: `${where('max_tools')}: ${facts.max_tools}${facts.max_tools_note ? ` (${facts.max_tools_note})` : ''}` },
    objectRoot: /^object\b|object expected/.test(facts.schema.root),
    schema: dedupe(schema),
    schemaLimits,
    requestLimits,
    skillLimits,
  };
}

function nameRule(facts: TargetFacts, unknown: (path: string, text: string) => void): NameRule {
  const n = facts.tool_name;
  const where = `${facts.id}.tool_name`;
  const rule: NameRule = { measure: 'full', severity: n.normative_strength === 'SHOULD' ? 'warning' : 'error' };
  // The conservative pattern holds on every API the target covers (Gemini API and Vertex AI).
  const patternText = n.pattern_conservative ?? n.pattern;
  if (patternText) {
    const regex = leadingRegex(patternText);
    if (regex) rule.pattern = { regex, source: `${where}.${n.pattern_conservative ? 'pattern_conservative' : 'pattern'}: ${patternText}` };
    else unknown('tool_name.pattern', patternText);
  }
  if (n.max_length !== null) {
    const note = n.note ?? '';
    let max = n.max_length;
    if (/len\(serverName\) \+ len\(toolName\)/.test(note)) {
      rule.measure = 'server+tool';
      // "a 59-char tool + 1-char server = 60 was flagged … treat the limit as < 60": the limit is exclusive.
      if (/treat the limit as </.test(note)) max -= 1;
    }
    rule.maxLength = { max, source: `${where}.max_length: ${n.max_length}${n.max_length_note ? ` (${n.max_length_note})` : n.note ? ` (${n.note})` : ''}` };
  }
  if (n.format) {
    const m = /^([^;<]*<server>[^;<]*)<tool>/.exec(n.format);
    if (m) rule.prefix = m[1];
    else unknown('tool_name.format', n.format);
  }
  return rule;
}

function descriptionRule(facts: TargetFacts): DescriptionRule {
  const d = facts.description;
  const where = `${facts.id}.description`;
  const note = d.note ?? '';
  const truncates = /truncat/i.test(note);
  return {
    maxLength: d.max_length === null ? undefined : { max: d.max_length, source: `${where}.max_length: ${d.max_length}${note ? ` (${note})` : ''}` },
    overLength: d.verified === false || truncates || /treat [^.]* as a warning/i.test(note) ? 'warning' : 'error',
    truncates,
    required: d.required === true || (typeof d.required === 'string' && /\bREQUIRED\b/.test(d.required)),
    minLength: d.min_length === undefined ? undefined : { max: d.min_length, source: `${where}.min_length: ${d.min_length}` },
  };
}

/**
 * One entry of an `unsupported_keywords` list: a keyword (`oneOf`), a keyword with the API
 * it applies to (`$ref (v1beta parameters)`), a group (`if/then/else`), a bound
 * (`minItems>1`), or one of the phrases the data uses for conditions no keyword names.
 */
function keywordPhrase(text: string, source: string): SchemaCheck | undefined {
  let m = /^(\$?[A-Za-z]+)(?: \(([^)]*)\))?$/.exec(text);
  if (m) return { kind: 'keyword', keywords: [m[1]], effect: 'rejected', scope: m[2], source };
  m = /^([A-Za-z]+(?:\/[A-Za-z]+)+)$/.exec(text);
  if (m) return { kind: 'keyword', keywords: m[1].split('/'), effect: 'rejected', source };
  m = /^([A-Za-z]+)>(\d+)$/.exec(text);
  if (m) return { kind: 'keyword-above', keyword: m[1], max: Number(m[2]), source };
  switch (text) {
    case 'type as array':
      return { kind: 'type-array', source };
    case 'non-string enum values':
      return { kind: 'enum-values', allow: 'string', source };
    case 'complex types in enum':
      return { kind: 'enum-values', allow: 'primitive', source };
    case 'additionalProperties other than false':
      return { kind: 'open-object', source };
    case 'external $ref':
      return { kind: 'external-ref', source };
    case 'recursive schemas':
      return { kind: 'recursive-ref', source };
    default:
      return undefined;
  }
}

/** One of strict mode's `required_rules`, quoted from the provider's page. */
function requiredRule(text: string, source: string): SchemaCheck | undefined {
  if (/additionalProperties`? (must be set to `?false`?|must be false)/.test(text)) return { kind: 'open-object', source };
  if (/All fields in `properties` must be marked as `required`/.test(text)) return { kind: 'optional-property', source };
  if (/root level object .* not use `anyOf`/.test(text)) return { kind: 'root-any-of', source };
  if (/enum values must be primitives/.test(text)) return { kind: 'enum-values', allow: 'primitive', source };
  return undefined;
}

/** The regular expression at the start of a data string (`^…$ (a remark)`), or undefined. */
function leadingRegex(text: string): RegExp | undefined {
  const m = /^(\^\S*\$)(?:\s|$)/.exec(text);
  if (!m) return undefined;
  try {
    return new RegExp(m[1]);
  } catch {
    return undefined;
  }
}

/** The same check read from two places (strict mode's `complex types in enum` and its enum rule) once. */
function dedupe(checks: SchemaCheck[]): SchemaCheck[] {
  const seen = new Map<string, SchemaCheck>();
  for (const c of checks) {
    const key = c.kind === 'keyword' ? `keyword:${c.effect}:${c.keywords.join('/')}` : c.kind === 'enum-values' ? `enum:${c.allow}` : c.kind === 'keyword-above' ? `above:${c.keyword}` : c.kind;
    if (!seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()];
}

