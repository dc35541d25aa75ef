import { describe, expect, it } from 'vitest';
import { checkAgainstReturns, pickableFields, responsePreview, specExample } from './response-preview';

const returns = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, note: { type: 'string' } } } }, has_more: { type: 'boolean' } },
};
const words = (text: string) => text.split(/\W+/).filter(Boolean).length;

describe('specExample', () => {
  const doc = {
    paths: { '/pets': { get: { responses: { '200': { $ref: '#/components/responses/Pets' } } }, post: { responses: { '201': { content: { 'application/json': { examples: { one: { value: { id: 'x' } } } } } } } } } },
    components: { responses: { Pets: { content: { 'application/json': { example: { data: [] } } } } } },
  };
  it('finds the first 2xx JSON example through $refs, or an examples entry', () => {
    expect(specExample(doc, 'GET', '/pets')).toEqual({ found: true, value: { data: [] } });
    expect(specExample(doc, 'POST', '/pets')).toEqual({ found: true, value: { id: 'x' } });
    expect(specExample(doc, 'DELETE', '/pets')).toEqual({ found: false });
  });
});

describe('responsePreview', () => {
  it('samples from returns when the spec has no example, and measures what pick keeps', () => {
    const preview = responsePreview(returns, ['data[].id', 'has_more'], { found: false }, words);
    if (!preview.ok) throw new Error(preview.reason);
    expect(preview.source).toBe('sampled');
    expect(preview.mismatches).toEqual([]);
    expect(preview.picked!.bytes).toBeLessThan(preview.whole.bytes);
    expect(preview.picked!.tokens).toBeLessThan(preview.whole.tokens);
    expect(JSON.parse(preview.picked!.text)).toEqual({ data: [{ id: expect.any(String) }], has_more: expect.any(Boolean) });
  });
  it('shows the spec\'s example still, naming where returns refuses it', () => {
    const preview = responsePreview(returns, [], { found: true, value: { data: [{ id: 7 }] } }, words);
    if (!preview.ok) throw new Error(preview.reason);
    expect(preview.source).toBe('spec');
    expect(preview.mismatches).toEqual(['/data/0/id: must be string']);
    expect(preview.picked).toBeUndefined();
  });
});

describe('pickableFields', () => {
  it('lists each property, into lists of objects, as pick paths', () => {
    expect(pickableFields(returns)).toEqual(['data', 'data[].id', 'data[].name', 'data[].note', 'has_more']);
    expect(pickableFields({ type: 'array', items: returns.properties.data.items })).toEqual(['[].id', '[].name', '[].note']);
  });
  it('accepts a value returns accepts', () => {
    expect(checkAgainstReturns(returns, { data: [] })).toEqual([]);
  });
});
