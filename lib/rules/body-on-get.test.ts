import { md, schemaFile, testRule } from './test-helpers';

const schema = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, limit: { type: 'integer' }, title: { type: 'string' } } };

testRule('body-on-get', [
  { name: 'passes when every GET argument is a path or query parameter', files: { 'a.md': schemaFile('  method: GET\n  url: https://p.example/pets/{id}\n', schema, '  query: [limit, title]\n') }, expected: [] },
  { name: 'passes when a POST has body fields', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets/{id}\n', schema) }, expected: [] },
  { name: 'passes when a flat GET has an empty body list', files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/pets\n  query: [q]\n  body: []\n') }, expected: [] },
  {
    name: 'reports each body property at its key when a GET has some',
    files: { 'a.md': schemaFile('  method: GET\n  url: https://p.example/pets/{id}\n', schema, '  query: [limit]\n') },
    expected: [{ message: '`GET` has no body: `title` must be a path or query parameter (add it to `query`)', line: 18, column: 9, pointer: '/operation/schema/properties/title' }],
  },
  { name: 'reports a body list entry when a flat HEAD names one', files: { 'a.md': md('operation:\n  method: HEAD\n  url: https://p.example/pets\n  body: [a, b]\n') }, expected: [{ message: '`HEAD` has no body: `a` must be a path or query parameter', line: 5, column: 10 }, { message: /`b` must be a path or query/, line: 5, column: 13 }] },
  {
    name: 'passes when a PATCH declares a free-form body with a root additionalProperties',
    files: { 'a.md': schemaFile('  method: PATCH\n  url: https://p.example/pets/{id}\n', { type: 'object', required: ['id'], properties: { id: { type: 'string' } }, additionalProperties: { type: 'string' } }) },
    expected: [],
  },
  {
    name: 'passes when a GET has a root additionalProperties of false',
    files: { 'a.md': schemaFile('  method: GET\n  url: https://p.example/pets/{id}\n', { type: 'object', required: ['id'], properties: { id: { type: 'string' } }, additionalProperties: false }) },
    expected: [],
  },
  {
    name: 'reports a root additionalProperties when a GET declares a free-form body',
    files: { 'a.md': schemaFile('  method: GET\n  url: https://p.example/pets/{id}\n', { type: 'object', required: ['id'], properties: { id: { type: 'string' } }, additionalProperties: true }) },
    expected: [{ message: /^`GET` has no body: a root `additionalProperties` sends the arguments not named/, pointer: '/operation/schema/additionalProperties' }],
  },
]);
