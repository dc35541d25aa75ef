import { describe, expect, it } from 'vitest';
import { collectRefs, expandByWalking, expandRefs, MAX_PARAMETERS_BYTES } from './expand';
import { MAX_SCHEMA_DEPTH } from '../core/schema-keywords';
import { fanOutSchemas } from '../../test/hostile';
import { seeded, type Random } from '../../test/random';

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

/** A random types map: types that refer to others (cycles included), with and without siblings, and schemas that use them. */
function randomTypes(r: Random): { types: Map<string, unknown>; schemas: unknown[] } {
  const names = Array.from({ length: 2 + r.int(8) }, (_, i) => `T${i}`);
  const ref = (): Record<string, unknown> => {
    const site: Record<string, unknown> = { $ref: `#/types/${r.pick(names)}` };
    if (r.chance(0.2)) site.description = `site ${r.int(100)}`;
    return site;
  };
  const schema = (depth: number): unknown => {
    if (depth > 3 || r.chance(0.3)) return r.chance(0.5) ? ref() : { type: r.pick(['string', 'integer']), description: 'x'.repeat(r.int(40)) };
    const properties: Record<string, unknown> = {};
    for (let i = 0, n = 1 + r.int(4); i < n; i++) properties[`p${i}`] = schema(depth + 1);
    return r.chance(0.2) ? { type: 'array', items: schema(depth + 1) } : { type: 'object', properties };
  };
  const types = new Map<string, unknown>();
  for (const name of names) types.set(name, r.chance(0.15) ? ref() : schema(0));
  return { types, schemas: Array.from({ length: 6 }, () => schema(0)) };
}

describe('expandRefs: kept expansions of types', () => {
  it('give what a fresh expansion gives, whatever came before and whatever the limit', () => {
    const r = seeded(11_2);
    for (let round = 0; round < 300; round++) {
      const { types, schemas } = randomTypes(r);
      for (const schema of schemas) {
        const limit = r.pick([MAX_PARAMETERS_BYTES, 200 + r.int(2000)]);
        // The same map again and again (its kept expansions grow), against a copy nothing was kept for.
        const kept = expandRefs(schema, types, limit);
        const fresh = expandRefs(schema, new Map(types), limit);
        expect(kept).toEqual(fresh);
        // The verdict is counted without writing; the text, written when read, is what was counted.
        if (kept.ok) expect(new TextEncoder().encode(kept.json).length).toBe(kept.size);
      }
    }
  });

  it('counts to the same verdict as writing the text whole, at every limit', () => {
    const r = seeded(11_21);
    for (let round = 0; round < 200; round++) {
      const { types, schemas } = randomTypes(r);
      for (const schema of schemas) {
        const whole = expandRefs(schema, new Map(types), 10_000_000);
        if (!whole.ok) continue;
        const bytes = new TextEncoder().encode(whole.json).length;
        // Under the size: refused by size, at a size past the limit and not past the whole.
        const limit = r.int(bytes);
        const cut = expandRefs(schema, new Map(types), limit);
        expect(cut).toMatchObject({ ok: false, reason: 'size' });
        if (!cut.ok && cut.reason === 'size') expect(cut.size > limit && cut.size <= bytes).toBe(true);
        expect(expandRefs(schema, new Map(types), bytes)).toMatchObject({ ok: true, size: bytes });
      }
    }
  });

  it('walks a kept type again where copying it would nest past the depth limit', () => {
    // A chain of 60 types, about 180 levels: kept from T30 on, then met under 120 more levels.
    const types = new Map<string, unknown>(Array.from({ length: 60 }, (_, i) => [`T${i}`, { type: 'object', properties: { next: i < 59 ? { $ref: `#/types/T${i + 1}` } : { type: 'string' } } }]));
    expect(expandRefs({ $ref: '#/types/T30' }, types).ok).toBe(true);
    let deep: unknown = { $ref: '#/types/T30' };
    for (let i = 0; i < 60; i++) deep = { type: 'object', properties: { x: deep } };
    expect(expandRefs(deep, types)).toEqual({ ok: false, reason: 'depth' });
    expect(expandRefs(deep, new Map(types))).toEqual({ ok: false, reason: 'depth' });
  });

  it('does not copy a kept type where one of the types around it would be cut', () => {
    // B alone expands A in full; inside A, B is met again and cut: a kept B must not be copied there.
    const types = new Map<string, unknown>([
      ['A', { type: 'object', properties: { b: { $ref: '#/types/B' } } }],
      ['B', { type: 'object', properties: { a: { $ref: '#/types/A' } } }],
    ]);
    const b = expandRefs({ $ref: '#/types/B' }, types);
    const a = expandRefs({ $ref: '#/types/A' }, types);
    expect(b.ok && b.json).toBe('{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"object"}}}}}');
    expect(a.ok && a.json).toBe('{"type":"object","properties":{"b":{"type":"object","properties":{"a":{"type":"object"}}}}}');
  });
});

