import { describe, expect, it } from 'vitest';
import { collectRefs, expandRefs, MAX_PARAMETERS_BYTES } from './expand';
import { fanOutSchemas } from '../../test/hostile';

const types = (o: Record<string, unknown>) => new Map(Object.entries(o));

describe('expandRefs', () => {
  it('replaces every #/types/Name by its schema when types refer to others', () => {
    const r = expandRefs(
      { type: 'object', properties: { owner: { $ref: '#/types/Owner' } } },
      types({ Owner: { type: 'object', properties: { address: { $ref: '#/types/Address' } } }, Address: { type: 'object', properties: { city: { type: 'string' } } } }),
    );
    expect(r).toMatchObject({ ok: true });
    if (!r.ok) return;
    expect(r.parameters).toEqual({ type: 'object', properties: { owner: { type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } } } });
    expect(r.json).not.toContain('$ref');
    expect(r.size).toBe(new TextEncoder().encode(JSON.stringify(r.parameters)).length);
  });

  it('stops at {"type":"object"} keeping the description when a type contains itself', () => {
    const r = expandRefs({ type: 'object', properties: { node: { $ref: '#/types/Node' } } }, types({ Node: { type: 'object', properties: { next: { $ref: '#/types/Node', description: 'The next one.' }, other: { $ref: '#/types/Node' } } } }));
    expect(r.ok && r.parameters).toEqual({
      type: 'object',
      properties: { node: { type: 'object', properties: { next: { type: 'object', description: 'The next one.' }, other: { type: 'object' } } } },
    });
  });

  it('stops at the recursion through other types when a cycle spans two types', () => {
    const r = expandRefs({ $ref: '#/types/A' }, types({ A: { type: 'object', properties: { b: { $ref: '#/types/B' } } }, B: { type: 'object', properties: { a: { $ref: '#/types/A' } } } }));
    expect(r.ok && r.parameters).toEqual({ type: 'object', properties: { b: { type: 'object', properties: { a: { type: 'object' } } } } });
  });

  it('lets the referring site override the type when the $ref has siblings', () => {
    const r = expandRefs({ $ref: '#/types/S', description: 'Site.' }, types({ S: { type: 'string', description: 'Type.' } }));
    expect(r.ok && r.parameters).toEqual({ type: 'string', description: 'Site.' });
  });

  // How fast it is refused is measured by `npm run bench` (bench/limits.ts).
  it('refuses the fan-out bomb by its size when each type refers to the next ten times', () => {
    const r = expandRefs({ type: 'object', properties: { root: { $ref: '#/types/T0' } } }, new Map(Object.entries(fanOutSchemas(40, '#/types/'))));
    expect(r).toMatchObject({ ok: false, reason: 'size' });
    if (!r.ok && r.reason === 'size') expect(r.size).toBeGreaterThan(MAX_PARAMETERS_BYTES);
  });

  it('counts UTF-8 bytes, not UTF-16 units, when descriptions hold non-ASCII text', () => {
    const r = expandRefs({ type: 'object', description: 'é🐾' }, new Map());
    expect(r.ok && r.size).toBe(new TextEncoder().encode('{"type":"object","description":"é🐾"}').length);
  });

  it('fails with the reference when a type is missing or the ref is not #/types/', () => {
    expect(expandRefs({ $ref: '#/types/Nope' }, new Map())).toEqual({ ok: false, reason: 'ref', ref: '#/types/Nope' });
    expect(expandRefs({ $ref: 'file:///etc/passwd' }, new Map())).toEqual({ ok: false, reason: 'ref', ref: 'file:///etc/passwd' });
  });

  it('treats $ref inside examples, enum and as a property name as data when expanding', () => {
    const schema = { type: 'object', properties: { $ref: { type: 'string', examples: [{ $ref: 'file:///etc/passwd' }] } } };
    const r = expandRefs(schema, new Map());
    expect(r.ok && r.parameters).toEqual(schema);
    expect(collectRefs(schema)).toEqual([]);
  });

  it('keeps __proto__ as an ordinary property name when expanding', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}}}');
    const r = expandRefs(schema, new Map());
    expect(r.ok && Object.keys(r.parameters.properties as object)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it('fails cleanly when a schema nests deeper than the limit', () => {
    let s: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i++) s = { type: 'array', items: s };
    expect(expandRefs(s, new Map())).toMatchObject({ ok: false });
  });
});

describe('collectRefs', () => {
  it('lists each $ref with the pointer of the object holding it', () => {
    expect(collectRefs({ properties: { a: { $ref: '#/types/A' }, 'b/c': { items: { $ref: '#/types/B' } } }, allOf: [{ $ref: 'x' }] })).toEqual([
      { ref: '#/types/A', pointer: '/properties/a' },
      { ref: '#/types/B', pointer: '/properties/b~1c/items' },
      { ref: 'x', pointer: '/allOf/0' },
    ]);
  });
});
