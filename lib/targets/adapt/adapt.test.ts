import { describe, expect, it } from 'vitest';
import { findTarget, TARGETS } from '../catalog';
import { checkTarget } from '../compat/check';
import type { SkillTools, ToolEntry } from '../model';
import type { SchemaNode } from '../schema-walk';
import { adaptedInput, adaptTools, fixedByAdapting } from './adapt';
import { mulberry32, seeded } from '../../../test/random';
import { shapeOf, toRequestShape } from './shapes';

const TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'];
const ENUMS: unknown[][] = [['a', 'b'], [1, 2], ['a', null], [null], [{ a: 1 }], [true, 'x'], []];
const NAMES = ['get_pet', 'pets.list', '9lives', 'x', 'a-b', 'list_everything_in_the_store_by_category_and_then_by_price_and_colour_too', 'pet$', 'ünïcode', 'create_pet'];

/** A schema node mixing the keywords the targets refuse, ignore or want otherwise; depth-limited. */
function schemaOf(next: () => number, depth: number): SchemaNode {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const s: SchemaNode = {};
  const r = next();
  if (r < 0.45) s.type = pick(TYPES);
  else if (r < 0.6) s.type = [pick(TYPES), pick(TYPES), 'null'].filter((t, i, a) => a.indexOf(t) === i);
  const extras = Math.floor(next() * 4);
  for (let i = 0; i < extras; i++) {
    const k = next();
    if (k < 0.08) s.enum = pick(ENUMS);
    else if (k < 0.14) s.const = pick(['x', 3, null, { a: 1 }]);
    else if (k < 0.2 && depth < 3) s[pick(['oneOf', 'anyOf', 'allOf'])] = Array.from({ length: 1 + Math.floor(next() * 3) }, () => schemaOf(next, depth + 1));
    else if (k < 0.25 && depth < 3) s[pick(['not', 'if', 'then', 'else', 'contains', 'propertyNames'])] = schemaOf(next, depth + 1);
    else if (k < 0.45) s[pick(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties'])] = 1 + Math.floor(next() * 4);
    else if (k < 0.5) s.uniqueItems = next() < 0.5;
    else if (k < 0.55) s.additionalProperties = next() < 0.4 ? next() < 0.5 : schemaOf(next, depth + 1);
    else if (k < 0.6 && depth < 3) s.patternProperties = { '^x': schemaOf(next, depth + 1) };
    else if (k < 0.65 && depth < 3) s.items = schemaOf(next, depth + 1);
    else if (k < 0.68 && depth < 3) s.prefixItems = [schemaOf(next, depth + 1)];
    else if (k < 0.72) s.$ref = pick(['#', '#/properties/a', 'other.json#/Pet']);
    else if (k < 0.76) s.$defs = { D: { type: 'string' } };
    else if (k < 0.8) s.dependentRequired = { a: ['b'] };
    else if (k < 0.85) s[pick(['default', 'examples', 'format', 'deprecated', 'readOnly', '$comment', 'title', 'description'])] = pick(['x', ['x'], true, 'date-time']);
    else if (k < 0.88) s.$schema = 'https://json-schema.org/draft/2020-12/schema';
    else if (depth < 3) Object.assign(s, objectOf(next, depth + 1));
  }
  return s;
}

function objectOf(next: () => number, depth: number): SchemaNode {
  const names = ['a', 'b', 'X-Request-Id', 'page[size]', '__proto__', 'c'];
  const properties: SchemaNode = {};
  const n = Math.floor(next() * 4);
  for (let i = 0; i < n; i++) Object.defineProperty(properties, names[Math.floor(next() * names.length)], { value: schemaOf(next, depth), enumerable: true, writable: true, configurable: true });
  const required = Object.keys(properties).filter(() => next() < 0.5);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function toolsOf(next: () => number): SkillTools {
  const n = 1 + Math.floor(next() * 5);
  const tools: ToolEntry[] = [];
  for (let i = 0; i < n; i++) {
    const name = NAMES[Math.floor(next() * NAMES.length)];
    const d = next();
    const description = d < 0.1 ? '' : d < 0.2 ? 'x'.repeat(900 + Math.floor(next() * 2400)) : 'Do the thing.';
    const parameters = objectOf(next, 0);
    if (next() < 0.1) parameters.anyOf = [{ required: ['a'] }, { required: ['b'] }];
    tools.push({ file: `${name}_${i}.md`, tool: { name, alias: name, description, parameters } });
  }
  return { skill: next() < 0.5 ? 'petstore' : 'a-rather-long-skill-name-for-a-store', tools };
}

describe('adaptTools', () => {
  // The compatibility report and the adapter share one rule set: whatever the input, the
  // adapted tools have no problem the adapter claims to fix, for every target.
  it('gives tools that pass every check it fixes, for every target, over 400 generated tool lists', () => {
    const fixed = new Map<string, number>();
    const r = seeded(20260);
    for (let i = 0; i < 400; i++) {
      const input = toolsOf(r.next);
      for (const target of TARGETS.filter((t) => t.applies === 'tools')) {
        for (const p of checkTarget(input, target).filter(fixedByAdapting)) fixed.set(p.ruleId, (fixed.get(p.ruleId) ?? 0) + 1);
        const left = checkTarget(adaptedInput(adaptTools(input, target)), target);
        expect(left.filter(fixedByAdapting), `list ${i}, target ${target.id}, input ${JSON.stringify(input)}`).toEqual([]);
        // A few tools fit every target but the strict modes' totals, or have a parameter name Claude refuses (only curation fixes either): nothing but those is left.
        expect(left.filter((p) => p.severity === 'error' && !['target-request-limit', 'target-schema-limit', 'target-property-name'].includes(p.ruleId)), `list ${i}, target ${target.id}`).toEqual([]);
      }
    }
    // The generated lists break every rule the adapter fixes, many times over.
    expect([...fixed.keys()].sort()).toEqual(['target-description-required', 'target-enum-values', 'target-keyword', 'target-name-length', 'target-name-pattern', 'target-name-unique', 'target-open-object', 'target-optional-property', 'target-ref', 'target-root-any-of', 'target-type-array']);
    for (const [id, n] of fixed) expect(n, id).toBeGreaterThan(20);
  });

  it('is deterministic and does not change its input', () => {
    const input = toolsOf(mulberry32(7));
    const before = JSON.stringify(input);
    for (const target of TARGETS) expect(JSON.stringify(adaptTools(input, target).tools)).toBe(JSON.stringify(adaptTools(input, target).tools));
    expect(JSON.stringify(input)).toBe(before);
  });

  it('logs every change that loses something, per tool, in the problem shape', () => {
    const input: SkillTools = { skill: 'petstore', tools: [{ file: 'find.md', tool: { name: 'petstore_find', alias: 'find', description: 'Find pets.', parameters: { type: 'object', properties: { kind: { oneOf: [{ const: 'cat' }, { const: 'dog' }] }, age: { type: 'integer', exclusiveMinimum: 0 } } } } }] };
    const a = adaptTools(input, findTarget('gemini')!);
    expect(a.log).toEqual([
      { ruleId: 'target-keyword', severity: 'warning', file: 'find.md', pointer: '/parameters/properties/kind', message: '`oneOf` at /properties/kind became `anyOf` (gemini refuses `oneOf`): a value matching more than one choice is no longer refused' },
      { ruleId: 'target-keyword', severity: 'warning', file: 'find.md', pointer: '/parameters/properties/age', message: '`exclusiveMinimum` at /properties/age moved into the description (gemini refuses it): it is no longer enforced' },
    ]);
    expect(a.tools[0].tool.parameters).toEqual({ type: 'object', properties: { kind: { anyOf: [{ enum: ['cat'] }, { enum: ['dog'] }] }, age: { type: 'integer', description: '(exclusiveMinimum: 0)' } } });
  });

  it('writes OpenAI\'s strict-mode form: every object closed, every property required, an optional one nullable', () => {
    const input: SkillTools = { skill: 'petstore', tools: [{ file: 'find.md', tool: { name: 'petstore_find', alias: 'find', description: 'Find pets.', parameters: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['cat', 'dog'] }, owner: { type: 'object', properties: { name: { type: 'string' } } } } } } }] };
    const a = adaptTools(input, findTarget('openai_strict')!);
    expect(a.tools[0].tool.parameters).toEqual({
      type: 'object',
      required: ['kind', 'owner'],
      properties: {
        kind: { type: 'string', enum: ['cat', 'dog'] },
        owner: { type: ['object', 'null'], properties: { name: { type: ['string', 'null'] } }, additionalProperties: false, required: ['name'] },
      },
      additionalProperties: false,
    });
    expect(a.log.map((p) => p.message)).toEqual([
      '`owner` at the root made required and nullable (openai_strict needs every property required): the model sends null to leave one out, so drop null arguments before the call',
      'the object at /properties/owner took other keys; it no longer does (openai_strict needs `additionalProperties: false`)',
      '`name` at /properties/owner made required and nullable (openai_strict needs every property required): the model sends null to leave one out, so drop null arguments before the call',
    ]);
    expect(toRequestShape(a)).toEqual({ tools: [{ type: 'function', function: { name: 'petstore_find', description: 'Find pets.', parameters: a.tools[0].tool.parameters, strict: true } }] });
  });

  it('shortens names uniquely for a host that prefixes them, dropping the skill name the prefix already says', () => {
    const long = (suffix: string) => `kubernetes_connect_core_v1_get_namespaced_pod_proxy_with_path${suffix}`;
    const input: SkillTools = { skill: 'kubernetes', tools: ['', '_a', '_b'].map((s) => ({ file: `${s}.md`, tool: { name: long(s), alias: long(s), description: 'x', parameters: { type: 'object' } } })) };
    const a = adaptTools(input, findTarget('claude_code')!);
    const names = a.tools.map((t) => t.tool.name);
    expect(new Set(names).size).toBe(3);
    for (const n of names) expect(`mcp__kubernetes__${n}`.length).toBeLessThanOrEqual(64);
    expect(names[0].startsWith('connect_core_v1_get_namespaced_pod_proxy')).toBe(true);
    expect(a.tools.map((t) => t.renamedFrom)).toEqual(input.tools.map((t) => t.tool.name));
    expect(a.log.every((p) => p.ruleId === 'target-name-length' && /renamed .* map the name back/.test(p.message))).toBe(true);
    // A name that fits stays.
    expect(adaptTools(input, findTarget('anthropic')!).tools.map((t) => t.tool.name)).toEqual(input.tools.map((t) => t.tool.name));
  });

  it('gives a Gemini name that starts with a digit a leading underscore', () => {
    const input: SkillTools = { skill: '1password', tools: [{ file: 'a.md', tool: { name: '1password_list', alias: 'list', description: 'x', parameters: { type: 'object' } } }] };
    expect(adaptTools(input, findTarget('gemini')!).tools[0].tool.name).toBe('_1password_list');
  });
});

