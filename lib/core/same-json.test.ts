import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json';

describe('sameJson', () => {
  it('holds the same keys in the same order with the same values to be the same', () => {
    expect(sameJson({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
  });

  it('tells -0 from 0, as JSON.parse gives them (a types.json edit from 0 to -0 is an edit)', () => {
    expect(sameJson(JSON.parse('{"minimum":-0}'), JSON.parse('{"minimum":0}'))).toBe(false);
    expect(sameJson(-0, 0)).toBe(false);
    expect(sameJson(NaN, NaN)).toBe(true);
  });

  it('walks a value nested deeper than the call stack', () => {
    let a: unknown = 1;
    let b: unknown = 1;
    for (let i = 0; i < 100_000; i++) {
      a = [a];
      b = [b];
    }
    expect(sameJson(a, b)).toBe(true);
  });
});
