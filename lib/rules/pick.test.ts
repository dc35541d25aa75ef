import { getFile, returnsBlock, testRule } from './test-helpers';

const listing = { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/types/Pet' } }, has_more: { type: 'boolean' } } };
const types = JSON.stringify({ Pet: { type: 'object', properties: { id: { type: 'string' }, owner: { type: 'object', properties: { email: { type: 'string' } } } } } });

testRule('pick', [
  {
    name: 'passes when paths reach into lists and nested objects through types',
    files: { 'a.md': getFile(`${returnsBlock(listing)}  pick: [has_more, 'data[].id', 'data[].owner.email']\n`), 'types.json': types },
    expected: [],
  },
  { name: 'passes when a list response is picked with a leading []', files: { 'a.md': getFile(`${returnsBlock({ type: 'array', items: { $ref: '#/types/Pet' } })}  pick: ['[].id']\n`), 'types.json': types }, expected: [] },
  {
    name: 'reports a misspelt field with a suggestion at its item',
    files: { 'a.md': getFile(`${returnsBlock(listing)}  pick: [has_more, 'data[].owner.emial']\n`), 'types.json': types },
    expected: [{ message: '`data[].owner.emial` in `pick`: `owner` has no field `emial` (did you mean `email`?)', line: 20, column: 20, pointer: '/operation/pick/1' }],
  },
  { name: 'reports a path through a list without []', files: { 'a.md': getFile(`${returnsBlock(listing)}  pick: [data.id]\n`), 'types.json': types }, expected: [{ message: '`data.id` in `pick`: `data` is a list: write `[]` before `.id` to reach into its items' }] },
  { name: 'reports pick without returns', files: { 'a.md': getFile('  pick: [id]\n') }, expected: [{ message: '`pick` keeps fields of the response `returns` describes, and there is no `returns`', line: 5, column: 3 }] },
  { name: 'reports a path that does not parse', files: { 'a.md': getFile(`${returnsBlock(listing)}  pick: ['data..id']\n`) }, expected: [{ message: '`data..id` in `pick`: a path has a name between its dots' }] },
]);