describe('toRequestShape', () => {
  const input: SkillTools = { skill: 'petstore', tools: [{ file: 'a.md', tool: { name: 'petstore_list', alias: 'list', description: 'List pets.', parameters: { type: 'object', properties: { n: { type: 'integer' } } } } }] };
  const params = input.tools[0].tool.parameters;

  it.each([
    ['openai', { tools: [{ type: 'function', function: { name: 'petstore_list', description: 'List pets.', parameters: params } }] }],
    ['mistral', { tools: [{ type: 'function', function: { name: 'petstore_list', description: 'List pets.', parameters: params } }] }],
    ['cohere', { tools: [{ type: 'function', function: { name: 'petstore_list', description: 'List pets.', parameters: params } }] }],
    ['anthropic', { tools: [{ name: 'petstore_list', description: 'List pets.', input_schema: params }] }],
    ['anthropic_strict', { tools: [{ name: 'petstore_list', description: 'List pets.', input_schema: { ...params, additionalProperties: false }, strict: true }] }],
    ['gemini', { tools: [{ functionDeclarations: [{ name: 'petstore_list', description: 'List pets.', parameters: params }] }] }],
    ['bedrock_converse', { toolConfig: { tools: [{ toolSpec: { name: 'petstore_list', description: 'List pets.', inputSchema: { json: params } } }] } }],
    ['mcp', { tools: [{ name: 'petstore_list', description: 'List pets.', inputSchema: params }] }],
    ['claude_code', { tools: [{ name: 'petstore_list', description: 'List pets.', inputSchema: params }] }],
  ])('writes %s\'s request shape', (id, expected) => {
    expect(toRequestShape(adaptTools(input, findTarget(id)!))).toEqual(expected);
  });

  it('has a shape for every tool-list target of the data, and none for Agent Skills', () => {
    for (const t of TARGETS) expect(shapeOf(t) === undefined, t.id).toBe(t.applies === 'skill');
  });
});
