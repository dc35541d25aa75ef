import { schemaFile, testRule } from './test-helpers';

const file = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  'a.md': schemaFile('  method: POST\n  url: https://p.example/pets\n', { type: 'object', properties, ...extra }),
});

testRule('schema-checkable', [
  {
    name: 'passes when the schema uses validation keywords and annotations only',
    files: file(
      {
        name: { type: 'string', minLength: 1, pattern: '^\\p{L}+$', description: 'Name.', examples: ['Rex'], format: 'x-anything' },
        tags: { type: 'array', items: { type: ['string', 'null'] }, uniqueItems: true, maxItems: 5 },
        kind: { enum: ['cat', 'dog'], default: 'cat', deprecated: true },
        extra: { type: 'object', additionalProperties: false, patternProperties: { '^x-': { type: 'string' } } },
        either: { oneOf: [{ type: 'integer' }, { $ref: '#/types/Any' }] },
      },
      { required: ['name'], $schema: 'https://json-schema.org/draft/2020-12/schema' },
    ),
    expected: [],
  },
  {
    name: 'reports OpenAPI nullable at its key with what to write instead',
    files: file({ tag: { type: 'string', nullable: true } }),
    // `"nullable"` is on line 11 (schema JSON from line 6), indented 4 + 6 spaces.
    expected: [{ message: '`nullable` is not a keyword a JSON Schema 2020-12 validator checks: add "null" to `type` (`"type": ["string", "null"]`)', line: 11, column: 11, pointer: '/operation/schema/properties/tag/nullable' }],
  },
  { name: 'reports a misspelt keyword with a suggestion', files: file({ n: { type: 'integer', maximun: 3 } }), expected: [{ message: '`maximun` is not a keyword a JSON Schema 2020-12 validator checks (did you mean `maximum`?)' }] },
  { name: 'reports an x- extension', files: file({ n: { type: 'integer', 'x-order': 3 } }), expected: [{ message: /`x-order` is not a keyword .*: extensions are not allowed/ }] },
  { name: 'reports OpenAPI example and points to examples', files: file({ n: { type: 'integer', example: 3 } }), expected: [{ message: /`example` is not a keyword .*: use `examples`, a list/ }] },
  { name: 'reports an unknown type name with a suggestion', files: file({ n: { type: 'strin' } }), expected: [{ message: '`strin` is not a JSON Schema type (did you mean `string`?)', pointer: '/operation/schema/properties/n/type' }] },
  { name: 'reports a pattern that does not compile with the u flag', files: file({ n: { type: 'string', pattern: '\\w+\\' } }), expected: [{ message: /^The `pattern` `\\w\+\\` is not a regular expression a validator can compile/ }] },
  { name: 'reports a patternProperties key that does not compile', files: file({ n: { type: 'object', patternProperties: { '(': {} } } }), expected: [{ message: /^`\(` in `patternProperties` is not a regular expression/ }] },
  { name: 'reports a meta-schema violation at its key when minLength is negative', files: file({ n: { type: 'string', minLength: -1 } }), expected: [{ message: '`minLength` must be >= 0', pointer: '/operation/schema/properties/n/minLength' }] },
  { name: 'reports required when it is not a list', files: file({ n: { type: 'string' } }, { required: 'n' }), expected: [{ message: '`required` must be a list' }] },
  { name: 'reports a draft-04 tuple when items is a list', files: file({ n: { type: 'array', items: [{ type: 'string' }] } }), expected: [{ message: '`items` must be a schema (an object, true or false)' }] },
  { name: 'reports another draft when $schema names one', files: file({}, { $schema: 'http://json-schema.org/draft-07/schema#' }), expected: [{ message: /^`\$schema` is `http:\/\/json-schema.org\/draft-07\/schema#`: a skill schema is JSON Schema 2020-12/ }] },
  { name: 'reports $id because references are #/types/Name only', files: file({ n: { $id: 'x', type: 'string' } }), expected: [{ message: /`\$id` is not a keyword .*: references are `#\/types\/Name` only/ }] },
  {
    name: 'reports a schema nested too deep without overflowing the stack',
    files: (() => {
      let s: Record<string, unknown> = { type: 'string' };
      for (let i = 0; i < 300; i++) s = { type: 'array', items: s };
      return { 'a.md': `---\noperation:\n  method: POST\n  url: https://p.example/a\n  schema: ${JSON.stringify(JSON.stringify({ type: 'object', properties: { deep: s } }))}\n---\nDeep.\n` };
    })(),
    expected: [{ message: 'The schema nests deeper than 200 levels' }],
  },
]);

// BAD-INPUT 22: a pattern no linear-time matcher runs is named in a warning; a catastrophic one
// that RE2 runs is no problem at all, since it is matched in linear time.
testRule('schema-checkable', [
  {
    name: 'warns, naming the pattern, when a pattern uses a lookahead',
    files: file({ password: { type: 'string', pattern: '^(?=.*\\d).{8,}$' } }),
    expected: [
      {
        severity: 'warning',
        message: 'The `pattern` `^(?=.*\\d).{8,}$` uses a lookahead (`(?=` or `(?!`), which cannot be matched in linear time: calls are not checked against it, only the model follows it',
        pointer: '/operation/schema/properties/password/pattern',
      },
    ],
  },
  {
    name: 'warns when a patternProperties key uses a backreference, and when a propertyNames pattern uses a lookbehind',
    files: file({ map: { type: 'object', patternProperties: { '^(a)\\1$': {} }, propertyNames: { pattern: '(?<!x)y' } } }),
    expected: [
      { severity: 'warning', message: /^`\^\(a\)\\1\$` in `patternProperties` uses a backreference/, pointer: '/operation/schema/properties/map/patternProperties/^(a)\\1$' },
      { severity: 'warning', message: /^The `pattern` `\(\?<!x\)y` uses a lookbehind/, pointer: '/operation/schema/properties/map/propertyNames/pattern' },
    ],
  },
  { name: 'warns when a pattern repeats more than 1,000 times', files: file({ n: { type: 'string', pattern: '^a{2000}$' } }), expected: [{ severity: 'warning', message: /repeats more than a linear-time matcher allows/ }] },
  {
    name: 'passes when a pattern is catastrophic for a backtracking engine but linear for RE2',
    files: file({ code: { type: 'string', pattern: '^(a+)+$', default: `${'a'.repeat(48)}!` }, map: { type: 'object', patternProperties: { '^(a|aa)*$': {} }, propertyNames: { pattern: '^(a+)+$' } } }),
    expected: [],
  },
]);

testRule('schema-checkable', [
  { name: 'counts list items from 1 when an item of `required` is not a string', files: file({}, { required: ['a', 1] }), expected: [{ message: 'Item 2 of `required` must be a string', pointer: '/operation/schema/required/1' }] },
  { name: 'leaves a $ref that is not a string to refs', files: file({ a: { $ref: 5 } }), expected: [] },
]);
