import { getFile, testRule } from './test-helpers';

testRule('budget', [
  { name: 'passes when bytes and seconds are positive integers', files: { 'a.md': getFile('  budget: {bytes: 65536, seconds: 10}\n') }, expected: [] },
  { name: 'reports a budget that is not a mapping', files: { 'a.md': getFile('  budget: 10\n') }, expected: [{ message: '`budget` must be a mapping: `{bytes: N, seconds: N}`', line: 5, column: 3 }] },
  {
    name: 'reports zero, a fraction and an unknown key, each at its key',
    files: { 'a.md': getFile('  budget:\n    bytes: 0\n    seconds: 1.5\n    byte: 3\n') },
    expected: [
      { message: '`budget.bytes` must be a positive integer, not 0', line: 6, column: 5 },
      { message: '`budget.seconds` must be a positive integer, not 1.5', line: 7, column: 5 },
      { message: '`byte` is not a budget: a budget has `bytes` and `seconds` (did you mean `bytes`?)', line: 8, column: 5 },
    ],
  },
]);
