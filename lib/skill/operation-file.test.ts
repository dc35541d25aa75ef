import { describe, expect, it } from 'vitest';
import { operationFileModel, parseOperationFile, writeOperationFile, type OperationFileModel } from './operation-file';
import { aliasBomb } from '../../test/hostile';

const createPet: OperationFileModel = {
  operation: {
    method: 'POST',
    url: 'https://petstore.example.com/v1/pets/{id}',
    schema: {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string', description: "The pet's name: \"Rex\" or 'Fido'." },
        tag: { type: 'string' },
        owner: { $ref: '#/types/Owner' },
      },
    },
    query: ['tag'],
    identity: ['name'],
  },
  approval: { matches: 'POST /v1/pets/*', binds: ['name'] },
  prose: 'Create a pet.\n\nCreates a pet in the store. Quote the returned `id` to the user.\n',
};

describe('writeOperationFile', () => {
  it('writes the schema as a block scalar of formatted JSON', () => {
    const text = writeOperationFile(createPet);
    expect(text.startsWith('---\noperation:\n  method: POST\n  url: https://petstore.example.com/v1/pets/{id}\n  schema: |\n    {\n')).toBe(true);
    expect(text).toContain('      "tag": {"type": "string"},\n');
    expect(text).toContain('  query: [tag]\n  identity: [name]\napproval:\n  matches: POST /v1/pets/*\n  binds: [name]\n---\nCreate a pet.');
  });

  it('reads back to the same bytes when a written file is parsed and written again', () => {
    const text = writeOperationFile(createPet);
    const parsed = parseOperationFile('create_pet.md', text);
    expect(parsed.problems).toEqual([]);
    expect(writeOperationFile(operationFileModel(parsed))).toBe(text);
    expect(parsed.declaration?.schema).toEqual(createPet.operation!.schema);
  });

  it('quotes scalars YAML would read as something else when they are written', () => {
    const text = writeOperationFile({ operation: { method: 'GET', url: 'http://x.example/a b: c', query: ['true', '1e3', 'null', 'a#b'] }, prose: 'x\n' });
    const parsed = parseOperationFile('x.md', text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.declaration?.url).toBe('http://x.example/a b: c');
    expect(parsed.declaration?.lists.query).toEqual(['true', '1e3', 'null', 'a#b']);
  });

  it('writes prose only when there is no operation block', () => {
    expect(writeOperationFile({ prose: 'Just words.\n' })).toBe('Just words.\n');
  });
});

describe('parseOperationFile', () => {
  it('keeps the prose byte for byte when it has CRLF, trailing spaces and no final newline', () => {
    const prose = 'First  \r\nline\r\n\r\n## Heading\r\n   indented';
    const parsed = parseOperationFile('a.md', `---\noperation:\n  method: GET\n  url: https://a.example/x\n---\n${prose}`);
    expect(parsed.prose).toBe(prose);
  });

  it('gives the line and column of every frontmatter key when asked by pointer', () => {
    const text = '---\noperation:\n  method: POST\n  url: https://a.example/x\n  body: [a, b]\n---\nHi.\n';
    const parsed = parseOperationFile('a.md', text);
    expect(parsed.position('/operation')).toEqual({ line: 2, column: 1 });
    expect(parsed.position('/operation/url')).toEqual({ line: 4, column: 3 });
    expect(parsed.position('/operation/body/1')).toEqual({ line: 5, column: 13 });
  });

  it('gives file positions inside the schema block when asked by schema pointer', () => {
    const parsed = parseOperationFile('create_pet.md', writeOperationFile(createPet));
    // Line 12 of the file holds `"owner": {...}` at column 9.
    expect(parsed.schemaPosition('/properties/owner')).toEqual({ line: 13, column: 9 });
    expect(parsed.text.split('\n')[12].slice(8, 15)).toBe('"owner"');
  });

  it('reports a YAML syntax error with its file line when the frontmatter is broken', () => {
    const parsed = parseOperationFile('a.md', '---\noperation:\n  method: [GET\n---\nHi.\n');
    expect(parsed.problems.length).toBeGreaterThan(0);
    expect(parsed.problems[0]).toMatchObject({ ruleId: 'frontmatter', severity: 'error', file: 'a.md' });
    expect(parsed.problems[0].line).toBeGreaterThanOrEqual(3);
  });

  it('reports an unterminated frontmatter when the closing fence is missing', () => {
    const parsed = parseOperationFile('a.md', '---\noperation:\n  method: GET\n');
    expect(parsed.problems.map((p) => p.ruleId)).toEqual(['frontmatter']);
  });

  it('detects the argument form when schema, flat lists, both or neither are given', () => {
    const form = (yaml: string) => parseOperationFile('a.md', `---\noperation:\n${yaml}---\nx\n`).declaration?.form;
    expect(form('  method: GET\n  url: https://a.example\n  schema: "{}"\n')).toBe('schema');
    expect(form('  method: GET\n  url: https://a.example\n  optional: [a]\n')).toBe('flat');
    expect(form('  method: GET\n  url: https://a.example\n  schema: "{}"\n  body: [a]\n')).toBe('both');
    expect(form('  method: GET\n  url: https://a.example\n  query: [a]\n')).toBe('none');
  });

  it('keeps __proto__ as an ordinary key when it appears in frontmatter', () => {
    const parsed = parseOperationFile('a.md', '---\n__proto__: {polluted: true}\noperation:\n  method: GET\n  url: https://a.example\n---\nx\n');
    expect(Object.keys(parsed.data)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // How fast it is refused is measured by `npm run bench` (bench/limits.ts); 9^30 strings could not be expanded at all.
  it('refuses a YAML alias bomb in frontmatter without expanding it', () => {
    const parsed = parseOperationFile('a.md', `---\n${aliasBomb(30)}\n---\nx\n`);
    expect(parsed.problems.some((p) => p.ruleId === 'frontmatter')).toBe(true);
  });
});
