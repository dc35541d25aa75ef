import { md, schemaFile, testRule } from './test-helpers';

const schema = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, key: { type: 'string' } } };

testRule('identity', [
  { name: 'passes when identity names schema arguments of a POST', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/orders\n', schema, '  identity: [key]\n') }, expected: [] },
  { name: 'passes when identity names a flat-form field of a PUT', files: { 'a.md': md('operation:\n  method: PUT\n  url: https://p.example/orders/{id}\n  body: [total]\n  identity: [id, total]\n') }, expected: [] },
  { name: 'passes when a GET has an empty identity list', files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/orders\n  identity: []\n') }, expected: [] },
  {
    name: 'reports an entry that is not an argument, with a suggestion',
    files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/orders\n  body: [key]\n  identity: [kye]\n') },
    expected: [{ message: '`kye` in `identity` is not an argument (did you mean `key`?)', severity: 'error', line: 6, column: 14, pointer: '/operation/identity/0' }],
  },
  {
    name: 'warns on a GET because a safe call needs no idempotency',
    files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/orders/{id}\n  identity: [id]\n') },
    expected: [{ message: '`GET` is safe: a safe call needs no idempotency, so `identity` is not used', severity: 'warning', line: 5, column: 3 }],
  },
  {
    name: 'warns on HEAD and still reports a wrong name as an error',
    files: { 'a.md': md('operation:\n  method: HEAD\n  url: https://p.example/orders\n  identity: [nope]\n') },
    expected: [{ severity: 'warning', line: 5, column: 3 }, { severity: 'error', message: '`nope` in `identity` is not an argument', line: 5, column: 14 }],
  },
  {
    name: 'warns on a POST declared safe',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/search\n  safety: safe\n', { type: 'object', properties: { q: { type: 'string' } } }, '  identity: [q]\n') },
    expected: [{ message: 'The operation is declared safe: a safe call needs no idempotency, so `identity` is not used', severity: 'warning' }],
  },
]);
