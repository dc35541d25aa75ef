/**
 * Which keywords of a schema hold schemas, and which hold data: the one table every walk over
 * a schema reads (the converter's, publishing's expansion and size, the resolver's idea of
 * what a `$ref` is, the schema rules). JSON Schema 2020-12, the dialect of a published tool
 * (SPEC 2), plus the words older drafts and OpenAPI's own schema dialect add, for walks over
 * schemas as authors wrote them.
 */

/** 2020-12 keywords whose value is one schema (applicator, unevaluated and content vocabularies). */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
]);

/** 2020-12 keywords whose value is a list of schemas. */
export const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** 2020-12 keywords whose value maps names (or patterns) to schemas: a key there is a name, even `$ref`. */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);

/** 2020-12 keywords whose value is data, not a schema: a `$ref` inside is just a key. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples']);

/** The same, with draft-07's `additionalItems` (OpenAPI 3.1 documents and hand-written schemas still use it). */
export const AUTHORED_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([...SCHEMA_KEYWORDS, 'additionalItems']);

/** The same, with draft-07's `definitions` (Swagger 2.0's schemas, older hand-written ones). */
export const AUTHORED_SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([...SCHEMA_MAP_KEYWORDS, 'definitions']);

/** The same, with OpenAPI's `example` (one value, in Swagger 2.0 and OpenAPI 3.0 schemas). */
export const AUTHORED_DATA_KEYWORDS: ReadonlySet<string> = new Set([...DATA_KEYWORDS, 'example']);

/**
 * How deep a published schema may nest, `$ref`s expanded (SPEC 2): past it, expansion stops
 * with a depth error rather than a stack overflow, the size estimate calls it too large, the
 * converter shares a type rather than inline it deeper, and `schema-checkable` reports it.
 */
export const MAX_SCHEMA_DEPTH = 200;
