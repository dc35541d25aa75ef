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
