import { describe, expect, it } from 'vitest';
import { typesReader } from '../../test/types-reader';
import { fitParameters, type FitResult } from './fit';

const none = typesReader({});
const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;
const text = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');

function fitted(result: FitResult) {
  if (!result.ok) throw new Error(`not fitted: ${result.reason}`);
  return result;
}

describe('fitParameters', () => {
  it('drops examples first, from the largest argument first, and stops as soon as the parameters fit', () => {
    const root = {
      type: 'object',
      properties: {
        small: { type: 'string', examples: ['x'.repeat(100)] },
        big: { type: 'string', examples: ['y'.repeat(400)] },
      },
    };
    const r = fitted(fitParameters(root, none, 300));
    expect(r.steps).toEqual([{ step: 'drop-examples', pointer: '/properties/big', bytes: 416 }]);
    expect(r.schema).toEqual({ type: 'object', properties: { small: root.properties.small, big: { type: 'string' } } });
    expect(r.after).toBe(bytes(r.schema));
    expect(r.before).toBe(bytes(root));
  });

  it('then drops descriptions below the top level, keeping each argument\'s own, then cuts descriptions to their first sentence', () => {
    const root = {
      type: 'object',
      properties: {
        owner: {
          type: 'object',
          description: `The owner. ${text(40)}`,
          properties: { name: { type: 'string', description: text(60) }, age: { type: 'integer', description: text(60) } },
        },
      },
    };
    const r = fitted(fitParameters(root, none, 150));
    expect(r.steps.map((s) => s.step)).toEqual(['drop-nested-descriptions', 'first-sentence']);
    expect(r.schema).toEqual({ type: 'object', properties: { owner: { type: 'object', description: 'The owner.', properties: { name: { type: 'string' }, age: { type: 'integer' } } } } });
    expect(r.after).toBe(bytes(r.schema));
  });

  it('replaces an optional object by {"type":"object"} with its first sentence, and names it for the prose', () => {
    const big = { type: 'object', description: 'The address. Where it lives.', properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`line_${i}`, { type: 'string' }])) };
    const root = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, address: big } };
    const r = fitted(fitParameters(root, none, 300));
    expect(r.schema.properties).toEqual({ name: { type: 'string' }, address: { type: 'object', description: 'The address (its fields are listed in the prose).' } });
    expect(r.steps.at(-1)).toMatchObject({ step: 'replace-object', pointer: '/properties/address' });
    expect(r.objects).toEqual([{ pointer: '/properties/address', path: 'address', node: big, active: [] }]);
  });

  it('never replaces a required argument or its required fields, and says when the required arguments alone pass the limit', () => {
    const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f_${i}`, { type: 'string' }]));
    const root = { type: 'object', required: ['body'], properties: { body: { type: 'object', required: ['inner'], properties: { inner: { type: 'object', properties: fields } } } } };
    const r = fitParameters(root, none, 300);
    expect(r).toMatchObject({ ok: false, reason: 'required' });
    if (r.ok) return;
    expect(r.requiredBytes).toBe(bytes(root));
  });

  it('replaces the optional fields inside a required argument, and the items of a list', () => {
    const item = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f_${i}`, { type: 'string' }])) };
    const root = { type: 'object', required: ['body'], properties: { body: { type: 'object', properties: { items: { type: 'array', items: item } } } } };
    const r = fitted(fitParameters(root, none, 300));
    expect(r.steps.map((s) => s.pointer)).toEqual(['/properties/body/properties/items/items']);
    expect(r.objects[0].path).toBe('body.items[]');
  });

  it('leaves each variant of a oneOf whole (it would then overlap the others) but replaces objects inside them', () => {
    const fields = (p: string) => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${p}_${i}`, { type: 'string' }]));
    const root = {
      type: 'object',
      properties: {
        payment: {
          oneOf: [
            { type: 'object', required: ['kind'], properties: { kind: { const: 'card' }, card: { type: 'object', properties: fields('card') } } },
            { type: 'object', required: ['kind'], properties: { kind: { const: 'bank' }, bank: { type: 'object', properties: fields('bank') } } },
          ],
        },
      },
    };
    const r = fitted(fitParameters(root, none, 900));
    for (const s of r.steps) expect(s.pointer).toMatch(/\/oneOf\/\d\/properties\/(card|bank)$/);
    expect(JSON.stringify(r.schema)).toContain('"kind":{"const":"card"}');
  });

  it('does not look inside not, if or contains, where a replacement would narrow what is accepted', () => {
    const inner = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f_${i}`, { type: 'string' }])) };
    const root = { type: 'object', required: ['a'], properties: { a: { type: 'object', not: { type: 'object', properties: { x: inner } }, if: { properties: { x: inner } } } } };
    expect(fitParameters(root, none, 300)).toMatchObject({ ok: false, reason: 'required' });
  });

  it('keeps null where the replaced object admitted it', () => {
    const big = { type: ['object', 'null'], properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f_${i}`, { type: 'string' }])) };
    const r = fitted(fitParameters({ type: 'object', properties: { a: big } }, none, 200));
    expect(r.schema.properties).toEqual({ a: { type: ['object', 'null'], description: `An object (its fields are listed in the prose).` } });
  });

  it('expands references as publishing does, writing no reference, and keeps a type met again inside itself cut', () => {
    const reader = typesReader({
      Node: { type: 'object', properties: { name: { type: 'string', description: text(30) }, child: { $ref: '#/types/Node', description: 'The child.' } } },
    });
    const root = { type: 'object', properties: { tree: { $ref: '#/types/Node' } } };
    const r = fitted(fitParameters(root, reader, 200));
    expect(JSON.stringify(r.schema)).not.toContain('$ref');
    // SPEC 2: the type met again inside its own expansion is `{"type":"object"}`, its site's description trimmed away here.
    expect(r.schema).toEqual({ type: 'object', properties: { tree: { type: 'object', properties: { name: { type: 'string' }, child: { type: 'object' } } } } });
    expect(r.after).toBe(bytes(r.schema));
  });

  it('replaces the largest objects that do not remove more than is needed before one that removes more', () => {
    const obj = (n: number) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`f_${i}`, { type: 'string' }])) });
    const root = { type: 'object', properties: { outer: { type: 'object', properties: { a: obj(30), b: obj(30), c: obj(2) } } } };
    // Needs a little more than a: a goes, then b (removing more than the rest needed), and c and outer stay.
    const r = fitted(fitParameters(root, none, bytes(root) - bytes(obj(30)) - 50));
    expect(r.steps.map((s) => s.pointer)).toEqual(['/properties/outer/properties/a', '/properties/outer/properties/b']);
  });
});
