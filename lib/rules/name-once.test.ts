import { md, schemaFile, testRule } from './test-helpers';

const flat = (url: string, lists: string) => ({ 'a.md': md(`operation:\n  method: POST\n  url: ${url}\n${lists}`) });

testRule('name-once', [
  { name: 'passes when path, body and query names are distinct', files: flat('https://p.example/pets/{id}', '  query: [dry_run]\n  body: [name, tag]\n'), expected: [] },
  { name: 'ignores the schema form when properties are unique by construction', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/a\n', { type: 'object', properties: { a: {} } }, '  query: [a]\n') }, expected: [] },
  {
    name: 'reports the body entry when a path name is also a body field',
    files: flat('https://p.example/pets/{id}', '  body: [name, id]\n'),
    expected: [{ message: '`id` is in the path and also in `body`: a name lives in one place', line: 5, column: 16, pointer: '/operation/body/1' }],
  },
  { name: 'reports the body entry when a query name is also a body field', files: flat('https://p.example/pets', '  query: [tag]\n  body: [tag]\n'), expected: [{ message: '`tag` is in `query` and also in `body`: a name lives in one place', line: 6 }] },
  { name: 'reports a query name that is also a path parameter without flat keys', files: flat('https://p.example/pets/{id}', '  query: [id]\n'), expected: [{ message: '`id` is in the path and also in `query`: a name lives in one place' }] },
  { name: 'reports a name given twice in one list', files: flat('https://p.example/pets', '  body: [a, a]\n'), expected: [{ message: '`a` is named twice in `body`', pointer: '/operation/body/1' }] },
  { name: 'reports a header name that is also a body field', files: flat('https://p.example/pets', '  header: [X-Tag]\n  body: [X-Tag]\n'), expected: [{ message: '`X-Tag` is in `header` and also in `body`: a name lives in one place', pointer: '/operation/body/0' }] },
  { name: 'reports a header name that is also a query parameter', files: flat('https://p.example/pets', '  query: [tag]\n  header: [tag]\n'), expected: [{ message: '`tag` is in `query` and also in `header`: a name lives in one place', pointer: '/operation/header/0' }] },
]);
