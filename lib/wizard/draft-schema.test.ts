import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeIssues } from '../core/describe-issues';
import { draftInfoSchema, lastUploadSchema, sessionSnapshotSchema } from './draft-schema';
import { createWizardService } from './service';
import { restoreSession } from './session';

const SAMPLE = new Uint8Array(readFileSync(new URL('../../public/samples/hollowbrook.openapi.yaml', import.meta.url)));

async function sample() {
  const service = createWizardService();
  await service.handle({ type: 'convert', upload: { name: 'hollowbrook.openapi.yaml', kind: 'files', entries: [{ path: 'hollowbrook.openapi.yaml', bytes: SAMPLE }] }, options: {} });
  return { snapshot: structuredClone(service.snapshot()!), upload: structuredClone(service.lastUpload()!) };
}

const info = { id: 'd1', folder: 'inn', origin: { kind: 'spec', name: 'inn.yaml' }, files: 6, edited: 1, createdAt: 1, savedAt: 2, changedAt: 2 };

describe('lastUploadSchema', () => {
  it('refuses options whose keepFull is not a list of names, without throwing', async () => {
    const { upload } = await sample();
    for (const keepFull of [new Uint8Array([1, 2]), 'a', [1]]) {
      const parsed = lastUploadSchema.safeParse({ ...upload, options: { keepFull } });
      expect(parsed.success).toBe(false);
      expect(describeIssues(parsed.error!)).toMatch(/^options\.keepFull/);
    }
    const kept = lastUploadSchema.safeParse({ ...upload, options: { keepFull: ['a.md'] } });
    expect(kept.success && Object.isFrozen(kept.data.options!.keepFull)).toBe(true);
  });
});

describe('sessionSnapshotSchema', () => {
  it('accepts what the service writes, and restores it', async () => {
    const { snapshot, upload } = await sample();
    expect(sessionSnapshotSchema.safeParse(snapshot).success).toBe(true);
    expect(lastUploadSchema.safeParse(upload).success).toBe(true);
    expect(restoreSession(snapshot).ok).toBe(true);
  });

  // Unreadable drafts, each as a hand-edited entry would have it.
  it.each([
    ['a bad report', (s: Record<string, unknown>) => ({ ...s, report: { skill: 'x', declared: 'all of them' } }), 'report.source'],
    ['a file whose text is not a string', (s: Record<string, unknown>) => ({ ...s, files: [['SKILL.md', { a: 1 }]] }), 'files.0.1: Invalid input: expected string, received object'],
    ['a folder that climbs out', (s: Record<string, unknown>) => ({ ...s, folder: '../../etc' }), 'folder: Entry `../../etc/` has a `..` segment'],
    ['a folder that is an object', (s: Record<string, unknown>) => ({ ...s, folder: { a: 1 } }), 'folder: Invalid input: expected string, received object'],
    ['a folder of two names', (s: Record<string, unknown>) => ({ ...s, folder: 'a/b' }), 'folder: `a/b` is more than one folder name'],
    ['a hidden file', (s: Record<string, unknown>) => ({ ...s, files: [['.env', 'x']] }), 'files.0.0: Entry `.env` is hidden'],
    ['a path that climbs out', (s: Record<string, unknown>) => ({ ...s, original: [['../x.md', 'x']] }), 'original.0.0: Entry `../x.md` has a `..` segment'],
    ['another version', (s: Record<string, unknown>) => ({ ...s, version: 2 }), 'version'],
  ])('refuses %s, naming where, and restoring nothing', async (_, spoil, where) => {
    const { snapshot } = await sample();
    const bad = spoil(snapshot as unknown as Record<string, unknown>);
    const parsed = sessionSnapshotSchema.safeParse(bad);
    expect(parsed.success).toBe(false);
    expect(describeIssues(parsed.error!)).toContain(where);
    const restored = restoreSession(bad);
    expect(restored.ok).toBe(false);
    expect(restored.problems[0].message).toContain(where);
  });
});

describe('draftInfoSchema', () => {
  it('accepts a draft description, and refuses one whose folder is {a: 1} or climbs out', () => {
    expect(draftInfoSchema.safeParse(info).success).toBe(true);
    expect(describeIssues(draftInfoSchema.safeParse({ ...info, folder: { a: 1 } }).error!)).toBe('folder: Invalid input: expected string, received object');
    expect(draftInfoSchema.safeParse({ ...info, folder: '../../etc' }).success).toBe(false);
    expect(draftInfoSchema.safeParse({ ...info, edited: -1 }).success).toBe(false);
  });
});
