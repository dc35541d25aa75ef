import Ajv2020 from 'ajv/dist/2020';
import { linearRegExpEngine } from '../core/linear-regexp';
import { describe, expect, it } from 'vitest';
import { checkSchema } from './schema-check';
import { seeded } from '../../test/random';

// `$ref` is left out: its value is `refs`' to judge, and checkSchema defers to it.
const VALUES: unknown[] = [0, 1, -1, 1.5, 2, 'x', 'string', 'strin', '', true, false, null, [], ['a'], ['a', 'a'], ['a', 1], ['string', 'null'], ['string', 'string'], {}, { a: ['b'] }, { a: 'b' }, [{}], [true, {}], [1]];
const SCHEMA_KEYS = ['not', 'if', 'then', 'else', 'items', 'contains', 'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const LIST_KEYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP_KEYS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];
const VALUE_KEYS = ['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired', '$comment', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'format', 'contentMediaType', 'contentEncoding'];

function schemaOf(next: () => number, depth: number): unknown {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  if (depth > 2 || (depth > 0 && next() < 0.15)) return next() < 0.5 ? pick([true, false, {}]) : pick(VALUES);
  const s: Record<string, unknown> = {};
  const n = 1 + Math.floor(next() * 4);
  for (let i = 0; i < n; i++) {
    const r = next();
    if (r < 0.25) s[pick(SCHEMA_KEYS)] = schemaOf(next, depth + 1);
    else if (r < 0.35) s[pick(LIST_KEYS)] = next() < 0.8 ? Array.from({ length: Math.floor(next() * 3) }, () => schemaOf(next, depth + 1)) : pick(VALUES);
    else if (r < 0.5) s[pick(MAP_KEYS)] = next() < 0.85 ? { a: schemaOf(next, depth + 1), b: schemaOf(next, depth + 1) } : pick(VALUES);
    else s[pick(VALUE_KEYS)] = next() < 0.5 ? pick(VALUES) : valid(pick(VALUE_KEYS));
  }
  return s;
}

/** A value that is usually right for some keyword, so the fast path gets exercised. */
function valid(key: string): unknown {
  return ({ type: 'string', enum: ['a'], required: ['a'], pattern: '^a', examples: [1], uniqueItems: true, minimum: 0, maxLength: 3 } as Record<string, unknown>)[key] ?? 'x';
}

describe('checkSchema', () => {
  it('reports a problem whenever the 2020-12 meta-schema rejects a schema, over 3,000 generated schemas', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, code: { regExp: linearRegExpEngine() } });
    const { next } = seeded(20260);
    let rejected = 0;
    for (let i = 0; i < 3000; i++) {
      const schema = schemaOf(next, 0);
      if (ajv.validateSchema(schema as object)) continue;
      rejected++;
      expect(checkSchema(schema), JSON.stringify(schema)).not.toEqual([]);
    }
    expect(rejected).toBeGreaterThan(300);
  });

  it('reports a root that is not a schema without asking the validator', () => {
    expect(checkSchema(null)).toEqual([{ pointer: '', message: 'A schema must be a JSON object, true or false' }]);
  });

  it('passes a schema with every 2020-12 keyword used correctly', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema', $comment: 'c', title: 't', description: 'd', default: {}, examples: [{}], deprecated: false, readOnly: false, writeOnly: false,
      type: ['object', 'null'], enum: [{}, null], const: {}, required: ['a'], dependentRequired: { a: ['b'] }, minProperties: 0, maxProperties: 3,
      properties: { a: { type: 'number', multipleOf: 0.5, minimum: 0, maximum: 9, exclusiveMinimum: -1, exclusiveMaximum: 10 }, s: { type: 'string', minLength: 0, maxLength: 3, pattern: '^\\d+$', format: 'date', contentMediaType: 'text/plain', contentEncoding: 'base64', contentSchema: {} } },
      patternProperties: { '^x': true }, additionalProperties: false, propertyNames: { maxLength: 9 }, dependentSchemas: { a: {} }, unevaluatedProperties: false,
      allOf: [{}], anyOf: [true], oneOf: [{}], not: false, if: {}, then: {}, else: {},
      $defs: { D: { type: 'array', prefixItems: [{}], items: {}, contains: {}, minContains: 0, maxContains: 2, minItems: 0, maxItems: 3, uniqueItems: true, unevaluatedItems: false } },
    };
    expect(checkSchema(schema)).toEqual([]);
  });

  it('reports a keyword named like an Object.prototype member as unknown', () => {
    expect(checkSchema(JSON.parse('{"constructor": 1, "toString": 2}')).map((i) => i.pointer).sort()).toEqual(['/constructor', '/toString']);
  });
});
