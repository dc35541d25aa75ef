import { describe, expect, it } from 'vitest';
import { parseSkillPackage, updateSkillFile } from '../skill/package';
import { checkPackage, type ConvertedFacts } from './index';
import { md, schemaFile, testRule } from './test-helpers';

const big = JSON.stringify({ Big: { type: 'string', description: 'x'.repeat(3000) } });
const using = (n: number) => schemaFile('  method: POST\n  url: https://p.example/a\n', { type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { $ref: '#/types/Big' }])) });

testRule('expanded-size', [
  { name: 'passes when the expanded parameters fit in 24 KiB', files: { 'types.json': big, 'a.md': using(8) }, expected: [] },
  { name: 'passes when the file is in flat form', files: { 'a.md': md('operation:\n  method: POST\n  url: https://p.example/a\n  body: [a]\n') }, expected: [] },
  {
    name: 'reports the schema when shared types expand past 24,576 bytes',
    files: { 'types.json': big, 'a.md': using(9) },
    expected: [{ message: "The published parameters are over 24,576 bytes with every type expanded: split the operation's arguments or trim descriptions", line: 5, column: 3, pointer: '/operation/schema' }],
  },
  {
    name: 'reports a fan-out of types quickly when each refers to the next ten times',
    files: {
      'types.json': JSON.stringify({ ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`T${i}`, { type: 'object', properties: Object.fromEntries(Array.from({ length: 10 }, (_, j) => [`p${j}`, { $ref: `#/types/T${i + 1}` }])) }])), T30: { type: 'string' } }),
      'a.md': schemaFile('  method: POST\n  url: https://p.example/a\n', { type: 'object', properties: { root: { $ref: '#/types/T0' } } }),
    },
    expected: [{ message: /^The published parameters are over 24,576 bytes/ }],
  },
  { name: 'stays quiet when a reference is broken (refs reports it)', files: { 'a.md': using(1) }, expected: [] },
]);

describe('expanded-size with what a conversion measured (ConvertedFacts)', () => {
  const files = new Map([
    ['SKILL.md', '---\nname: p\ndescription: Pets.\n---\n'],
    ['types.json', big],
    ['a.md', using(9)],
  ]);
  const errors = (pkg: ReturnType<typeof parseSkillPackage>, converted?: ConvertedFacts) => checkPackage(pkg, { rules: ['expanded-size'], ...(converted ? { converted } : {}) });

  it('takes the measure for the files and the types.json it was made for', () => {
    const pkg = parseSkillPackage({ folder: 'p', files });
    // A measure that says "within" of a file that is not: taken, so the rule trusts exactly what it is given.
    expect(errors(pkg, { withinLimits: new Set(pkg.operations), typesText: big })).toEqual([]);
    expect(errors(pkg)).toHaveLength(1);
  });

  it('measures again when types.json is not the text measured', () => {
    const pkg = parseSkillPackage({ folder: 'p', files });
    expect(errors(pkg, { withinLimits: new Set(pkg.operations), typesText: `${big}\n` })).toHaveLength(1);
    expect(errors(pkg, { withinLimits: new Set(pkg.operations), typesText: undefined })).toHaveLength(1);
  });

  it('measures again a file read anew (an edit), even with the same text', () => {
    const measured = parseSkillPackage({ folder: 'p', files });
    const edited = updateSkillFile(measured, 'a.md', using(9));
    expect(errors(edited, { withinLimits: new Set(measured.operations), typesText: big })).toHaveLength(1);
  });
});

describe('expanded-size on returns', () => {
  const withReturns = (n: number) =>
    `---\noperation:\n  method: GET\n  url: https://p.example/a\n  schema: |\n    {"type": "object"}\n  returns: |\n    ${JSON.stringify({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { $ref: '#/types/Big' }])) })}\n---\nGet a.\n`;
  const problems = (n: number) => checkPackage(parseSkillPackage({ folder: 'p', files: new Map([['SKILL.md', '---\nname: p\ndescription: Pets.\n---\n'], ['types.json', big], ['a.md', withReturns(n)]]) }), { rules: ['expanded-size'] });

  it('warns at returns when it expands past 24,576 bytes, and the tool still publishes', () => {
    expect(problems(8)).toEqual([]);
    const [p, ...rest] = problems(9);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ ruleId: 'expanded-size', severity: 'warning', pointer: '/operation/returns', line: 7 });
    expect(p.message).toMatch(/^`returns` is over 24,576 bytes with every type expanded: the tool is published without it \(no output schema\)/);
  });
});
