import { describe, expect, it } from 'vitest';
import { parseSkillPackage } from '../skill/package';
import { buildRequest } from './build-request';
import { callableOperation, findCallable, type CallableOperation } from './callable';

/** A one-operation skill `shop` whose file `op.md` has this frontmatter `operation:` block. */
function callable(block: string, types?: unknown): CallableOperation {
  const files = new Map([['op.md', `---\noperation:\n${block.replace(/^/gm, '  ')}\n---\nDo it.\n`]]);
  if (types) files.set('types.json', JSON.stringify(types));
  const pkg = parseSkillPackage({ folder: 'shop', files });
  const c = callableOperation(pkg, pkg.operations[0]);
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  return c.value;
}

const booking = callable(
  'method: POST\nurl: https://h.example/rooms/{room}/bookings\nquery: [notify]\nbody: [guest_name, nights, breakfast]\noptional: [notify, breakfast]\ninteger: [nights]\nboolean: [breakfast]',
);

const search = callable(
  'method: GET\nurl: https://h.example/v1/search\nquery: [q, tags, page, exact]\noptional: [tags, page, exact]\nlist: [tags]\ninteger: [page]\nboolean: [exact]',
);

const schemaForm = callable(
  [
    'method: PUT',
    'url: https://h.example/items/{id}',
    'query: [dry_run]',
    'schema: |',
    '  {',
    '    "type": "object",',
    '    "required": ["id", "item"],',
    '    "properties": {',
    '      "id": {"type": "integer", "example": 3},',
    '      "dry_run": {"type": ["boolean", "null"]},',
    '      "item": {"$ref": "#/types/Item"},',
    '      "when": {"type": "string", "format": "x-made-up-format"},',
    '      "colour": {"enum": ["red", "green"]},',
    '      "__proto__": {"type": "string"}',
    '    }',
    '  }',
  ].join('\n'),
  { Item: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, price: { type: 'number', minimum: 0 } } } },
);

const report = callable('method: GET\nurl: https://h.example/v1/reports/{year}-{month}/{name}:export.json');

const remove = callable('method: DELETE\nurl: https://h.example/bookings/{id}');

/** A free-form body: a map of labels, every argument not named in the schema one of its fields. */
const labels = callable(
  [
    'method: PUT',
    'url: https://h.example/items/{id}/labels',
    'query: [dry_run]',
    'schema: |',
    '  {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "dry_run": {"type": "boolean"}}, "additionalProperties": {"type": "string", "maxLength": 5}}',
  ].join('\n'),
);
const anything = callable(
  ['method: POST', 'url: https://h.example/items/{id}/meta', 'schema: |', '  {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}, "additionalProperties": true}'].join('\n'),
);

type Case = {
  name: string;
  op: CallableOperation;
  args: unknown;
  request?: { method: string; url: string; headers: Record<string, string>; body?: string };
  refused?: { ruleId: string; message: RegExp }[];
};

