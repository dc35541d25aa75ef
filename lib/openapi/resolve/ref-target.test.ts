import { describe, expect, it } from 'vitest';
import { baseForId, baseKey, classifyRef, normalizePath, uploadKey, type Base, type RefAddress } from './ref-target';

const inApi: Base = { upload: 'api.yaml' };
const inDir: Base = { upload: 'specs/v1/api.yaml' };
const underId: Base = { uri: 'https://example.com/schemas/pet.json' };
const HTTP = 'it points outside the upload, and nothing is ever fetched';
const FILE = 'it points at a file outside the upload, and no file outside the upload is ever read';
const CLIMBS = 'it climbs out of the upload root';

describe('classifyRef', () => {
  it.each<[string, Base, RefAddress]>([
    // Inside the current file: a pointer, the whole file, or an anchor.
    ['#/components/schemas/Pet', inApi, { kind: 'local', fragment: '/components/schemas/Pet' }],
    ['#', inApi, { kind: 'local', fragment: '' }],
    ['#pet', inApi, { kind: 'local', fragment: 'pet' }],
    // Another uploaded file, relative to the file the $ref is written in.
    ['pet.yaml', inApi, { kind: 'upload', path: 'pet.yaml', fragment: '' }],
    ['schemas/pet.yaml#/Pet', inApi, { kind: 'upload', path: 'schemas/pet.yaml', fragment: '/Pet' }],
    ['pet.yaml', inDir, { kind: 'upload', path: 'specs/v1/pet.yaml', fragment: '' }],
    ['../common.yaml#/Error', inDir, { kind: 'upload', path: 'specs/common.yaml', fragment: '/Error' }],
    ['./a/../b.yaml', inDir, { kind: 'upload', path: 'specs/v1/b.yaml', fragment: '' }],
    ['pet.yaml#', inApi, { kind: 'upload', path: 'pet.yaml', fragment: '' }],
    // Percent-decoded in the path, left as written in the fragment.
    ['my%20pet.yaml#/a%20b', inApi, { kind: 'upload', path: 'my pet.yaml', fragment: '/a%20b' }],
    // Root-relative: kept with its slash, for the caller to refuse (or to find an $id).
    ['/schemas/pet.yaml', inDir, { kind: 'upload', path: '/schemas/pet.yaml', fragment: '' }],
    // Climbing out of the upload, however it is spelled.
    ['../../etc/passwd', inApi, { kind: 'refused', reason: CLIMBS }],
    ['../../../x.yaml', inDir, { kind: 'refused', reason: CLIMBS }],
    ['..%2F..%2Fetc%2Fpasswd', inApi, { kind: 'refused', reason: CLIMBS }],
    ['/../x.yaml', inApi, { kind: 'refused', reason: CLIMBS }],
    // Anything that is not a path inside the upload.
    ['https://example.com/pet.yaml#/Pet', inApi, { kind: 'uri', uri: 'https://example.com/pet.yaml', fragment: '/Pet', refusal: HTTP }],
    ['HTTP://169.254.169.254/latest', inApi, { kind: 'uri', uri: 'HTTP://169.254.169.254/latest', fragment: '', refusal: HTTP }],
    ['file:///etc/passwd', inApi, { kind: 'uri', uri: 'file:///etc/passwd', fragment: '', refusal: FILE }],
    ['C:/Windows/win.ini', inApi, { kind: 'uri', uri: 'C:/Windows/win.ini', fragment: '', refusal: 'it is an absolute Windows path; only relative paths to uploaded files are allowed' }],
    ['urn:uuid:1234#/a', inApi, { kind: 'uri', uri: 'urn:uuid:1234', fragment: '/a', refusal: '"urn:" references are not supported; only relative paths to uploaded files are allowed' }],
    ['//evil.example/x.yaml', inApi, { kind: 'refused', reason: 'it points at another host, and nothing is ever fetched' }],
    ['..\\..\\x.yaml', inApi, { kind: 'refused', reason: 'it contains a backslash; use "/" in paths' }],
    ['a%5C..%5Cx.yaml', inApi, { kind: 'refused', reason: 'its path contains control characters or a backslash' }],
    ['pet.yaml%00.png', inApi, { kind: 'refused', reason: 'its path contains control characters or a backslash' }],
    ['pet\u0000.yaml', inApi, { kind: 'refused', reason: 'it contains control characters' }],
    ['%E0%A4%A.yaml', inApi, { kind: 'refused', reason: 'its path is not valid percent-encoding' }],
    // Under an absolute $id, a relative reference resolves against it: to a URI, found only if an $id declares it.
    [
      'tag.json#/x',
      underId,
      { kind: 'uri', uri: 'https://example.com/schemas/tag.json', fragment: '/x', refusal: 'it resolves against the $id "https://example.com/schemas/pet.json" to a location outside the upload' },
    ],
    [
      '../../../etc/passwd',
      { uri: 'file:///etc/' },
      { kind: 'uri', uri: 'file:///etc/passwd', fragment: '', refusal: 'it resolves against the $id "file:///etc/" to a location outside the upload' },
    ],
    ['#/$defs/Tag', underId, { kind: 'local', fragment: '/$defs/Tag' }],
  ])('classifies %j written in %j', (ref, base, expected) => {
    expect(classifyRef(ref, base)).toEqual(expected);
  });
});

