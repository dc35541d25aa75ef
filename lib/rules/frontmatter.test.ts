import { md, testRule } from './test-helpers';

const op = (extra: string) => md(`operation:\n  method: POST\n  url: https://p.example/pets\n${extra}`);

testRule('frontmatter', [
  { name: 'passes when every key is known and lists hold names', files: { 'a.md': op('  body: [name, tag]\n  optional: [tag]\n  identity: [name]\napproval:\n  matches: POST /pets\n  binds: [name]\n') }, expected: [] },
  { name: 'passes when a file has no frontmatter', files: { 'a.md': 'Prose only.\n' }, expected: [] },
  { name: 'reports a YAML syntax error at its line when the frontmatter does not parse', files: { 'a.md': '---\noperation:\n  method: [GET\n---\nHi.\n' }, expected: [{ message: /^YAML: /, file: 'a.md', line: 4 }] },
  { name: 'reports an unterminated frontmatter when the closing fence is missing', files: { 'a.md': '---\noperation:\n  method: GET\n' }, expected: [{ message: /never closed/, line: 1 }] },
  { name: 'reports `operation` when it is a string', files: { 'a.md': md('operation: GET /pets\n') }, expected: [{ message: '`operation` must be a mapping of `method`, `url` and the arguments', line: 2, column: 1, pointer: '/operation' }] },
  { name: 'reports `approval` when it is a list', files: { 'a.md': md('approval: [POST /pets]\n') }, expected: [{ message: '`approval` must be a mapping of `matches` and `binds`', line: 2 }] },
  {
    name: 'warns with a suggestion when an operation key is misspelt',
    files: { 'a.md': op('  body: [name]\n  optinal: [name]\n') },
    expected: [{ message: '`optinal` is not a key of an operation block (did you mean `optional`?)', severity: 'warning', line: 6, column: 3, pointer: '/operation/optinal' }],
  },
  { name: 'warns when a top-level key is unknown', files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example\ntags: [x]\n') }, expected: [{ message: "`tags` is not a key of an operation file's frontmatter", severity: 'warning', line: 5 }] },
  { name: 'warns with a suggestion when an approval key is misspelt', files: { 'a.md': md('approval:\n  match: POST /pets\n') }, expected: [{ message: '`match` is not a key of an approval block (did you mean `matches`?)', severity: 'warning', line: 3, column: 3 }] },
  { name: 'reports a list key when it is a scalar', files: { 'a.md': op('  query: limit\n') }, expected: [{ message: '`query` must be a list of names (`query: [a, b]`)', severity: 'error', line: 5, column: 3 }] },
  {
    name: 'reports each item that is not a string when YAML reads it as a number or a mapping',
    files: { 'a.md': op('  body: [name, 1e3, {a: 1}]\n') },
    expected: [
      { message: 'Item 2 of `body` must be a name (a string), not `1000` (quote it)', line: 5, column: 16, pointer: '/operation/body/1' },
      { message: 'Item 3 of `body` must be a name (a string), not a mapping', line: 5, column: 21 },
    ],
  },
  { name: 'reports `binds` when it holds a boolean', files: { 'a.md': md('approval:\n  matches: POST /pets\n  binds: [yes, true]\n') }, expected: [{ message: 'Item 2 of `binds` must be a name (a string), not `true` (quote it)', line: 4 }] },
  {
    name: 'warns on SKILL.md keys an Agent Skill does not allow',
    files: { 'SKILL.md': '---\nname: petstore\ndescription: Pets.\nversion: 1\n---\n' },
    expected: [{ file: 'SKILL.md', severity: 'warning', line: 4, column: 1, message: /^`version` is not a key of SKILL.md's frontmatter/ }],
  },
  {
    name: 'reports a metadata value when YAML reads it as a number',
    files: { 'SKILL.md': '---\nname: petstore\ndescription: Pets.\nmetadata:\n  source-version: 1.0\n  source-title: Pets\n---\n' },
    expected: [{ file: 'SKILL.md', severity: 'error', line: 5, column: 3, message: '`metadata` value `source-version` must be a string (quote it)' }],
  },
  { name: 'reports metadata when it is not a mapping', files: { 'SKILL.md': '---\nname: petstore\ndescription: Pets.\nmetadata: [a]\n---\n' }, expected: [{ file: 'SKILL.md', message: '`metadata` must be a mapping of string to string' }] },
  { name: 'reports license when it is not a string', files: { 'SKILL.md': '---\nname: petstore\ndescription: Pets.\nlicense: [MIT]\n---\n' }, expected: [{ file: 'SKILL.md', message: '`license` must be a string' }] },
  { name: 'reports a YAML error in SKILL.md at its line', files: { 'SKILL.md': '---\nname: petstore\ndescription: Pets: all of them\n---\n' }, expected: [{ file: 'SKILL.md', message: /^YAML: /, line: 3 }] },
]);
