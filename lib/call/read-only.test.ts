import { describe, expect, it } from 'vitest';
import { readOnlyRefusal } from './read-only';

describe('readOnlyRefusal', () => {
  it('allows a GET, and a POST declared safe', () => {
    expect(readOnlyRefusal({ method: 'GET' })).toBeUndefined();
    expect(readOnlyRefusal({ method: 'POST', safety: 'safe' })).toBeUndefined();
  });
  it('names the method default when no safety is declared', () => {
    expect(readOnlyRefusal({ method: 'POST' })).toBe('A read-only grant calls only safe operations, and it is `unsafe`, the default of `POST`, and declares no `safety: safe`');
  });
  it('names the declared safety when one is', () => {
    expect(readOnlyRefusal({ method: 'POST', safety: 'idempotent' })).toBe('A read-only grant calls only safe operations, and it is declared `safety: idempotent`');
  });
});
