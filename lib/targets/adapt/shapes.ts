import { isMcpTarget, outputSchema } from '../mcp';
import type { TargetRules } from '../model';
import type { ToolEntry } from '../model';
import type { Adapted } from './adapt';

/**
 * The request shapes tools are written in. OpenAI's Chat Completions shape is also
 * Mistral's and Cohere's (v2); an MCP `tools/list` result is what every MCP client
 * (Claude Code, Cursor, VS Code, Windsurf, claude.ai) reads. Agent Skills has no tool list.
 */
export type ShapeId = 'openai-chat' | 'anthropic' | 'gemini' | 'bedrock-converse' | 'mcp';

const API_SHAPES: Readonly<Record<string, ShapeId>> = {
  openai: 'openai-chat',
  anthropic: 'anthropic',
  gemini: 'gemini',
  bedrock_converse: 'bedrock-converse',
  mistral: 'openai-chat',
  cohere: 'openai-chat',
};

/** A target's shape, or undefined for a target that takes no tool list (Agent Skills) or one this code has no shape for (a test keeps that list empty). */
export function shapeOf(target: TargetRules): ShapeId | undefined {
  if (target.applies === 'skill') return undefined;
  if (isMcpTarget(target)) return 'mcp';
  return API_SHAPES[target.dataId];
}

/** The adapted tools in the target's own request shape, as a JSON value (the part of the request body that carries tools). */
export function toRequestShape(a: Adapted): unknown {
  const shape = shapeOf(a.target);
  const strict = a.target.strict;
  const tools = a.tools.map(({ tool }) => tool);
  if (shape === 'mcp') return { tools: a.tools.map(mcpTool) };
  switch (shape) {
    case 'openai-chat':
      return { tools: tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters, ...(strict ? { strict: true } : {}) } })) };
    case 'anthropic':
      return { tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters, ...(strict ? { strict: true } : {}) })) };
    case 'gemini':
      return { tools: [{ functionDeclarations: tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })) }] };
    case 'bedrock-converse':
      return { toolConfig: { tools: tools.map((t) => ({ toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.parameters } } })) } };
    default:
      return undefined;
  }
}

/** Methods a client should treat as possibly destructive (SPEC 8.2): they replace, change or remove. */
const DESTRUCTIVE = new Set(['DELETE', 'PUT', 'PATCH']);

/**
 * A tool as an MCP `tools/list` result gives it (SPEC 8.2): `annotations` from its safety
 * (`readOnlyHint` when safe, `idempotentHint` when not unsafe, `destructiveHint` for
 * `DELETE`, `PUT` and `PATCH`, `openWorldHint` as every call reaches an outside API) and
 * `outputSchema` from its `returns`: an object root as it is, any other wrapped as
 * `{"result": …}`, as MCP's structured content is an object.
 */
export function mcpTool(entry: ToolEntry): Record<string, unknown> {
  const t = entry.tool;
  const out: Record<string, unknown> = { name: t.name, description: t.description, inputSchema: t.parameters };
  if (t.returns !== undefined) out.outputSchema = outputSchema(t.returns);
  if (t.safety !== undefined) {
    out.annotations = {
      title: titleOf(t.alias),
      readOnlyHint: t.safety === 'safe',
      destructiveHint: entry.method !== undefined && DESTRUCTIVE.has(entry.method.toUpperCase()),
      idempotentHint: t.safety !== 'unsafe',
      openWorldHint: true,
    };
  }
  return out;
}

export { outputSchema } from '../mcp';

/** `list_pets` → `List pets`: the file's base name as a person reads it. */
function titleOf(alias: string): string {
  const words = alias.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
