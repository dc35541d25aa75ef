import type { Severity } from '../core/problem';
import type { PublishedTool } from '../publish/publish';

/**
 * What one target asks of a tool list, read from the data file (lib/targets/catalog.ts):
 * every number and pattern here comes from `provider-constraints.json`, and `source` quotes
 * the entry it was read from, so a report can say where a limit comes from.
 */
export interface TargetRules {
  /** `openai`, or `openai_strict` for the strict-mode variant of a target whose data has one. */
  id: string;
  /** The data file's id (`openai` for `openai_strict`). */
  dataId: string;
  title: string;
  kind: 'api' | 'protocol' | 'format' | 'client';
  strict: boolean;
  /** false: the data has only secondary evidence (issues, quoted errors) for this target. */
  verified: boolean;
  sources: string[];
  /** A tool list target, or `skill` for Agent Skills, whose rules apply to SKILL.md. */
  applies: 'tools' | 'skill';
  name: NameRule;
  description: DescriptionRule;
  maxTools?: Limit;
  /** The root of a tool's schema must be `type: object`. */
  objectRoot: boolean;
  /** Checks on every schema node of every tool, each with its fix (lib/targets/schema-rules). */
  schema: SchemaCheck[];
  /** Limits on one tool's whole schema (OpenAI strict mode). */
  schemaLimits: SchemaLimit[];
  /** Limits on the whole request, summed over the tools (Anthropic strict mode). */
  requestLimits: RequestLimit[];
  /** Agent Skills: limits on SKILL.md. */
  skillLimits: SkillLimit[];
}

/** A number from the data, with the words it was read from. */
export interface Limit {
  max: number;
  source: string;
}

export interface NameRule {
  /** The regular expression the full name must match. */
  pattern?: { regex: RegExp; source: string };
  maxLength?: Limit;
  /** What the length counts: the full name, or the server's name plus the tool's (Cursor). */
  measure: 'full' | 'server+tool';
  /** How the host names a server's tool for the model, `mcp__<server>__`; the tool name follows. */
  prefix?: string;
  /** warning where the data says SHOULD (MCP). */
  severity: Severity;
}

export interface DescriptionRule {
  maxLength?: Limit;
  /** warning where the cap is unverified or the host truncates rather than refuses. */
  overLength: Severity;
  /** true: the host cuts a longer description itself (Claude Code). */
  truncates: boolean;
  required: boolean;
  minLength?: Limit;
}

/** One interpreted entry of a target's keyword lists or strict-mode rules. */
export type SchemaCheck =
  | { kind: 'keyword'; keywords: string[]; effect: 'rejected' | 'ignored'; scope?: string; source: string }
  | { kind: 'keyword-above'; keyword: string; max: number; source: string }
  | { kind: 'closed-keywords'; allowed: ReadonlySet<string>; source: string }
  | { kind: 'type-array'; source: string }
  | { kind: 'enum-values'; allow: 'string' | 'primitive'; source: string }
  | { kind: 'open-object'; source: string }
  | { kind: 'optional-property'; source: string }
  | { kind: 'root-any-of'; source: string }
  | { kind: 'external-ref'; source: string }
  | { kind: 'recursive-ref'; source: string }
  /** `nested`: how a name below the tool's own parameters is told, where the evidence covers only those. */
  | { kind: 'property-name'; regex: RegExp; severity: Severity; nested?: Severity; source: string };

export type SchemaLimit =
  | { kind: 'properties' | 'depth' | 'string-length' | 'enum-values'; max: number; source: string }
  | { kind: 'large-enum-chars'; over: number; max: number; source: string };

export interface RequestLimit {
  kind: 'strict-tools' | 'optional-parameters' | 'union-parameters' | 'fields';
  max: number;
  severity: Severity;
  source: string;
}

export interface SkillLimit {
  kind: 'compatibility-chars' | 'skill-md-lines' | 'body-tokens';
  max: number;
  severity: Severity;
  source: string;
}

/** A published tool and the operation file it comes from: what the checks and adapters take. */
export interface ToolEntry {
  file: string;
  tool: PublishedTool;
  /** The operation's method, for what a target says of it beside its safety (MCP's `destructiveHint`). */
  method?: string;
}

/** A skill's tools as a target sees them. */
export interface SkillTools {
  /** The skill's name: the MCP server's name where a host prefixes tool names with it. */
  skill: string;
  tools: ToolEntry[];
  /** SKILL.md, for Agent Skills' rules: its frontmatter's fields, its whole text and its body (the prose). */
  manifest?: { name: string; description: string; compatibility?: string; text: string; body: string };
}
