/**
 * Facts about the targets that the provider constraints data (`provider-constraints.ts`,
 * copied from ../shared/targets/) does not hold, each with its sources and dates, in the
 * words the data uses for its own (`schema.limits`). The catalog reads them as it reads the
 * data's, so no limit is written in code; an entry goes once the data holds the fact.
 *
 * Claude refuses a tool list in which any tool's `input_schema` has a property key outside
 * `^[a-zA-Z0-9_.-]{1,64}$`: the whole request fails with HTTP 400, not only that tool. The
 * data gives the tool-name pattern, not this one; Claude Code and claude.ai send MCP tools to
 * the same API. Secondary evidence only (API errors quoted in public repositories).
 */
export interface SupplementFacts {
  /** As the data's `schema.limits`: the value is read by the same words. */
  limits: Record<string, string>;
  sources: string[];
  verified: false;
}

const CLAUDE_PROPERTY_KEYS: SupplementFacts = {
  limits: {
    property_key_pattern: "^[a-zA-Z0-9_.-]{1,64}$ (API error: \"tools.N.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'\"; the whole request is refused)",
  },
  sources: [
    'erikmaday/unusual-whales-mcp#57 (2026-01-08): "MCP tool schemas require property keys to match the pattern ^[a-zA-Z0-9_.-]{1,64}$. Several schema properties used square brackets (e.g., "rule_name[]", "issue_types[]") which caused a 400 error when connecting to Claude Code."',
    "roychri/mcp-server-asana#16 (2025-04-18): the same 400 for `projects.any`, under the older pattern '^[a-zA-Z0-9_-]{1,64}$' (dots were refused then).",
  ],
  verified: false,
};

/** By target id, as the data names them. */
export const supplement: Readonly<Record<string, SupplementFacts>> = {
  anthropic: CLAUDE_PROPERTY_KEYS,
  claude_code: CLAUDE_PROPERTY_KEYS,
  claude_ai_remote_mcp: CLAUDE_PROPERTY_KEYS,
};
