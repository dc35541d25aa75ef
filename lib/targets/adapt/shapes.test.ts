import { describe, expect, it } from 'vitest';
import { mcpToolErrors } from './fixtures/mcp-tool';
import { mcpTool, outputSchema } from './shapes';

const tool = (safety: 'safe' | 'idempotent' | 'unsafe', returns?: unknown) => ({ name: 's_op', alias: 'list_pets', description: 'List pets.', parameters: { type: 'object', properties: {} }, safety, ...(returns !== undefined ? { returns } : {}) });

describe('mcpTool', () => {
  it('gives a safe GET read-only, idempotent and not destructive annotations, and its object returns as outputSchema', () => {
    const returns = { type: 'object', properties: { id: { type: 'string' } } };
    expect(mcpTool({ file: 'list_pets.md', method: 'GET', tool: tool('safe', returns) })).toEqual({
      name: 's_op',
      description: 'List pets.',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: returns,
      annotations: { title: 'List pets', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    });
  });

  it('marks a DELETE destructive and idempotent, and an unsafe POST neither read-only nor idempotent', () => {
    expect(mcpTool({ file: 'a.md', method: 'DELETE', tool: tool('idempotent') }).annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(mcpTool({ file: 'a.md', method: 'POST', tool: tool('unsafe') }).annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
  });

  it('says nothing of safety for a tool that does not carry it', () => {
    const bare = { ...tool('safe'), safety: undefined };
    expect(mcpTool({ file: 'a.md', tool: bare })).not.toHaveProperty('annotations');
  });
});

describe('outputSchema', () => {
  it('wraps a response whose root is not an object as the result of one', () => {
    expect(outputSchema({ type: 'array', items: { type: 'string' } })).toEqual({ type: 'object', required: ['result'], properties: { result: { type: 'array', items: { type: 'string' } } } });
    expect(outputSchema({ $ref: '#/x' })).toMatchObject({ properties: { result: { $ref: '#/x' } } });
  });
});

describe("MCP 2025-11-25's Tool definition", () => {
  it('takes every tool mcpTool writes: safe, idempotent, unsafe, with and without returns', () => {
    for (const safety of ['safe', 'idempotent', 'unsafe'] as const) {
      for (const returns of [undefined, { type: 'object', properties: { id: { type: 'string' } } }, { type: 'array', items: { type: 'string' } }, { type: 'boolean' }]) {
        expect(mcpToolErrors(mcpTool({ file: 'a.md', method: 'PUT', tool: tool(safety, returns) }))).toEqual([]);
      }
    }
  });

  it('refuses what the definition refuses: no inputSchema, an outputSchema whose root is not an object, a hint that is not a boolean', () => {
    const good = mcpTool({ file: 'a.md', method: 'GET', tool: tool('safe') });
    expect(mcpToolErrors({ ...good, inputSchema: undefined })).not.toEqual([]);
    expect(mcpToolErrors({ ...good, outputSchema: { type: 'array' } })).not.toEqual([]);
    expect(mcpToolErrors({ ...good, annotations: { readOnlyHint: 'yes' } })).not.toEqual([]);
  });
});
