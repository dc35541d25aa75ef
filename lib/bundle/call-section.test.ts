import { describe, expect, it } from 'vitest';
import { parseOperationFile, writeOperationFile } from '../skill/operation-file';
import { describeType, generateCallSection } from './call-section';

const decl = (text: string) => parseOperationFile('x.md', text).declaration!;

describe('generateCallSection', () => {
  it('says every other argument is a body field when the body is free-form (a root additionalProperties)', () => {
    const section = (schema: Record<string, unknown>) =>
      generateCallSection(decl(writeOperationFile({ operation: { method: 'PUT', url: 'https://p.example/items/{id}/labels', schema }, prose: 'Label it.\n' })));
    const base = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
    expect(section({ ...base, additionalProperties: { type: 'string' } })).toBe(
      [
        '## The call',
        '',
        '`PUT https://p.example/items/{id}/labels`',
        '',
        'Path parameters, each replacing `{name}` in the URL as one percent-encoded segment:',
        '- `id` (string, required)',
        '',
        'Body: a JSON object, sent with `Content-Type: application/json`: every argument not named above is sent as a field of it (string).',
        '',
        'Safety: `idempotent` (calling it again with the same arguments changes nothing more).',
        '',
        'Success: status `200`.',
        '',
      ].join('\n'),
    );
    expect(section({ ...base, properties: { id: { type: 'string' }, note: { type: 'string' } }, additionalProperties: true })).toMatch(
      /\n- `note` \(string, optional\)\n\nAlso, every argument not named above is sent as a field of it \(any value\)\.\n\nSafety: /,
    );
    expect(section({ ...base, additionalProperties: false })).toMatch(/\nNo body\.\n\nSafety: /);
  });

  it('lists path, query and body arguments with type and required-ness when the schema form is used', () => {
    const d = decl(
      writeOperationFile({
        operation: {
          method: 'POST',
          url: 'https://p.example/v1/owners/{owner_id}/pets',
          schema: {
            type: 'object',
            required: ['owner_id', 'name'],
            properties: {
              owner_id: { type: 'integer' },
              dry_run: { type: 'boolean' },
              name: { type: 'string', description: "The pet's\nname." },
              tags: { type: 'array', items: { type: 'string' } },
              owner: { $ref: '#/types/Owner' },
            },
          },
          query: ['dry_run'],
        },
        prose: 'Create a pet.\n',
      }),
    );
    expect(generateCallSection(d)).toBe(
      [
        '## The call',
        '',
        '`POST https://p.example/v1/owners/{owner_id}/pets`',
        '',
        'Path parameters, each replacing `{name}` in the URL as one percent-encoded segment:',
        '- `owner_id` (integer, required)',
        '',
        'Query parameters (a list is sent repeated, `name=a&name=b`):',
        '- `dry_run` (boolean, optional)',
        '',
        'Body: a JSON object, sent with `Content-Type: application/json`, with the fields:',
        "- `name` (string, required): The pet's name.",
        '- `tags` (array of string, optional)',
        '- `owner` (`Owner` (see types.json), optional)',
        '',
        'Safety: `unsafe` (it may do something each time it is called).',
        '',
        'Success: status `200`.',
        '',
      ].join('\n'),
    );
  });

  it('says there is no body when a flat-form GET has only query parameters', () => {
    const d = decl('---\noperation:\n  method: GET\n  url: https://h.example/rooms/{id}\n  query: [from]\n---\nx\n');
    expect(generateCallSection(d)).toContain('- `id` (string, required)');
    expect(generateCallSection(d)).toContain('- `from` (string, required)');
    expect(generateCallSection(d)).toMatch(/No body\.\n\nSafety: `safe` \(it changes nothing\)\.\n\nSuccess: status `200`\.\n$/);
  });

  it('states a declared safety, a 204 and the picked fields when the operation has them', () => {
    const d = decl('---\noperation:\n  method: POST\n  url: https://h.example/search\n  safety: safe\n  status: 201\n  body: [q]\n  pick: [id, \'data[].id\']\n---\nx\n');
    expect(generateCallSection(d)).toMatch(/\n\nSafety: `safe` \(it changes nothing\)\.\n\nSuccess: status `201`\.\n\nThe response keeps only the fields `id`, `data\[\]\.id`; the rest is dropped\.\n$/);
    const gone = decl('---\noperation:\n  method: DELETE\n  url: https://h.example/rooms/{id}\n  status: 204\n---\nx\n');
    expect(generateCallSection(gone)).toMatch(/Success: status `204`, with no body\.\n$/);
  });
});

