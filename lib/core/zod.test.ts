import { describe, it } from 'vitest';
import * as z from './zod';

describe('zod', () => {
  it('says what was expected in English, as the classic form does', ({ expect }) => {
    const result = z.object({ n: z.optional(z.number()) }).safeParse({ n: '1' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Invalid input: expected number, received string']);
    expect(z.prettifyError(result.error!)).toBe('✖ Invalid input: expected number, received string\n  → at n');
  });
});
