import { md, schemaFile, testRule } from './test-helpers';

const types = '{"PetId": {"type": "integer"}, "Pet": {"type": "object"}, "Alias": {"$ref": "#/types/PetId"}}';
const file = (url: string, schema: Record<string, unknown>, tail = '') => ({ 'types.json': types, 'a.md': schemaFile(`  method: GET\n  url: ${url}\n`, { type: 'object', ...schema }, tail) });

testRule('path-parameters', [
  { name: 'passes when each path name is a required scalar property', files: file('https://p.example/pets/{petId}/toys/{n}', { required: ['petId', 'n'], properties: { petId: { type: 'string' }, n: { type: 'integer' } } }), expected: [] },
  { name: 'passes when a path property is a $ref to a scalar type, through an alias', files: file('https://p.example/pets/{petId}', { required: ['petId'], properties: { petId: { $ref: '#/types/Alias' } } }), expected: [] },
  { name: 'passes when a path property is an enum of strings', files: file('https://p.example/{kind}', { required: ['kind'], properties: { kind: { enum: ['cat', 'dog'] } } }), expected: [] },
  { name: 'passes when parameters share segments with literal text', files: file('https://p.example/reports/{year}-{month}/{Sid}.json', { required: ['year', 'month', 'Sid'], properties: { year: { type: 'integer' }, month: { type: 'integer' }, Sid: { type: 'string' } } }), expected: [] },
  {
    name: 'reports a parameter inside a segment that is not a property',
    files: file('https://p.example/Calls/{Sid}.json', { properties: {} }),
    expected: [{ message: /^`\{Sid\}` in the URL is not an argument/ }],
  },
  {
    name: 'reports the URL when a path name is not a property',
    files: file('https://p.example/pets/{petId}', { properties: { id: { type: 'string' } } }),
    expected: [{ message: '`{petId}` in the URL is not an argument of the schema (add `"petId"` to `properties` and `required`)', line: 4, column: 3, pointer: '/operation/url' }],
  },
  {
    name: 'reports `required` at its key when the path name is left out of it',
    files: file('https://p.example/pets/{petId}', { required: ['other'], properties: { petId: { type: 'string' }, other: { type: 'string' } } }),
    // `"required"` is the schema's second key: line 8 (JSON from line 6), column 7.
    expected: [{ message: 'The path parameter `petId` must be in `required`', line: 8, column: 7, pointer: '/operation/schema/required' }],
  },
  { name: 'reports the property when there is no `required` at all', files: file('https://p.example/pets/{petId}', { properties: { petId: { type: 'string' } } }), expected: [{ message: 'The path parameter `petId` must be in `required`', pointer: '/operation/schema/properties/petId' }] },
  {
    name: 'reports the property when it is an object type through a $ref',
    files: file('https://p.example/pets/{pet}', { required: ['pet'], properties: { pet: { $ref: '#/types/Pet' } } }),
    expected: [{ message: 'The path parameter `pet` must be of a scalar type (string, integer, number or boolean)', pointer: '/operation/schema/properties/pet' }],
  },
  { name: 'reports a nullable path parameter when its type admits null', files: file('https://p.example/{id}', { required: ['id'], properties: { id: { type: ['string', 'null'] } } }), expected: [{ message: /must be of a scalar type/ }] },
  { name: 'reports an array path parameter', files: file('https://p.example/{ids}', { required: ['ids'], properties: { ids: { type: 'array', items: { type: 'string' } } } }), expected: [{ message: /`ids` must be of a scalar type/ }] },
  { name: 'stays quiet about the type when the $ref is broken (refs reports it)', files: file('https://p.example/{id}', { required: ['id'], properties: { id: { $ref: '#/types/Nope' } } }), expected: [] },
  {
    name: 'reports `query` at the entry when a path name is also a query parameter',
    files: file('https://p.example/pets/{petId}', { required: ['petId'], properties: { petId: { type: 'string' } } }, '  query: [petId]\n'),
    expected: [{ message: '`petId` is a path parameter (`{petId}` in the URL) and must not also be in `query`', pointer: '/operation/query/0' }],
  },
  { name: 'leaves the flat form to name-once when a path name is also in body', files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/pets/{id}\n  body: [id]\n') }, expected: [] },
]);
