import { isPlainObject, utf8Length } from '../core/entries';
import { MAX_SCHEMA_DEPTH } from '../core/schema-keywords';
import { childMode, decodeRefName, MAX_PARAMETERS_BYTES, TYPE_REF_PREFIX, type Mode } from '../publish/expand';

interface Measure {
  /** Compact JSON bytes, capped at limit + 1. */
  size: number;
  /** How deep the expansion nests below this node. */
  depth: number;
  /** No reference to a recursive type inside: the same wherever it is expanded. */
  free: boolean;
}


/**
 * Whether each declared operation's published parameters pass SPEC 2's limits, without
 * writing them out: the size `expandRefs` (lib/publish) would reach, computed with the
 * same rules, memoized for every subtree that refers to no recursive type (its expansion
 * is then the same wherever it appears), so checking a thousand operations that share
 * large types costs about as much as measuring each type once. A type in a cycle is
 * measured where it is met, against the types being expanded around it, as `expandRefs`
 * does. The corpus test holds the verdicts equal to `expandRefs`'s.
 */
export class ExpandedSizer {
  private readonly over: number;
  private readonly memo: Record<Mode, WeakMap<object, Measure>> = { schema: new WeakMap(), names: new WeakMap(), data: new WeakMap() };
  private readonly active = new Set<string>();

  constructor(
    private readonly types: ReadonlyMap<string, unknown>,
    /** Names of the types that are part of a reference cycle. */
    private readonly recursive: ReadonlySet<string>,
    private readonly limit = MAX_PARAMETERS_BYTES,
  ) {
    this.over = limit + 1;
  }

  /** True when the expansion stays within the byte limit and the depth limit. */
  fits(schema: unknown): boolean {
    const m = this.measure(schema, 'schema', 0);
    return m.size <= this.limit && m.depth <= MAX_SCHEMA_DEPTH;
  }

  /** `at`: how deep the node sits in the expansion; past MAX_SCHEMA_DEPTH the verdict is known, and a chain of types may be longer than the call stack. */
  private measure(node: unknown, mode: Mode, at: number): Measure {
    if (node === null || typeof node !== 'object') return { size: utf8Length(JSON.stringify(node) ?? 'null'), depth: 0, free: true };
    if (at > MAX_SCHEMA_DEPTH) return { size: this.over, depth: MAX_SCHEMA_DEPTH + 1, free: false };
    const memo = this.memo[mode];
    const hit = memo.get(node);
    if (hit) return hit;
    let result: Measure;
    if (Array.isArray(node)) {
      let size = 2 + Math.max(0, node.length - 1);
      let depth = 0;
      let free = true;
      for (const item of node) {
        const m = this.measure(item, mode === 'names' ? 'schema' : mode, at + 1);
        size += m.size;
        depth = Math.max(depth, m.depth + 1);
        free &&= m.free;
        if (size > this.limit) break;
      }
      result = { size: Math.min(size, this.over), depth, free };
    } else if (mode === 'schema' && Object.hasOwn(node, '$ref')) {
      result = this.measureRef(node as Record<string, unknown>, at);
    } else {
      const obj = node as Record<string, unknown>;
      result = this.entries(Object.keys(obj), (k) => obj[k], mode, at);
    }
    if (result.free) memo.set(node, result);
    return result;
  }

  private entries(keys: string[], get: (k: string) => unknown, mode: Mode, at: number): Measure {
    let size = 2;
    let depth = 0;
    let free = true;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const m = this.measure(get(k), childMode(mode, k), at + 1);
      size += (i > 0 ? 1 : 0) + utf8Length(JSON.stringify(k)) + 1 + m.size;
      depth = Math.max(depth, m.depth + 1);
      free &&= m.free;
      if (size > this.limit) break;
    }
    return { size: Math.min(size, this.over), depth, free };
  }

  private measureRef(site: Record<string, unknown>, at: number): Measure {
    const ref = site.$ref;
    // A broken reference is the `refs` rule's; it does not count against the size.
    if (typeof ref !== 'string' || !ref.startsWith(TYPE_REF_PREFIX)) return { size: 0, depth: 0, free: true };
    const name = decodeRefName(ref);
    if (!this.types.has(name)) return { size: 0, depth: 0, free: true };
    const free = !this.recursive.has(name);
    const siblings = Object.keys(site).filter((k) => k !== '$ref');
    if (this.active.has(name)) {
      const size = typeof site.description === 'string' ? 32 + utf8Length(JSON.stringify(site.description)) : 17;
      return { size, depth: 0, free: false };
    }
    const target = this.types.get(name);
    this.active.add(name);
    let result: Measure;
    try {
      if (isPlainObject(target)) {
        if (siblings.length === 0) {
          const m = this.measure(target, 'schema', at + 1);
          result = { size: m.size, depth: m.depth + 1, free: m.free && free };
        } else if (target.$ref !== undefined) {
          const inner = this.measure(target, 'schema', at + 1);
          let size = 10 + inner.size + 1 + 1;
          let depth = inner.depth + 1;
          let allFree = inner.free && free;
          for (const k of siblings) {
            const m = this.measure(site[k], childMode('schema', k), at + 1);
            size += 1 + utf8Length(JSON.stringify(k)) + 1 + m.size;
            depth = Math.max(depth, m.depth + 1);
            allFree &&= m.free;
          }
          result = { size: Math.min(size, this.over), depth, free: allFree };
        } else {
          const own = Object.keys(target).filter((k) => !siblings.includes(k));
          const m = this.entries([...own, ...siblings], (k) => (siblings.includes(k) ? site[k] : target[k]), 'schema', at);
          result = { ...m, free: m.free && free };
        }
      } else {
        const m = this.measure(target, 'schema', at + 1);
        result = { size: m.size, depth: m.depth + 1, free: m.free && free };
      }
    } finally {
      this.active.delete(name);
    }
    return result;
  }
}
