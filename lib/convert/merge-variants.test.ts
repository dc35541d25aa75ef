import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../core/entries';
import { parseSkillPackage } from '../skill/package';
import { findCallable } from '../call/callable';
import { checkArguments } from '../call/check-arguments';
import { convertSpec } from './convert';
import { specInputFromDocument } from './spec-input';
import { specOracle } from '../../test/request-examples';
import { seeded, type Random } from '../../test/random';

/**
 * A JSON body that is a `oneOf`/`anyOf` of objects declared as one object
 * (mergeVariants): whatever the union accepts, the declared object must accept (it may be
 * looser, never stricter). Each case puts values the spec's own schema accepts (the corpus
 * oracle, test/request-examples.ts: Ajv on the spec, `oneOf` read as `anyOf`) to the converted
 * skill's `checkArguments`. Only the union's field names are tried: a name no variant has is
 * an argument the tool does not declare, refused for every body (SPEC 3.1).
 */

type Doc = Record<string, unknown>;
const BODY = '/paths/~1x/post/requestBody/content/application~1json/schema';

function doc(schema: unknown, schemas: Doc = {}): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Merge', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths: { '/x': { post: { operationId: 'x', requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '204': { description: 'Done.' } } } } },
    ...(Object.keys(schemas).length > 0 ? { components: { schemas } } : {}),
  };
}

/** The converted operation: its declared schema (undefined when prose-only), and what a call with these arguments is refused for. */
function converted(spec: Doc) {
  const result = convertSpec(specInputFromDocument(spec), { sha256: 'abc' });
  const callable = findCallable(parseSkillPackage({ folder: result.folder, files: result.files }), 'x');
  const accepts = specOracle(spec, true);
  return {
    merged: result.report.warnings.some((w) => w.ruleId === 'merged-variants'),
    parameters: callable.ok ? (callable.value.tool.parameters as Doc) : undefined,
    specAccepts: (value: unknown) => accepts(BODY, value),
    refusal: (value: Doc) => {
      if (!callable.ok) return ['not declared'];
      return checkArguments(callable.value, value)
        .filter((p) => p.severity === 'error')
        .map((p) => p.message);
    },
  };
}