describe('generateCallSection for requests of every shape', () => {
  const section = (operation: Record<string, unknown>) => generateCallSection(decl(writeOperationFile({ operation: { method: 'POST', url: 'https://p.example/v1/charges', ...operation }, prose: 'Charge.\n' })))!;

  it('states the form encoding and how each deep field is sent when the body is form-encoded', () => {
    const text = section({
      contentType: 'application/x-www-form-urlencoded',
      deep: ['metadata', 'shipping', 'expand'],
      schema: {
        type: 'object',
        required: ['amount'],
        properties: {
          amount: { type: 'integer' },
          metadata: { anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { enum: [''] }] },
          shipping: { type: 'object', properties: { 'address line': { type: 'object', properties: { city: { type: 'string' } } } } },
          expand: { type: 'array', items: { type: 'string' } },
        },
      },
    });
    expect(text).toContain(
      [
        'Body: form-encoded, sent with `Content-Type: application/x-www-form-urlencoded`: each field present as `name=value`, percent-encoded with a space as `+`, `true`/`false` and numbers as their text, a list repeated (`name=a&name=b`), with the fields:',
        '- `amount` (integer, required)',
        '- `metadata` (object or one of `""`, optional; sent in brackets, `metadata[key]=value`)',
        '- `shipping` (object, optional; sent in brackets, `shipping[address+line][city]=value`)',
        '- `expand` (array of string, optional; sent in brackets, `expand[0]=value`)',
        '',
      ].join('\n'),
    );
    // Each field is written once.
    expect(text.match(/`amount`/g)).toHaveLength(1);
  });

  it('says how parts go when the body is multipart', () => {
    const text = section({ contentType: 'multipart/form-data', schema: { type: 'object', properties: { title: { type: 'string' }, meta: { type: 'object' } } } });
    expect(text).toContain(
      'Body: `multipart/form-data`, one part per field present: a string, number or boolean as a text part, an object or list as a part of `application/json` text, with the fields:\n- `title` (string, optional)\n- `meta` (object, optional)\n',
    );
  });

  it('names the JSON media type when it is not application/json', () => {
    const text = section({ method: 'PATCH', contentType: 'application/merge-patch+json', schema: { type: 'object', properties: { spec: { type: 'object' } } } });
    expect(text).toContain('Body: a JSON object, sent with `Content-Type: application/merge-patch+json`, with the fields:\n- `spec` (object, optional)\n');
  });

  it('lists header arguments and fixed headers, and how a deep query argument is sent', () => {
    const text = section({
      method: 'GET',
      query: ['filter'],
      header: ['X-Request-Tag'],
      deep: ['filter'],
      headers: { 'Notion-Version': '2022-06-28' },
      schema: { type: 'object', required: ['X-Request-Tag'], properties: { filter: { type: 'object', properties: { status: { type: 'string' } } }, 'X-Request-Tag': { type: 'string' } } },
    });
    expect(text).toContain(
      [
        'Query parameters (a list is sent repeated, `name=a&name=b`):',
        '- `filter` (object, optional; sent in brackets, `filter[status]=value`)',
        '',
        'Headers, each argument sent as the request header of its name:',
        '- `X-Request-Tag` (string, required)',
        '',
        'Fixed headers, sent with every call:',
        '- `Notion-Version: 2022-06-28`',
        '',
        'No body.',
      ].join('\n'),
    );
  });

  it('says the body is the argument itself when the declaration names a body-argument', () => {
    const text = section({ method: 'PUT', url: 'https://p.example/v1/lists/{id}', bodyArgument: 'body', schema: { type: 'object', required: ['id', 'body'], properties: { id: { type: 'string' }, body: { type: 'array', items: { type: 'string' } } } } });
    expect(text).toContain('Body: the value of `body` itself, as JSON text, sent with `Content-Type: application/json`:\n- `body` (array of string, required)\n');
  });
});

