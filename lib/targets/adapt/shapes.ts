import type { TargetRules } from '../model';
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
  if (target.kind === 'client' || target.kind === 'protocol') return 'mcp';
  return API_SHAPES[target.dataId];
}

/** The adapted tools in the target's own request shape, as a JSON value (the part of the request body that carries tools). */
export function toRequestShape(a: Adapted): unknown {
  const shape = shapeOf(a.target);
  const strict = a.target.strict;
  const tools = a.tools.map(({ tool }) => tool);
  switch (shape) {
    case 'openai-chat':
      return { tools: tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters, ...(strict ? { strict: true } : {}) } })) };
    case 'anthropic':
      return { tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters, ...(strict ? { strict: true } : {}) })) };
    case 'gemini':
      return { tools: [{ functionDeclarations: tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })) }] };
    case 'bedrock-converse':
      return { toolConfig: { tools: tools.map((t) => ({ toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.parameters } } })) } };
    case 'mcp':
      return { tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.parameters })) };
    default:
      return undefined;
  }
}
