import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../lib/wizard/session';
import { count, draftApi, draftFacts, draftSource, megabytes, safetyCounts, skillCounts } from './format';

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
    verdict: { kind: 'publishable', spec: [] },
    withoutUnresolved: false,
  });
  it('says files, tools, errors and warnings, without an edited count when nothing is edited', () => {
    expect(skillCounts(summary([false]))).toBe('1 file · 1 tool · 1 error · 0 warnings');
  });
  it('adds the edited files when some are', () => {
    expect(skillCounts(summary([true, false, true]))).toBe('3 files · 1 tool · 1 error · 0 warnings · 2 edited');
  });
});

describe('safetyCounts', () => {
  const summary = (safety: SessionSummary['safety']): SessionSummary => ({ folder: 'x', origin: { kind: 'spec', name: 'x.yaml' }, files: [], problems: [], errors: 0, warnings: 0, tools: 0, removed: [], credentials: [], safety, verdict: { kind: 'publishable', spec: [] }, withoutUnresolved: false });
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

describe('what the drafts list says of a draft', () => {
  it('names the API by its title and version, either alone, or nothing when neither is known', () => {
    expect(draftApi({ title: 'Stripe API', specVersion: '2024-06-20' })).toBe('Stripe API 2024-06-20');
    expect(draftApi({ title: 'Stripe API' })).toBe('Stripe API');
    expect(draftApi({ specVersion: '2' })).toBe('version 2');
    expect(draftApi({})).toBeUndefined();
  });
  it('says which spec file the skill was generated from and when; a bundle, which file it was opened from', () => {
    const when = (ms: number) => `at ${ms}`;
    expect(draftSource({ origin: { kind: 'spec', name: 'stripe-2.json' }, generatedAt: 5 }, when)).toBe('generated from stripe-2.json on at 5');
    expect(draftSource({ origin: { kind: 'spec', name: 'stripe-1.json' } }, when)).toBe('generated from stripe-1.json');
    expect(draftSource({ origin: { kind: 'bundle', name: 'stripe.zip' }, generatedAt: 5 }, when)).toBe('opened from stripe.zip');
  });
  it('counts tools first, when known, then files and edits', () => {
    expect(draftFacts({ files: 23, tools: 22, edited: 2, changedAt: 2, downloadedAt: 1 })).toBe('22 tools · 23 files · 2 edited · edits not in a downloaded bundle yet');
    expect(draftFacts({ files: 1, edited: 0, changedAt: 0 })).toBe('1 file · no edits');
  });
});
