import { md, testRule } from './test-helpers';

const op = (prose: string) => md('operation:\n  method: GET\n  url: https://p.example/pets\n', prose);

testRule('call-section', [
  { name: 'passes when a declared file has no call section', files: { 'a.md': op('List pets.\n\n## Notes\nPaginate.\n') }, expected: [] },
  { name: 'passes when a prose-only file has a hand-written call section', files: { 'a.md': 'Upload.\n\n## The call\nPOST /upload as multipart.\n' }, expected: [] },
  { name: 'passes when a heading only resembles it', files: { 'a.md': op('List pets.\n\n### The call\nx\n') }, expected: [] },
  {
    name: 'warns at the heading when a declared file has a hand-written call section',
    files: { 'a.md': op('List pets.\n\n## The call\nGET /pets\n') },
    expected: [{ message: /^`## The call` is generated from the operation block on export/, severity: 'warning', line: 8, column: 1 }],
  },
]);
