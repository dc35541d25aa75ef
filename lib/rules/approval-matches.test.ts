import { md, testRule } from './test-helpers';

const op = (method: string, url: string, matches: string) => ({ 'a.md': md(`operation:\n  method: ${method}\n  url: ${url}\n  body: [amount]\napproval:\n  matches: ${matches}\n`) });

testRule('approval-matches', [
  { name: 'passes when method and path equal the operation', files: op('POST', 'https://api.example/v1/charges', 'POST /v1/charges'), expected: [] },
  { name: 'passes when parameter names differ', files: op('POST', 'https://api.example/charges/{id}/capture', 'POST /charges/{charge}/capture'), expected: [] },
  { name: 'passes when `*` stands for a parameter or a literal segment', files: op('DELETE', 'https://api.example/pets/{id}/toys/ball', 'DELETE /pets/*/toys/*'), expected: [] },
  { name: 'passes when a prose-only file gates a method and path', files: { 'a.md': md('approval:\n  matches: POST /charges\n', 'Charge by hand.\n') }, expected: [] },
  {
    name: 'reports both when the method differs',
    files: op('POST', 'https://api.example/charges', 'PUT /charges'),
    expected: [{ message: '`matches` is `PUT /charges` but the operation is `POST /charges`', line: 7, column: 3, pointer: '/approval/matches' }],
  },
  { name: 'reports the whole URL path when the base path is left out', files: op('POST', 'https://api.example/v1/charges', 'POST /charges'), expected: [{ message: '`matches` is `POST /charges` but the operation is `POST /v1/charges`' }] },
  { name: 'reports a parameter against a literal', files: op('POST', 'https://api.example/charges/new', 'POST /charges/{id}'), expected: [{ message: /but the operation is `POST \/charges\/new`/ }] },
  { name: 'reports `*` when it would match two segments', files: op('POST', 'https://api.example/a/b/c', 'POST /a/*'), expected: [{ message: /but the operation is `POST \/a\/b\/c`/ }] },
  { name: 'reports a path only when the method is missing', files: op('POST', 'https://api.example/charges', '/charges'), expected: [{ message: '`/charges` must be a method and a path (`POST /charges`)' }] },
  { name: 'reports an unknown method', files: { 'a.md': md('approval:\n  matches: FETCH /charges\n') }, expected: [{ message: '`FETCH` in `matches` is not one of GET, HEAD, POST, PUT, PATCH and DELETE' }] },
  { name: 'reports a path without a leading slash', files: { 'a.md': md('approval:\n  matches: POST charges\n') }, expected: [{ message: /^`charges` in `matches` must be a path/ }] },
  { name: 'reports a path with a query', files: { 'a.md': md('approval:\n  matches: POST /charges?x=1\n') }, expected: [{ message: /must be a path: it starts with `\/` and has no query/ }] },
  { name: 'reports a missing matches at the approval block', files: { 'a.md': md('approval:\n  binds: [amount]\n') }, expected: [{ message: /^`approval` has no `matches`/, line: 2, column: 1 }] },
  { name: 'reports matches when it is not a string', files: { 'a.md': md('approval:\n  matches: [POST, /charges]\n') }, expected: [{ message: '`matches` must be a method and a path (`POST /charges`)' }] },
  { name: 'passes when a parameter inside a segment has another name', files: op('GET', 'https://api.example/Calls/{Sid}.json', 'GET /Calls/{CallSid}.json'), expected: [] },
  { name: 'passes when two parameters share a segment', files: op('POST', 'https://api.example/v1/{name}:cancel/{year}-{month}', 'POST /v1/{n}:cancel/{y}-{m}'), expected: [] },
  { name: 'passes when `*` stands for a segment with a parameter inside', files: op('GET', 'https://api.example/Calls/{Sid}.json', 'GET /Calls/*'), expected: [] },
  { name: 'reports a segment whose literal text differs around the parameter', files: op('GET', 'https://api.example/Calls/{Sid}.json', 'GET /Calls/{Sid}.xml'), expected: [{ message: /but the operation is `GET \/Calls\/\{Sid\}.json`/ }] },
  { name: 'reports a whole-segment parameter against one inside a segment', files: op('GET', 'https://api.example/Calls/{Sid}.json', 'GET /Calls/{Sid}'), expected: [{ message: /but the operation is `GET \/Calls\/\{Sid\}.json`/ }] },
]);
