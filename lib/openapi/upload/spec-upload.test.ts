import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { isIgnoredUploadPath, specUploadFromEntries } from './spec-upload';
import { specUploadFromFile } from './spec-upload-file';

const bytes = (text: string) => new TextEncoder().encode(text);
const SPEC = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\n";

describe('specUploadFromFile', () => {
  it('takes a spec file as the upload and its entry', () => {
    expect(specUploadFromFile('api.yaml', bytes(SPEC))).toEqual({ ok: true, value: { files: [{ path: 'api.yaml', text: SPEC }], entry: 'api.yaml', problems: [] }, problems: [] });
  });

  it('opens a .zip: its text files are the upload, other files are left out with a warning, and no entry is guessed', () => {
    const zip = zipSync({ 'spec/api.yaml': bytes(SPEC), 'spec/logo.png': new Uint8Array([0x89, 0x50, 0xff, 0xfe, 0x00]), '.git/HEAD': bytes('x') });
    const r = specUploadFromFile('Spec.ZIP', zip);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.value.files.map((f) => f.path)).toEqual(['spec/api.yaml']);
    expect(r.value.entry).toBeUndefined();
    expect(r.value.problems.map((p) => `${p.ruleId} ${p.severity}`)).toEqual(['zip-skipped-hidden warning', 'upload-not-text warning']);
  });

  it('refuses a zip that is not one, and a file that is not UTF-8, naming the file', () => {
    const notZip = specUploadFromFile('spec.zip', bytes('hello'));
    expect(notZip.ok).toBe(false);
    expect(notZip.problems[0].file).toBe('spec.zip');
    const utf16 = specUploadFromFile('api.json', new Uint8Array([0xff, 0xfe, 0x7b, 0x00]));
    expect(utf16.problems.map((p) => p.message)).toEqual(['api.json is UTF-16 text; save it as UTF-8']);
  });
});

describe('specUploadFromEntries', () => {
  it('refuses an upload with no text file at all', () => {
    const r = specUploadFromEntries([{ path: 'a.bin', bytes: new Uint8Array([0xc3]) }]);
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => p.ruleId)).toEqual(['upload-not-text', 'upload-empty']);
  });
});

describe('isIgnoredUploadPath', () => {
  it.each([
    ['api.yaml', false],
    ['specs/v1/api.yaml', false],
    ['.hidden.yaml', true],
    ['specs/.git/config', true],
    ['node_modules/x/api.yaml', true],
  ])('%s → %s', (path, ignored) => {
    expect(isIgnoredUploadPath(path)).toBe(ignored);
  });
});
