import { describe, expect, it } from 'vitest';
import { nextPick } from './response-panel';

describe('nextPick', () => {
  const fields = ['data', 'data[].id', 'data[].name', 'has_more'];
  it('keeps the ticked fields in the order they are listed, and a path typed by hand after them', () => {
    expect(nextPick(fields, ['has_more'], 'data[].id', true)).toEqual(['data[].id', 'has_more']);
    expect(nextPick(fields, ['data[].id', 'has_more', 'url'], 'has_more', false)).toEqual(['data[].id', 'url']);
    expect(nextPick(fields, ['data[].id'], 'data[].id', false)).toEqual([]);
  });
});
