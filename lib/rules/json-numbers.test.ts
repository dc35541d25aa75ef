import { md, testRule } from './test-helpers';

/** An operation file whose schema is this JSON text, written by hand (so it can say 1e400). */
const file = (json: string) => ({ 'a.md': md(`operation:\n  method: POST\n  url: https://p.example/pets\n  schema: |\n${json.split('\n').map((l) => `    ${l}`).join('\n')}\n`) });
const types = (text: string) => ({ 'types.json': text });

// BAD-INPUT 30: `maximum: 1e400` passed validate and published as `"maximum": null`.
testRule('json-numbers', [
  { name: 'passes when every number is finite, the largest double included', files: file('{"type": "object", "properties": {"n": {"type": "number", "maximum": 1.7976931348623157e308, "minimum": -1e308}}}'), expected: [] },
  {
    name: 'reports `maximum: 1e400` at its key, naming what it would publish',
    files: file('{\n  "type": "object",\n  "properties": {\n    "n": {"type": "number", "maximum": 1e400}\n  }\n}'),
    expected: [
      {
        severity: 'error',
        message: '`maximum` is a number JSON cannot hold (beyond ±1.8e308): it reads as Infinity and would be published as `null`; write a smaller number',
        pointer: '/operation/schema/properties/n/maximum',
        line: 9,
        column: 33,
      },
    ],
  },
  {
    name: 'reports numbers in data as well as in keywords, each in its place',
    files: file('{"type": "object", "properties": {"n": {"enum": [1, -1e999], "default": 2e308, "exclusiveMinimum": -9e999}}}'),
    expected: [
      { message: /^Item 2 of `enum` is a number JSON cannot hold/, pointer: '/operation/schema/properties/n/enum/1' },
      { message: /^`default` is a number JSON cannot hold/, pointer: '/operation/schema/properties/n/default' },
      { message: /^`exclusiveMinimum` is a number JSON cannot hold/, pointer: '/operation/schema/properties/n/exclusiveMinimum' },
    ],
  },
  {
    name: 'reports a type in types.json whose bound is 1e400',
    files: types('{\n  "Amount": {"type": "number", "maximum": 1e400}\n}\n'),
    expected: [{ file: 'types.json', message: /^`maximum` is a number JSON cannot hold/, pointer: '/Amount/maximum', line: 2, column: 32 }],
  },
  { name: 'passes when the schema is not JSON (schema-json reports that)', files: file('{"maximum": 1e400'), expected: [] },
]);
