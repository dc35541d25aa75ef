import { md, testRule } from './test-helpers';

const op = (method: string, url: string) => md(`operation:\n  method: ${method}\n  url: ${url}\n`);

testRule('duplicate-operation', [
  { name: 'passes when methods differ on one URL', files: { 'a.md': op('GET', 'https://p.example/pets/{id}'), 'b.md': op('DELETE', 'https://p.example/pets/{id}') }, expected: [] },
  { name: 'passes when a literal segment differs from a parameter', files: { 'a.md': op('GET', 'https://p.example/pets/{id}'), 'b.md': op('GET', 'https://p.example/pets/count') }, expected: [] },
  { name: 'passes when the hosts differ', files: { 'a.md': op('GET', 'https://a.example/pets'), 'b.md': op('GET', 'https://b.example/pets') }, expected: [] },
  {
    name: 'reports both files at their URLs when parameter names are all that differ',
    files: { 'show_pet.md': op('GET', 'https://p.example/pets/{id}'), 'get_pet.md': op('GET', 'https://p.example/pets/{petId}') },
    expected: [
      { file: 'get_pet.md', line: 4, column: 3, pointer: '/operation/url', message: '`GET https://p.example/pets/{}` is also declared by `show_pet.md`: two operations must not share a method and URL template' },
      { file: 'show_pet.md', line: 4, message: /also declared by `get_pet.md`/ },
    ],
  },
  {
    name: 'reports later files naming the first when three clash',
    files: { 'a.md': op('POST', 'https://p.example/pets'), 'b.md': op('POST', 'https://P.EXAMPLE/pets'), 'c.md': op('POST', 'https://p.example/pets') },
    expected: [{ file: 'a.md', message: /by `b.md`/ }, { file: 'b.md', message: /by `a.md`/ }, { file: 'c.md', message: /by `a.md`/ }],
  },
  {
    name: 'reports a clash when parameter names differ inside a segment',
    files: { 'a.md': op('GET', 'https://p.example/Calls/{Sid}.json'), 'b.md': op('GET', 'https://p.example/Calls/{CallSid}.json') },
    expected: [{ file: 'a.md', message: /^`GET https:\/\/p.example\/Calls\/\{\}.json` is also declared by `b.md`/ }, { file: 'b.md', message: /by `a.md`/ }],
  },
  { name: 'passes when the literal text beside a parameter differs', files: { 'a.md': op('GET', 'https://p.example/Calls/{Sid}.json'), 'b.md': op('GET', 'https://p.example/Calls/{Sid}') }, expected: [] },
  { name: 'ignores prose-only files when two describe one request', files: { 'a.md': 'GET /pets.\n', 'b.md': 'GET /pets.\n' }, expected: [] },
]);
