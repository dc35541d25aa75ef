import { describe, expect, it } from 'vitest';
import { admitNull } from './admit-null';

describe('admitNull', () => {
  it('adds null to the type, to an enum, or wraps a composite in anyOf', () => {
    expect(admitNull({ type: 'integer', enum: [1, 2] })).toEqual({ type: ['integer', 'null'], enum: [1, 2, null] });
    expect(admitNull({ format: 'uuid' })).toEqual({ format: 'uuid' });
    expect(admitNull({ oneOf: [{ type: 'string' }], description: 'd' })).toEqual({ anyOf: [{ oneOf: [{ type: 'string' }] }, { type: 'null' }], description: 'd' });
  });
});
