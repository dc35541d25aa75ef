import { describe, expect, it } from 'vitest';
import { exportFiles } from '../bundle/bundle';
import { parseSkillPackage } from '../skill/package';
import { checkPackage } from './index';
import { md, packageOf, schemaFile, testRule } from './test-helpers';

const op = (prose: string) => md('operation:\n  method: GET\n  url: https://p.example/pets\n', prose);

testRule('call-section', [
  { name: 'passes when a declared file has no call section', files: { 'a.md': op('List pets.\n\n## Notes\nPaginate.\n') }, expected: [] },
  { name: 'passes when a prose-only file has a hand-written call section', files: { 'a.md': 'Upload.\n\n## The call\nPOST /upload as multipart.\n' }, expected: [] },
  { name: 'passes when `## The call` is inside a fenced example', files: { 'a.md': op('List pets.\n\n```markdown\n## The call\nGET /pets\n```\n\n~~~\n## The call\n~~~\n') }, expected: [] },
  {
    name: 'warns at the heading after a fenced example that holds one',
    files: { 'a.md': op('List pets.\n\n```\n## The call\n```\n\n## The call\nGET /pets\n') },
    expected: [{ severity: 'warning', line: 12, column: 1 }],
  },
  { name: 'passes when a heading only resembles it', files: { 'a.md': op('List pets.\n\n### The call\nx\n') }, expected: [] },
  {
    name: 'warns at the heading when a declared file has a hand-written call section',
    files: { 'a.md': op('List pets.\n\n## The call\nGET /pets\n') },
    expected: [{ message: /^`## The call` is generated from the operation block on export/, severity: 'warning', line: 8, column: 1 }],
  },
]);

describe('call-section on exported files', () => {
  const files = {
    'form.md': md(
      'operation:\n  method: POST\n  url: https://p.example/charges/{id}\n  content-type: application/x-www-form-urlencoded\n  header: [X-Trace]\n  headers:\n    Stripe-Version: "2024-06-20"\n  query: [expand]\n  deep: [metadata]\n  body: [id, amount, metadata, X-Trace, expand]\n  optional: [X-Trace, expand]\n  list: [expand]\n',
      'Create a charge.\n',
    ),
    'upload.md': md('operation:\n  method: POST\n  url: https://p.example/files\n  content-type: multipart/form-data\n  body: [title]\n', 'Upload a file.\n'),
    'items.md': schemaFile('  method: PUT\n  url: https://p.example/lists/{id}/items\n', { type: 'object', required: ['id', 'items'], properties: { id: { type: 'string' }, items: { type: 'array', items: { type: 'string' } } } }, '  body-argument: items\n', 'Replace the items.\n'),
  };

  it('passes on the files of an exported bundle, whose sections export generated', () => {
    const exported = exportFiles(packageOf(files));
    for (const name of Object.keys(files)) expect(exported.files.get(name)).toContain('## The call');
    expect(checkPackage(parseSkillPackage(exported), { rules: ['call-section'] })).toEqual([]);
  });

  it('warns at a hand-written section left above the generated one', () => {
    const exported = exportFiles(packageOf({ 'upload.md': files['upload.md'] }));
    const text = exported.files.get('upload.md')!.replace('Upload a file.\n', 'Upload a file.\n\n## The call\nPOST it.\n\n## Notes\nx\n');
    const got = checkPackage(parseSkillPackage({ folder: 'petstore', files: new Map([['upload.md', text]]) }), { rules: ['call-section'] });
    expect(got).toEqual([expect.objectContaining({ ruleId: 'call-section', line: 10, column: 1 })]);
  });
});
