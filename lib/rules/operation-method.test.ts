import { md, testRule } from './test-helpers';

const op = (method: string) => md(`operation:\n  method: ${method}\n  url: https://p.example/pets\n`);

testRule('operation-method', [
  ...['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ name: `passes when the method is ${m}`, files: { 'a.md': op(m) }, expected: [] })),
  { name: 'passes when the file has no operation block', files: { 'a.md': 'Prose.\n' }, expected: [] },
  { name: 'reports the spelling when the method is lowercase', files: { 'a.md': op('post') }, expected: [{ message: '`post` must be written `POST`', line: 3, column: 3, pointer: '/operation/method' }] },
  { name: 'reports the six methods when it is OPTIONS', files: { 'a.md': op('OPTIONS') }, expected: [{ message: '`OPTIONS` is not a method a skill declares: use GET, HEAD, POST, PUT, PATCH or DELETE' }] },
  { name: 'suggests the nearest method when it is misspelt', files: { 'a.md': op('PTACH') }, expected: [{ message: /\(did you mean `PATCH`\?\)$/ }] },
  { name: 'reports the block when there is no method', files: { 'a.md': md('operation:\n  url: https://p.example/pets\n') }, expected: [{ message: 'The operation block has no `method`', line: 2, column: 1 }] },
  { name: 'reports a method that is not a string', files: { 'a.md': op('[GET]') }, expected: [{ message: /^`method` must be one of/ }] },
]);
