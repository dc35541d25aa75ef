import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { convertSchema, TypeRef, type SchemaHost } from './schema-object';
import { loadSpec } from '../openapi';
import { convertSpec } from './convert';
import { parseSkillPackage } from '../skill/package';
import { findCallable } from '../call/callable';
import { buildRequest } from '../call/build-request';
import { checkRequestExamples } from '../../test/request-examples';

function host(): SchemaHost & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, dialect: { swagger: false, oas31: false }, warn: (code, message, pointer) => warnings.push(`${code} ${pointer}: ${message}`), at: () => undefined, typeRef: () => undefined, bodyOf: () => undefined };
}

describe('exclusiveOneOf (through convertSchema)', () => {
  it('writes a type list, reported, when plain scalar branches overlap (integer and number)', () => {
    const h = host();
    expect(convertSchema({ description: 'An id.', oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'number' }] }, '/s', h)).toEqual({ description: 'An id.', type: ['string', 'integer', 'number'] });
    expect(h.warnings).toEqual(['one-of /s/oneOf: This `oneOf` is written as the type list ["string","integer","number"]: branches 2 and 3 can both accept one value, and `oneOf` refuses a value that more than one branch accepts']);
  });

  it('writes anyOf, reported, when branches differ only by format', () => {
    const h = host();
    const branches = [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }];
    expect(convertSchema({ oneOf: branches }, '/s', h)).toEqual({ anyOf: branches });
    expect(h.warnings).toHaveLength(1);
  });

  it('writes anyOf when object branches have no required discriminator', () => {
    const branches = [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'string' } } }];
    expect(convertSchema({ oneOf: branches }, '', host())).toEqual({ anyOf: branches });
  });

  it('keeps the anyOf beside when a schema has both, the oneOf becoming an allOf part', () => {
    const s = convertSchema({ anyOf: [{ required: ['a'] }, { required: ['b'] }], oneOf: [{ type: 'integer' }, { type: 'number', minimum: 1 }] }, '', host());
    expect(s).toEqual({ anyOf: [{ required: ['a'] }, { required: ['b'] }], allOf: [{ anyOf: [{ type: 'integer' }, { type: 'number', minimum: 1 }] }] });
  });

  it('keeps oneOf, unreported, when the branches are provably disjoint', () => {
    const cases: unknown[][] = [
      [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      [{ type: 'integer' }, { type: 'string', enum: ['latest'] }],
      [{ enum: ['S', 'M'] }, { enum: ['L', 'XL'] }],
      [{ const: 1 }, { const: 2 }],
      [
        { type: 'object', required: ['kind'], properties: { kind: { const: 'dog' } } },
        { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['cat', 'lion'] } } },
      ],
      [{ required: ['email'] }, { required: ['phone'] }],
    ];
    for (const branches of cases) {
      const h = host();
      expect(convertSchema({ oneOf: branches }, '', h)).toEqual({ oneOf: branches });
      expect(h.warnings).toEqual([]);
    }
  });

  it('writes anyOf when a branch is a reference it cannot follow (a cycle)', () => {
    const h: SchemaHost = { ...host(), typeRef: (ref) => new TypeRef(ref.slice(1)), bodyOf: () => undefined };
    expect(convertSchema({ oneOf: [{ $ref: '#/components/schemas/Node' }, { type: 'integer' }] }, '', h)).toEqual({ anyOf: [new TypeRef('/components/schemas/Node'), { type: 'integer' }] });
  });
});

describe('the one-of fixture', () => {
  it('takes an integer where a string/integer/number oneOf was, and every example of the spec', async () => {
    const text = readFileSync(fileURLToPath(new URL('./fixtures/one-of/openapi.yaml', import.meta.url)), 'utf8');
    const loaded = await loadSpec([{ path: 'openapi.yaml', text }], { entry: 'openapi.yaml' });
    if (!loaded.ok) throw new Error(loaded.problems[0].message);
    const result = convertSpec(loaded.value);
    const pkg = parseSkillPackage({ folder: result.folder, files: result.files });
    const get = findCallable(pkg, 'get_thing');
    if (!get.ok) throw new Error(get.problems[0].message);
    expect(buildRequest(get.value, { id: 42, version: 3 })).toMatchObject({ ok: true, value: { url: 'https://oneof.fixture.test/things/42?version=3' } });
    const create = findCallable(pkg, 'create_thing');
    if (!create.ok) throw new Error(create.problems[0].message);
    expect(buildRequest(create.value, { amount: 7, when: '2026-01-31' })).toMatchObject({ ok: true, value: { body: '{"amount":7,"when":"2026-01-31"}' } });
    const { checked, failures } = checkRequestExamples(loaded.value.document as Record<string, unknown>, result.report.declared, pkg, false);
    expect(failures).toEqual([]);
    expect(checked).toBe(8);
  });
});
