import { isPlainObject, setOwn } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { AUTHORED_SCHEMA_MAP_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS } from '../core/schema-keywords';

export type SchemaNode = Record<string, unknown>;

/** Where a node sits in a tool's schema. */
export interface NodePlace {
  /** JSON pointer from the schema's root. */
  pointer: string;
  isRoot: boolean;
  /** The schemas enclosing this one, outermost first (for a reference back to one of them). */
  ancestors: readonly SchemaNode[];
  /** The pointers of those schemas. */
  ancestorPointers: readonly string[];
}

/** Every subschema of a node (JSON Schema 2020-12 applicators, and `$defs`/`definitions`), with its key path. */
export function childSchemas(node: SchemaNode): { path: (string | number)[]; child: SchemaNode }[] {
  const out: { path: (string | number)[]; child: SchemaNode }[] = [];
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (AUTHORED_SCHEMA_MAP_KEYWORDS.has(key)) {
      if (isPlainObject(value)) for (const name of Object.keys(value)) if (isPlainObject(value[name])) out.push({ path: [key, name], child: value[name] });
    } else if (SCHEMA_LIST_KEYWORDS.has(key) || (key === 'items' && Array.isArray(value))) {
      if (Array.isArray(value)) value.forEach((v, i) => isPlainObject(v) && out.push({ path: [key, i], child: v }));
    } else if (SCHEMA_KEYWORDS.has(key) && isPlainObject(value)) {
      out.push({ path: [key], child: value });
    }
  }
  return out;
}

/** Visit every schema node, root first, depth first in key order. */
export function walkSchema(root: SchemaNode, visit: (node: SchemaNode, place: NodePlace) => void): void {
  const go = (node: SchemaNode, place: NodePlace) => {
    visit(node, place);
    const ancestors = [...place.ancestors, node];
    const ancestorPointers = [...place.ancestorPointers, place.pointer];
    for (const { path, child } of childSchemas(node)) {
      go(child, { pointer: path.reduce<string>((p, k) => joinPointer(p, k), place.pointer), isRoot: false, ancestors, ancestorPointers });
    }
  };
  go(root, { pointer: '', isRoot: true, ancestors: [], ancestorPointers: [] });
}

/**
 * A copy of the schema with `rewrite` applied to every node, root first: each node is
 * rewritten, then the children of the rewritten node are visited. Input is never changed.
 */
export function mapSchema(root: SchemaNode, rewrite: (node: SchemaNode, place: NodePlace) => SchemaNode): SchemaNode {
  const go = (node: SchemaNode, place: NodePlace): SchemaNode => {
    const next = rewrite(node, place);
    const ancestors = [...place.ancestors, next];
    const ancestorPointers = [...place.ancestorPointers, place.pointer];
    const out: SchemaNode = { ...next };
    // Each container (`properties`, `anyOf`) is copied once, then its children set into the copy.
    const copies = new Map<string, SchemaNode | unknown[]>();
    for (const { path, child } of childSchemas(next)) {
      const pointer = path.reduce<string>((p, k) => joinPointer(p, k), place.pointer);
      const mapped = go(child, { pointer, isRoot: false, ancestors, ancestorPointers });
      const [key, inner] = path as [string, string | number | undefined];
      if (inner === undefined) {
        out[key] = mapped;
        continue;
      }
      let copy = copies.get(key);
      if (!copy) {
        const container = next[key];
        copy = Array.isArray(container) ? container.slice() : { ...(container as SchemaNode) };
        copies.set(key, copy);
        out[key] = copy;
      }
      if (Array.isArray(copy)) copy[inner as number] = mapped;
      else setOwn(copy, inner as string, mapped);
    }
    return out;
  };
  return go(root, { pointer: '', isRoot: true, ancestors: [], ancestorPointers: [] });
}

/** Whether a node describes an object (its `type` says so, or it has `properties`). */
export function isObjectNode(node: SchemaNode): boolean {
  const t = node.type;
  return t === 'object' || (Array.isArray(t) && t.includes('object')) || isPlainObject(node.properties);
}

export function isArrayNode(node: SchemaNode): boolean {
  const t = node.type;
  return t === 'array' || (Array.isArray(t) && t.includes('array')) || node.items !== undefined;
}

/**
 * A keyword the target does not take, kept for the model as words at the end of the
 * node's description: `The pet's age. (minimum: 0; maximum: 30)`.
 */
export function describeKeywords(node: SchemaNode, keywords: readonly string[]): SchemaNode {
  const present = keywords.filter((k) => Object.hasOwn(node, k));
  if (present.length === 0) return node;
  const out = withoutKeys(node, present);
  const words = present.map((k) => `${k}: ${JSON.stringify(node[k])}`).join('; ');
  const before = typeof node.description === 'string' && node.description.trim() !== '' ? `${node.description} ` : '';
  out.description = `${before}(${words})`;
  return out;
}

/** The node without those keys (own properties only, so a key named `__proto__` stays a key). */
export function withoutKeys(node: SchemaNode, keys: readonly string[]): SchemaNode {
  return Object.fromEntries(Object.entries(node).filter(([k]) => !keys.includes(k)));
}
