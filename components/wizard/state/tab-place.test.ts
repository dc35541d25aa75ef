import { describe, expect, it } from 'vitest';
import { NOWHERE, readTabPlace, samePlace } from './tab-place';

describe('readTabPlace', () => {
  it('reads back a place of names', () => {
    const place = { draftId: 'd1', file: 'list_rooms.md', spec: null, model: 'gpt-4o', limitTarget: 'cursor' };
    expect(readTabPlace(JSON.parse(JSON.stringify(place)))).toEqual(place);
    expect(samePlace(readTabPlace(place)!, place)).toBe(true);
  });

  it('takes nothing from what is not a place', () => {
    for (const raw of [null, 'x', {}, { ...NOWHERE, file: 3 }, { ...NOWHERE, draftId: '' }, { ...NOWHERE, spec: 'x'.repeat(1_001) }]) expect(readTabPlace(raw)).toBeUndefined();
  });
});
