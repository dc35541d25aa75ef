import { describe, expect, it } from 'vitest';
import { findTarget } from '../catalog';
import type { SkillTools } from '../model';
import { adaptTools } from './adapt';
import { claudeCodePermissions } from './permissions';

const tool = (name: string, safety?: 'safe' | 'idempotent' | 'unsafe') => ({ file: `${name}.md`, tool: { name, alias: name, description: 'x', parameters: { type: 'object' }, ...(safety ? { safety } : {}) } });

describe('claudeCodePermissions', () => {
  it('allows the safe tools by their full MCP names, in order, and names no other', () => {
    const input: SkillTools = { skill: 'petstore', tools: [tool('petstore_list_pets', 'safe'), tool('petstore_delete_pet', 'idempotent'), tool('petstore_create_pet', 'unsafe'), tool('petstore_untold'), tool('petstore_search', 'safe')] };
    expect(claudeCodePermissions(adaptTools(input, findTarget('claude_code')!))).toEqual({ permissions: { allow: ['mcp__petstore__petstore_list_pets', 'mcp__petstore__petstore_search'] } });
  });

  it('names a tool as adapting renamed it, so the rule matches the name Claude Code gives it', () => {
    const long = 'kubernetes_connect_core_v1_get_namespaced_pod_proxy_with_path_and_more';
    const adapted = adaptTools({ skill: 'kubernetes', tools: [tool(long, 'safe')] }, findTarget('claude_code')!);
    const [rule] = claudeCodePermissions(adapted).permissions.allow;
    expect(rule).toBe(`mcp__kubernetes__${adapted.tools[0].tool.name}`);
    expect(rule.length).toBeLessThanOrEqual(64);
  });

  it('gives an empty list when no tool is safe', () => {
    expect(claudeCodePermissions(adaptTools({ skill: 's', tools: [tool('s_a', 'unsafe')] }, findTarget('claude_code')!))).toEqual({ permissions: { allow: [] } });
  });
});
