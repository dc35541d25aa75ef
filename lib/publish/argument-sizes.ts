import { isPlainObject, utf8Length } from '../core/entries';
import { ExpandedSizer } from './expanded-size';
import { typesReader } from './types-reader';

/** One top-level argument's share of the published parameters. */
export interface ArgumentSize {
  name: string;
  /** UTF-8 bytes of its schema as published (every `#/types/Name` expanded, SPEC 2), its name and `:` included. */
  bytes: number;
  required: boolean;
}

/**
 * The published parameters' size by top-level argument, the largest first (in
 * the wizard, an operation over the limit or fitted shows where its bytes are, so a person
 * can see what to cut). Each argument is measured as publishing expands it (SPEC 2), with
 * no limit, so an operation over 24 KiB gets its full sizes too. `schema`: the arguments'
 * root schema (SPEC 1.3); `types`: types.json's types.
 */
export function argumentSizes(schema: unknown, types: ReadonlyMap<string, unknown>): ArgumentSize[] {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return [];
  const properties = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const sizer = new ExpandedSizer(typesReader(types), Number.POSITIVE_INFINITY);
  const sizes = Object.keys(properties).map((name) => ({
    name,
    bytes: utf8Length(JSON.stringify(name)) + 1 + sizer.measure(properties[name]).size,
    required: required.has(name),
  }));
  // Equal sizes keep the schema's order.
  return sizes.map((s, i) => ({ s, i })).sort((a, b) => b.s.bytes - a.s.bytes || a.i - b.i).map(({ s }) => s);
}
