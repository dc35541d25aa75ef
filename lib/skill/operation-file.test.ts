import { describe, expect, it } from 'vitest';
import { operationFileModel, parseOperationFile, writeAndReadOperationFile, writeOperationFile, type OperationFileModel } from './operation-file';
import { expectSameRead } from '../../test/same-read';
import { seeded } from '../../test/random';
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

const everyKey: OperationFileModel = {
  operation: {
    method: 'POST',
    url: 'https://api.example.com/v1/{name}:cancel',
    safety: 'safe',
    status: 201,
    contentType: 'application/x-www-form-urlencoded',
    headers: { 'Notion-Version': '2022-06-28', 'X-Mode': 'a b' },
    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, filter: { type: 'object' }, 'X-Trace': { type: 'string' } } },
    query: ['filter'],
    header: ['X-Trace'],
    deep: ['filter'],
    returns: { type: 'object', properties: { id: { type: 'string' }, data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } },
    pick: ['id', 'data[].id'],
    budget: { bytes: 20000, seconds: 10 },
  },
  prose: 'Cancel it.\n',
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

  it('writes every key of SPEC 7.1 and 8.1 in a fixed order, and reads them back to the same bytes', () => {
    const text = writeOperationFile(everyKey);
    expect(text).toBe(
      [
        '---',
        'operation:',
        '  method: POST',
        '  url: https://api.example.com/v1/{name}:cancel',
        '  safety: safe',
        '  status: 201',
        '  content-type: application/x-www-form-urlencoded',
        '  headers:',
        '    Notion-Version: "2022-06-28"',
        '    X-Mode: a b',
        '  schema: |',
        '    {',
        '      "type": "object",',
        '      "required": ["name"],',
        '      "properties": {"name": {"type": "string"}, "filter": {"type": "object"}, "X-Trace": {"type": "string"}}',
        '    }',
        '  query: [filter]',
        '  header: [X-Trace]',
        '  deep: [filter]',
        '  returns: |',
        '    {',
        '      "type": "object",',
        '      "properties": {',
        '        "id": {"type": "string"},',
        '        "data": {',
        '          "type": "array",',
        '          "items": {',
        '            "type": "object",',
        '            "properties": {"id": {"type": "string"}}',
        '          }',
        '        }',
        '      }',
        '    }',
        '  pick: [id, "data[].id"]',
        '  budget:',
        '    bytes: 20000',
        '    seconds: 10',
        '---',
        'Cancel it.',
        '',
      ].join('\n'),
    );
    const parsed = parseOperationFile('cancel.md', text);
    expect(parsed.problems).toEqual([]);
    expect(writeOperationFile(operationFileModel(parsed))).toBe(text);
    const d = parsed.declaration!;
    expect([d.contentType, d.fixedHeaders, d.safety, d.lists.header, d.lists.deep, d.lists.pick]).toEqual(['application/x-www-form-urlencoded', { 'Notion-Version': '2022-06-28', 'X-Mode': 'a b' }, 'safe', ['X-Trace'], ['filter'], ['id', 'data[].id']]);
    expect(d.returns).toEqual(everyKey.operation!.returns);
    expect(parsed.returnsPosition('/properties/data')).toEqual({ line: 25, column: 9 });
    expect(text.split('\n')[24].slice(8, 14)).toBe('"data"');
  });

  it('writes body-argument and reads it back', () => {
    const text = writeOperationFile({ operation: { method: 'PUT', url: 'https://a.example/tags', schema: { type: 'object', required: ['body'], properties: { body: { type: 'array', items: { type: 'string' } } } }, bodyArgument: 'body' }, prose: 'x\n' });
    expect(text).toContain('\n  body-argument: body\n');
    expect(parseOperationFile('x.md', text).declaration?.bodyArgument).toBe('body');
  });

  it('writes prose only when there is no operation block', () => {
    expect(writeOperationFile({ prose: 'Just words.\n' })).toBe('Just words.\n');
  });
});

