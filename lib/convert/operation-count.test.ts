import { describe, expect, it } from 'vitest';
import { loadSpec } from '../openapi';
import { manyOperationsDeepFiles, manyOperationsSpec } from '../../test/hostile';
import { countOperationFiles, MAX_BUNDLE_OPERATIONS, refuseTooManyOperations, tooManyOperations } from './operation-count';

async function load(text: string) {
  const loaded = await loadSpec([{ path: 'openapi.json', text }]);
  if (!loaded.ok) throw new Error(loaded.problems[0].message);
  return loaded.value;
}

describe('tooManyOperations', () => {
  it('counts one file per operation with one of the six methods, through a path item $ref, and not OPTIONS, TRACE or x- paths', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': { get: {}, post: {}, options: {}, trace: {}, parameters: [] },
        '/b': { $ref: '#/components/x-items/b' },
        'x-not-a-path': { get: {} },
      },
      components: { 'x-items': { b: { put: {}, delete: {}, patch: {}, head: {} } } },
    };
    expect(countOperationFiles(await load(JSON.stringify(spec)))).toBe(6);
  });

  it('refuses 100,000 operations before converting, naming the count and the limit', async () => {
    const loaded = await load(manyOperationsSpec(100_000));
    expect(tooManyOperations(loaded, 'many.json')).toEqual({
      ruleId: 'too-many-operations',
      severity: 'error',
      file: 'many.json',
      message:
        'The spec has 100,000 operations: a skill bundle holds at most 5,000 files (SPEC 6), room for 4,997 operations. Convert a part of it: split the spec by tag or path, and upload each part',
    });
  });

  it('lets exactly the limit through, and refuses one more', async () => {
    expect(MAX_BUNDLE_OPERATIONS).toBe(4_997);
    expect(tooManyOperations(await load(manyOperationsSpec(4_997)), 'x')).toBeUndefined();
    expect(tooManyOperations(await load(manyOperationsSpec(4_998)), 'x')?.ruleId).toBe('too-many-operations');
  });

  it('refuses as loadSpec\'s `refuse` once the entry is parsed, before a referenced file is read or the spec validated (SPEC 6)', async () => {
    const files = manyOperationsDeepFiles(MAX_BUNDLE_OPERATIONS + 1);
    // Loaded whole, the referenced files fail it first.
    expect((await loadSpec(files, { entry: 'openapi.json' })).problems.map((p) => p.ruleId)).toEqual(['nesting-too-deep']);
    const refused = await loadSpec(files, { entry: 'openapi.json', refuse: refuseTooManyOperations });
    expect(refused.ok).toBe(false);
    expect(refused.problems).toEqual([expect.objectContaining({ ruleId: 'too-many-operations', file: 'openapi.json' })]);
    expect(refused.problems[0].message).toMatch(/^The spec has 4,998 operations/);
    expect((await loadSpec(manyOperationsDeepFiles(MAX_BUNDLE_OPERATIONS), { entry: 'openapi.json', refuse: refuseTooManyOperations })).problems.map((p) => p.ruleId)).toEqual(['nesting-too-deep']);
  });

  it('counts on the parsed entry the path items it holds and those it refers to in itself; one in another file only once loaded', async () => {
    const spec = JSON.parse(manyOperationsSpec(MAX_BUNDLE_OPERATIONS - 1));
    spec.paths['/local'] = { $ref: '#/x-items/local' };
    spec['x-items'] = { local: { get: {} } };
    spec.paths['/elsewhere'] = { $ref: 'items.json#/elsewhere' };
    expect(refuseTooManyOperations(spec, 'openapi.json')).toBeUndefined();
    const files = [
      { path: 'openapi.json', text: JSON.stringify(spec) },
      { path: 'items.json', text: JSON.stringify({ elsewhere: { get: {} } }) },
    ];
    const loaded = await loadSpec(files, { entry: 'openapi.json', refuse: refuseTooManyOperations, validate: false });
    expect(loaded.ok).toBe(true);
    expect(loaded.ok && tooManyOperations(loaded.value, 'openapi.json')?.message).toMatch(/^The spec has 4,998 operations/);
  });
});
