import { testRule } from './test-helpers';

testRule('file-name', [
  { name: 'passes when base names use a-z, 0-9, _ and -', files: { 'list_pets.md': 'A.\n', 'get-pet-2.md': 'B.\n' }, expected: [] },
  { name: 'passes when the base name is exactly 64 characters', files: { [`${'a'.repeat(64)}.md`]: 'A.\n' }, expected: [] },
  { name: 'reports the characters when the base name has capitals', files: { 'ListPets.md': 'A.\n' }, expected: [{ message: 'The file name `ListPets` may hold only a-z, 0-9, _ and -', file: 'ListPets.md', line: 1, column: 1 }] },
  { name: 'reports the characters when the base name has a dot', files: { 'pets.list.md': 'A.\n' }, expected: [{ message: /`pets.list` may hold only/ }] },
  { name: 'reports the length when the base name is over 64 characters', files: { [`${'a'.repeat(65)}.md`]: 'A.\n' }, expected: [{ message: /is 65 characters; at most 64/ }] },
  { name: 'reports an empty base name when the file is called .md', files: { '.md': 'A.\n' }, expected: [{ message: 'The file name `` is empty' }] },
]);