describe('writeAndReadOperationFile', () => {
  const models: [string, OperationFileModel][] = [
    ['a schema-form file with query, identity and approval', createPet],
    ['prose only', { prose: 'Just words.\n' }],
    ['approval only', { approval: { matches: 'GET /x' }, prose: 'x\n' }],
    ['the flat-list form, body empty', { operation: { method: 'PUT', url: 'https://a.example/{id}', body: [], optional: ['b'], integer: ['c'], number: ['d'], boolean: ['e'], list: ['f'] }, prose: '' }],
    ['scalars YAML would read as something else', { operation: { method: 'GET', url: 'http://x.example/a b: c #d', query: ['true', '1e3', 'null', 'a#b', '[x]', 'a, b', '-', "'q'", '"dq"'] }, prose: 'x\n' }],
    ['a schema of every JSON value, unicode and escapes', { operation: { method: 'POST', url: 'https://ü.example/路径/{a}', schema: { type: 'object', required: ['a'], properties: { a: { type: 'string', enum: ['x\ny', 'tab\t', '\u2028', 'é', '`code`', '---', '"q"'] }, b: { type: 'number', minimum: -1.5e-7, default: null }, c: { type: 'array', items: { type: 'object', properties: { d: { const: true } } } }, 'e/f~g': { description: '# not a comment\n    indented\n' } } } }, prose: '## Heading\n\n---\n' }],
    ['every key of SPEC 7.1 and 8.1', everyKey],
    ['returns without a schema, headers with a slash and a tilde', { operation: { method: 'GET', url: 'https://a.example/x', headers: { 'a/b~c': 'v' }, returns: { type: 'array', items: { type: 'string' } }, pick: ['[]'] }, prose: 'x\n' }],
    ['an empty schema and a long line', { operation: { method: 'DELETE', url: `https://a.example/${'x'.repeat(300)}`, schema: {} }, prose: '\n' }],
  ];

  it.each(models)('reads what parseOperationFile reads from the text it writes: %s', (_, model) => {
    const { text, parsed } = writeAndReadOperationFile('op.md', model);
    expect(text).toBe(writeOperationFile(model));
    expectSameRead(parsed, parseOperationFile('op.md', text));
  });

  it('reads what parseOperationFile reads for random names and values (seeded)', () => {
    const random = seeded(0x5eed_0f11);
    const alphabet = ['a', 'Z', '0', ' ', ':', '#', '-', '"', "'", '\\', '/', '{', '}', '[', ']', ',', '&', '*', '!', '|', '>', '%', '@', '`', 'é', '😀', '\t', '~', '?'];
    const word = () => Array.from({ length: 1 + random.int(8) }, () => alphabet[random.int(alphabet.length)]).join('');
    for (let i = 0; i < 300; i++) {
      const properties: Record<string, unknown> = {};
      for (let j = random.int(4); j > 0; j--) properties[word()] = { type: 'string', description: word(), enum: [word(), word()] };
      const model: OperationFileModel = {
        operation: { method: 'GET', url: `https://a.example/${word()}`, schema: { type: 'object', properties }, query: Object.keys(properties).slice(0, 2) },
        approval: random.int(2) ? { matches: word(), binds: [word()] } : undefined,
        prose: `${word()}\n`,
      };
      const { text, parsed } = writeAndReadOperationFile(`op${i}.md`, model);
      expectSameRead(parsed, parseOperationFile(`op${i}.md`, text));
    }
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

  it.each([
    ['x-a: &a [*a]', 2, 10],
    ['operation: &a {method: GET, url: *a}', 2, 34],
    ['operation: &a\n  method: GET\n  <<: *a', 4, 7],
  ])('refuses the self-containing alias in %j at its line and column, leaving no data to walk', (yaml, line, column) => {
    const parsed = parseOperationFile('a.md', `---\n${yaml}\n---\nx\n`);
    expect(parsed.problems).toEqual([expect.objectContaining({ ruleId: 'frontmatter', severity: 'error', file: 'a.md', line, column })]);
    expect(parsed.data).toEqual({});
  });

  // How fast it is refused is measured by `npm run bench` (bench/limits.ts); 9^30 strings could not be expanded at all.
  it('refuses a YAML alias bomb in frontmatter without expanding it', () => {
    const parsed = parseOperationFile('a.md', `---\n${aliasBomb(30)}\n---\nx\n`);
    expect(parsed.problems.some((p) => p.ruleId === 'frontmatter')).toBe(true);
  });
});
