import { describe, expect, it } from 'vitest';
import { nodesInCycles } from './graph';

describe('nodesInCycles', () => {
  it('finds the nodes on a cycle, a node that refers to itself included, and none of the others', () => {
    const edges: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'], f: ['a'] };
    expect([...nodesInCycles(Object.keys(edges), (n) => edges[n])].sort()).toEqual(['a', 'b', 'c', 'e']);
  });

  it('walks a chain of 100,000 nodes without overflowing the stack', () => {
    const n = 100_000;
    const cycle = nodesInCycles(Array.from({ length: n }, (_, i) => i), (i) => (i + 1 < n ? [i + 1] : [0]));
    expect(cycle.size).toBe(n);
  });
});
