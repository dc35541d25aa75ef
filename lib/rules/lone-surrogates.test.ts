import { md, testRule } from './test-helpers';

const op = (prose: string) => ({ 'a.md': md('operation:\n  method: GET\n  url: https://p.example/pets\n', prose) });

// BAD-INPUT 31: lone surrogates typed into a file; export silently wrote U+FFFD.
testRule('lone-surrogates', [
  { name: 'passes when the text has whole characters only, astral ones included', files: op('List pets 😀 and 𝄞.\n'), expected: [] },
  {
    name: 'reports a lone high surrogate in the prose at its line and column',
    files: op('List pets.\n\nHalf a face: \ud83d here.\n'),
    expected: [
      {
        severity: 'error',
        message: 'A lone surrogate (U+D83D, half of a character) is not text: export would write U+FFFD (�) in its place; delete it or type the character again',
        file: 'a.md',
        line: 8,
        column: 14,
      },
    ],
  },
  { name: 'reports a lone low surrogate, and one at the very end', files: op('x\udc00y\n\ud800'), expected: [{ message: /U\+DC00/, line: 6, column: 2 }, { message: /U\+D800/, line: 7, column: 1 }] },
  { name: 'reports a lone surrogate in the frontmatter', files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/p\ud800ets\n') }, expected: [{ line: 4, column: 27 }] },
  { name: 'reports one in SKILL.md and one in types.json', files: { 'SKILL.md': '---\nname: petstore\ndescription: Pets \udfff.\n---\n', 'types.json': '{"A": {"description": "\ud800"}}' }, expected: [{ file: 'SKILL.md', line: 3, column: 19 }, { file: 'types.json', line: 1, column: 24 }] },
  {
    name: 'reports five places and counts the rest when a file has many',
    files: op('\ud800'.repeat(8)),
    expected: [{ column: 1 }, { column: 2 }, { column: 3 }, { column: 4 }, { column: 5, message: /\(and 3 more lone surrogates in this file\)$/ }],
  },
  // BAD-INPUT 52: written as an escape, the file is ASCII, and the name published; every call was then refused.
  {
    name: 'reports a property name written as an escape in the schema, at the name',
    files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/pets\n  schema: \'{"type": "object", "properties": {"a\\ud800": {"type": "string"}}}\'\n') },
    expected: [{ severity: 'error', message: 'The name "a\\ud800" holds a lone surrogate (U+D800, half of a character), written as an escape: no request can carry it as UTF-8, so every call with it would be refused; rename it', pointer: '/operation/schema/properties/a\ud800' }],
  },
  {
    name: 'reports a value written as a double-quoted YAML escape in the frontmatter',
    files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/pets\n  query: ["q\\udc00"]\n') },
    expected: [{ message: /^The text at `\/operation\/query\/0` holds a lone surrogate \(U\+DC00/, pointer: '/operation/query/0' }],
  },
  {
    name: 'reports a property name written as an escape in types.json',
    files: { ...op('Pets.\n'), 'types.json': '{"Pet": {"type": "object", "properties": {"\\udfffname": {"type": "string"}}}}' },
    expected: [{ file: 'types.json', message: /^The name "\\udfffname" holds a lone surrogate \(U\+DFFF/, pointer: '/Pet/properties/\udfffname' }],
  },
  { name: 'passes when an escape is a whole pair', files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/pets\n  schema: \'{"type": "object", "properties": {"\\ud83d\\ude00": {"type": "string"}}}\'\n') }, expected: [] },
]);
