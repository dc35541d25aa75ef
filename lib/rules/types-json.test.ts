import { testRule } from './test-helpers';

const types = (text: string) => ({ 'types.json': text });

testRule('types-json', [
  { name: 'passes when every type is a valid schema with a valid name', files: types('{\n  "Owner": {"type": "object", "properties": {"name": {"type": "string"}}},\n  "Pet.Kind-2_x": {"enum": ["cat", "dog"]},\n  "Any": true\n}\n'), expected: [] },
  {
    name: 'warns, naming the pattern, when a type\'s pattern uses a lookahead (BAD-INPUT 22)',
    files: types('{\n  "Secret": {"type": "string", "pattern": "^(?!admin)"}\n}\n'),
    expected: [{ severity: 'warning', message: 'In type `Secret`: The `pattern` `^(?!admin)` uses a lookahead (`(?=` or `(?!`), which cannot be matched in linear time: calls are not checked against it, only the model follows it', pointer: '/Secret/pattern' }],
  },
  { name: 'passes when there is no types.json', files: { 'a.md': 'A.\n' }, expected: [] },
  { name: 'reports a JSON syntax error at its line when the text is not JSON', files: types('{\n  "Owner": {"type": "object"},\n}\n'), expected: [{ message: /^types.json is not JSON/, file: 'types.json', line: 3, column: 1 }] },
  { name: 'reports the root when types.json is a list', files: types('[{"type": "object"}]\n'), expected: [{ message: 'types.json must be a JSON object of type name to schema', line: 1 }] },
  { name: 'reports the name when it has a space', files: types('{\n  "Pet Owner": {"type": "object"}\n}\n'), expected: [{ message: 'The type name `Pet Owner` may hold only A-Z, a-z, 0-9, _, . and -', line: 2, column: 3, pointer: '/Pet Owner' }] },
  { name: 'reports the value when a type is a string', files: types('{\n  "Owner": "object"\n}\n'), expected: [{ message: 'The type `Owner` must be a JSON Schema (an object, true or false)', line: 2, column: 3 }] },
  {
    name: 'reports an invalid schema at its key when a keyword has the wrong value',
    files: types('{\n  "Owner": {\n    "type": "object",\n    "properties": {"name": {"type": "string", "minLength": -1}}\n  }\n}\n'),
    expected: [{ message: 'In type `Owner`: `minLength` must be >= 0', line: 4, column: 47, pointer: '/Owner/properties/name/minLength' }],
  },
  {
    name: 'reports a keyword no validator checks when a type uses OpenAPI nullable',
    files: types('{\n  "Owner": {"type": "string", "nullable": true}\n}\n'),
    expected: [{ message: 'In type `Owner`: `nullable` is not a keyword a JSON Schema 2020-12 validator checks: add "null" to `type` (`"type": ["string", "null"]`)', line: 2, column: 31 }],
  },
]);