/** A random JSON value as a parsed schema can hold it: odd strings (non-ASCII, escapes, lone halves, quotes), `$ref` as a key in data and as text, numbers JSON writes in other forms. */
function randomValue(r: Random, depth: number): unknown {
  const strings = ['', 'plain', 'é🐾', '\ud800', 'a"b\\c', 'line\nbreak\t\u0001', '\u2028\u007f', '"$ref":', '$ref', 'x'.repeat(r.int(300))];
  const roll = depth > 6 ? r.int(4) : r.int(7);
  if (roll === 0) return r.pick(strings);
  if (roll === 1) return r.pick([0, -0, 1.5, 1e21, -7, 123456789, 2 ** 53 + 1]);
  if (roll === 2) return r.pick([true, false, null]);
  if (roll === 3) return r.pick(['string', 'integer']);
  if (roll === 4) return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = 0, n = r.int(5); i < n; i++) o[r.pick(['type', 'description', 'properties', 'items', 'enum', 'example', 'default', 'const', '$ref', '__proto__', '10', 'é', `k${r.int(9)}`])] = randomValue(r, depth + 1);
  return o;
}

/** `{"items": …}` nested `levels` times around a value. */
function nested(levels: number, inner: unknown): unknown {
  let s = inner;
  for (let i = 0; i < levels; i++) s = { items: s };
  return s;
}

describe('expandRefs: a schema without references', () => {
  it('gives what the walk gives when values are random', () => {
    const r = seeded(11_22);
    for (let round = 0; round < 3000; round++) {
      // Parsed from text, as a rule reads a file's schema; and with `$ref` keys in data, where the walk reads them as data.
      const schema = JSON.parse(JSON.stringify(randomValue(r, 0))) as unknown;
      const limit = r.pick([MAX_PARAMETERS_BYTES, r.int(400)]);
      const fast = expandRefs(schema, new Map(), limit);
      const walked = expandByWalking(schema, new Map(), limit);
      expect(fast).toEqual(walked);
      if (fast.ok && walked.ok) {
        expect(fast.json).toBe(walked.json);
        expect(fast.parameters).toEqual(walked.parameters);
      }
    }
  });

  it('gives what the walk gives at and around the depth limit', () => {
    for (const levels of [MAX_SCHEMA_DEPTH - 2, MAX_SCHEMA_DEPTH - 1, MAX_SCHEMA_DEPTH, MAX_SCHEMA_DEPTH + 1, MAX_SCHEMA_DEPTH + 2]) {
      for (const inner of [{}, [], { type: 'string' }, ['a'], 'leaf', { items: {} }]) {
        const schema = nested(levels, inner);
        expect(expandRefs(schema, new Map()), `${levels} ${JSON.stringify(inner)}`).toEqual(expandByWalking(schema, new Map()));
      }
    }
  });

  it('gives what the walk gives at and around the size limit', () => {
    const schema = { type: 'object', description: 'é'.repeat(100) };
    const bytes = new TextEncoder().encode(JSON.stringify(schema)).length;
    for (const limit of [bytes - 1, bytes, bytes + 1]) expect(expandRefs(schema, new Map(), limit)).toEqual(expandByWalking(schema, new Map(), limit));
  });

  it('is left to the walk when a value cannot be written as JSON', () => {
    const cycle: Record<string, unknown> = { type: 'object' };
    cycle.properties = { self: cycle };
    expect(expandRefs(cycle, new Map())).toEqual({ ok: false, reason: 'depth' });
    expect(expandRefs(nested(20_000, {}), new Map())).toEqual({ ok: false, reason: 'depth' });
  });
});