const cases: Case[] = [
  {
    name: 'fills the path, the query and the JSON body when every argument is valid',
    op: booking,
    args: { room: 'wren', guest_name: 'Ada', nights: 2, notify: 'sms', breakfast: true },
    request: {
      method: 'POST',
      url: 'https://h.example/rooms/wren/bookings?notify=sms',
      headers: { 'Content-Type': 'application/json' },
      body: '{"guest_name":"Ada","nights":2,"breakfast":true}',
    },
  },
  {
    name: 'writes body fields in declaration order when the arguments come in another order',
    op: booking,
    args: { breakfast: false, nights: 1, guest_name: 'Bo', room: 'r1' },
    request: {
      method: 'POST',
      url: 'https://h.example/rooms/r1/bookings',
      headers: { 'Content-Type': 'application/json' },
      body: '{"guest_name":"Bo","nights":1,"breakfast":false}',
    },
  },
  {
    name: 'fills parameters inside segments, each encoded on its own with reserved characters escaped',
    op: report,
    args: { year: '2026', month: "a/b-(c)!", name: "x:y*'" },
    request: { method: 'GET', url: 'https://h.example/v1/reports/2026-a%2Fb-%28c%29%21/x%3Ay%2A%27:export.json', headers: {} },
  },
  {
    name: 'encodes a path parameter as one segment when it holds `/`, spaces and unicode',
    op: booking,
    args: { room: 'a/b c é☃', guest_name: 'X', nights: 1 },
    request: {
      method: 'POST',
      url: 'https://h.example/rooms/a%2Fb%20c%20%C3%A9%E2%98%83/bookings',
      headers: { 'Content-Type': 'application/json' },
      body: '{"guest_name":"X","nights":1}',
    },
  },
  {
    name: 'repeats a list and writes booleans and numbers as text when the query has them',
    op: search,
    args: { exact: false, tags: ['a b', 'c&d', 'ü'], q: 'x=y?', page: 2 },
    request: { method: 'GET', url: 'https://h.example/v1/search?q=x%3Dy%3F&tags=a%20b&tags=c%26d&tags=%C3%BC&page=2&exact=false', headers: {} },
  },
  {
    name: 'sends no query string when no query argument is present',
    op: search,
    args: { q: '' },
    request: { method: 'GET', url: 'https://h.example/v1/search?q=', headers: {} },
  },
  {
    name: 'sends an empty list as no parameter at all',
    op: search,
    args: { q: 'a', tags: [] },
    request: { method: 'GET', url: 'https://h.example/v1/search?q=a', headers: {} },
  },
  {
    name: 'sends no body and no Content-Type when the operation declares no body fields',
    op: remove,
    args: { id: '42' },
    request: { method: 'DELETE', url: 'https://h.example/bookings/42', headers: {} },
  },
  {
    name: 'expands `$ref` types and ignores unknown formats and annotations when checking',
    op: schemaForm,
    args: { id: 7, item: { name: 'lamp', price: 3.5 }, when: 'whenever', dry_run: true },
    request: {
      method: 'PUT',
      url: 'https://h.example/items/7?dry_run=true',
      headers: { 'Content-Type': 'application/json' },
      body: '{"item":{"name":"lamp","price":3.5},"when":"whenever"}',
    },
  },
  {
    name: 'leaves a null query argument out when its schema admits null',
    op: schemaForm,
    args: { id: 1, item: { name: 'n' }, dry_run: null },
    request: { method: 'PUT', url: 'https://h.example/items/1', headers: { 'Content-Type': 'application/json' }, body: '{"item":{"name":"n"}}' },
  },
  {
    name: 'sends `__proto__` as an ordinary body field when the schema declares it',
    op: schemaForm,
    args: JSON.parse('{"id": 1, "item": {"name": "n"}, "__proto__": "p"}'),
    request: {
      method: 'PUT',
      url: 'https://h.example/items/1',
      headers: { 'Content-Type': 'application/json' },
      body: '{"item":{"name":"n"},"__proto__":"p"}',
    },
  },
  {
    name: 'treats an argument whose value is undefined as absent',
    op: booking,
    args: { room: 'r', guest_name: 'g', nights: 1, breakfast: undefined, notify: undefined },
    request: { method: 'POST', url: 'https://h.example/rooms/r/bookings', headers: { 'Content-Type': 'application/json' }, body: '{"guest_name":"g","nights":1}' },
  },
  // Refusals (SPEC 3.1)
  {
    name: 'refuses when a required body field is missing',
    op: booking,
    args: { room: 'r', nights: 1 },
    refused: [{ ruleId: 'call-missing-argument', message: /`guest_name` is required/ }],
  },
  {
    name: 'refuses when a path parameter is missing',
    op: remove,
    args: {},
    refused: [{ ruleId: 'call-missing-argument', message: /`id`/ }],
  },
  {
    name: 'refuses an argument that is not in the schema, naming what the tool takes',
    op: remove,
    args: { id: '1', force: true },
    refused: [{ ruleId: 'call-unknown-argument', message: /`force` is not an argument of `shop_op`; it takes `id`/ }],
  },
  {
    name: 'refuses a value of the wrong type',
    op: booking,
    args: { room: 'r', guest_name: 'g', nights: '2' },
    refused: [{ ruleId: 'call-invalid-argument', message: /`nights` must be integer/ }],
  },
  {
    name: 'refuses a value nested in an expanded type, naming where inside it',
    op: schemaForm,
    args: { id: 1, item: { name: 'n', price: -1 } },
    refused: [{ ruleId: 'call-invalid-argument', message: /`item` \/price must be >= 0/ }],
  },
  {
    name: 'refuses a value outside an enum, listing the allowed values',
    op: schemaForm,
    args: { id: 1, item: { name: 'n' }, colour: 'blue' },
    refused: [{ ruleId: 'call-invalid-argument', message: /`colour` must be equal to one of the allowed values: "red", "green"/ }],
  },
  {
    name: 'names every offending argument at once when several are wrong',
    op: booking,
    args: { nights: 1.5, breakfast: 'yes', colour: 'red', size: 'L' },
    refused: [
      { ruleId: 'call-missing-argument', message: /`room`/ },
      { ruleId: 'call-missing-argument', message: /`guest_name`/ },
      { ruleId: 'call-invalid-argument', message: /`nights` must be integer/ },
      { ruleId: 'call-invalid-argument', message: /`breakfast` must be boolean/ },
      { ruleId: 'call-unknown-argument', message: /`colour`/ },
      { ruleId: 'call-unknown-argument', message: /`size`/ },
    ],
  },
  {
    name: 'refuses an unknown `__proto__` argument without touching any prototype',
    op: remove,
    args: JSON.parse('{"id": "1", "__proto__": {"polluted": true}}'),
    refused: [{ ruleId: 'call-unknown-argument', message: /`__proto__`/ }],
  },
  {
    name: 'refuses an unknown `constructor` argument although every object has one inherited',
    op: remove,
    args: { id: '1', constructor: 'x' },
    refused: [{ ruleId: 'call-unknown-argument', message: /`constructor`/ }],
  },
  {
    name: 'refuses an empty path parameter, which would address another resource',
    op: remove,
    args: { id: '' },
    refused: [{ ruleId: 'call-invalid-argument', message: /must not be empty/ }],
  },
  {
    name: 'refuses `..` as a path parameter, which a URL parser would resolve away',
    op: remove,
    args: { id: '..' },
    refused: [{ ruleId: 'call-invalid-argument', message: /must not be `\.\.`/ }],
  },
  {
    name: 'refuses `%2e` spelled dots as a path parameter',
    op: remove,
    args: { id: '.%2E' },
    refused: [{ ruleId: 'call-invalid-argument', message: /would change the path/ }],
  },
  {
    name: 'refuses list items that are not strings when the list is of strings',
    op: search,
    args: { q: 'a', tags: ['x', 1] },
    refused: [{ ruleId: 'call-invalid-argument', message: /`tags` \/1 must be string/ }],
  },
  {
    name: 'refuses arguments that are an array',
    op: remove,
    args: ['1'],
    refused: [{ ruleId: 'call-arguments', message: /must be a JSON object, not an array/ }],
  },
  {
    name: 'refuses arguments that are null',
    op: remove,
    args: null,
    refused: [{ ruleId: 'call-arguments', message: /not null/ }],
  },
  {
    name: 'refuses arguments that are a string',
    op: remove,
    args: '{"id": 1}',
    refused: [{ ruleId: 'call-arguments', message: /not a string/ }],
  },
];

