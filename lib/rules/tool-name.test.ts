import { md, testRule } from './test-helpers';

const op = (url: string) => md(`operation:\n  method: GET\n  url: ${url}\n`);

testRule('tool-name', [
  { name: 'passes when names are short and unique', files: { 'a.md': op('https://p.example/a'), 'b.md': op('https://p.example/b') }, expected: [] },
  {
    name: 'reports the length at the operation block when skill and file name pass 64 together',
    files: { [`${'x'.repeat(60)}.md`]: op('https://p.example/a') },
    expected: [{ message: `The tool name \`petstore_${'x'.repeat(60)}\` is 69 characters; at most 64 (shorten the file name)`, line: 2, column: 1, pointer: '/operation' }],
  },
  { name: 'ignores prose-only files when they are not published', files: { [`${'x'.repeat(60)}.md`]: 'Prose.\n' }, expected: [] },
  {
    name: 'reports the later file when two names clash after replacement',
    files: { 'a.b.md': op('https://p.example/a'), 'a_b.md': op('https://p.example/b') },
    expected: [{ file: 'a_b.md', message: "The tool name `petstore_a_b` is also `a.b.md`'s: tool names must be unique" }],
  },
  {
    name: 'uses the manifest name when there is one',
    files: { 'SKILL.md': `---\nname: ${'s'.repeat(50)}\n---\n`, 'abcdefghijklmn.md': op('https://p.example/a') },
    expected: [{ message: /is 65 characters/ }],
  },
]);
