import { describe, expect, it } from 'vitest';
import { expandRefs } from './expand';
import { argumentSizes } from './argument-sizes';

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

describe('argumentSizes', () => {
  it('gives each top-level argument its published bytes, references expanded, the largest first', () => {
    const types = new Map<string, unknown>([['Address', { type: 'object', properties: { city: { type: 'string', description: 'The city, é.' } } }]]);
    const schema = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' }, home: { $ref: '#/types/Address' }, work: { $ref: '#/types/Address', description: 'Where they work.' } },
    };
    const sizes = argumentSizes(schema, types);
    expect(sizes.map((s) => s.name)).toEqual(['work', 'home', 'id']);
    expect(sizes.find((s) => s.name === 'id')).toEqual({ name: 'id', bytes: bytes({ id: { type: 'string' } }) - 2, required: true });
    // With the root's braces and commas, the sizes add up to what publishing writes.
    const expanded = expandRefs(schema, types);
    if (!expanded.ok) throw new Error('does not expand');
    const props = expanded.parameters.properties;
    expect(sizes.reduce((n, s) => n + s.bytes, 0) + 2 + (sizes.length - 1)).toBe(bytes(props));
  });

  it('measures an operation over the 24 KiB limit in full, where publishing stops', () => {
    const big = { type: 'string', description: 'x'.repeat(30_000) };
    const sizes = argumentSizes({ type: 'object', properties: { a: { type: 'integer' }, big } }, new Map());
    expect(sizes[0]).toEqual({ name: 'big', bytes: bytes({ big }) - 2, required: false });
    expect(sizes[0].bytes).toBeGreaterThan(24_576);
  });

  it('keeps the schema\'s order among equal sizes, and gives nothing for a schema without properties', () => {
    expect(argumentSizes({ type: 'object', properties: { b: { type: 'string' }, a: { type: 'string' } } }, new Map()).map((s) => s.name)).toEqual(['b', 'a']);
    expect(argumentSizes({ type: 'object' }, new Map())).toEqual([]);
  });
});