describe('buildRequest on a free-form body', () => {
  it('sends every argument not named as a path or query parameter as a body field when additionalProperties is a schema', () => {
    expect(buildRequest(labels, { colour: 'red', id: 'a/b', dry_run: true, size: 'XL' })).toMatchObject({
      ok: true,
      value: { method: 'PUT', url: 'https://h.example/items/a%2Fb/labels?dry_run=true', headers: { 'Content-Type': 'application/json' }, body: '{"colour":"red","size":"XL"}' },
    });
  });

  it('sends `{}` with Content-Type when the free-form body gets no field', () => {
    expect(buildRequest(anything, { id: '7' })).toMatchObject({ ok: true, value: { headers: { 'Content-Type': 'application/json' }, body: '{}' } });
  });

  it('sends values of any shape when additionalProperties is true', () => {
    expect(buildRequest(anything, { id: '7', tags: ['a'], owner: { name: 'n' }, __proto__x: null })).toMatchObject({ ok: true, value: { body: '{"tags":["a"],"owner":{"name":"n"},"__proto__x":null}' } });
  });

  it('refuses a field whose value the map does not allow, naming it, and sends nothing', () => {
    const r = buildRequest(labels, { id: 'a', colour: 'crimson', size: 3 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => [p.ruleId, p.message])).toEqual([
      ['call-invalid-argument', expect.stringMatching(/^Argument `colour` must NOT have more than 5 characters/)],
      ['call-invalid-argument', expect.stringMatching(/^Argument `size` must be string/)],
    ]);
  });

  it('keeps an argument named `__proto__` an ordinary body field', () => {
    const args = JSON.parse('{"id": "1", "__proto__": "x"}');
    expect(buildRequest(labels, args)).toMatchObject({ ok: true, value: { body: '{"__proto__":"x"}' } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('places no argument by name in the body and says the body is free-form', () => {
    expect(labels).toMatchObject({ path: ['id'], query: ['dry_run'], body: [], extraBody: true });
    expect(booking.extraBody).toBe(false);
  });
});

describe('buildRequest', () => {
  for (const c of cases) {
    it(c.name, () => {
      const result = buildRequest(c.op, c.args);
      if (c.request) {
        expect(result.problems).toEqual([]);
        expect(result.ok && result.value).toEqual(c.request);
      } else {
        expect(result.ok).toBe(false);
        expect(result.problems.map((p) => ({ ruleId: p.ruleId, message: p.message }))).toEqual(
          c.refused!.map((r) => ({ ruleId: r.ruleId, message: expect.stringMatching(r.message) })),
        );
        for (const p of result.problems) expect(p).toMatchObject({ severity: 'error', file: 'op.md' });
      }
    });
  }

  it('leaves Object.prototype alone when arguments carry `__proto__`', () => {
    buildRequest(schemaForm, JSON.parse('{"id": 1, "item": {"name": "n"}, "__proto__": {"polluted": "yes"}}'));
    buildRequest(remove, JSON.parse('{"id": "1", "__proto__": {"polluted": "yes"}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a query object value when the schema would allow it', () => {
    const op = callable('method: GET\nurl: https://h.example/q\nquery: [filter]\nschema: |\n  {"type": "object", "properties": {"filter": {"type": "object"}}}');
    const r = buildRequest(op, { filter: { a: 1 } });
    expect(r.problems).toMatchObject([{ ruleId: 'call-invalid-argument', message: expect.stringMatching(/query parameter/) }]);
  });

  it('reports a root-level schema failure that names no single argument', () => {
    const op = callable('method: POST\nurl: https://h.example/q\nschema: |\n  {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "minProperties": 1}');
    const r = buildRequest(op, {});
    expect(r.problems).toMatchObject([{ ruleId: 'call-arguments', message: 'The arguments must NOT have fewer than 1 properties' }]);
  });

  it('refuses every call when the schema cannot be compiled', () => {
    const op = callable('method: POST\nurl: https://h.example/q\nschema: |\n  {"type": "object", "properties": {"a": {"type": "nonsense"}}}');
    const r = buildRequest(op, { a: 'x' });
    expect(r.problems).toMatchObject([{ ruleId: 'call-arguments', message: expect.stringMatching(/cannot be checked/) }]);
  });

  it('sends `{}` with Content-Type when body fields are declared but none is present', () => {
    const op = callable('method: PATCH\nurl: https://h.example/me\nbody: [nick]\noptional: [nick]');
    expect(buildRequest(op, {})).toMatchObject({ ok: true, value: { body: '{}', headers: { 'Content-Type': 'application/json' } } });
  });
});

describe('callableOperation', () => {
  it('is refused when the file has no operation block', () => {
    const pkg = parseSkillPackage({ folder: 's', files: new Map([['a.md', 'Just prose.\n']]) });
    expect(callableOperation(pkg, pkg.operations[0])).toMatchObject({ ok: false, problems: [{ ruleId: 'call-not-declared' }] });
  });

  it('is refused when the method is not one of the six', () => {
    const pkg = parseSkillPackage({ folder: 's', files: new Map([['a.md', '---\noperation:\n  method: FETCH\n  url: https://x.example/\n---\nA.\n']]) });
    expect(callableOperation(pkg, pkg.operations[0])).toMatchObject({ ok: false, problems: [{ ruleId: 'call-not-published' }] });
  });

  it('is refused when a `$ref` names a missing type', () => {
    const pkg = parseSkillPackage({
      folder: 's',
      files: new Map([['a.md', '---\noperation:\n  method: POST\n  url: https://x.example/\n  schema: |\n    {"type": "object", "properties": {"o": {"$ref": "#/types/Nope"}}}\n---\nA.\n']]),
    });
    expect(callableOperation(pkg, pkg.operations[0])).toMatchObject({ ok: false, problems: [{ ruleId: 'call-not-published' }] });
  });

  it('places arguments in path, query and body order as declared', () => {
    expect(booking).toMatchObject({ method: 'POST', path: ['room'], query: ['notify'], body: ['guest_name', 'nights', 'breakfast'] });
  });
});

describe('findCallable', () => {
  const pkg = parseSkillPackage({
    folder: 'inn',
    files: new Map([
      ['book.md', '---\noperation:\n  method: POST\n  url: https://x.example/b\n  body: [n]\n---\nBook.\n'],
      ['notes.md', 'No block.\n'],
    ]),
  });

  it('finds an operation by its tool name when given the tool name', () => {
    expect(findCallable(pkg, 'inn_book')).toMatchObject({ ok: true, value: { tool: { name: 'inn_book', alias: 'book' } } });
  });

  it('finds an operation by its alias when given the file base name', () => {
    expect(findCallable(pkg, 'book')).toMatchObject({ ok: true, value: { file: 'book.md' } });
  });

  it('lists the operations when the name is unknown', () => {
    expect(findCallable(pkg, 'nope')).toMatchObject({ ok: false, problems: [{ ruleId: 'call-unknown-operation', message: expect.stringMatching(/book, notes/) }] });
  });

  it('says a prose-only operation cannot be called when named', () => {
    expect(findCallable(pkg, 'notes')).toMatchObject({ ok: false, problems: [{ ruleId: 'call-not-declared' }] });
  });
});

describe('buildRequest with SPEC 7 keys', () => {
  const form = callable(
    [
      'method: POST',
      'url: https://h.example/v1/customers',
      'content-type: application/x-www-form-urlencoded',
      'deep: [metadata, expand]',
      'schema: |',
      '  {"type": "object", "properties": {"name": {"type": "string"}, "paid": {"type": "boolean"}, "n": {"type": "number"}, "tags": {"type": "array", "items": {"type": "string"}}, "expand": {"type": "array", "items": {"type": "string"}}, "metadata": {"type": "object"}}}',
    ].join('\n'),
  );
  it('form-encodes scalars, repeats arrays and brackets deep fields three levels down', () => {
    const r = buildRequest(form, { name: 'Ada Lovelace & co', paid: true, n: 1.5, tags: ['a', 'b'], expand: ['x', 'y'], metadata: { a: { b: [{ c: 'v' }] } } });
    expect(r).toMatchObject({
      ok: true,
      value: {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=Ada+Lovelace+%26+co&paid=true&n=1.5&tags=a&tags=b&expand[0]=x&expand[1]=y&metadata[a][b][0][c]=v',
      },
    });
  });
  it('refuses an object form field that is not in bracket style', () => {
    const plain = callable('method: POST\nurl: https://h.example/x\ncontent-type: application/x-www-form-urlencoded\nschema: |\n  {"type": "object", "properties": {"o": {"type": "object"}}}');
    expect(buildRequest(plain, { o: { a: 1 } })).toMatchObject({ ok: false, problems: [{ ruleId: 'call-invalid-argument', message: /form field/ }] });
  });

  const deepQuery = callable('method: GET\nurl: https://h.example/v1/items\nquery: [filter]\ndeep: [filter]\nschema: |\n  {"type": "object", "properties": {"filter": {"type": "object"}}}');
  it('sends a deep query object in bracket style', () => {
    expect(buildRequest(deepQuery, { filter: { status: 'open', tags: ['a b'] } })).toMatchObject({ ok: true, value: { url: 'https://h.example/v1/items?filter[status]=open&filter[tags][0]=a%20b' } });
  });

  const headed = callable(
    'method: GET\nurl: https://h.example/v1/pages\nheaders:\n  Notion-Version: "2022-06-28"\nheader: [X-Trace, X-Tags]\nschema: |\n  {"type": "object", "properties": {"X-Trace": {"type": "integer"}, "X-Tags": {"type": "array", "items": {"type": "string"}}}}',
  );
  it('sends header arguments, then fixed headers', () => {
    const r = buildRequest(headed, { 'X-Tags': ['a', 'b'], 'X-Trace': 7 });
    expect(r).toMatchObject({ ok: true, value: { url: 'https://h.example/v1/pages', headers: { 'X-Trace': '7', 'X-Tags': 'a, b', 'Notion-Version': '2022-06-28' } } });
    if (r.ok) expect(Object.keys(r.value.headers)).toEqual(['X-Trace', 'X-Tags', 'Notion-Version']);
  });
  it('refuses a header value holding a line break', () => {
    expect(buildRequest(headed, { 'X-Tags': ['a\r\nHost: evil'] })).toMatchObject({ ok: false, problems: [{ message: /line break/ }] });
  });

  const patch = callable('method: PATCH\nurl: https://h.example/v1/pods/{name}\ncontent-type: application/merge-patch+json\nschema: |\n  {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "spec": {"type": "object"}}}');
  it('sends a JSON media type as its own Content-Type', () => {
    expect(buildRequest(patch, { name: 'p', spec: { a: null } })).toMatchObject({ ok: true, value: { headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"spec":{"a":null}}' } });
  });

  const arrayBody = callable('method: POST\nurl: https://h.example/v1/guilds/{id}/roles\nbody-argument: body\nschema: |\n  {"type": "object", "required": ["id", "body"], "properties": {"id": {"type": "string"}, "body": {"type": "array", "items": {"type": "object"}}}}');
  it('sends a body argument that is an array as the whole body', () => {
    expect(buildRequest(arrayBody, { id: 'g', body: [{ id: 1 }, { id: 2 }] })).toMatchObject({ ok: true, value: { url: 'https://h.example/v1/guilds/g/roles', headers: { 'Content-Type': 'application/json' }, body: '[{"id":1},{"id":2}]' } });
  });
  const unionBody = callable('method: PUT\nurl: https://h.example/v1/x\nbody-argument: body\nschema: |\n  {"type": "object", "required": ["body"], "properties": {"body": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"a": {"type": "integer"}}}]}}}');
  it('sends a union body argument in whichever shape was given', () => {
    expect(buildRequest(unionBody, { body: 'text' })).toMatchObject({ ok: true, value: { body: '"text"' } });
    expect(buildRequest(unionBody, { body: { a: 1 } })).toMatchObject({ ok: true, value: { body: '{"a":1}' } });
  });

  const upload = callable('method: POST\nurl: https://h.example/v1/files\ncontent-type: multipart/form-data\nschema: |\n  {"type": "object", "properties": {"purpose": {"type": "string"}, "n": {"type": "integer"}, "meta": {"type": "object"}, "tags": {"type": "array", "items": {"type": "string"}}}}');
  it('sends multipart text parts and JSON parts with a boundary derived from the content', () => {
    const r = buildRequest(upload, { purpose: 'fine-tune', n: 2, meta: { a: 1 }, tags: ['x'] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const boundary = /^multipart\/form-data; boundary=(skill-[0-9a-f]{64})$/.exec(r.value.headers['Content-Type'])![1];
    expect(r.value.body).toBe(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="purpose"',
        '',
        'fine-tune',
        `--${boundary}`,
        'Content-Disposition: form-data; name="n"',
        '',
        '2',
        `--${boundary}`,
        'Content-Disposition: form-data; name="meta"',
        'Content-Type: application/json',
        '',
        '{"a":1}',
        `--${boundary}`,
        'Content-Disposition: form-data; name="tags"',
        'Content-Type: application/json',
        '',
        '["x"]',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    const again = buildRequest(upload, { purpose: 'fine-tune', n: 2, meta: { a: 1 }, tags: ['x'] });
    expect(again).toEqual(r);
    const other = buildRequest(upload, { purpose: 'other' });
    if (other.ok) expect(other.value.headers['Content-Type']).not.toBe(r.value.headers['Content-Type']);
  });
});

describe('the flat form with SPEC 7.1 keys', () => {
  const flat = callable(
    'method: POST\nurl: https://h.example/v1/charges\ncontent-type: application/x-www-form-urlencoded\nheader: [X-Trace, X-Retries]\nheaders:\n  Stripe-Version: "2024-06-20"\nquery: [expand]\nbody: [amount, tags]\noptional: [X-Trace, X-Retries, expand, tags]\ninteger: [amount, X-Retries]\nlist: [expand, tags]',
  );

  it('sends header arguments as headers, typed by the qualifiers, and the body form-encoded', () => {
    expect(flat.header).toEqual(['X-Trace', 'X-Retries']);
    expect(flat.tool.parameters).toEqual({
      type: 'object',
      required: ['amount'],
      properties: {
        expand: { type: 'array', items: { type: 'string' } },
        'X-Trace': { type: 'string' },
        'X-Retries': { type: 'integer' },
        amount: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    const r = buildRequest(flat, { amount: 500, tags: ['a b', 'c'], 'X-Trace': 't-1', 'X-Retries': 2, expand: ['customer'] });
    expect(r.ok && r.value).toEqual({
      method: 'POST',
      url: 'https://h.example/v1/charges?expand=customer',
      headers: { 'X-Trace': 't-1', 'X-Retries': '2', 'Stripe-Version': '2024-06-20', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'amount=500&tags=a+b&tags=c',
    });
  });

  it('refuses a header argument of the wrong type', () => {
    const r = buildRequest(flat, { amount: 1, 'X-Retries': 'many' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^Argument `X-Retries` /)]);
  });
});
