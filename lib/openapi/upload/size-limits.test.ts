import { describe, expect, it } from 'vitest';
import { checkUploadSize } from './size-limits';

const MiB = 1024 * 1024;

describe('checkUploadSize', () => {
  it('accepts files when they are within both limits', () => {
    expect(checkUploadSize([{ path: 'a.yaml', size: 50 * MiB }, { path: 'b.yaml', size: 50 * MiB }])).toEqual([]);
  });

  it('refuses a spec file when it is over 50 MB', () => {
    expect(checkUploadSize([{ path: 'huge.json', size: 50 * MiB + 1 }])).toEqual([
      {
        ruleId: 'upload-file-too-large',
        severity: 'error',
        message: 'huge.json is 50.0 MB, over the 50.0 MB limit for one file',
        file: 'huge.json',
      },
    ]);
  });

  it('refuses the upload when the files together are over 100 MB', () => {
    const files = [0, 1, 2].map((i) => ({ path: `s/${i}.yaml`, size: 40 * MiB }));
    expect(checkUploadSize(files)).toEqual([
      { ruleId: 'upload-too-large', severity: 'error', message: 'The upload is 120.0 MB, over the 100.0 MB limit', file: '(upload)' },
    ]);
  });

  it('reports both problems when one file is over both limits', () => {
    const problems = checkUploadSize([{ path: 'spec.zip', size: 150 * MiB }]);
    expect(problems.map((p) => p.ruleId)).toEqual(['upload-file-too-large', 'upload-too-large']);
    expect(problems[1].file).toBe('spec.zip');
  });

  it('uses the given limits when they are configured', () => {
    expect(checkUploadSize([{ path: 'a', size: 11 }], { maxFileBytes: 10 }).map((p) => p.ruleId)).toEqual(['upload-file-too-large']);
    expect(checkUploadSize([{ path: 'a', size: 5 }, { path: 'b', size: 6 }], { maxUploadBytes: 10 }).map((p) => p.ruleId)).toEqual([
      'upload-too-large',
    ]);
  });

  it('accepts an empty upload when given no files', () => {
    expect(checkUploadSize([])).toEqual([]);
  });
});