describe('mergeVariants: the declared object takes every value the union takes', () => {
  it("takes a field a variant that does not name it lets through with any value (Okta's update_feature_for_application)", () => {
    // Okta: USER_PROVISIONING names `create`, `update` and forbids nothing else, so the spec's own
    // example, whose `importSettings` does not fit INBOUND_PROVISIONING's (`userNameFormat`, nulls), is valid.
    const settings = { type: 'object', properties: { username: { type: 'object', required: ['usernameFormat'], properties: { usernameFormat: { type: 'string', enum: ['EMAIL', 'CUSTOM'] } } } } };
    const spec = doc(
      { oneOf: [{ $ref: '#/components/schemas/UserProvisioning' }, { $ref: '#/components/schemas/InboundProvisioning' }] },
      {
        UserProvisioning: { title: 'USER_PROVISIONING', type: 'object', properties: { create: { type: 'object' }, update: { type: 'object' } } },
        InboundProvisioning: { title: 'INBOUND_PROVISIONING', type: 'object', required: ['importSettings', 'importRules'], properties: { importRules: { type: 'object' }, importSettings: settings } },
      },
    );
    const c = converted(spec);
    const example = { importSettings: { username: { userNameFormat: 'EMAIL' } }, importRules: {} };
    expect(c.specAccepts(example)).toBe(true);
    expect(c.refusal(example)).toEqual([]);
    // The shape a model builds by stays in the schema; `{}` says what else the union takes.
    expect((c.parameters!.properties as Doc).importSettings).toEqual({
      anyOf: [settings, {}],
      description: 'Named by shape 2 (`INBOUND_PROVISIONING`); any value in the other shape, which does not name it.',
    });
    expect(c.parameters!.required).toBeUndefined();
  });

  it('types a field only some variants name by their schemas alone when the others forbid other fields', () => {
    const spec = doc({
      oneOf: [
        { type: 'object', additionalProperties: false, required: ['kind', 'number'], properties: { kind: { const: 'card' }, number: { type: 'string' } } },
        { type: 'object', additionalProperties: false, required: ['kind', 'iban'], properties: { kind: { const: 'bank' }, iban: { type: 'string' } } },
      ],
    });
    const c = converted(spec);
    expect(c.parameters!.properties).toEqual({
      kind: { enum: ['card', 'bank'] },
      number: { type: 'string', description: 'Only when `kind` is `card`.' },
      iban: { type: 'string', description: 'Only when `kind` is `bank`.' },
    });
    expect(c.parameters!.required).toEqual(['kind']);
    expect(c.refusal({ kind: 'bank', iban: 'DE00' })).toEqual([]);
    // Looser than the union where it must be, not everywhere: no variant takes a number there.
    expect(c.specAccepts({ kind: 'bank', iban: 5 })).toBe(false);
    expect(c.refusal({ kind: 'bank', iban: 5 })).not.toEqual([]);
  });

  it('takes each type a field has in some variant, and requires only what every variant requires', () => {
    const spec = doc({
      anyOf: [
        { type: 'object', required: ['id', 'a'], properties: { id: { type: 'string', format: 'uuid' }, a: { type: 'string' } } },
        { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, b: { type: 'boolean' } } },
      ],
    });
    const c = converted(spec);
    for (const value of [{ id: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', a: 'x' }, { id: 7 }, { id: 7, b: true }, { id: 7, a: 3 }]) {
      expect(c.specAccepts(value), JSON.stringify(value)).toBe(true);
      expect(c.refusal(value), JSON.stringify(value)).toEqual([]);
    }
    expect(c.parameters!.required).toEqual(['id']);
  });

  it('keeps a joined enum untyped when one variant gives its values without a type', () => {
    const spec = doc({
      oneOf: [
        { type: 'object', additionalProperties: false, required: ['level'], properties: { level: { enum: [1, 2] } } },
        { type: 'object', additionalProperties: false, required: ['level', 'name'], properties: { level: { type: 'string', enum: ['high'] }, name: { type: 'string' } } },
      ],
    });
    const c = converted(spec);
    expect(c.specAccepts({ level: 1 })).toBe(true);
    expect(c.refusal({ level: 1 })).toEqual([]);
    expect(c.refusal({ level: 'high', name: 'n' })).toEqual([]);
  });

  it("takes a field a variant does not name as that variant's additionalProperties", () => {
    const spec = doc({
      oneOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } },
        { type: 'object', required: ['b'], properties: { b: { type: 'string' } }, additionalProperties: false },
      ],
    });
    const c = converted(spec);
    expect(c.specAccepts({ a: 'x', b: 5 })).toBe(true);
    expect(c.refusal({ a: 'x', b: 5 })).toEqual([]);
    expect(c.refusal({ b: 'y' })).toEqual([]);
    expect((c.parameters!.properties as Doc).b).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'Named by shape 2 (with `b`); shape 1 (with `a`) takes it as one of its other fields.' });
  });

  it("names each variant by the discriminator's values that pick it: from its mapping, by a $ref or a schema's name, or by the variant's name", () => {
    // As DigitalOcean's droplet actions: every variant takes every `type`, so only the discriminator tells which fields go with which.
    const kind = { type: 'string', enum: ['reboot', 'power_off', 'resize', 'rename'] };
    const spec = doc(
      {
        // A `oneOf` whose branches overlap, converted as an `anyOf`.
        oneOf: [{ $ref: '#/components/schemas/Plain' }, { $ref: '#/components/schemas/Resize' }, { $ref: '#/components/schemas/Rename' }],
        discriminator: { propertyName: 'type', mapping: { reboot: '#/components/schemas/Plain', power_off: '#/components/schemas/Plain', resize: 'Resize' } },
      },
      {
        Plain: { type: 'object', required: ['type'], properties: { type: kind } },
        Resize: { type: 'object', required: ['type'], properties: { type: kind, size: { type: 'string' } } },
        Rename: { type: 'object', required: ['type'], properties: { type: kind, name: { type: 'string' } } },
      },
    );
    const properties = converted(spec).parameters!.properties as Record<string, Doc>;
    expect(properties.size.description).toBe('Used when `type` is `resize`; for another `type`, any value (its shape does not name it).');
    // Rename is in no mapping entry: its name is the value.
    expect(properties.name.description).toBe('Used when `type` is `Rename`; for another `type`, any value (its shape does not name it).');
    const result = convertSpec(specInputFromDocument(spec), { sha256: 'abc' });
    expect(result.report.warnings.find((w) => w.ruleId === 'merged-variants')!.message).toContain('The shapes: 1 (`type` is `reboot` or `power_off`); 2 (`type` is `resize`); 3 (`type` is `Rename`)');
  });

  it('names variants by their schema\'s name, else their fields, when a discriminator does not pick every one of them', () => {
    const spec = doc(
      { oneOf: [{ $ref: '#/components/schemas/A' }, { type: 'object', properties: { b: { type: 'string' } } }], discriminator: { propertyName: 'kind' } },
      { A: { type: 'object', properties: { a: { type: 'string' } } } },
    );
    const properties = converted(spec).parameters!.properties as Record<string, Doc>;
    expect(properties.a.description).toBe('Named by shape 1 (`A`); any value in the other shape, which does not name it.');
    expect(properties.b.description).toBe('Named by shape 2 (with `b`); any value in the other shape, which does not name it.');
  });

  it('calls variants by their schemas\' names alone when each has one (Discord\'s channel update: a DM, a group DM, a guild channel, a thread)', () => {
    const spec = doc(
      { oneOf: [{ $ref: '#/components/schemas/UpdateGuildChannel' }, { $ref: '#/components/schemas/UpdateThread' }] },
      {
        UpdateGuildChannel: { type: 'object', properties: { name: { type: 'string' }, topic: { type: 'string' }, bitrate: { type: 'integer' } } },
        UpdateThread: { type: 'object', properties: { name: { type: 'string' }, archived: { type: 'boolean' }, bitrate: { type: 'integer' } } },
      },
    );
    const properties = converted(spec).parameters!.properties as Record<string, Doc>;
    expect(properties.topic.description).toBe('Named by shape `UpdateGuildChannel`; any value in the other shape, which does not name it.');
    expect(properties.archived.description).toBe('Named by shape `UpdateThread`; any value in the other shape, which does not name it.');
    expect(properties.name.description).toBeUndefined();
    const result = convertSpec(specInputFromDocument(spec), { sha256: 'abc' });
    expect(result.report.warnings.find((w) => w.ruleId === 'merged-variants')!.message).toContain('The shapes: `UpdateGuildChannel`; `UpdateThread`');
  });

  it('leaves a union unmerged, one body argument, when a variant has a keyword one object of fields cannot carry', () => {
    for (const odd of [{ minProperties: 2 }, { patternProperties: { '^x-': { type: 'string' } } }, { not: { required: ['a'] } }]) {
      const c = converted(doc({ oneOf: [{ type: 'object', properties: { a: { type: 'string' } }, ...odd }, { type: 'object', properties: { b: { type: 'string' } } }] }));
      expect(c.merged, JSON.stringify(odd)).toBe(false);
      expect(Object.keys((c.parameters as { properties: object }).properties), JSON.stringify(odd)).toEqual(['body']);
    }
  });

  it('takes every value the union takes, over generated unions of objects', () => {
    const r = seeded(0x8e5);
    // One spec of many operations, each a union: converted once, its oracle built once.
    const unions = Array.from({ length: 150 }, () => union(r));
    const components: Doc = {};
    const paths: Doc = {};
    unions.forEach((u, i) => {
      for (const [name, schema] of Object.entries(u.components)) components[`U${i}${name}`] = schema;
      const schema = JSON.parse(JSON.stringify(u.schema).replaceAll('#/components/schemas/', `#/components/schemas/U${i}`));
      paths[`/x${i}`] = { post: { operationId: `x${i}`, requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '204': { description: 'Done.' } } } };
    });
    const spec = { ...doc({}, components), paths };
    const result = convertSpec(specInputFromDocument(spec), { sha256: 'abc' });
    const pkg = parseSkillPackage({ folder: result.folder, files: result.files });
    const accepts = specOracle(spec, true);
    let merged = 0;
    let tried = 0;
    const refused: string[] = [];
    unions.forEach((u, i) => {
      const callable = findCallable(pkg, `x${i}`);
      if (!callable.ok) return;
      merged++;
      const names = [...new Set(variantsOf(u.schema, u.components).flatMap((v) => Object.keys(v.properties as Doc)))];
      for (let k = 0; k < 40; k++) {
        const value = valueFor(r, pickVariant(r, u.schema, u.components), names);
        if (!accepts(`/paths/~1x${i}/post/requestBody/content/application~1json/schema`, value)) continue;
        tried++;
        const why = checkArguments(callable.value, value).filter((p) => p.severity === 'error');
        if (why.length > 0) refused.push(`${JSON.stringify(u.schema)} ${JSON.stringify(u.components)}\n  refuses ${JSON.stringify(value)}: ${why.map((p) => p.message).join('; ')}`);
      }
    });
    expect(refused.slice(0, 3)).toEqual([]);
    // Not a vacuous pass: most unions merge, and many values are put to them.
    expect(result.report.warnings.filter((w) => w.ruleId === 'merged-variants')).toHaveLength(merged);
    expect(merged).toBeGreaterThan(100);
    expect(tried).toBeGreaterThan(2000);
  });
});

