import { describe, expect, it } from 'vitest';
import { jsonReasonAt } from './schema-json';
import { md, schemaFile, testRule } from './test-helpers';

const head = 'operation:\n  method: POST\n  url: https://p.example/pets\n';

testRule('schema-json', [
  { name: 'passes when the schema is an object with properties', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object', properties: {} }) }, expected: [] },
  { name: 'passes when the file is in flat form', files: { 'a.md': md(`${head}  body: [a]\n`) }, expected: [] },
  {
    name: 'reports a JSON syntax error at its line and column in the file',
    // Line 8 is `      "properties": {"name": {"type": "string"},}`: the stray `}` is column 45 of the JSON, 49 of the file.
    files: { 'a.md': md(`${head}  schema: |\n    {\n      "type": "object",\n      "properties": {"name": {"type": "string"},}\n    }\n`) },
    expected: [{ message: /^The schema is not JSON: [^\d]*, at line 8, column 49$/, line: 8, column: 49, pointer: '/operation/schema' }],
  },
  { name: 'reports the end of the text when the JSON stops early', files: { 'a.md': md(`${head}  schema: |\n    {"type": "object",\n`) }, expected: [{ message: /^The schema is not JSON: /, line: 6, column: 23 }] },
  { name: 'reports a YAML mapping when the schema is not JSON text', files: { 'a.md': md(`${head}  schema:\n    type: object\n`) }, expected: [{ message: /^`schema` must be JSON text in a block scalar/, line: 5, column: 3 }] },
  { name: 'reports a root that is a list', files: { 'a.md': md(`${head}  schema: |\n    [1]\n`) }, expected: [{ message: 'The schema must be a JSON object: `{"type": "object", "properties": {…}}`' }] },
  { name: 'reports the root type at its key when it is not object', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'array', properties: {} }) }, expected: [{ message: 'The schema\'s root `type` must be `"object"`, not "array"', line: 7, column: 7, pointer: '/operation/schema/type' }] },
  { name: 'reports a missing root type', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { properties: {} }) }, expected: [{ message: 'The schema\'s root needs `"type": "object"`', line: 6, column: 5 }] },
  { name: 'reports missing properties when the root has none', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object' }) }, expected: [{ message: /^The schema's root needs `properties`/ }] },
  {
    name: 'reports a required name that is not an argument at its place in the list, with the name it may mean',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object', required: ['name', 'nme', 7], properties: { name: { type: 'string' } } }) },
    expected: [
      { message: '`nme` is required but is not one of the `properties`, so no call could give it (did you mean `name`?)', pointer: '/operation/schema/required/1' },
      { message: '`required` must list argument names (strings)', pointer: '/operation/schema/required/2' },
    ],
  },
  { name: 'reports a required that is not a list', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object', required: 'name', properties: { name: { type: 'string' } } }) }, expected: [{ message: '`required` must be a list of argument names' }] },
  { name: 'reports properties when it is a list', files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object', properties: ['a'] }) }, expected: [{ message: '`properties` must be an object of argument name to schema', line: 8 }] },
]);

describe('jsonReasonAt', () => {
  it('gives the place in the file, not the parser\'s count inside the block', () => {
    const at = { line: 9, column: 7 };
    expect(jsonReasonAt('Expected \',\' or \'}\' after property value in JSON at position 52 (line 4 column 3)', at)).toBe("Expected ',' or '}' after property value, at line 9, column 7");
    expect(jsonReasonAt('Expected \',\' or \'}\' after property value in JSON at position 52', at)).toBe("Expected ',' or '}' after property value, at line 9, column 7");
    expect(jsonReasonAt('Unexpected end of JSON input', at)).toBe('Unexpected end of JSON input, at line 9, column 7');
  });
});
