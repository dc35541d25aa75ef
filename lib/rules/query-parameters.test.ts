import { schemaFile, testRule } from './test-helpers';

const types = '{"Tags": {"type": "array", "items": {"type": "string"}}, "Filter": {"type": "object"}}';
const file = (properties: Record<string, unknown>, query: string) => ({ 'types.json': types, 'a.md': schemaFile('  method: GET\n  url: https://p.example/pets\n', { type: 'object', properties }, `  query: ${query}\n`) });

testRule('query-parameters', [
  {
    name: 'passes when each query name is a scalar or an array of scalars',
    files: file({ limit: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, more: { $ref: '#/types/Tags' }, q: { type: ['string', 'null'] }, on: { type: 'boolean' } }, '[limit, tags, more, q, on]'),
    expected: [],
  },
  {
    name: 'reports the query entry when the name is not a property',
    files: file({ limit: { type: 'integer' } }, '[limit, offset]'),
    // `query:` follows the schema block, on line 14; `offset` is its second item at column 18.
    expected: [{ message: '`offset` in `query` is not an argument of the schema', line: 14, column: 18, pointer: '/operation/query/1' }],
  },
  { name: 'reports an object at its property when a query parameter is one', files: file({ filter: { $ref: '#/types/Filter' } }, '[filter]'), expected: [{ message: 'The query parameter `filter` must be a scalar (string, integer, number, boolean) or an array of scalars', pointer: '/operation/schema/properties/filter' }] },
  { name: 'reports an array of objects', files: file({ rows: { type: 'array', items: { type: 'object' } } }, '[rows]'), expected: [{ message: /`rows` must be a scalar .* or an array of scalars/ }] },
  { name: 'reports a name given twice in `query`', files: file({ limit: { type: 'integer' } }, '[limit, limit]'), expected: [{ message: '`limit` is named twice in `query`', pointer: '/operation/query/1' }] },
  {
    name: 'passes when an object query parameter is named in `deep`',
    files: { 'a.md': schemaFile('  method: GET\n  url: https://p.example/x\n  query: [filter]\n  deep: [filter]\n', { type: 'object', properties: { filter: { type: 'object' } } }) },
    expected: [],
  },
]);
