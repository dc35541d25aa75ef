import { md, schemaFile, testRule } from './test-helpers';

const typesText = '{\n  "Address": {"type": "object"},\n  "Owner": {"type": "object", "properties": {"address": {"$ref": "#/types/Address"}}},\n  "Tag": {"type": "string"}\n}\n';
const usesOwner = schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object', properties: { owner: { $ref: '#/types/Owner' } } });

testRule('types-unused', [
  {
    name: 'passes when every type is reached directly or through another type',
    files: { 'types.json': typesText.replace('"Tag": {"type": "string"}', '"Tag": {"type": "string"}').replace('"address": {"$ref": "#/types/Address"}', '"address": {"$ref": "#/types/Address"}, "tag": {"$ref": "#/types/Tag"}'), 'create_pet.md': usesOwner },
    expected: [],
  },
  {
    name: 'reports a type at its name when no operation reaches it',
    files: { 'types.json': typesText, 'create_pet.md': usesOwner },
    expected: [{ message: 'The type `Tag` is used by no operation', file: 'types.json', line: 4, column: 3, severity: 'warning', pointer: '/Tag' }],
  },
  {
    name: 'reports every type when only flat-form and prose-only files exist',
    files: { 'types.json': '{"A": {"type": "string"}}', 'a.md': md('operation:\n  method: POST\n  url: https://p.example/a\n  body: [x]\n'), 'b.md': 'Prose.\n' },
    expected: [{ message: 'The type `A` is used by no operation' }],
  },
  {
    name: 'reports a self-referring type when nothing outside it uses it',
    files: { 'types.json': '{"Node": {"type": "object", "properties": {"next": {"$ref": "#/types/Node"}}}}' },
    expected: [{ message: 'The type `Node` is used by no operation' }],
  },
  {
    name: 'does not count a $ref inside examples as a use',
    files: { 'types.json': '{"A": {"type": "string"}}', 'a.md': schemaFile('  method: POST\n  url: https://p.example/a\n', { type: 'object', properties: { x: { type: 'object', examples: [{ $ref: '#/types/A' }] } } }) },
    expected: [{ message: 'The type `A` is used by no operation' }],
  },
]);
