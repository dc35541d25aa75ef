import { manifest, testRule } from './test-helpers';

const skill = (name: string) => ({ 'SKILL.md': `---\nname: ${name}\ndescription: Pets.\n---\n# Pets\n` });

testRule('skill-name', [
  { name: 'passes when the name follows the rules and equals the folder', files: { 'SKILL.md': manifest('petstore', []) }, expected: [] },
  { name: 'passes when the name has single hyphens and digits', folder: 'pet-store-2', files: skill('pet-store-2'), expected: [] },
  { name: 'reports a missing SKILL.md when the package has none', files: { 'a.md': 'A.\n' }, expected: [{ message: 'The package has no SKILL.md', file: 'SKILL.md', line: 1 }] },
  { name: 'reports a missing name when the frontmatter has none', files: { 'SKILL.md': '---\ndescription: Pets.\n---\n' }, expected: [{ message: 'SKILL.md has no `name`', file: 'SKILL.md' }] },
  {
    name: 'reports the characters and the folder when the name has capitals',
    folder: 'Petstore',
    files: skill('Petstore'),
    expected: [{ message: '`Petstore` may hold only a-z, 0-9 and -', file: 'SKILL.md', line: 2, column: 1, pointer: '/name' }],
  },
  {
    name: 'reports hyphens when the name starts with one or holds two',
    folder: 'pet--store',
    files: skill('pet--store'),
    expected: [{ message: '`pet--store` must not start or end with `-` or hold `--`' }],
  },
  { name: 'reports a trailing hyphen when the name ends with one', folder: 'pets-', files: skill('pets-'), expected: [{ message: /must not start or end with `-`/ }] },
  { name: 'reports the length when the name is over 64 characters', folder: 'a'.repeat(65), files: skill('a'.repeat(65)), expected: [{ message: '`name` is 65 characters; it must be 1 to 64' }] },
  { name: 'reports a string is needed when the name is a number', folder: '42', files: skill('42'), expected: [{ message: '`name` must be a string' }] },
  {
    name: 'reports both names when the name differs from the folder',
    folder: 'pets',
    files: skill('petstore'),
    expected: [{ message: '`name` is `petstore` but the folder is `pets`: they must be equal', line: 2, column: 1 }],
  },
]);
