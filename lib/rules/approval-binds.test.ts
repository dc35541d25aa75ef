import { md, schemaFile, testRule } from './test-helpers';

const schema = { type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' } } };
const file = (binds: string) => ({ 'a.md': schemaFile('  method: POST\n  url: https://api.example/charges\n', schema, `approval:\n  matches: POST /charges\n  binds: ${binds}\n`) });

testRule('approval-binds', [
  { name: 'passes when binds names schema arguments', files: file('[amount, currency]'), expected: [] },
  { name: 'passes when binds names a flat-form field or a path parameter', files: { 'a.md': md('operation:\n  method: POST\n  url: https://api.example/accounts/{acct}/charges\n  body: [amount]\napproval:\n  matches: POST /accounts/*/charges\n  binds: [acct, amount]\n') }, expected: [] },
  { name: 'leaves a prose-only file alone when there are no declared arguments', files: { 'a.md': md('approval:\n  matches: POST /charges\n  binds: [amount]\n', 'Charge.\n') }, expected: [] },
  {
    name: 'reports an entry at its position with a suggestion when it is misspelt',
    files: file('[amount, curency]'),
    // `binds:` is line 19 (schema JSON 6–16, `approval:` 17, `matches:` 18).
    expected: [{ message: '`curency` in `binds` is not an argument of the operation (did you mean `currency`?)', line: 19, column: 19, pointer: '/approval/binds/1' }],
  },
  { name: 'reports a name that is no argument at all', files: file('[customer]'), expected: [{ message: '`customer` in `binds` is not an argument of the operation' }] },
  {
    name: 'passes when a flat-form file binds a header argument',
    files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/charges\n  header: [X-Account]\n  body: [amount]\napproval:\n  matches: POST /charges\n  binds: [amount, X-Account]\n') },
    expected: [],
  },
  {
    name: 'reports a fixed header, which is not an argument',
    files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/charges\n  headers:\n    X-Version: "2"\n  body: [amount]\napproval:\n  matches: POST /charges\n  binds: [X-Version]\n') },
    expected: [{ message: '`X-Version` in `binds` is not an argument of the operation', pointer: '/approval/binds/0' }],
  },
]);
