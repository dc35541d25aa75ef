import { md, schemaFile, testRule } from './test-helpers';

const props = { id: { type: 'string' }, filter: { type: 'object' }, tags: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' }, metadata: { type: 'object' }, 'X-Meta': { type: 'string' } };
const file = (head: string, tail: string) => ({ 'a.md': schemaFile(`  method: POST\n  url: https://p.example/pets/{id}\n${head}`, { type: 'object', required: ['id'], properties: props }, tail) });
const formHead = '  content-type: application/x-www-form-urlencoded\n';

testRule('deep', [
  { name: 'passes when deep names an object query parameter and an array form field', files: file(formHead, '  query: [filter]\n  deep: [filter, tags, metadata]\n'), expected: [] },
  {
    name: 'passes when a flat-form GET names a listed query field',
    files: { 'a.md': md('operation:\n  method: GET\n  url: https://p.example/pets\n  query: [ids]\n  list: [ids]\n  deep: [ids]\n') },
    expected: [],
  },
  {
    name: 'reports a body field of a JSON body at its entry',
    files: file('', '  deep: [metadata]\n'),
    expected: [{ message: /^`metadata` is a field of a JSON body, which sends objects as they are: `deep` names query parameters and fields of an `application\/x-www-form-urlencoded` or `multipart\/form-data` body/, severity: 'error', pointer: '/operation/deep/0' }],
  },
  { name: 'passes when deep names a multipart body field, sent as bracket-named parts', files: file('  content-type: multipart/form-data\n', '  deep: [metadata]\n'), expected: [] },
  { name: 'reports a field of a JSON body of another media type', files: file('  content-type: application/merge-patch+json\n', '  deep: [metadata]\n'), expected: [{ message: /^`metadata` is a field of a `application\/merge-patch\+json` body/ }] },
  {
    name: 'reports a path parameter, a header and a name that is no argument',
    files: file(formHead, '  header: [X-Meta]\n  deep: [id, X-Meta, filtr]\n'),
    expected: [{ message: /^`id` is a path parameter/ }, { message: /^`X-Meta` is a header/ }, { message: '`filtr` in `deep` is not an argument (did you mean `filter`?)' }],
  },
  {
    name: 'reports a GET argument not in query',
    files: { 'a.md': schemaFile('  method: GET\n  url: https://p.example/pets\n', { type: 'object', properties: { filter: { type: 'object' } } }, '  deep: [filter]\n') },
    expected: [{ message: /^`filter` is not in `query`/ }],
  },
  {
    name: 'passes when a scalar is in deep, as specs that mark every form field deepObject write it',
    files: file(formHead, '  query: [filter]\n  deep: [filter, limit]\n'),
    expected: [],
  },
  {
    name: 'reports a name given twice at its second entry',
    files: file(formHead, '  query: [filter]\n  deep: [filter, limit, filter]\n'),
    // `deep:` follows the schema block on line 37; the second `filter` at column 25.
    expected: [{ message: '`filter` is named twice in `deep`', line: 37, column: 25, pointer: '/operation/deep/2' }],
  },
  {
    name: 'reports the body-argument',
    files: { 'a.md': schemaFile('  method: POST\n  url: https://p.example/x\n', { type: 'object', properties: { items: { type: 'array' } } }, '  body-argument: items\n  deep: [items]\n') },
    expected: [{ message: /^`items` is the `body-argument`, sent as JSON text/ }],
  },
]);
