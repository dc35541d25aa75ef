import { describe, expect, it } from 'vitest';
import { expandRefs, childMode, type Mode } from './expand';
import { ExpandedSizer, jsonStringBytes } from './expanded-size';
import { TRIM_EXAMPLES, TRIM_NESTED_DESCRIPTIONS, TRIM_SENTENCES, firstSentence } from './expanded-view';
import { typesReader } from './types-reader';

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

/** A schema as a trim leaves it, from publishing's own expansion: the reference for the sizer's trimmed sizes. */
function trimmed(value: unknown, trim: number, mode: Mode = 'schema', top = true): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => trimmed(v, trim, mode === 'names' ? 'schema' : mode, false));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (mode === 'schema' && trim & TRIM_EXAMPLES && (k === 'examples' || k === 'example')) continue;
    if (mode === 'schema' && trim & TRIM_NESTED_DESCRIPTIONS && !top && k === 'description') continue;
    out[k] = mode === 'schema' && k === 'description' && trim & TRIM_SENTENCES && typeof v === 'string' ? firstSentence(v) : trimmed(v, trim, childMode(mode, k), false);
  }
  return out;
}

/** A random skill: types referring to each other (cycles too), with descriptions, examples, data that looks like schemas, and odd property names. */
function randomSkill(seed: number) {
  let x = seed;
  const rand = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const names = Array.from({ length: 6 }, (_, i) => `T${i}`);
  const schema = (depth: number): Record<string, unknown> => {
    const pick = rand(10);
    const s: Record<string, unknown> = {};
    if (rand(3) === 0) s.description = rand(2) ? 'One sentence. Then another, e.g. this one.' : 'Only one';
    if (rand(4) === 0) s.examples = [{ description: 'data, not a schema', examples: [1] }];
    if (depth > 2 || pick < 3) {
      // Types T0 to T4; T5 refers to another one only (a type that is only a reference).
      const ref: Record<string, unknown> = { $ref: `#/types/${names[rand(names.length)]}` };
      if (rand(2) === 0) ref.description = 'Beside the reference. Two sentences.';
      if (rand(5) === 0) ref.examples = ['x'];
      return depth > 3 ? { type: 'string', ...s } : ref;
    }
    if (pick < 6) return { ...s, type: 'object', required: ['description'], properties: { description: schema(depth + 1), examples: schema(depth + 1), [`p${rand(9)}`]: schema(depth + 1) } };
    if (pick < 8) return { ...s, type: 'array', items: schema(depth + 1), default: [{ description: 'x' }] };
    return { ...s, anyOf: [schema(depth + 1), { type: 'null' }], enum: rand(2) ? [{ example: 1 }] : undefined };
  };
  const types = new Map<string, unknown>(names.map((n) => [n, JSON.parse(JSON.stringify(n === 'T5' ? { $ref: '#/types/T1' } : schema(0)))]));
  const root = JSON.parse(JSON.stringify({ type: 'object', properties: { a: schema(0), b: schema(1) } }));
  return { types, root };
}

describe('ExpandedSizer', () => {
  it('measures what publishing writes, and each trim what fitting writes, over 200 random skills', () => {
    let checked = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { types, root } = randomSkill(seed);
      const published = expandRefs(root, types, 10_000_000);
      if (!published.ok) continue;
      const sizer = new ExpandedSizer(typesReader(types), Number.POSITIVE_INFINITY);
      const m = sizer.measure(root);
      expect(m.size, `seed ${seed}`).toBe(published.size);
      // A reference wrapped as `{"allOf":[type], description}` loses the wrapper when a trim
      // drops its description (fitting writes it so): published-then-trimmed text keeps it.
      if (!m.exact) continue;
      checked++;
      // The root measured as a nested node: its own description goes too.
      expect(m.withoutExamples, `seed ${seed}`).toBe(bytes(trimmed(published.parameters, TRIM_EXAMPLES, 'schema', false)));
      expect(m.withoutDescriptions, `seed ${seed}`).toBe(bytes(trimmed(published.parameters, TRIM_EXAMPLES | TRIM_NESTED_DESCRIPTIONS, 'schema', false)));
      for (const name of ['a', 'b']) {
        const arg = (published.parameters.properties as Record<string, unknown>)[name];
        for (const trim of [0, TRIM_EXAMPLES, TRIM_EXAMPLES | TRIM_NESTED_DESCRIPTIONS, TRIM_EXAMPLES | TRIM_NESTED_DESCRIPTIONS | TRIM_SENTENCES]) {
          expect(sizer.trimmedSize(root.properties[name], trim, true), `seed ${seed} ${name} trim ${trim}`).toBe(bytes(trimmed(arg, trim)));
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it('stops at a type met inside its own expansion, as publishing does, keeping the site\'s description', () => {
    const types = new Map<string, unknown>([['Node', { type: 'object', properties: { next: { $ref: '#/types/Node', description: 'Next.' } } }]]);
    const sizer = new ExpandedSizer(typesReader(types));
    const root = { type: 'object', properties: { n: { $ref: '#/types/Node' } } };
    expect(sizer.measure(root).size).toBe(bytes({ type: 'object', properties: { n: { type: 'object', properties: { next: { type: 'object', description: 'Next.' } } } } }));
  });

  it('measures the fan-out bomb (10^40 bytes written out) in milliseconds, and says it is over', () => {
    const types = new Map<string, unknown>();
    for (let i = 0; i < 40; i++) types.set(`T${i}`, { type: 'object', properties: Object.fromEntries(Array.from({ length: 10 }, (_, j) => [`p${j}`, { $ref: `#/types/T${i + 1}` }])) });
    types.set('T40', { type: 'string' });
    const t0 = performance.now();
    const capped = new ExpandedSizer(typesReader(types));
    expect(capped.fits({ $ref: '#/types/T0' })).toBe(false);
    expect(new ExpandedSizer(typesReader(types), Number.POSITIVE_INFINITY).measure({ $ref: '#/types/T0' }).size).toBeGreaterThan(1e40);
    expect(performance.now() - t0).toBeLessThan(200);
  });

  it('says a measure is only a bound where a reference with a description points at a type that is only a reference', () => {
    const types = new Map<string, unknown>([
      ['Alias', { $ref: '#/types/Real' }],
      ['Real', { type: 'string' }],
    ]);
    const sizer = new ExpandedSizer(typesReader(types));
    expect(sizer.measure({ $ref: '#/types/Alias' }).exact).toBe(true);
    expect(sizer.measure({ $ref: '#/types/Alias', description: 'Beside it.' }).exact).toBe(false);
  });
});

describe('jsonStringBytes', () => {
  it('counts what JSON.stringify writes, in UTF-8 bytes, escapes and lone surrogates included', () => {
    const samples = ['', 'a', 'é', '🐾', '\u0000\u001f\n\t"\\', '\ud800x', 'x\udc00', '\u007f', '\u2028', 'A "quoted" \\ path'];
    for (let i = 0; i < 500; i++) samples.push(String.fromCharCode(...Array.from({ length: 8 }, (_, j) => (i * 7919 + j * 104729) % 0x10000)));
    for (const s of samples) expect(jsonStringBytes(s), JSON.stringify(s)).toBe(new TextEncoder().encode(JSON.stringify(s)).length);
  });
});
