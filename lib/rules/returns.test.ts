import { getFile, returnsBlock, testRule } from './test-helpers';

const types = JSON.stringify({ Pet: { type: 'object', properties: { id: { type: 'string' } } } });

testRule('returns', [
  { name: 'passes when returns is a list of a shared type', files: { 'a.md': getFile(returnsBlock({ type: 'array', items: { $ref: '#/types/Pet' } })), 'types.json': types }, expected: [] },
  { name: 'passes when returns is a string', files: { 'a.md': getFile(returnsBlock({ type: 'string' })) }, expected: [] },
  { name: 'reports returns written as a YAML value', files: { 'a.md': getFile('  returns: {type: object}\n') }, expected: [{ message: /^`returns` must be JSON text in a block scalar/, line: 5, column: 3 }] },
  { name: 'reports JSON that does not parse', files: { 'a.md': getFile('  returns: |\n    {"type": }\n') }, expected: [{ message: /^`returns` is not JSON/, line: 6 }] },
  {
    name: 'reports a keyword no validator checks at its line and column',
    files: { 'a.md': getFile(returnsBlock({ type: 'object', properties: { id: { type: 'string', nullable: true } } })) },
    expected: [{ message: /^`nullable` is not a keyword/, line: 11, column: 11, pointer: '/operation/returns/properties/id/nullable' }],
  },
  { name: 'reports a reference to a missing type', files: { 'a.md': getFile(returnsBlock({ $ref: '#/types/Gone' })) }, expected: [{ message: '`#/types/Gone` names no type in types.json', pointer: '/operation/returns/$ref' }] },
]);
