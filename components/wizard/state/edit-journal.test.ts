import { describe, expect, it } from 'vitest';
import { readJournalEntry } from './edit-journal';

describe('readJournalEntry', () => {
  it('keeps the change requests in order and the typed text, and drops whatever else was written', () => {
    const raw = JSON.parse(
      JSON.stringify({
        changes: [
          { type: 'edit', path: 'SKILL.md', version: 3, text: 'a' },
          { type: 'convert', upload: {}, options: {} },
          { type: 'remove', paths: ['x.md'] },
          { type: 'set-without-unresolved', on: true },
          { type: 'set-without-unresolved', on: 'yes' },
          { type: 'edit', path: 42 },
          'nonsense',
        ],
        typed: { path: 'SKILL.md', text: 'ab' },
      }),
    );
    expect(readJournalEntry(raw)).toEqual({
      changes: [
        { type: 'edit', path: 'SKILL.md', version: 3, text: 'a' },
        { type: 'remove', paths: ['x.md'] },
        { type: 'set-without-unresolved', on: true },
      ],
      typed: { path: 'SKILL.md', text: 'ab' },
    });
  });

  it('reads nothing from an entry of another shape', () => {
    expect(readJournalEntry({ changes: 'all' })).toBeUndefined();
    expect(readJournalEntry(null)).toBeUndefined();
    expect(readJournalEntry({ changes: [], typed: { path: 1 } })).toBeUndefined();
  });
});
