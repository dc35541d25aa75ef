import { md, schemaFile, testRule } from './test-helpers';

const flat = (lists: string, url = 'https://p.example/pets') => ({ 'a.md': md(`operation:\n  method: POST\n  url: ${url}\n${lists}`) });

testRule('qualifiers', [
  { name: 'passes when qualifiers name body and query fields', files: flat('  query: [page]\n  body: [size, labels, ok]\n  optional: [page, labels]\n  integer: [page, size]\n  boolean: [ok]\n  list: [labels]\n'), expected: [] },
  { name: 'passes when integer and list qualify one field', files: flat('  body: [ids]\n  integer: [ids]\n  list: [ids]\n'), expected: [] },
  {
    name: 'reports a misspelt optional name with a suggestion',
    files: flat('  body: [name, tag]\n  optional: [tga]\n'),
    expected: [{ message: '`tga` in `optional` is not a field in `body`, `query` or `header` (did you mean `tag`?)', line: 6, column: 14, pointer: '/operation/optional/0' }],
  },
  { name: 'reports a path parameter named in a qualifier', files: flat('  body: [a]\n  integer: [id]\n', 'https://p.example/pets/{id}'), expected: [{ message: '`id` in `integer` is a path parameter: path parameters are always required strings' }] },
  { name: 'reports a field given two types', files: flat('  body: [n]\n  integer: [n]\n  number: [n]\n'), expected: [{ message: '`n` is in both `integer` and `number`: a field has one type', pointer: '/operation/number/0' }] },
  { name: 'reports a qualifier when there are no fields at all', files: flat('  optional: [x]\n'), expected: [{ message: '`x` in `optional` is not a field in `body`, `query` or `header`' }] },
  { name: 'ignores the schema form (arguments-form reports flat keys there)', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/a\n', { type: 'object', properties: {} }, '  optional: [x]\n') }, expected: [] },
  { name: 'passes when qualifiers name header arguments', files: flat('  header: [X-Count, X-Trace]\n  optional: [X-Trace]\n  integer: [X-Count]\n'), expected: [] },
]);
