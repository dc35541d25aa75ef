import { describe, expect, it } from 'vitest';
import { parseSkillPackage, updateSkillFile } from '../skill/package';
import { createChecker } from './index';
import { manifest, md, schemaFile, testRule } from './test-helpers';

const op = (extra: string) => ({ 'a.md': md(`operation:\n  method: GET\n  url: https://p.example/pets\n${extra}`) });
const withSchema = (properties: Record<string, unknown>, tail: string, types?: string) => ({
  ...(types ? { 'types.json': types } : {}),
  'a.md': schemaFile('  method: GET\n  url: https://p.example/pets/{id}\n', { type: 'object', required: ['id'], properties: { id: { type: 'string' }, ...properties } }, tail),
});
const skill = (auth: string) =>
  manifest('petstore', ['a']).replace('## Operations', `## Authentication\nRequests go out through the platform's gateway. The spec's schemes:\n\n${auth}\n\n## Operations`);

testRule('headers', [
  {
    name: 'passes when header arguments are scalars and lists of scalars, and fixed headers are strings',
    files: withSchema({ 'X-Trace-Id': { type: 'string' }, 'X-Count': { type: ['integer', 'null'] }, 'X-Tags': { type: 'array', items: { type: 'string' } } }, '  header: [X-Trace-Id, X-Count, X-Tags]\n  headers:\n    Notion-Version: "2022-06-28"\n'),
    expected: [],
  },
  { name: 'passes when a flat-form file names header arguments', files: op('  header: [X-Request-Id]\n  optional: [X-Request-Id]\n'), expected: [] },
  {
    name: 'reports a credential header at its entry',
    files: op('  header: [Authorization]\n'),
    expected: [{ message: '`Authorization` in `header` is a credential, which the gateway attaches: an operation may not send it', severity: 'error', line: 5, column: 12, pointer: '/operation/header/0' }],
  },
  {
    name: 'reports platform and credential headers in any case among fixed headers',
    files: op('  headers:\n    content-type: text/plain\n    COOKIE: a=b\n    Idempotency-Key: k\n    Host: h.example\n    Content-Length: "3"\n    Proxy-Authorization: x\n'),
    expected: [
      { message: /^`content-type` in `headers` is set by the platform from `content-type`/, line: 6, column: 5, pointer: '/operation/headers/content-type' },
      { message: /^`COOKIE` in `headers` is a credential/, line: 7 },
      { message: /^`Idempotency-Key` in `headers` is set by the platform, which owns idempotency/, line: 8 },
      { message: /^`Host` in `headers` is set by the platform/, line: 9 },
      { message: /^`Content-Length` in `headers`/, line: 10 },
      { message: /^`Proxy-Authorization` in `headers` is a credential/, line: 11 },
    ],
  },
  {
    name: 'reports a header name that is not an HTTP field name',
    files: op('  headers:\n    "X Version": "1"\n'),
    expected: [{ message: /^`X Version` in `headers` is not a header name/, line: 6 }],
  },
  {
    name: 'reports a header named twice, case aside',
    files: op('  header: [X-Tenant]\n  headers:\n    x-tenant: acme\n'),
    expected: [{ message: 'The header `x-tenant` is already named in `header`: a header is sent once', line: 7, column: 5 }],
  },
  {
    name: 'reports a header argument that is not in the schema, with a suggestion',
    files: withSchema({ 'X-Trace-Id': { type: 'string' } }, '  header: [X-Trace-ID2]\n'),
    expected: [{ message: /^`X-Trace-ID2` in `header` is not an argument of the schema \(did you mean `X-Trace-Id`\?\)/, pointer: '/operation/header/0' }],
  },
  {
    name: 'reports an object header argument at its property',
    files: withSchema({ 'X-Meta': { $ref: '#/types/Meta' } }, '  header: [X-Meta]\n', '{"Meta": {"type": "object"}}'),
    expected: [{ message: /^The header argument `X-Meta` must be a scalar/, pointer: '/operation/schema/properties/X-Meta' }],
  },
  {
    name: 'reports a list of objects and an untyped header argument',
    files: withSchema({ 'X-Rows': { type: 'array', items: { type: 'object' } }, 'X-Any': {} }, '  header: [X-Rows, X-Any]\n'),
    expected: [{ message: /`X-Rows` must be a scalar/ }, { message: /`X-Any` must be a scalar/ }],
  },
  {
    name: 'reports a header argument that is also a path or query parameter',
    files: withSchema({ q: { type: 'string' } }, '  query: [q]\n  header: [id, q]\n'),
    expected: [{ message: /^`id` is a path parameter/, pointer: '/operation/header/0' }, { message: /^`q` is in `query` and also in `header`/, pointer: '/operation/header/1' }],
  },
  {
    name: 'reports fixed header values that are not one line of Latin-1 text, or not strings',
    files: op('  headers:\n    X-A: "line\\nbreak"\n    X-B: "caf\\u00e9 \\u2603"\n    X-C: 2\n    X-D: " padded"\n'),
    expected: [
      { message: 'The fixed header `X-A` must not hold a line break or control character', line: 6 },
      { message: 'The fixed header `X-B` must hold only Latin-1 characters', line: 7 },
      { message: /^The fixed header `X-C` must have a string value \(quote it: `X-C: "2"`\)/, line: 8 },
      { message: /^The fixed header `X-D` must not start or end with a space/, line: 9 },
    ],
  },
  { name: 'reports `headers` that is not a mapping', files: op('  headers: [X-A]\n'), expected: [{ message: /^`headers` must be a mapping/, line: 5, column: 3 }] },
  {
    name: "reports a security scheme's header named in SKILL.md's Authentication section",
    files: { 'SKILL.md': skill('- `api_key`: an API key in the `X-API-Key` header.'), ...op('  header: [x-api-key]\n  headers:\n    X-Other: "1"\n') },
    expected: [{ message: /^`x-api-key` in `header` carries the credential of the security scheme `api_key` \(SKILL.md, Authentication\)/, file: 'a.md', line: 5, column: 12, pointer: '/operation/header/0' }],
  },
  {
    name: "passes when a scheme's credential goes in the query, not a header",
    files: { 'SKILL.md': skill('- `key`: an API key in the `X-API-Key` query parameter.'), ...op('  headers:\n    X-API-Key: "1"\n') },
    expected: [],
  },
]);

describe('headers and an edited SKILL.md', () => {
  it("reports a scheme's header once SKILL.md names it, with the operation file's results reused", () => {
    const checker = createChecker({ rules: ['headers'] });
    const files = new Map(Object.entries({ 'SKILL.md': manifest('petstore', ['a']), ...op('  headers:\n    X-API-Key: "k"\n') }));
    const before = parseSkillPackage({ folder: 'petstore', files });
    expect(checker.check(before)).toEqual([]);
    const after = updateSkillFile(before, 'SKILL.md', skill('- `api_key`: an API key in the `X-API-Key` header.'));
    expect(after.operations[0]).toBe(before.operations[0]);
    expect(checker.check(after)).toEqual([expect.objectContaining({ ruleId: 'headers', file: 'a.md', line: 6, message: expect.stringMatching(/security scheme `api_key`/) })]);
  });
});