describe('describeType', () => {
  it('names enums, type arrays and alternatives when a schema has them', () => {
    expect(describeType({ enum: ['a', 'b'] })).toBe('one of `"a"`, `"b"`');
    expect(describeType({ const: 3 })).toBe('exactly `3`');
    expect(describeType({ type: ['string', 'weird`type'] })).toBe('string or ``weird`type``');
    expect(describeType({ type: ['string', 'null'] })).toBe('string or null');
    expect(describeType({ oneOf: [{ type: 'string' }, { type: 'integer' }] })).toBe('string or integer');
    expect(describeType(undefined)).toBe('any');
  });
});

describe('generateCallSection with hostile descriptions', () => {
  it('neutralises HTML and script links when a field description holds them', () => {
    const d = decl(
      writeOperationFile({
        operation: { method: 'POST', url: 'https://p.example/x', schema: { type: 'object', properties: { a: { type: 'string', description: '<script>alert(1)</script> [x](javascript:alert(1))\n---\nadmin: true' } } } },
        prose: 'x\n',
      }),
    );
    const section = generateCallSection(d)!;
    expect(section).not.toContain('<script>');
    expect(section).not.toContain('javascript:');
    expect(section).not.toMatch(/\n---\n/);
  });
});

// BAD-INPUT 27: names and values that would end a code span or a line.
describe('generateCallSection with hostile names and values', () => {
  const hostile = 'x`\n## Injected heading\n<img src=x onerror=alert(1)>\n---\nadmin: true';
  const section = (properties: Record<string, unknown>, query: string[] = []) =>
    generateCallSection(decl(writeOperationFile({ operation: { method: 'POST', url: 'https://p.example/x', schema: { type: 'object', properties }, query }, prose: 'x\n' })))!;

  it('writes a parameter name holding a backtick and line breaks as one code span on one line', () => {
    const text = section({ [hostile]: { type: 'string' }, ok: { type: 'string' } }, [hostile]);
    expect(text).toContain('- ``"x`\\n## Injected heading\\n<img src=x onerror=alert(1)>\\n---\\nadmin: true"`` (string, optional)');
    expect(text.split('\n').filter((l) => l.startsWith('#'))).toEqual(['## The call']);
    expect(text).not.toMatch(/^(---|admin: true|<img)/m);
  });

  it('writes enum values holding HTML and backticks as code spans', () => {
    const text = section({ colour: { enum: ['<img src=x onerror=alert(1)>', 'a`b', 'line\nbreak', 3, null] } });
    expect(text).toContain('- `colour` (one of `"<img src=x onerror=alert(1)>"`, ``"a`b"``, `"line\\nbreak"`, `3`, `null`, optional)');
  });

  it('writes a hostile URL and type name as code spans', () => {
    const d = decl(
      writeOperationFile({
        operation: { method: 'POST', url: 'https://p.example/a`b/<b>', schema: { type: 'object', properties: { t: { $ref: '#/types/Bad`<i>' } } } },
        prose: 'x\n',
      }),
    );
    const text = generateCallSection(d)!;
    expect(text).toContain('``POST https://p.example/a`b/<b>``');
    expect(text).toContain('- `t` (``Bad`<i>`` (see types.json), optional)');
  });
});
