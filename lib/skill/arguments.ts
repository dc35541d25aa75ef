import type { Declaration } from './operation-file';
import { pathParameterNames } from './url-template';

export type JsonSchema = Record<string, unknown>;

/**
 * The flat-list form converted to the schema form (SPEC 1.4): properties are the path
 * parameters, then `query`, then `header` (SPEC 7.1: a header argument is a field like a
 * query parameter), then `body`; typed by `integer`/`number`/`boolean`, wrapped in an array
 * when in `list`; required = path parameters and every field not `optional`.
 */
export function flatToSchema(
  url: string,
  lists: Pick<Declaration['lists'], 'query' | 'body' | 'optional' | 'integer' | 'number' | 'boolean' | 'list'> & Partial<Pick<Declaration['lists'], 'header'>>,
): JsonSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const seen = new Set<string>();
  for (const name of pathParameterNames(url)) {
    if (seen.has(name)) continue;
    seen.add(name);
    properties[name] = { type: 'string' };
    required.push(name);
  }
  const optional = new Set(lists.optional);
  for (const name of [...lists.query, ...(lists.header ?? []), ...lists.body]) {
    if (seen.has(name)) continue;
    seen.add(name);
    const type = lists.integer.includes(name)
      ? 'integer'
      : lists.number.includes(name)
        ? 'number'
        : lists.boolean.includes(name)
          ? 'boolean'
          : 'string';
    properties[name] = lists.list.includes(name) ? { type: 'array', items: { type } } : { type };
    if (!optional.has(name)) required.push(name);
  }
  const schema: JsonSchema = { type: 'object' };
  if (required.length > 0) schema.required = required;
  schema.properties = properties;
  return schema;
}

/** The declaration's arguments as one JSON Schema (the schema form, or flat lists converted). */
export function argumentsSchema(d: Declaration): JsonSchema | undefined {
  if (d.form === 'schema') return isSchemaObject(d.schema) ? d.schema : undefined;
  if (d.form === 'flat') return flatToSchema(d.url, d.lists);
  if (d.form === 'none') return flatToSchema(d.url, d.lists);
  return undefined;
}

/** Where each argument goes (SPEC 1.3): path, query and body names, and whether the body takes arguments not named. */
export interface ArgumentPlaces {
  path: string[];
  query: string[];
  /** Arguments sent as request headers (SPEC 7.1 `header`), in declaration order. */
  header: string[];
  /** Every other argument, `body-argument`'s included: the body's fields (SPEC 1.3). */
  body: string[];
  /**
   * The schema's root `additionalProperties` is `true` or a schema: the body is free-form, and
   * every argument not named as a path or query parameter is one of its fields.
   */
  extraBody: boolean;
}

/** Where each argument goes, as SPEC 1.3 and 7.1 decide: `{name}` in the URL, `query`, `header`, or the body. */
export function argumentPlaces(d: Declaration, schema: JsonSchema): ArgumentPlaces {
  const props = isSchemaObject(schema.properties) ? Object.keys(schema.properties) : [];
  const path = pathParameterNames(d.url);
  const pathSet = new Set(path);
  const querySet = new Set(d.lists.query);
  const headerSet = new Set(d.lists.header);
  const query = props.filter((p) => querySet.has(p) && !pathSet.has(p));
  const header = props.filter((p) => headerSet.has(p) && !pathSet.has(p) && !querySet.has(p));
  const body = props.filter((p) => !pathSet.has(p) && !querySet.has(p) && !headerSet.has(p));
  return { path, query, header, body, extraBody: takesExtraArguments(schema) };
}

/**
 * Whether a schema-form declaration takes arguments beyond its `properties` (its root
 * `additionalProperties` is `true` or a schema): they are the fields of a free-form body
 * (extending SPEC 1.3). Absent or `false`, an argument not named is refused.
 */
export function takesExtraArguments(schema: JsonSchema): boolean {
  const extra = schema.additionalProperties;
  return extra === true || isSchemaObject(extra);
}

function isSchemaObject(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