describe('baseForId', () => {
  it.each<[string, Base, Base]>([
    ['', inApi, inApi],
    ['#pet', inApi, inApi],
    ['https://example.com/schemas/pet.json', inApi, { uri: 'https://example.com/schemas/pet.json' }],
    ['https://example.com/schemas/pet.json#', inApi, { uri: 'https://example.com/schemas/pet.json' }],
    ['file:///etc/', inApi, { uri: 'file:///etc/' }],
    ['tag.json', underId, { uri: 'https://example.com/schemas/tag.json' }],
    ['../other/', underId, { uri: 'https://example.com/other/' }],
    ['schemas/pet.json', inDir, { upload: 'specs/v1/schemas/pet.json' }],
    ['../pet.json', inDir, { upload: 'specs/pet.json' }],
    ['/schemas/pet.json', inDir, { upload: '/schemas/pet.json' }],
    ['my%20pet.json', inApi, { upload: 'my pet.json' }],
    // A folder-like $id keeps its slash: what is written beneath it resolves inside the folder.
    ['schemas/', inApi, { upload: 'schemas/' }],
    ['../../x.json', inApi, { uri: 'about:invalid' }],
    ['/../x.json', inApi, { uri: 'about:invalid' }],
  ])('gives the base of $id %j under %j', (id, base, expected) => {
    expect(baseForId(id, base)).toEqual(expected);
  });

  it.each<[string, Base, string, RefAddress]>([
    ['schemas/', inApi, 'pet.yaml', { kind: 'upload', path: 'schemas/pet.yaml', fragment: '' }],
    ['schemas/pet.json', inApi, 'tag.json', { kind: 'upload', path: 'schemas/tag.json', fragment: '' }],
    ['https://example.com/s/', inApi, 'tag.json', { kind: 'uri', uri: 'https://example.com/s/tag.json', fragment: '', refusal: 'it resolves against the $id "https://example.com/s/" to a location outside the upload' }],
  ])('resolves what is written under $id %j in %j: %j', (id, base, ref, expected) => {
    expect(classifyRef(ref, baseForId(id, base))).toEqual(expected);
  });
});

describe('baseKey and uploadKey', () => {
  it.each<[Base, string]>([
    [{ upload: 'schemas/pet.json' }, 'upload:/schemas/pet.json'],
    [{ upload: '/schemas/pet.json' }, 'upload:/schemas/pet.json'],
    [{ uri: 'https://example.com/pet.json' }, 'https://example.com/pet.json'],
  ])('keys %j as %j', (base, key) => {
    expect(baseKey(base)).toBe(key);
  });

  it('keys a $ref path as the $id that declares the same place', () => {
    expect(uploadKey('schemas/pet.json')).toBe(baseKey(baseForId('schemas/pet.json', inApi)));
    expect(uploadKey('/schemas/pet.json')).toBe(baseKey(baseForId('/schemas/pet.json', inApi)));
  });
});

describe('normalizePath', () => {
  it.each<[string, string | null]>([
    ['a/b/c.yaml', 'a/b/c.yaml'],
    ['a/./b//c.yaml', 'a/b/c.yaml'],
    ['a/b/../c.yaml', 'a/c.yaml'],
    ['a/..', ''],
    ['a/b/', 'a/b/'],
    ['..', null],
    ['a/../../b', null],
  ])('normalizes %j to %j', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });
});
