import { describe, expect, it } from 'vitest';
import { childKind } from '../openapi/context';
import { childMode, collectRefs } from '../publish/expand';
import {
  AUTHORED_DATA_KEYWORDS,
  AUTHORED_SCHEMA_KEYWORDS,
  AUTHORED_SCHEMA_MAP_KEYWORDS,
  DATA_KEYWORDS,
  SCHEMA_KEYWORDS,
  SCHEMA_LIST_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
} from './schema-keywords';

const all = [SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, DATA_KEYWORDS];

describe('schema keyword tables', () => {
  it('puts each keyword in one table only', () => {
    const seen = all.flatMap((t) => [...t]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('extends the 2020-12 tables with the authored words and nothing else', () => {
    expect([...AUTHORED_SCHEMA_KEYWORDS].filter((k) => !SCHEMA_KEYWORDS.has(k))).toEqual(['additionalItems']);
    expect([...AUTHORED_SCHEMA_MAP_KEYWORDS].filter((k) => !SCHEMA_MAP_KEYWORDS.has(k))).toEqual(['definitions']);
    expect([...AUTHORED_DATA_KEYWORDS].filter((k) => !DATA_KEYWORDS.has(k))).toEqual(['example']);
  });

  // The resolver (which `$ref` is a reference), publishing (which `$ref` is expanded) read the same table.
  it.each([...AUTHORED_SCHEMA_KEYWORDS].map((k) => [k]))('reads %s as one schema in the resolver and in publishing', (k) => {
    expect(childKind('schema', k, false)).toBe('schema');
    expect(childMode('schema', k)).toBe('schema');
  });

  it.each([...SCHEMA_LIST_KEYWORDS].map((k) => [k]))('reads %s as a list of schemas in the resolver and in publishing', (k) => {
    expect(childKind('schema', k, false)).toBe('schemaList');
    expect(childMode('schema', k)).toBe('schema');
  });

  it.each([...AUTHORED_SCHEMA_MAP_KEYWORDS].map((k) => [k]))('reads %s as a map of names in the resolver and in publishing', (k) => {
    expect(childKind('schema', k, false)).toBe('schemaMap');
    expect(childMode('schema', k)).toBe('names');
  });

  it.each([...AUTHORED_DATA_KEYWORDS].map((k) => [k]))('reads %s as data in the resolver and in publishing', (k) => {
    expect(childKind('schema', k, false)).toBe('literal');
    expect(childMode('schema', k)).toBe('data');
  });

  it('finds a `$ref` under every schema keyword and none under data when publishing walks a schema', () => {
    const ref = { $ref: '#/types/T' };
    const schema: Record<string, unknown> = {};
    for (const k of SCHEMA_KEYWORDS) schema[k] = ref;
    for (const k of SCHEMA_LIST_KEYWORDS) schema[k] = [ref];
    for (const k of SCHEMA_MAP_KEYWORDS) schema[k] = { $ref: ref };
    for (const k of AUTHORED_DATA_KEYWORDS) schema[k] = { $ref: '#/types/Data' };
    const pointers = collectRefs(schema).map((r) => r.pointer);
    expect(pointers).toHaveLength(SCHEMA_KEYWORDS.size + SCHEMA_LIST_KEYWORDS.size + SCHEMA_MAP_KEYWORDS.size);
    expect(pointers.some((p) => [...AUTHORED_DATA_KEYWORDS].some((k) => p.startsWith(`/${k}`)))).toBe(false);
  });
});
