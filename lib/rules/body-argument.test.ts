import { md, schemaFile, testRule } from './test-helpers';

const body = (properties: Record<string, unknown>, tail: string, head = '') =>
  ({ 'a.md': schemaFile(`  method: POST\n  url: https://p.example/lists/{id}/items\n${head}`, { type: 'object', required: ['id'], properties: { id: { type: 'string' }, ...properties } }, tail) });

testRule('body-argument', [
  {
    name: 'passes when the body argument is the only body field beside path, query and header arguments',
    files: body({ items: { type: 'array', items: { type: 'string' } }, dry: { type: 'boolean' }, 'X-Trace': { type: 'string' } }, '  body-argument: items\n  query: [dry]\n  header: [X-Trace]\n'),
    expected: [],
  },
  {
    name: 'passes in the flat form when the one body field is the body argument',
    files: { 'a.md': md('operation:\n  method: PUT\n  url: https://p.example/tags\n  body: [tags]\n  list: [tags]\n  body-argument: tags\n') },
    expected: [],
  },
  {
    name: 'reports another body field at its property',
    files: body({ items: { type: 'array' }, note: { type: 'string' } }, '  body-argument: items\n'),
    expected: [{ message: '`note` would be a body field, but the body is `items` (`body-argument`): make `note` a path, query or header argument, or remove it', severity: 'error', pointer: '/operation/schema/properties/note' }],
  },
  {
    name: 'reports another body field of the flat form at its entry',
    files: { 'a.md': md('operation:\n  method: PUT\n  url: https://p.example/tags\n  body: [tags, note]\n  body-argument: tags\n') },
    expected: [{ message: /^`note` would be a body field/, line: 5, column: 16, pointer: '/operation/body/1' }],
  },
  {
    name: 'reports a name that is not an argument at the key, with a suggestion',
    files: body({ items: { type: 'array' } }, '  body-argument: item\n'),
    // `body-argument:` follows the schema block, on line 20.
    expected: [{ message: '`item` in `body-argument` is not an argument (did you mean `items`?)', line: 20, column: 3, pointer: '/operation/body-argument' }],
  },
  { name: 'reports a list of names', files: body({ a: {}, b: {} }, '  body-argument: [a, b]\n'), expected: [{ message: /^`body-argument` names one argument.*, not a list$/ }] },
  { name: 'reports a path parameter', files: body({}, '  body-argument: id\n'), expected: [{ message: '`id` is a path parameter, so it cannot be the body' }] },
  { name: 'reports a query parameter', files: body({ q: { type: 'string' } }, '  query: [q]\n  body-argument: q\n'), expected: [{ message: '`q` is in `query`, so it cannot be the body' }] },
  {
    name: 'reports a root additionalProperties beside the body argument',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/x\n', { type: 'object', properties: { items: {} }, additionalProperties: true }, '  body-argument: items\n') },
    expected: [{ message: /^A root `additionalProperties` sends other arguments as body fields/, pointer: '/operation/schema/additionalProperties' }],
  },
]);
