import { md, testRule } from './test-helpers';

const op = (prose: string) => md('operation:\n  method: GET\n  url: https://p.example/pets\n', prose);

testRule('description', [
  { name: 'passes when the prose starts with a paragraph', files: { 'a.md': op('List all pets.\n\nMore.\n') }, expected: [] },
  { name: 'passes when headings come before the first paragraph', files: { 'a.md': op('# List pets\n\n## Summary\nList all pets.\n') }, expected: [] },
  { name: 'passes when the first paragraph is exactly 1,024 characters', files: { 'a.md': op(`${'x'.repeat(1024)}\n`) }, expected: [] },
  { name: 'passes when a prose-only file starts with a paragraph', files: { 'a.md': 'Upload a photo.\n' }, expected: [] },
  { name: 'reports the prose start when a declared file has no prose', files: { 'a.md': op('') }, expected: [{ message: "The prose has no first paragraph: it is the tool's description", line: 6, column: 1, severity: 'error' }] },
  { name: 'reports a file with only headings', files: { 'a.md': op('# Title\n\n## Notes\n') }, expected: [{ message: /has no first paragraph/ }] },
  { name: 'reports an empty prose-only file', files: { 'a.md': '\n\n' }, expected: [{ message: 'The prose has no first paragraph saying what the operation does', line: 1 }] },
  {
    name: 'warns at the paragraph when the description is over 1,024 characters',
    files: { 'a.md': op(`# Title\n\n${'word '.repeat(204)}words\n`) },
    expected: [{ message: "The first paragraph (the tool's description) is 1,025 characters; keep it to 1,024 and move the rest below", severity: 'warning', line: 8 }],
  },
  { name: 'counts folded lines with spaces when the paragraph spans lines', files: { 'a.md': op(`${'x'.repeat(512)}\n${'y'.repeat(512)}\n`) }, expected: [{ message: /is 1,025 characters/, severity: 'warning' }] },
]);
