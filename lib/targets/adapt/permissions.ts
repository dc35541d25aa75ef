import { isSafeTool } from '../../publish/publish';
import { hostName } from '../names';
import type { Adapted } from './adapt';

/** Claude Code's settings that let the model call a server's tools without asking. */
export interface ClaudeCodePermissions {
  permissions: { allow: string[] };
}

/**
 * The Claude Code permission list for a skill's tools (SPEC 8.2): each safe tool's full
 * name as Claude Code writes a rule for an MCP tool (`mcp__<server>__<tool>`, the server
 * being the skill, as the name rules count it), in the tools' order, under
 * `permissions.allow` as `.claude/settings.json` takes it. Tools that are not safe are not
 * named: Claude Code asks before each call of a tool no rule allows.
 */
export function claudeCodePermissions(adapted: Adapted): ClaudeCodePermissions {
  const rule = adapted.target.name;
  const allow = adapted.tools.filter(({ tool }) => isSafeTool(tool)).map(({ tool }) => hostName(rule, adapted.input.skill, tool.name));
  return { permissions: { allow } };
}
