import { schemaFile, testRule } from './test-helpers';

const owner = '{\n  "Owner": {"type": "object", "properties": {"pet": {"$ref": "#/types/Pet"}}},\n  "Pet": {"type": "object"}\n}\n';
const withRef = (ref: string) => schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object', properties: { owner: { $ref: ref } } });

testRule('refs', [
  { name: 'passes when every $ref names a type that exists', files: { 'types.json': owner, 'a.md': withRef('#/types/Owner') }, expected: [] },
  {
    name: 'passes when $ref appears as a property name or inside enum',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object', properties: { $ref: { type: 'string', enum: [{ $ref: 'x' }] } } }) },
    expected: [],
  },
  {
    name: 'reports a missing type at the $ref inside the schema block',
    files: { 'types.json': owner, 'a.md': withRef('#/types/Ownr') },
    // The schema JSON starts on line 6; `"$ref"` is on line 10, indented 4 + 6 spaces.
    expected: [{ message: '`#/types/Ownr` names no type in types.json', file: 'a.md', line: 10, column: 11, pointer: '/operation/schema/properties/owner/$ref' }],
  },
  { name: 'reports an OpenAPI reference when it is not #/types/Name', files: { 'types.json': owner, 'a.md': withRef('#/components/schemas/Owner') }, expected: [{ message: '`#/components/schemas/Owner` is not a reference to a shared type: references are `#/types/Name`' }] },
  { name: 'reports a reference into a type when it names a path below one', files: { 'types.json': owner, 'a.md': withRef('#/types/Owner/properties/pet') }, expected: [{ message: /is not a reference to a shared type/ }] },
  {
    // Its text names no `$ref` as such: the key is written with escapes, and read as `$ref`.
    name: 'reports a broken reference when its key is written with a \\u escape',
    files: { 'types.json': owner, 'a.md': withRef('#/types/Ownr').replace('"$ref"', '"\\u0024r\\u0065f"') },
    expected: [{ message: '`#/types/Ownr` names no type in types.json', pointer: '/operation/schema/properties/owner/$ref' }],
  },
  { name: 'reports an external file when a $ref points at one', files: { 'a.md': withRef('file:///etc/passwd') }, expected: [{ message: /`file:\/\/\/etc\/passwd` is not a reference/ }] },
  {
    name: 'reports a broken reference inside types.json at its line',
    files: { 'types.json': owner.replace('#/types/Pet"', '#/types/Pets"') },
    expected: [{ message: 'In type `Owner`: `#/types/Pets` names no type in types.json', file: 'types.json', line: 2, column: 54, pointer: '/Owner/properties/pet/$ref' }],
  },
]);
