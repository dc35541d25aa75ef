import { md, schemaFile, testRule } from './test-helpers';

const post = (contentType: string, extra = '') => ({ 'a.md': md(`operation:\n  method: POST\n  url: https://p.example/pets\n  content-type: ${contentType}\n  body: [name]\n${extra}`) });
const form = (properties: Record<string, unknown>, tail = '', types?: string) => ({
  ...(types ? { 'types.json': types } : {}),
  'a.md': schemaFile('  method: POST\n  url: https://p.example/charges\n  content-type: application/x-www-form-urlencoded\n', { type: 'object', properties }, tail),
});

testRule('content-type', [
  { name: 'passes when a POST declares application/json', files: post('application/json'), expected: [] },
  { name: 'passes when a PATCH declares a +json type with a charset', files: { 'a.md': md('operation:\n  method: PATCH\n  url: https://p.example/pets\n  content-type: "application/merge-patch+json; charset=utf-8"\n  body: [name]\n') }, expected: [] },
  { name: 'passes when a POST declares json-patch', files: post('application/json-patch+json'), expected: [] },
  { name: 'passes when a POST declares form encoding', files: post('application/x-www-form-urlencoded'), expected: [] },
  { name: 'passes when a POST declares multipart', files: post('multipart/form-data'), expected: [] },
  {
    name: 'reports a media type the call cannot send at the key',
    files: post('application/xml'),
    expected: [{ message: /^`application\/xml` is not a body the call can send: use `application\/json`/, severity: 'error', line: 5, column: 3, pointer: '/operation/content-type' }],
  },
  { name: 'reports text that is not a media type', files: post('json'), expected: [{ message: /^`json` is not a media type/, line: 5, column: 3 }] },
  { name: 'reports a value that is not a string', files: post('[application/json]'), expected: [{ message: /^`content-type` must be a media type/, line: 5, column: 3 }] },
  {
    name: 'reports a content type on a GET',
    files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/pets\n  content-type: application/json\n  query: [q]\n') },
    expected: [{ message: '`GET` has no body, so it has no `content-type`: remove it', line: 5, column: 3 }],
  },
  {
    name: 'reports a HEAD with a content type',
    files: { 'a.md': md('operation:\n  method: HEAD\n  url: https://p.example/pets\n  content-type: multipart/form-data\n') },
    expected: [{ message: /^`HEAD` has no body/ }],
  },
  { name: 'reports a multipart boundary given by hand', files: post('"multipart/form-data; boundary=abc"'), expected: [{ message: /derives the multipart boundary/, line: 5 }] },
  {
    name: 'reports a form type with body-argument',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n  content-type: application/x-www-form-urlencoded\n', { type: 'object', properties: { items: { type: 'array' } } }, '  body-argument: items\n') },
    expected: [{ message: /^With `body-argument` the whole body is one JSON value/, line: 5, column: 3 }],
  },
  {
    name: 'passes when a form body has scalars, lists of scalars and a deep object',
    files: form({ amount: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, metadata: { type: 'object' }, on: { enum: [true, false] } }, '  deep: [metadata]\n'),
    expected: [],
  },
  {
    name: 'reports an object form field that is not in deep, at its property',
    files: form({ amount: { type: 'integer' }, metadata: { type: 'object', additionalProperties: { type: 'string' } } }),
    // The schema block starts on line 7; `"metadata"` is on line 13, column 7 inside the block's indent.
    expected: [{ message: /^The form field `metadata` may be an object or a list of objects, which form encoding cannot send: name it in `deep`/, line: 13, column: 9, pointer: '/operation/schema/properties/metadata' }],
  },
  {
    name: 'reports a union that admits an object, and a list of objects through a shared type',
    files: form({ metadata: { anyOf: [{ type: 'object' }, { type: 'string', enum: [''] }] }, lines: { $ref: '#/types/Lines' } }, '', '{"Lines": {"type": "array", "items": {"$ref": "#/types/Line"}}, "Line": {"type": "object"}}'),
    expected: [{ message: /`metadata` may be an object/ }, { message: /`lines` may be an object/ }],
  },
  {
    name: 'passes when a form field is untyped (the call checks its value)',
    files: form({ anything: { description: 'Any value.' } }),
    expected: [],
  },
  {
    name: 'passes when a multipart body has object fields (sent as JSON parts)',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/files\n  content-type: multipart/form-data\n', { type: 'object', properties: { meta: { type: 'object' } } }) },
    expected: [],
  },
  {
    name: 'passes when an object argument is a query parameter of a form operation',
    files: form({ filter: { type: 'object' }, name: { type: 'string' } }, '  query: [filter]\n  deep: [filter]\n'),
    expected: [],
  },
  {
    name: 'reports a free-form form body whose other fields may be objects',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/x\n  content-type: application/x-www-form-urlencoded\n', { type: 'object', properties: {}, additionalProperties: { type: 'object' } }) },
    expected: [{ message: /^A form-encoded body's other fields may be objects/, pointer: '/operation/schema/additionalProperties' }],
  },
]);
