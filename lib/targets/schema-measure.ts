import { isPlainObject } from '../core/entries';
import { childSchemas, isArrayNode, isObjectNode, walkSchema, type SchemaNode } from './schema-walk';

/**
 * The sizes strict modes limit, measured on one schema. What counts follows the providers'
 * words: "object properties total", "levels of nesting", "total string length of all
 * property names, definition names, enum values, and const values", "enum values across all
 * enum properties", "parameters not listed in `required`", "parameters that use `anyOf` or
 * type arrays".
 */
export interface SchemaMeasures {
  properties: number;
  /** Object and array levels on the deepest path, the root object being 1 (arrays count, to fail closed: the providers do not say). */
  depth: number;
  stringLength: number;
  enumValues: number;
  /** For each enum of strings: its number of values and their total length. */
  stringEnums: { values: number; chars: number; pointer: string }[];
  optionalParameters: number;
  unionParameters: number;
}

export function measureSchema(schema: SchemaNode): SchemaMeasures {
  const m: SchemaMeasures = { properties: 0, depth: depthOf(schema), stringLength: 0, enumValues: 0, stringEnums: [], optionalParameters: 0, unionParameters: 0 };
  walkSchema(schema, (node, place) => {
    if (isPlainObject(node.properties)) {
      const names = Object.keys(node.properties);
      const required = Array.isArray(node.required) ? node.required : [];
      m.properties += names.length;
      for (const name of names) {
        m.stringLength += name.length;
        if (!required.includes(name)) m.optionalParameters++;
        const p = node.properties[name];
        if (isPlainObject(p) && (Array.isArray(p.type) || Array.isArray(p.anyOf))) m.unionParameters++;
      }
    }
    for (const defs of ['$defs', 'definitions']) if (isPlainObject(node[defs])) for (const name of Object.keys(node[defs] as object)) m.stringLength += name.length;
    if (Array.isArray(node.enum)) {
      m.enumValues += node.enum.length;
      for (const v of node.enum) m.stringLength += typeof v === 'string' ? v.length : JSON.stringify(v).length;
      if (node.enum.every((v) => typeof v === 'string')) m.stringEnums.push({ values: node.enum.length, chars: (node.enum as string[]).reduce((n, v) => n + v.length, 0), pointer: place.pointer });
    }
    if (node.const !== undefined) m.stringLength += typeof node.const === 'string' ? node.const.length : JSON.stringify(node.const).length;
  });
  return m;
}

function depthOf(node: SchemaNode): number {
  let deepest = 0;
  for (const { child } of childSchemas(node)) deepest = Math.max(deepest, depthOf(child));
  return (isObjectNode(node) || isArrayNode(node) ? 1 : 0) + deepest;
}
