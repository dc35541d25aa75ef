import { describe, expect, it } from 'vitest';
import { formatSchemaJson, SchemaTextMemo } from './schema-text';
import { seeded, type Random } from '../../test/random';

/** A schema whose subtrees are drawn from `pool` (so the same objects recur, as fitting writes them), or new. */
function schema(r: Random, pool: object[], depth: number): unknown {
  if (pool.length > 0 && r.chance(0.3)) return r.pick(pool);
  if (depth > 4 || r.chance(0.25)) return r.pick(['text', 7, -0.5, true, null, 'a "quoted" \u2028 word', 'x'.repeat(r.int(120))]);
  let node: object;
  if (r.chance(0.3)) node = Array.from({ length: r.int(4) }, () => schema(r, pool, depth + 1));
  else {
    const o: Record<string, unknown> = {};
    for (let i = r.int(6); i > 0; i--) o[r.pick(['type', 'properties', 'items', 'description', 'enum', `f${r.int(9)}`])] = schema(r, pool, depth + 1);
    node = o;
  }
  pool.push(node);
  return node;
}

describe('formatSchemaJson with a SchemaTextMemo', () => {
  it('writes the same text as without it, for schemas sharing subtrees at different depths', () => {
    const r = seeded(8_214);
    for (let round = 0; round < 200; round++) {
      const pool: object[] = [];
      const schemas = Array.from({ length: 1 + r.int(5) }, () => schema(r, pool, 0));
      const memo = new SchemaTextMemo(schemas);
      // Each schema twice, and at another indent, so memoized texts are met again where they were kept and elsewhere.
      for (const s of [...schemas, ...schemas]) {
        expect(formatSchemaJson(s, 0, memo)).toBe(formatSchemaJson(s));
        expect(formatSchemaJson(s, 2, memo)).toBe(formatSchemaJson(s, 2));
      }
    }
  });

  it('keeps one text per indent: a shared subtree met at two depths is written at each', () => {
    const shared = { type: 'object', properties: { a: { type: 'string', description: 'x'.repeat(90) }, b: { type: 'integer' } } };
    const one = { properties: { s: shared } };
    const two = { properties: { deeper: { properties: { s: shared } } } };
    const memo = new SchemaTextMemo([one, two]);
    expect(formatSchemaJson(one, 0, memo)).toBe(formatSchemaJson(one));
    expect(formatSchemaJson(two, 0, memo)).toBe(formatSchemaJson(two));
  });
});
