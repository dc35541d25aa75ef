import { getFile, md, testRule } from './test-helpers';

testRule('safety', [
  { name: 'passes when a POST is declared safe', files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/search\n  safety: safe\n') }, expected: [] },
  { name: 'passes when a PUT is declared idempotent', files: { 'a.md': md('operation:\n  method: PUT\n  url: https://p.example/pets\n  safety: idempotent\n') }, expected: [] },
  {
    name: 'reports a value that is not one of the three, with a suggestion',
    files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/pets\n  safety: sage\n') },
    expected: [{ message: '`safety` must be `safe`, `idempotent` or `unsafe`, not `sage` (did you mean `safe`?)', severity: 'error', line: 5, column: 3, pointer: '/operation/safety' }],
  },
  {
    name: 'reports a DELETE declared unsafe as an error',
    files: { 'a.md': md('operation:\n  method: DELETE\n  url: https://p.example/pets\n  safety: unsafe\n') },
    expected: [{ message: /^`DELETE` may not be `unsafe`/, severity: 'error', line: 5, column: 3 }],
  },
  { name: 'warns when a GET is declared other than safe', files: { 'a.md': getFile('  safety: idempotent\n') }, expected: [{ message: /^`GET` is safe in HTTP's terms/, severity: 'warning', line: 5, column: 3 }] },
]);
