import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convertSpec } from '../convert';
import { loadSpec } from '../openapi';
import { openSession, snapshotSession, summarize } from './session';

const SAMPLE = readFileSync(fileURLToPath(new URL('../../public/samples/hollowbrook.openapi.yaml', import.meta.url)), 'utf8');

describe('openSession', () => {
  it('takes the operation files a conversion read as they are, and gives what parsing them again gives', async () => {
    const loaded = await loadSpec([{ path: 'hollowbrook.openapi.yaml', text: SAMPLE }]);
    if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
    const result = convertSpec(loaded.value, {});
    const origin = { kind: 'spec' as const, name: 'hollowbrook.openapi.yaml' };
    const reused = openSession({ folder: result.folder, files: result.files }, origin, { report: result.report, read: result.read });
    const parsed = openSession({ folder: result.folder, files: result.files }, origin, { report: result.report });
    expect(reused.pkg.operations.length).toBeGreaterThan(0);
    for (const op of reused.pkg.operations) expect(op).toBe(result.read.get(op.file));
    expect(summarize(reused)).toEqual(summarize(parsed));
    expect(reused.check.problems).toEqual(parsed.check.problems);
    expect(snapshotSession(reused)).toEqual(snapshotSession(parsed));
  });
});
