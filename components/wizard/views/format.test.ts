import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../lib/wizard/session';
import { count, megabytes, safetyCounts, skillCounts } from './format';

describe('count', () => {
  it.each([
    [0, 'files'],
    [1, 'file'],
    [2, 'files'],
  ])('writes %i with the plural only when it is not one', (n, word) => {
    expect(count(n, 'file')).toBe(`${n} ${word}`);
  });
  it('takes an irregular plural when given one', () => {
    expect(count(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('skillCounts', () => {
  const summary = (edited: boolean[]): SessionSummary => ({
    folder: 'x',
    origin: { kind: 'spec', name: 'x.yaml' },
    files: edited.map((e, i) => ({ path: `f${i}.md`, kind: 'operation', declared: true, errors: 0, warnings: 0, edited: e })),
    problems: [],
    errors: 1,
    warnings: 0,
    tools: 1,
    removed: [],
    credentials: [],
    safety: { safe: 0, idempotent: 0, unsafe: 0 },
  });
  it('says files, tools, errors and warnings, without an edited count when nothing is edited', () => {
    expect(skillCounts(summary([false]))).toBe('1 file · 1 tool · 1 error · 0 warnings');
  });
  it('adds the edited files when some are', () => {
    expect(skillCounts(summary([true, false, true]))).toBe('3 files · 1 tool · 1 error · 0 warnings · 2 edited');
  });
});

describe('safetyCounts', () => {
  const summary = (safety: SessionSummary['safety']): SessionSummary => ({ folder: 'x', origin: { kind: 'spec', name: 'x.yaml' }, files: [], problems: [], errors: 0, warnings: 0, tools: 0, removed: [], credentials: [], safety });
  it('says the operations by safety when any has an operation block, and nothing otherwise', () => {
    expect(safetyCounts(summary({ safe: 4, idempotent: 1, unsafe: 0 }))).toBe('4 safe · 1 idempotent · 0 unsafe');
    expect(safetyCounts(summary({ safe: 0, idempotent: 0, unsafe: 0 }))).toBeUndefined();
  });
});

describe('megabytes', () => {
  it('rounds to one decimal of a decimal megabyte', () => {
    expect(megabytes(4_249_999)).toBe('4.2 MB');
    expect(megabytes(48_000_000)).toBe('48.0 MB');
  });
});
