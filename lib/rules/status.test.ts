import { getFile, md, returnsBlock, testRule } from './test-helpers';

testRule('status', [
  { name: 'passes when a 201 has returns', files: { 'a.md': md(`operation:\n  method: POST\n  url: https://p.example/pets\n  status: 201\n${returnsBlock({ type: 'object' })}`) }, expected: [] },
  { name: 'reports a status that is not a 2xx', files: { 'a.md': getFile('  status: 404\n') }, expected: [{ message: '`status` must be a success status, an integer from 200 to 299, not 404', severity: 'error', line: 5, column: 3 }] },
  { name: 'reports a status written as text', files: { 'a.md': getFile('  status: "200"\n') }, expected: [{ message: /not "200"$/ }] },
  {
    name: 'reports a 204 with returns at returns',
    files: { 'a.md': md(`operation:\n  method: DELETE\n  url: https://p.example/pets\n  status: 204\n${returnsBlock({ type: 'object' })}`) },
    expected: [{ message: /^`status: 204` sends no body/, line: 6, column: 3, pointer: '/operation/returns' }],
  },
]);
