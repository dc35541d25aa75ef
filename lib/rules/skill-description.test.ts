import { testRule } from './test-helpers';

const skill = (fm: string) => ({ 'SKILL.md': `---\nname: petstore\n${fm}---\n# Pets\n` });

testRule('skill-description', [
  { name: 'passes when the description is one line', files: skill('description: List and create pets.\n'), expected: [] },
  { name: 'passes when the description is exactly 1,024 characters', files: skill(`description: ${'x'.repeat(1024)}\n`), expected: [] },
  { name: 'passes when 1,024 characters include emoji counted once each', files: skill(`description: "${'🐾'.repeat(1024)}"\n`), expected: [] },
  { name: 'stays quiet when there is no SKILL.md (skill-name reports it)', files: { 'a.md': 'A.\n' }, expected: [] },
  { name: 'reports a missing description when there is none', files: skill(''), expected: [{ message: /^SKILL.md has no `description`/, file: 'SKILL.md' }] },
  { name: 'reports an empty description when it is only spaces', files: skill('description: "  "\n'), expected: [{ message: /is empty/, line: 3, column: 1, pointer: '/description' }] },
  { name: 'reports the length when the description is over 1,024 characters', files: skill(`description: ${'x'.repeat(1025)}\n`), expected: [{ message: '`description` is 1,025 characters; at most 1,024', line: 3 }] },
  { name: 'reports a string is needed when the description is a list', files: skill('description: [a, b]\n'), expected: [{ message: '`description` must be a string' }] },
]);
