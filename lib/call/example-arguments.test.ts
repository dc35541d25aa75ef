import { describe, expect, it } from 'vitest';
import { exampleArguments } from './example-arguments';

describe('exampleArguments', () => {
  it('fills each required argument by its type and leaves the optional ones out', () => {
    expect(
      exampleArguments({
        type: 'object',
        properties: {
          id: { type: 'string' },
          nights: { type: 'integer', minimum: 1 },
          arrival: { type: 'string', format: 'date' },
          kind: { type: 'string', enum: ['double', 'twin'] },
          pets: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
          guest: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'] },
          note: { type: ['string', 'null'] },
          size: { type: 'number', default: 2.5 },
          comment: { type: 'string' },
        },
        required: ['id', 'nights', 'arrival', 'kind', 'pets', 'tags', 'guest', 'note', 'size'],
      }),
    ).toEqual({ id: 'id', nights: 1, arrival: '2026-01-31', kind: 'double', pets: false, tags: [], guest: { name: 'name' }, note: 'note', size: 2.5 });
  });

  it('gives {} for parameters that are not an object schema', () => {
    expect(exampleArguments({ type: 'object', properties: {} })).toEqual({});
    expect(exampleArguments(null)).toEqual({});
    expect(exampleArguments({ type: 'string' })).toEqual({});
  });
});

describe('example arguments the spec contradicts', () => {
  it('never offers a default or an example its own schema refuses, taking the next that fits or a value of its type', () => {
    const parameters = {
      type: 'object',
      required: ['tags', 'count', 'mode'],
      properties: {
        tags: { type: 'array', items: { type: 'string' }, examples: ['a,b'] },
        count: { type: 'integer', minimum: 1, default: 'ten', examples: [3] },
        mode: { type: 'string', enum: ['fast', 'slow'], default: 'medium' },
      },
    };
    expect(exampleArguments(parameters)).toEqual({ tags: [], count: 3, mode: 'fast' });
  });
});

describe('example arguments the call check accepts', () => {
  it('builds an id from its pattern, and keeps the name where the pattern takes it', () => {
    const parameters = {
      type: 'object',
      required: ['AccountSid', 'Sid', 'slug'],
      properties: {
        AccountSid: { type: 'string', minLength: 34, maxLength: 34, pattern: '^AC[0-9a-fA-F]{32}$' },
        Sid: { type: 'string', pattern: '^(?!x)[0-9]+$' },
        slug: { type: 'string', pattern: '^[a-z]+$' },
      },
    };
    // A lookahead is beyond the pattern's reading: the name stays, and the call check says why.
    expect(exampleArguments(parameters)).toEqual({ AccountSid: `AC${'0'.repeat(32)}`, Sid: 'Sid', slug: 'slug' });
  });

  it('makes a string as long as minLength asks and no longer than maxLength, and a list as long as minItems asks', () => {
    const parameters = {
      type: 'object',
      required: ['q', 'code', 'ids'],
      properties: {
        q: { type: 'string', minLength: 3 },
        code: { type: 'string', maxLength: 2 },
        ids: { type: 'array', minItems: 2, items: { type: 'integer', minimum: 5 } },
      },
    };
    expect(exampleArguments(parameters)).toEqual({ q: 'qqq', code: 'co', ids: [5, 5] });
  });

  it('fills the fields the first branch of an object\'s anyOf requires (one of two must be given)', () => {
    const parameters = {
      type: 'object',
      required: ['firewall_id'],
      properties: { firewall_id: { type: 'string' }, inbound_rules: { type: 'array', items: { type: 'object' } }, outbound_rules: { type: 'array', items: { type: 'object' } } },
      anyOf: [{ required: ['inbound_rules'] }, { required: ['outbound_rules'] }],
    };
    expect(exampleArguments(parameters)).toEqual({ firewall_id: 'firewall_id', inbound_rules: [] });
  });

  it('reads a type, a default or a pattern that an allOf part holds', () => {
    const parameters = {
      type: 'object',
      required: ['color', 'campaignId', 'address'],
      properties: {
        color: { allOf: [{ type: 'boolean' }, { default: true }] },
        campaignId: { allOf: [{ type: 'string', pattern: '^cmp_[a-zA-Z0-9]+$' }, { description: 'Associated Campaign ID' }] },
        address: { allOf: [{ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, { properties: { zip: { type: 'string' } }, required: ['zip'] }] },
      },
    };
    expect(exampleArguments(parameters)).toEqual({ color: true, campaignId: 'cmp_a', address: { city: 'city', zip: 'zip' } });
  });
});

describe('example arguments of a hostile schema', () => {
  it('writes at most a thousand values, however deep lists of lists ask for sixteen items each', () => {
    let items: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 8; i++) items = { type: 'array', minItems: 16, items };
    const args = exampleArguments({ type: 'object', required: ['grid'], properties: { grid: items } });
    const values = JSON.stringify(args).match(/\[|null|"grid"/g)?.length ?? 0;
    expect(values).toBeGreaterThan(100);
    expect(values).toBeLessThanOrEqual(1000);
  });
});

describe('example arguments named as an object\'s own built-ins', () => {
  it('fills `constructor`, `toString` and `__proto__` like any other argument, in an allOf part too', () => {
    // Parsed, as a spec is: an object literal's `__proto__` would set the prototype instead.
    const args = exampleArguments(
      JSON.parse(
        '{"type":"object","required":["constructor","__proto__"],"properties":{"constructor":{"type":"string"},"__proto__":{"type":"integer","minimum":3}},"allOf":[{"required":["toString"],"properties":{"toString":{"type":"boolean"}}}]}',
      ),
    );
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(JSON.stringify(args)).toBe('{"constructor":"constructor","__proto__":3,"toString":false}');
  });
});
