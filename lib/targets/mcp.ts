import type { TargetRules } from './model';

/**
 * Whether the target reads an MCP `tools/list` result: MCP itself and the agent clients
 * (Claude Code, Cursor, VS Code, Windsurf, claude.ai). Such a tool carries its `returns` as
 * `outputSchema` (SPEC 8.2), which the host takes with the rest of the tool.
 */
export function isMcpTarget(target: TargetRules): boolean {
  return target.applies !== 'skill' && (target.kind === 'client' || target.kind === 'protocol');
}

/** MCP's `outputSchema`: an object schema; a response of any other root is the `result` of one. */
export function outputSchema(returns: unknown): Record<string, unknown> {
  if (typeof returns === 'object' && returns !== null && !Array.isArray(returns) && (returns as Record<string, unknown>).type === 'object') return returns as Record<string, unknown>;
  return { type: 'object', required: ['result'], properties: { result: returns } };
}
