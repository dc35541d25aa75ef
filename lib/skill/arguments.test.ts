import { describe, expect, it } from 'vitest';
import { flatToSchema } from './arguments';

const none = { query: [], body: [], optional: [], integer: [], number: [], boolean: [], list: [] };

describe('flatToSchema', () => {
  it('orders path, query then body and types the qualified fields when converting', () => {
    expect(
      flatToSchema('http://h.example/rooms/{room}/bookings', {
        ...none,
        query: ['tags', 'page'],
        body: ['guests', 'note', 'paid', 'price'],
        optional: ['page', 'note'],
        integer: ['guests', 'page'],
        boolean: ['paid'],
        number: ['price'],
        list: ['tags'],
      }),
    ).toEqual({
      type: 'object',
      required: ['room', 'tags', 'guests', 'paid', 'price'],
      properties: {
        room: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        page: { type: 'integer' },
        guests: { type: 'integer' },
        note: { type: 'string' },
        paid: { type: 'boolean' },
        price: { type: 'number' },
      },
    });
  });

  it('wraps a list of integers when a field is in both list and integer', () => {
    const s = flatToSchema('http://h.example/x', { ...none, body: ['ids'], list: ['ids'], integer: ['ids'] });
    expect(s.properties).toEqual({ ids: { type: 'array', items: { type: 'integer' } } });
  });

  it('has no required key when everything is optional', () => {
    expect(flatToSchema('http://h.example/x', { ...none, query: ['q'], optional: ['q'] })).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
  });

  it('puts header arguments after the query parameters and before the body fields', () => {
    const s = flatToSchema('http://h.example/x/{id}', { ...none, query: ['q'], header: ['X-Trace', 'X-Count'], body: ['name'], optional: ['X-Trace'], integer: ['X-Count'] });
    expect(Object.keys(s.properties as object)).toEqual(['id', 'q', 'X-Trace', 'X-Count', 'name']);
    expect(s.required).toEqual(['id', 'q', 'X-Count', 'name']);
    expect((s.properties as Record<string, unknown>)['X-Count']).toEqual({ type: 'integer' });
  });
});
