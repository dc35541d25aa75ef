import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { writeOperationFile } from '../skill/operation-file';
import { md, testRule } from './test-helpers';

const op = (url: string, prose = 'List pets.\n') => ({ 'a.md': md(`operation:\n  method: GET\n  url: ${url}\n`, prose) });

testRule('yaml-characters', [
  { name: 'passes when the frontmatter holds only what every YAML parser reads, and the prose anything', files: op('https://p.example/pets', 'Smart \u0092quotes\u0093 in prose are markdown.\n'), expected: [] },
  {
    name: 'reports a C1 control character in the frontmatter at its line and column',
    files: { 'SKILL.md': '---\nname: petstore\ndescription: "It\u0092s the pet store."\n---\n' },
    expected: [
      {
        severity: 'error',
        message: 'U+0092 (a C1 control character, often a mis-encoded quote or dash) in the frontmatter is refused by YAML parsers other than this one: write it as `\\u0092` inside a double-quoted string, or delete it',
        file: 'SKILL.md',
        line: 3,
        column: 17,
      },
    ],
  },
  { name: 'reports DEL, a line separator and a byte-order mark in an operation file', files: op('https://p.example/p\u007fets\u2028x\ufeff'), expected: [{ message: /^U\+007F \(the control character DEL\)/, line: 4, column: 27 }, { message: /^U\+2028/, line: 4, column: 31 }, { message: /^U\+FEFF/, line: 4, column: 33 }] },
  { name: 'reports five places and counts the rest', files: op(`https://p.example/${'\u0085'.repeat(7)}`), expected: [{ column: 26 }, { column: 27 }, { column: 28 }, { column: 29 }, { column: 30, message: /\(and 2 more such characters in this file\)$/ }] },
]);

describe('the generated frontmatter', () => {
  it('writes each such character as an escape that reads back as the same text, in a scalar and in a schema block', () => {
    const weird = 'It\u0092s \u0085 \u2028 \ufeff \u007f \uffff done';
    const text = writeOperationFile({
      operation: { method: 'GET', url: 'https://p.example/pets', schema: { type: 'object', properties: { q: { type: 'string', description: weird } } }, query: ['q'] },
      approval: { matches: weird },
      prose: 'Get pets.\n',
    });
    const yaml = text.split('\n---\n')[0].slice(4);
    expect(yaml).not.toMatch(/[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/);
    const data = parseYaml(yaml) as { operation: { schema: string }; approval: { matches: string } };
    expect(JSON.parse(data.operation.schema).properties.q.description).toBe(weird);
    expect(data.approval.matches).toBe(weird);
  });
});
