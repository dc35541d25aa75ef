import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublishedTool } from '../../../lib/publish/publish';
import { ToolPreview } from './tool-preview';
import { mcpTool } from '../../../lib/targets/adapt/shapes';

/** ASCII written in Unicode tag characters, as a hidden instruction is. */
const tags = (s: string) => [...s].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

// BAD-INPUT 44: the preview showed a tool's hidden text as clean.
describe('ToolPreview', () => {
  it('writes each invisible character of the tool as its \\u escape, and leaves visible text as it is', () => {
    const tool = {
      name: 'pets__list_pets',
      description: `List pets.${tags('hi')} می\u200cخواهم`,
      parameters: { type: 'object', properties: { 'pet\u200bId': { type: 'string', description: 'a\u202eb' } } },
    } as unknown as PublishedTool;
    const html = renderToStaticMarkup(<ToolPreview preview={{ ok: true, tool, bytes: 100, mcp: { name: tool.name } }} tokens="12 tokens" />);
    expect(html).toContain('List pets.\\udb40\\udc68\\udb40\\udc69 می\u200cخواهم');
    expect(html).toContain('&quot;pet\\u200bId&quot;');
    expect(html).toContain('a\\u202eb');
    expect(html).not.toMatch(/[\u200b\u202e]|\udb40/);
  });

  it('shows the safety, the MCP annotations a client reads and what the operation returns', () => {
    const tool: PublishedTool = { name: 'shop__search', alias: 'search', description: 'Search.', parameters: { type: 'object' }, safety: 'safe', returns: { type: 'array', items: { type: 'string' } } };
    const mcp = mcpTool({ file: 'search.md', tool, method: 'POST' });
    const html = renderToStaticMarkup(<ToolPreview preview={{ ok: true, tool, bytes: 20, mcp }} tokens="12 tokens" />);
    expect(html).toContain('Safety: safe');
    expect(html).toContain('&quot;readOnlyHint&quot;: true');
    expect(html).toContain('&quot;destructiveHint&quot;: false');
    expect(html).toContain('wrapped as');
    expect(html).toContain('&quot;items&quot;');
  });
});
