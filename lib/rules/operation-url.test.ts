import { md, testRule } from './test-helpers';

const op = (url: string) => md(`operation:\n  method: GET\n  url: ${url}\n`);

testRule('operation-url', [
  { name: 'passes when the URL is absolute https with whole-segment parameters', files: { 'a.md': op('https://p.example/v1/pets/{petId}/toys/{toy_id}') }, expected: [] },
  { name: 'passes when the URL is http with a port and percent-encoding', files: { 'a.md': op('http://localhost:8080/a%20b/%E2%82%AC') }, expected: [] },
  { name: 'passes when the URL is quoted', files: { 'a.md': op('"https://p.example/pets"') }, expected: [] },
  { name: 'reports a relative URL at its value when no base URL was given', files: { 'a.md': op('/v1/pets') }, expected: [{ message: "`/v1/pets` is not an absolute URL: give the API's base URL (`https://…`)", line: 4, column: 8, pointer: '/operation/url' }] },
  { name: 'reports another scheme when the URL is ftp', files: { 'a.md': op('ftp://p.example/pets') }, expected: [{ message: '`ftp:` is not http or https' }] },
  { name: 'reports a scheme without slashes when the URL is mailto', files: { 'a.md': op('mailto:a@p.example') }, expected: [{ message: '`mailto:a@p.example` is not an http or https URL' }] },
  { name: 'reports a missing host when the URL is https:///pets', files: { 'a.md': op('https:///pets') }, expected: [{ message: '`https:///pets` has no host' }] },
  { name: 'reports credentials when the URL carries user@', files: { 'a.md': op('https://me:secret@p.example/pets') }, expected: [{ message: /must not carry credentials/, column: 16 }] },
  { name: 'reports a server variable when the host holds braces', files: { 'a.md': op('https://{region}.p.example/pets') }, expected: [{ message: /in the host is not a path parameter/, column: 16 }] },
  { name: 'reports the query string at its `?` when the URL has one', files: { 'a.md': op('https://p.example/pets?limit=10') }, expected: [{ message: 'The URL has a query string: name query parameters in `query` instead', line: 4, column: 30 }] },
  { name: 'reports a fragment at its `#`', files: { 'a.md': op('https://p.example/pets#top') }, expected: [{ message: /has a fragment/, column: 30 }] },
  { name: 'passes when a parameter shares its segment with literal text', files: { 'a.md': op('https://p.example/Calls/{Sid}.json') }, expected: [] },
  { name: 'passes when a parameter is followed by a custom verb', files: { 'a.md': op('https://p.example/v1/{name}:cancel') }, expected: [] },
  { name: 'passes when two parameters in a segment are separated by literal text', files: { 'a.md': op('https://p.example/reports/{year}-{month}') }, expected: [] },
  { name: 'reports two parameters in one segment with nothing between them', files: { 'a.md': op('https://p.example/{a}{b}') }, expected: [{ message: /^`\{a\}\{b\}`: two path parameters in one segment must be separated by literal text/, column: 29 }] },
  { name: 'reports empty braces', files: { 'a.md': op('https://p.example/pets/{}') }, expected: [{ message: '`{}`: a path parameter `{}` needs a name' }] },
  { name: 'reports an unclosed brace at the brace', files: { 'a.md': op('https://p.example/pets/x{id') }, expected: [{ message: /^`x\{id`: a `\{` opens a path parameter that is never closed/, column: 32 }] },
  { name: 'reports a stray closing brace', files: { 'a.md': op('https://p.example/pets/id}') }, expected: [{ message: /^`id\}`: a `\}` closes no path parameter/ }] },
  { name: 'reports a repeated name inside a segment at its second use', files: { 'a.md': op('https://p.example/{id}/x/{a}-{id}') }, expected: [{ message: '`{id}` appears twice in the URL: path parameter names must be unique', column: 37 }] },
  { name: 'reports invalid percent-encoding in the literal text beside a parameter', files: { 'a.md': op('https://p.example/{id}%zz') }, expected: [{ message: /^`\{id\}%zz` holds a `%` that is not valid/, column: 30 }] },
  { name: 'reports a repeated name at its second use', files: { 'a.md': op('https://p.example/{id}/x/{id}') }, expected: [{ message: '`{id}` appears twice in the URL: path parameter names must be unique', column: 33 }] },
  { name: 'reports invalid percent-encoding at its `%`', files: { 'a.md': op('https://p.example/100%/x') }, expected: [{ message: '`100%` holds a `%` that is not valid percent-encoding (`%` and two hex digits; `%25` for a percent sign)', column: 29 }] },
  { name: 'reports a short percent-encoding with a non-hex digit', files: { 'a.md': op('https://p.example/a%2G') }, expected: [{ message: /^`a%2G` holds a `%` that is not valid percent-encoding/ }] },
  { name: 'reports a space when the URL holds one', files: { 'a.md': op('"https://p.example/a b"') }, expected: [{ message: 'The URL holds a space: percent-encode it (`%20`)', column: 28 }] },
  { name: 'reports the block when there is no url', files: { 'a.md': md('operation:\n  method: GET\n') }, expected: [{ message: 'The operation block has no `url`', line: 2 }] },
  { name: 'reports a url that is not a string', files: { 'a.md': op('[a]') }, expected: [{ message: /^`url` must be a string/ }] },
  { name: 'passes when the file has no operation block', files: { 'a.md': 'GET /pets?x=1 by hand.\n' }, expected: [] },
]);
