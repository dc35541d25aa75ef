import { describe, expect, it } from 'vitest';
import { setOperationKey } from './operation-edit';
import { operationFileModel, parseOperationFile, writeOperationFile, type OperationFileModel } from './operation-file';

const model: OperationFileModel = {
  operation: {
    method: 'POST',
    url: 'https://api.test/v1/search',
    schema: { type: 'object', properties: { q: { type: 'string' } } },
    returns: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
  },
  prose: 'Search.\n',
};
const generated = writeOperationFile(model);
const set = (text: string, key: string, value: string | string[] | undefined) => {
  const r = setOperationKey('search.md', text, key, value);
  if (!r.ok) throw new Error(r.problems[0].message);
  return r.value;
};

describe('setOperationKey', () => {
  it('gives the file the writer writes when a key is added to a generated file', () => {
    expect(set(generated, 'safety', 'safe')).toBe(writeOperationFile({ ...model, operation: { ...model.operation!, safety: 'safe' } }));
    expect(set(generated, 'pick', ['id', 'data[].id'])).toBe(writeOperationFile({ ...model, operation: { ...model.operation!, pick: ['id', 'data[].id'] } }));
  });
  it('replaces a value in place and takes a key out, line and all, when it is there', () => {
    const safe = set(generated, 'safety', 'safe');
    expect(set(safe, 'safety', 'idempotent')).toBe(set(generated, 'safety', 'idempotent'));
    expect(set(safe, 'safety', undefined)).toBe(generated);
    const picked = set(generated, 'pick', ['id']);
    expect(set(picked, 'pick', ['id', 'name'])).toBe(set(generated, 'pick', ['id', 'name']));
    expect(set(picked, 'pick', undefined)).toBe(generated);
  });
  it('keeps comments and the person\'s spacing when the file was written by hand', () => {
    const text = '---\n# mine\noperation:\n    method: PUT   # keep\n    url: https://x.test/a\n    pick:\n      - id\n      - name\nother: 1\n---\nProse\n';
    expect(set(text, 'safety', 'idempotent')).toBe('---\n# mine\noperation:\n    method: PUT   # keep\n    url: https://x.test/a\n    safety: idempotent\n    pick:\n      - id\n      - name\nother: 1\n---\nProse\n');
    expect(set(text, 'pick', undefined)).toBe('---\n# mine\noperation:\n    method: PUT   # keep\n    url: https://x.test/a\nother: 1\n---\nProse\n');
    expect(parseOperationFile('a.md', set(text, 'pick', ['a b'])).declaration?.lists.pick).toEqual(['a b']);
  });
  it('reads back as the model with the key set when the value needs quotes', () => {
    const text = set(generated, 'pick', ['#x', 'a: b']);
    expect(operationFileModel(parseOperationFile('s.md', text)).operation?.pick).toEqual(['#x', 'a: b']);
  });
  it('refuses a flow mapping and a frontmatter that does not parse', () => {
    expect(setOperationKey('a.md', '---\noperation: {method: GET, url: x}\n---\n', 'safety', 'safe').ok).toBe(false);
    expect(setOperationKey('a.md', '---\noperation: [\n---\n', 'safety', 'safe').ok).toBe(false);
    expect(setOperationKey('a.md', 'no frontmatter', 'safety', 'safe').ok).toBe(false);
  });
});