const NAMES = ['a', 'b', 'c', 'd', 'e'];
const FIELD_SCHEMAS: Doc[] = [
  { type: 'string' },
  { type: 'integer' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'string', enum: ['x', 'y'] },
  { const: 'x' },
  { const: 1 },
  { enum: [1, 'x'] },
  { type: ['string', 'null'] },
  { type: 'string', minLength: 2 },
  { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
  { type: 'array', items: { type: 'integer' } },
];
const VALUES: unknown[] = ['x', 'y', 'ab', '', 1, 2.5, true, null, { n: 1 }, { m: 'z' }, [1, 2], ['q']];

/** A `oneOf`/`anyOf` of 2 to 4 objects over a few shared field names; some variants by `$ref`, some closed, some with a map's values. */
function union(r: Random): { schema: Doc; components: Doc } {
  const components: Doc = {};
  const variants: Doc[] = [];
  const count = 2 + r.int(3);
  for (let i = 0; i < count; i++) {
    const properties: Doc = {};
    for (const name of NAMES) if (r.chance(0.4)) properties[name] = r.pick(FIELD_SCHEMAS);
    if (Object.keys(properties).length === 0) properties[r.pick(NAMES)] = r.pick(FIELD_SCHEMAS);
    const required = Object.keys(properties).filter(() => r.chance(0.5));
    const variant: Doc = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
    const extra = r.int(10);
    if (extra < 3) variant.additionalProperties = false;
    else if (extra === 3) variant.additionalProperties = true;
    else if (extra < 6) variant.additionalProperties = r.pick(FIELD_SCHEMAS);
    if (r.chance(0.3)) variant.title = `V${i}`;
    if (r.chance(0.3)) {
      components[`V${i}`] = variant;
      variants.push({ $ref: `#/components/schemas/V${i}` });
    } else variants.push(variant);
  }
  return { schema: { [r.chance(0.5) ? 'oneOf' : 'anyOf']: variants }, components };
}

function variantsOf(schema: Doc, components: Doc): Doc[] {
  const parts = (schema.oneOf ?? schema.anyOf) as Doc[];
  return parts.map((p) => (typeof p.$ref === 'string' ? (components[p.$ref.split('/').pop()!] as Doc) : p));
}

function pickVariant(r: Random, schema: Doc, components: Doc): Doc {
  return r.pick(variantsOf(schema, components));
}

/** An object aimed at one variant (its required fields, and others of the union's names), with values from a pool. */
function valueFor(r: Random, variant: Doc, names: string[]): Doc {
  const value: Doc = {};
  const required = Array.isArray(variant.required) ? (variant.required as string[]) : [];
  for (const name of names) {
    if (!required.includes(name) && !r.chance(0.35)) continue;
    const schema = isPlainObject(variant.properties) ? (variant.properties as Doc)[name] : undefined;
    value[name] = isPlainObject(schema) && r.chance(0.6) ? sample(r, schema) : r.pick(VALUES);
  }
  return value;
}

/** A value a field schema of FIELD_SCHEMAS may take (the oracle has the last word). */
function sample(r: Random, schema: Doc): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return r.pick(schema.enum);
  const type = Array.isArray(schema.type) ? r.pick(schema.type as string[]) : schema.type;
  switch (type) {
    case 'string':
      return r.pick(['x', 'abc', 'word']);
    case 'integer':
      return r.int(100);
    case 'number':
      return r.int(100) / 4;
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'object':
      return { n: r.int(9) };
    case 'array':
      return [r.int(9)];
    default:
      return r.pick(VALUES);
  }
}

