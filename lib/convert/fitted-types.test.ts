import { describe, expect, it } from 'vitest';
import { expandRefs } from '../publish/expand';
import { mulberry32 } from '../../test/random';
import { typesReader } from '../../test/types-reader';
import type { Json } from './context';
import { Fitter } from './fit';
import { shareFittedTypes, type FittedType } from './fitted-types';

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

/** Fit the roots with one fitter over `types`, then share what they have in common; the originals are all in types.json. */
function fitAndShare(types: Record<string, unknown>, roots: Json[], limit: number) {
  const fitter = new Fitter(typesReader(types), limit);
  const fits = roots.map((root) => fitter.fit(root));
  const taken = new Set(Object.keys(types));
  const shared = shareFittedTypes(
    fits.map((f) => (f.ok ? f.schema : undefined)),
    {
      typeOf: (subtree) => fitter.writtenType(subtree),
      overlay: (subtree) => fitter.overlay(subtree),
      shared: (key) => ({ name: key, schema: types[key] }),
      newName: (key) => {
        let name = `${key}.fitted`;
        for (let i = 2; taken.has(name); i++) name = `${key}.fitted_${i}`;
        taken.add(name);
        return name;
      },
    },
  );
  const all = new Map<string, unknown>(Object.entries(types));
  for (const t of shared.types) all.set(t.name, t.schema);
  return { fits, shared, all };
}

/** The names a schema refers to, directly. */
const refsIn = (v: unknown): string[] => JSON.stringify(v).match(/"#\/types\/[^"]+"/g)?.map((r) => r.slice(9, -1)) ?? [];

/** Every new type is used by more than one schema, directly or through other new types. */
function users(types: readonly FittedType[], schemas: readonly (Json | undefined)[]): Map<string, Set<number>> {
  const byName = new Map(types.map((t) => [t.name, t]));
  const out = new Map<string, Set<number>>(types.map((t) => [t.name, new Set()]));
  schemas.forEach((s, i) => {
    const stack = s ? refsIn(s) : [];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      out.get(name)?.add(i);
      const t = byName.get(name);
      if (t) stack.push(...refsIn(t.schema));
    }
  });
  return out;
}

