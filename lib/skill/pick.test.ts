import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { applyPick, narrowReturns, parsePickPath } from './pick';

describe('parsePickPath', () => {
  it('reads names, lists and a leading [] when the path is well formed', () => {
    expect(parsePickPath('data[].owner.email')).toEqual({ ok: true, segments: [{ name: 'data', lists: 1 }, { name: 'owner', lists: 0 }, { name: 'email', lists: 0 }] });
    expect(parsePickPath('[].id')).toEqual({ ok: true, segments: [{ name: '', lists: 1 }, { name: 'id', lists: 0 }] });
  });
  it('refuses an empty segment and text after []', () => {
    expect(parsePickPath('a..b').ok).toBe(false);
    expect(parsePickPath('a[]b').ok).toBe(false);
    expect(parsePickPath('').ok).toBe(false);
  });
});

describe('applyPick', () => {
  it('keeps the picked fields in pick order, into lists, when the value has them', () => {
    const value = { has_more: true, data: [{ id: 'a', name: 'x', owner: { email: 'e', phone: 'p' } }, { id: 'b' }], url: '/v1' };
    expect(applyPick(value, ['data[].owner.email', 'data[].id', 'has_more'])).toEqual({ data: [{ owner: { email: 'e' }, id: 'a' }, { id: 'b' }], has_more: true });
  });
  it('keeps a value whose shape is not what the path expects as it is', () => {
    expect(applyPick({ data: 'text' }, ['data[].id'])).toEqual({ data: 'text' });
  });
});

describe('narrowReturns', () => {
  it('keeps the picked properties, their required-ness and the types through refs', () => {
    const types = new Map<string, unknown>([['Pet', { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } }]]);
    const returns = { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/types/Pet' } }, total: { type: 'integer' } } };
    expect(narrowReturns(returns, ['data[].id'], types)).toEqual({ type: 'object', properties: { data: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } });
  });
});

// A small deterministic generator: the same seed gives the same cases on every run.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Schema = Record<string, unknown>;
const NAMES = ['id', 'name', 'data', 'owner', 'email', 'total'];

function genSchema(r: () => number, depth: number): Schema {
  const roll = r();
  if (depth <= 0 || roll < 0.3) return [{ type: 'string' }, { type: 'integer' }, { type: ['string', 'null'] }, {}][Math.floor(r() * 4)];
  if (roll < 0.5) return { type: 'array', items: genSchema(r, depth - 1) };
  if (roll < 0.6) return { anyOf: [genObject(r, depth - 1), genObject(r, depth - 1)] };
  if (roll < 0.65) return { allOf: [genObject(r, depth - 1), { type: 'object' }] };
  return genObject(r, depth);
}

function genObject(r: () => number, depth: number): Schema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const n of NAMES) {
    if (r() < 0.4) {
      properties[n] = genSchema(r, depth - 1);
      if (r() < 0.5) required.push(n);
    }
  }
  const s: Schema = { type: r() < 0.2 ? ['object', 'null'] : 'object', properties };
  if (required.length > 0) s.required = required;
  if (r() < 0.3) s.additionalProperties = false;
  if (r() < 0.2) s.minProperties = 1;
  return s;
}

/** A value the schema accepts (the test checks that it does). */
function genValue(s: Schema, r: () => number): unknown {
  if (Array.isArray(s.anyOf)) return genValue(s.anyOf[Math.floor(r() * s.anyOf.length)] as Schema, r);
  if (Array.isArray(s.allOf)) return genValue(s.allOf[0] as Schema, r);
  const type = Array.isArray(s.type) ? (r() < 0.2 ? 'null' : s.type[0]) : s.type;
  if (type === 'null') return null;
  if (type === 'string') return 'x';
  if (type === 'integer') return 3;
  if (type === 'array') return Array.from({ length: Math.floor(r() * 3) }, () => genValue(s.items as Schema, r));
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [k, v] of Object.entries(s.properties as Record<string, Schema>)) if (required.has(k) || r() < 0.6) out[k] = genValue(v, r);
    if (s.minProperties !== undefined && Object.keys(out).length === 0) {
      const [k, v] = Object.entries(s.properties as Record<string, Schema>)[0] ?? ['extra', {}];
      if (s.additionalProperties === false && !(k in (s.properties as object))) return out;
      out[k] = genValue(v, r);
    }
    return out;
  }
  return r() < 0.5 ? 'any' : { free: 1 };
}

/** Every pick path the schema offers, a few levels deep. */
function paths(s: Schema, prefix: string, depth: number): string[] {
  if (depth <= 0) return [];
  const out: string[] = [];
  const branches = [s, ...((s.anyOf ?? s.allOf ?? []) as Schema[])];
  for (const b of branches) {
    if (b.type === 'array' || (Array.isArray(b.type) && b.type.includes('array'))) {
      out.push(...paths(b.items as Schema, `${prefix}[]`, depth - 1));
    }
    for (const [k, v] of Object.entries((b.properties ?? {}) as Record<string, Schema>)) {
      const here = prefix === '' ? k : `${prefix}.${k}`;
      out.push(here, ...paths(v, here, depth - 1));
    }
  }
  return [...new Set(out)].filter((p) => parsePickPath(p).ok);
}

describe('pick (property)', () => {
  it('gives a value the narrowed returns accepts for every value returns accepts', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    let checked = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed);
      const returns = genSchema(r, 4);
      const offered = paths(returns, '', 4);
      if (offered.length === 0) continue;
      const pick = offered.filter(() => r() < 0.4);
      if (pick.length === 0) pick.push(offered[0]);
      const narrowed = narrowReturns(returns, pick) as Schema;
      const accepts = ajv.compile(returns);
      const narrowAccepts = ajv.compile(narrowed);
      for (let i = 0; i < 5; i++) {
        const value = genValue(returns, r);
        if (!accepts(value)) continue;
        const picked = applyPick(value, pick);
        expect({ seed, returns, pick, value, picked, ok: narrowAccepts(picked) }).toMatchObject({ ok: true });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
