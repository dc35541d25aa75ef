import { describe, expect, it } from 'vitest';
import { adaptedInput, adaptTools } from './adapt/adapt';
import { toRequestShape } from './adapt/shapes';
import { findTarget } from './catalog';
import { checkTarget } from './compat/check';
import type { SkillTools, TargetRules } from './model';

/** Claude Code as if it refused `pattern`: the data gives MCP hosts no keyword rule today. */
const strictHost: TargetRules = { ...findTarget('claude_code')!, schema: [{ kind: 'keyword', keywords: ['pattern'], effect: 'rejected', source: 'a test' }] };
const input: SkillTools = {
  skill: 'shop',
  tools: [
    {
      file: 'get_item.md',
      method: 'GET',
      tool: { name: 'shop_get_item', alias: 'get_item', description: 'Get an item.', parameters: { type: 'object', properties: { id: { type: 'string' } } }, safety: 'safe', returns: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } } },
    },
  ],
};

describe('outputSchema where a target takes it (MCP)', () => {
  it('is checked by compat with the parameters, at /outputSchema, for an MCP host only', () => {
    const found = checkTarget(input, strictHost).filter((p) => p.pointer?.startsWith('/outputSchema'));
    expect(found.map((p) => p.pointer)).toEqual(['/outputSchema/properties/result/items']);
    const api: TargetRules = { ...findTarget('anthropic')!, schema: strictHost.schema };
    expect(checkTarget(input, api).filter((p) => p.pointer?.startsWith('/outputSchema'))).toEqual([]);
  });

  it('is adapted with the tool, so the adapted tool passes and the MCP shape carries the adapted schema', () => {
    const adapted = adaptTools(input, strictHost);
    expect(adapted.log.map((p) => p.pointer)).toContain('/outputSchema/properties/result/items');
    expect(checkTarget(adaptedInput(adapted), strictHost).filter((p) => p.pointer?.startsWith('/outputSchema'))).toEqual([]);
    const [tool] = (toRequestShape(adapted) as { tools: { outputSchema: unknown }[] }).tools;
    expect(tool.outputSchema).toEqual({ type: 'object', required: ['result'], properties: { result: { type: 'array', items: { type: 'string', description: '(pattern: "^[a-z]+$")' } } } });
  });
});
