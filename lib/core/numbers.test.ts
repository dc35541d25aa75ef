import { describe, expect, it } from 'vitest';
import { groupDigits } from './numbers';

describe('groupDigits', () => {
  it('groups thousands with commas as English does', () => {
    expect([0, 7, 999, 1000, 24576, 1396979, -12345, 2 ** 60].map(groupDigits)).toEqual(['0', '7', '999', '1,000', '24,576', '1,396,979', '-12,345', '1,152,921,504,606,846,976']);
  });
});
