import { md, schemaFile, testRule } from './test-helpers';

const schema = { type: 'object', properties: { name: { type: 'string' } } };

testRule('arguments-form', [
  { name: 'passes when only a schema is given with query and identity', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', schema, '  query: [name]\n  identity: [name]\n') }, expected: [] },
  { name: 'passes when only flat lists are given', files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/pets\n  body: [name]\n  optional: [name]\n') }, expected: [] },
  { name: 'passes when neither form is given for a call with only path parameters', files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/pets/{id}\n') }, expected: [] },
  {
    name: 'reports both forms at the first flat key when a schema file also has flat lists',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', schema, '  body: [name]\n  optional: [name]\n') },
    expected: [{ message: /^The operation block has both `schema` and the flat lists `body` and `optional`: use one form/, line: 14, column: 3, pointer: '/operation/body' }],
  },
  {
    name: 'passes when a schema file has the keys both forms share',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n  content-type: application/x-www-form-urlencoded\n  headers:\n    X-Version: "2"\n', schema, '  query: [name]\n  header: [tag]\n  deep: [name]\n') },
    expected: [],
  },
  {
    name: 'passes when a flat-form file has a content type, header arguments and fixed headers',
    files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/pets\n  content-type: application/x-www-form-urlencoded\n  headers:\n    X-Version: "2"\n  header: [X-Trace]\n  body: [name]\n') },
    expected: [],
  },
]);
