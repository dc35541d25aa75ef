import { describe, expect, it } from 'vitest';
import { convertSchema, type SchemaHost } from './schema-object';

function host(swagger = false, oas31 = false): SchemaHost & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    dialect: { swagger, oas31 },
    warn: (code, message, pointer) => warnings.push(`${code} ${pointer}: ${message}`),
    at: () => undefined,
    typeRef: () => undefined,
    bodyOf: () => undefined,
  };
}

describe('convertSchema', () => {
  it('turns 3.0 boolean exclusive bounds into 2020-12 numbers', () => {
    expect(convertSchema({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false }, '', host())).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 10 });
  });

  it('turns a list-valued items into prefixItems', () => {
    expect(convertSchema({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }, '', host())).toEqual({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] });
  });

  it('drops values a validator would refuse, with a warning each', () => {
    const h = host();
    expect(convertSchema({ type: 'string', pattern: '[\\w-', maxLength: '5', minLength: -1, required: 'a' }, '/s', h)).toEqual({ type: 'string' });
    expect(h.warnings).toHaveLength(4);
    expect(h.warnings[0]).toContain('/s/pattern');
  });

  it('drops an unknown type word and keeps the rest', () => {
    expect(convertSchema({ type: 'String', description: 'd' }, '', host())).toEqual({ description: 'd' });
  });

  it('reads Swagger type: file as a binary string, and x-nullable only in Swagger', () => {
    expect(convertSchema({ type: 'file' }, '', host(true))).toEqual({ type: 'string', format: 'binary' });
    expect(convertSchema({ type: 'string', 'x-nullable': true }, '', host(true))).toEqual({ type: ['string', 'null'] });
    expect(convertSchema({ type: 'string', 'x-nullable': true }, '', host(false))).toEqual({ type: 'string' });
  });

  it('keeps a one-part allOf it cannot resolve as an allOf', () => {
    expect(convertSchema({ allOf: [{ type: 'string' }] }, '', host())).toEqual({ allOf: [{ type: 'string' }] });
  });

  it('reads a schema nested past 100 levels as accepting anything', () => {
    let s: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 150; i++) s = { type: 'array', items: s };
    const h = host();
    expect(() => convertSchema(s, '', h)).not.toThrow();
    expect(h.warnings.some((w) => w.includes('nest more than 100'))).toBe(true);
  });
});