describe('shareFittedTypes', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
  const Address = { type: 'object', description: 'A postal address. Where letters go.', properties: { city: { type: 'string', description: `The city. ${words(60)}` }, zip: { type: 'string', description: `The code. ${words(60)}` } } };

  it('writes a type fitting trimmed the same way in two operations once, as `Name.fitted`, and each expands to what fitting wrote', () => {
    const types = { Address, Tag: { type: 'string', description: 'A tag.' } };
    const root = (extra: string): Json => ({
      type: 'object',
      properties: {
        [extra]: { type: 'object', description: 'Holds addresses.', properties: { home: { $ref: '#/types/Address' }, work: { $ref: '#/types/Address', description: `Where one works. ${words(40)}` } } },
        tag: { $ref: '#/types/Tag' },
      },
    });
    const roots = [root('a'), root('b'), { type: 'object', properties: { c: { type: 'object', properties: { only: { $ref: '#/types/Address' }, filler: { type: 'string', description: words(400) } } } } }];
    const { fits, shared, all } = fitAndShare(types, roots, 700);
    expect(fits.every((f) => f.ok)).toBe(true);
    expect(shared.types.map((t) => [t.name, t.pointer, t.operations])).toEqual([['Address.fitted', 'Address', 2]]);
    // Nested descriptions dropped: the type as trimmed, not as types.json has it.
    expect(shared.types[0].schema).toEqual({ type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } } });
    const a = shared.schemas[0]!.properties as Json;
    // The site's own keys beside the reference, as publishing lays them over the type; untouched `tag` stays as written.
    expect((a.a as Json).properties).toEqual({ home: { $ref: '#/types/Address.fitted' }, work: { $ref: '#/types/Address.fitted' } });
    fits.forEach((f, i) => {
      if (!f.ok) return;
      const expanded = expandRefs(shared.schemas[i], all);
      expect(expanded.ok && expanded.json).toBe(JSON.stringify(f.schema));
    });
  });

  it('keeps inline a trimmed type only one operation uses, however often it uses it', () => {
    const types = { Address };
    const root: Json = { type: 'object', properties: { a: { type: 'object', properties: { x: { $ref: '#/types/Address' }, y: { $ref: '#/types/Address' } } } } };
    const { fits, shared } = fitAndShare(types, [root, { type: 'object', properties: { b: { type: 'string' } } }], 300);
    expect(fits[0].ok).toBe(true);
    expect(shared.types).toEqual([]);
    expect(JSON.stringify(shared.schemas[0])).not.toContain('$ref');
    expect(shared.schemas[0]).toBe(fits[0].ok && fits[0].schema);
  });

  it('refers to the type as types.json has it where fitting left it as it is', () => {
    const Plain = { type: 'object', properties: { n: { type: 'integer' } } };
    const types = { Plain };
    const root = (name: string): Json => ({ type: 'object', properties: { [name]: { type: 'object', properties: { p: { $ref: '#/types/Plain' }, long: { type: 'string', description: words(300) } } } } });
    const { fits, shared } = fitAndShare(types, [root('a'), root('b')], 400);
    expect(fits.every((f) => f.ok)).toBe(true);
    expect(shared.types).toEqual([]);
    expect(JSON.stringify(shared.schemas[0])).toContain('{"$ref":"#/types/Plain"}');
  });

  it('names a fitted type past a name that is taken', () => {
    const types = { Address, 'Address.fitted': { type: 'string' } };
    const root = (name: string): Json => ({ type: 'object', properties: { [name]: { type: 'object', properties: { x: { $ref: '#/types/Address' } } } } });
    const { fits, shared } = fitAndShare(types, [root('a'), root('b')], 400);
    expect(fits.every((f) => f.ok)).toBe(true);
    expect(shared.types.map((t) => t.name)).toEqual(['Address.fitted_2']);
  });

  it('gives every fitted schema, expanded, the text fitting wrote and measured, over generated types (seeded)', () => {
    let sharedSome = 0;
    let fitted = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const rnd = mulberry32(seed);
      const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
      const n = 3 + Math.floor(rnd() * 6);
      const names = Array.from({ length: n }, (_, i) => `T${i}`);
      const sentence = () => `${pick(['A', 'The', 'Some'])} ${words(1 + Math.floor(rnd() * 30))}. ${rnd() < 0.5 ? words(Math.floor(rnd() * 40)) : ''}`.trim();
      // References mostly go to a later type (a few back, making cycles).
      const target = (from: number) => names[from + 1 < n && rnd() < 0.85 ? from + 1 + Math.floor(rnd() * (n - from - 1)) : Math.floor(rnd() * n)];
      const value = (depth: number, from: number): unknown => {
        const r = rnd();
        if (r < 0.35 || depth > 3) {
          const s: Json = { type: pick(['string', 'integer', 'boolean']) };
          if (rnd() < 0.6) s.description = sentence();
          if (rnd() < 0.3) s.examples = [words(3)];
          return s;
        }
        if (r < 0.75) {
          const ref: Json = { $ref: `#/types/${target(from)}` };
          if (rnd() < 0.4) ref.description = sentence();
          if (rnd() < 0.15) ref.examples = [{}];
          if (rnd() < 0.1) ref.deprecated = true;
          return ref;
        }
        if (r < 0.88) return { type: 'array', items: value(depth + 1, from), ...(rnd() < 0.5 ? { description: sentence() } : {}) };
        return object(depth + 1, from);
      };
      const object = (depth: number, from: number): Json => {
        const properties: Json = {};
        const k = 1 + Math.floor(rnd() * 4);
        for (let i = 0; i < k; i++) properties[`f${i}`] = value(depth, from);
        const o: Json = { type: 'object', properties };
        if (rnd() < 0.6) o.description = sentence();
        if (rnd() < 0.3) o.required = ['f0'];
        return o;
      };
      const types: Record<string, unknown> = {};
      names.forEach((name, i) => (types[name] = object(0, i)));
      const roots = Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => {
        const properties: Json = {};
        const k = 1 + Math.floor(rnd() * 3);
        for (let i = 0; i < k; i++) properties[`arg${i}`] = rnd() < 0.7 ? { $ref: `#/types/${pick(names)}`, ...(rnd() < 0.5 ? { description: sentence() } : {}) } : value(0, -1);
        return { type: 'object', properties } as Json;
      });
      const typeMap = new Map(Object.entries(types));
      const sizes = roots.map((r) => {
        const e = expandRefs(r, typeMap, Number.POSITIVE_INFINITY);
        return e.ok ? e.size : 0;
      });
      const limit = Math.max(120, Math.floor(Math.min(...sizes) * (0.2 + rnd() * 0.7)));
      const { fits, shared, all } = fitAndShare(types, roots, limit);
      sharedSome += shared.types.length;
      fitted += fits.filter((f) => f.ok).length;
      fits.forEach((f, i) => {
        if (!f.ok) return;
        // What fitting wrote is what it measured (as publishing expands the parameters).
        expect(bytes(f.schema), `seed ${seed}, root ${i}`).toBe(f.after);
        const expanded = expandRefs(shared.schemas[i], all, Number.POSITIVE_INFINITY);
        expect(expanded.ok && expanded.json, `seed ${seed}, root ${i}`).toBe(JSON.stringify(f.schema));
      });
      for (const [name, ops] of users(shared.types, shared.schemas)) expect(ops.size, `seed ${seed}: ${name}`).toBeGreaterThanOrEqual(2);
    }
    expect(fitted).toBeGreaterThan(100);
    expect(sharedSome).toBeGreaterThan(20);
  });
});
