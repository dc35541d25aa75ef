import { manifest, testRule } from './test-helpers';

const a = 'A.\n';

testRule('manifest-operations', [
  { name: 'passes when the list and the files name the same set', files: { 'SKILL.md': manifest('petstore', ['list_pets', 'create_pet']), 'list_pets.md': a, 'create_pet.md': a }, expected: [] },
  {
    name: 'reports an entry at its line when it has no file',
    files: { 'SKILL.md': manifest('petstore', ['list_pets', 'delete_pet']), 'list_pets.md': a },
    // Frontmatter is lines 1–4, the title 5, the heading 7, the entries 8 and 9.
    expected: [{ message: '`delete_pet` is in Operations but there is no `delete_pet.md`', file: 'SKILL.md', line: 9, severity: 'warning' }],
  },
  {
    name: 'reports a file at the list heading when the list leaves it out',
    files: { 'SKILL.md': manifest('petstore', ['list_pets']), 'list_pets.md': a, 'show_pet.md': a },
    expected: [{ message: "`show_pet` (`show_pet.md`) is not in SKILL.md's Operations list", file: 'SKILL.md', line: 7, column: 1 }],
  },
  {
    name: 'reports a second entry when a name is listed twice',
    files: { 'SKILL.md': manifest('petstore', ['list_pets', 'list_pets']), 'list_pets.md': a },
    expected: [{ message: '`list_pets` is listed twice in Operations', line: 9 }],
  },
  {
    name: 'reports a missing list when SKILL.md has no Operations section',
    files: { 'SKILL.md': '---\nname: petstore\ndescription: Pets.\n---\n# Pets\n', 'list_pets.md': a },
    expected: [{ message: 'SKILL.md has no `## Operations` list naming the operation files', line: 5 }],
  },
  { name: 'passes when there are neither operations nor a list', files: { 'SKILL.md': '---\nname: petstore\ndescription: Pets.\n---\n# Pets\n' }, expected: [] },
]);
