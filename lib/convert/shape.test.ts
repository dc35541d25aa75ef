import { describe, expect, it } from 'vitest';
import { typesReader } from '../publish/types-reader';
import { ShapeWriter, TRUNCATED } from './shape';

const writer = (types: Record<string, unknown> = {}, budget = 10_000) => new ShapeWriter(typesReader(new Map(Object.entries(types))), budget);

describe('ShapeWriter', () => {
  it('writes an object\'s fields with their types, whether required, and the first sentence of each description, nested', () => {
    const shape = writer().fields({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', description: 'The pet\'s name. At most 40 characters.' },
        born: { type: 'string', format: 'date' },
        tags: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
        kind: { enum: ['cat', 'dog'] },
        owner: { anyOf: [{ type: 'object', description: 'Who owns it.', properties: { email: { type: 'string' } } }, { type: 'null' }] },
      },
    });
    expect(shape).toBe(
      [
        "- `name` (a string, required): The pet's name.",
        '- `born` (a string (date), optional)',
        '- `tags` (a list of objects, optional)',
        '  - `id` (an integer, required)',
        '- `kind` (one of `"cat"`, `"dog"`, optional)',
        '- `owner` (an object or null, optional): Who owns it.',
        '  - `email` (a string, optional)',
      ].join('\n'),
    );
  });

  it('expands references and names a type met again inside itself by where it was met first, never by a type name', () => {
    const shape = writer({ Node: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/types/Node' } } } } }).fields({
      type: 'object',
      properties: { root: { $ref: '#/types/Node' } },
    });
    expect(shape).toBe(
      ['- `root` (an object, optional)', '  - `value` (a string, optional)', '  - `children` (a list of objects: the same fields as `root`, above, optional)'].join('\n'),
    );
    expect(shape).not.toContain('Node');
  });

  it('writes a type met again (in no cycle) once, then names where its fields are', () => {
    const probe = { type: 'object', properties: { path: { type: 'string' }, port: { type: 'integer' } } };
    const shape = writer({ Probe: probe, Tiny: { type: 'object', properties: { a: { type: 'string' } } } }).fields({
      type: 'object',
      properties: {
        liveness: { $ref: '#/types/Probe', description: 'Checks it lives.' },
        readiness: { $ref: '#/types/Probe' },
        probes: { type: 'array', items: { $ref: '#/types/Probe' } },
        // Another keyword beside the reference shapes another value: written out.
        required: { $ref: '#/types/Probe', required: ['path'] },
        // One line of fields: as short written again as named.
        tiny: { $ref: '#/types/Tiny' },
        tinyToo: { $ref: '#/types/Tiny' },
      },
    });
    expect(shape).toBe(
      [
        '- `liveness` (an object, optional): Checks it lives.',
        '  - `path` (a string, optional)',
        '  - `port` (an integer, optional)',
        '- `readiness` (an object with the same fields as `liveness` above, optional)',
        '- `probes` (a list of objects with the same fields as `liveness` above, optional)',
        '- `required` (an object, optional)',
        '  - `path` (a string, required)',
        '  - `port` (an integer, optional)',
        '- `tiny` (an object, optional)',
        '  - `a` (a string, optional)',
        '- `tinyToo` (an object, optional)',
        '  - `a` (a string, optional)',
      ].join('\n'),
    );
  });

  it('names a repeated value that is not a plain object by its place, a variant as the shape it is listed as', () => {
    const either = { oneOf: [{ type: 'string' }, { type: 'object', properties: { id: { type: 'string' } } }] };
    const shape = writer({ Either: either }).fields({
      anyOf: [
        { type: 'object', properties: { by: { $ref: '#/types/Either' } } },
        { type: 'object', properties: { to: { $ref: '#/types/Either' }, all: { type: 'array', items: { $ref: '#/types/Either' } } } },
      ],
    });
    expect(shape).toContain('- `to` (a value of the same shape as `(shape 1).by` above, optional)');
    expect(shape).toContain('- `all` (a list of values of the same shape as `(shape 1).by` above, optional)');
    expect(shape.match(/- `id`/g)).toHaveLength(1);
  });

  it('writes a type in a cycle out where it is met again beside itself, not named by a place its fields may differ from', () => {
    const shape = writer({ Node: { type: 'object', properties: { value: { type: 'string' }, next: { $ref: '#/types/Node' } } } }).fields({
      type: 'object',
      properties: { a: { $ref: '#/types/Node' }, b: { $ref: '#/types/Node' } },
    });
    expect(shape).toBe(
      [
        '- `a` (an object, optional)',
        '  - `value` (a string, optional)',
        '  - `next` (an object: the same fields as `a`, above, optional)',
        '- `b` (an object, optional)',
        '  - `value` (a string, optional)',
        '  - `next` (an object: the same fields as `b`, above, optional)',
      ].join('\n'),
    );
  });

  it('lists the variants of a oneOf, each with its own fields', () => {
    const shape = writer().fields({
      oneOf: [
        { type: 'object', title: 'Card', properties: { number: { type: 'string' } } },
        { type: 'object', properties: { iban: { type: 'string' } } },
      ],
    });
    expect(shape).toBe(['Exactly one of these 2 shapes:', '', '- shape 1 `Card`: an object', '  - `number` (a string, optional)', '- shape 2: an object', '  - `iban` (a string, optional)'].join('\n'));
  });

  it('stops where its budget runs out, top lines first, and says so', () => {
    const fields = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`field_${i}`, { type: 'string', description: 'A field.' }]));
    const shape = writer({}, 300).fields({ type: 'object', properties: fields });
    expect(shape.split('\n').at(-1)).toBe(TRUNCATED);
    expect(shape.length).toBeLessThan(400);
    expect(shape.startsWith('- `field_0` (a string, optional): A field.')).toBe(true);
  });

  it('writes HTML in a description as text, not markup', () => {
    expect(writer().fields({ type: 'object', properties: { a: { type: 'string', description: '<script>alert(1)</script> Text.' } } })).toContain('&lt;script>');
  });
});
