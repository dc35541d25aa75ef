import { md, testRule } from './test-helpers';

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
