import { isPlainObject, utf8Length } from '../core/entries';
import { MAX_SCHEMA_DEPTH } from '../core/schema-keywords';
import { childMode, jsonKeyBytes as keySize, jsonStringBytes, MAX_PARAMETERS_BYTES, type Mode } from './expand';
import { TRIM_EXAMPLES, TRIM_NESTED_DESCRIPTIONS, TRIM_SENTENCES, viewOf, type RefReader, type View } from './expanded-view';

export { jsonStringBytes } from './expand';

export interface Measure {
  /** Compact JSON bytes, capped at limit + 1. */
  size: number;
  /** The same with `examples` dropped (TRIM_EXAMPLES), and with descriptions dropped too (TRIM_NESTED_DESCRIPTIONS, the node being below the top), capped alike. */
  withoutExamples: number;
  withoutDescriptions: number;
  /** How deep the expansion nests below this node, counting each reference followed as a level too (as lib/publish counts). */
  depth: number;
  /** No reference to a recursive type inside: the same wherever it is expanded. */
  free: boolean;
  /** The size is `expandRefs`'s whatever is shared (no wrapped reference inside: see the class comment). */
  exact: boolean;
}

/**
 * The size and depth of a schema as publishing expands it (SPEC 2), without writing it out:
 * memoized for every subtree that refers to no recursive type (its expansion is then the
 * same wherever it appears), so measuring a thousand operations that share large types
 * costs about as much as measuring each type once. A type in a cycle is measured where it
 * is met, against the types being expanded around it, as `expandRefs` does.
 *
 * Over converted schemas (whose references are not yet decided shared or inline) the
 * measure is an upper bound of what `expandRefs` gives: exact but where a site with a
 * description refers to a type that is only a reference, or to a boolean schema (then it
 * counts the `allOf` wrapper a shared type of that kind gets; `exact` says when that
 * happened), and depth counts every reference as a level. A schema measured within the
 * limits is published within them; one measured over is confirmed by `expandRefs`
 * (lib/convert) unless its measure is exact.
 *
 * Each measure also gives the sizes fitting's trims (TRIM_* of expanded-view.ts) would
 * leave, in the same walk: below the top, dropping descriptions leaves no sentence to cut,
 * so three sizes say it all; a top-level argument's own keys are measured on demand.
 */
export class ExpandedSizer {
  private readonly over: number;
  private readonly memo: Record<Mode, WeakMap<object, Measure>> = { schema: new WeakMap(), names: new WeakMap(), data: new WeakMap() };
  /** The types in a cycle being expanded around the node being measured (no other type can be met again). */
  private readonly active = new Set<string>();
  /** The same, as one string: what a measure under a type in a cycle is memoized by. */
  private context = '';
  private readonly inContext: Record<Mode, WeakMap<object, Map<string, Measure>>> = { schema: new WeakMap(), names: new WeakMap(), data: new WeakMap() };

  constructor(
    private readonly reader: RefReader,
    readonly limit = MAX_PARAMETERS_BYTES,
  ) {
    this.over = limit + 1;
  }

  /** True when the expansion stays within the byte limit and the depth limit. */
  fits(schema: unknown): boolean {
    const m = this.measure(schema);
    return m.size <= this.limit && m.depth <= MAX_SCHEMA_DEPTH;
  }

  /** The measure of a schema; `active`: the types being expanded around it. */
  measure(node: unknown, active: Iterable<string> = []): Measure {
    this.reset(active);
    try {
      return this.walk(node, 'schema', 0);
    } finally {
      this.reset([]);
    }
  }

  private reset(active: Iterable<string>): void {
    // Only when something is active (then the context is '' too): V8's Set#clear allocates a new table each time, and fitting resets twice for each of its many measures (Kubernetes: a third of its time).
    if (this.active.size > 0) {
      this.active.clear();
      this.context = '';
    }
    for (const k of active) this.enter(k);
  }

  /** A type entered: true when it is in a cycle and was not being expanded already (then `leave` it after). */
  private enter(key: string): boolean {
    if (this.active.has(key) || !this.reader.recursive(key)) return false;
    this.active.add(key);
    this.context += `${key}\u0000`;
    return true;
  }

  private leave(key: string): void {
    this.active.delete(key);
    this.context = this.context.slice(0, this.context.length - key.length - 1);
  }

  /**
   * The size of a schema as trimmed by `trim`; `top`: a top-level argument, whose own
   * description a nested-description trim keeps (and a sentence trim cuts).
   */
  trimmedSize(node: unknown, trim: number, top: boolean, active: Iterable<string> = []): number {
    if (!top) return pick(this.measure(node, active), trim);
    this.reset(active);
    try {
      // The node's own keys as the trim leaves them; below it, the measures' trimmed sizes.
      const view = viewOf(node, 'schema', { reader: this.reader, trim, active: this.active }, true);
      if (view.kind === 'broken') return 0;
      if (view.kind !== 'object') return pick(this.walk(view.kind === 'value' ? view.value : view.items, 'schema', 0), trim);
      for (const k of view.entered) this.enter(k);
      let size = 2 + Math.max(0, view.keys.length - 1);
      for (const k of view.keys) {
        const v = view.get(k);
        size += keySize(k) + (k === 'description' && typeof v === 'string' ? jsonStringBytes(v) : pick(this.walk(v, childMode('schema', k), 1), trim));
      }
      return Math.min(size, this.over);
    } finally {
      this.reset([]);
    }
  }

  /** `at`: how deep the node sits in the expansion; past the depth limit the verdict is known, and a chain of types may be longer than the call stack. */
  private walk(node: unknown, mode: Mode, at: number): Measure {
    if (node === null || typeof node !== 'object') {
      const size = typeof node === 'string' ? jsonStringBytes(node) : utf8Length(JSON.stringify(node) ?? 'null');
      return { size, withoutExamples: size, withoutDescriptions: size, depth: 0, free: true, exact: true };
    }
    if (at > MAX_SCHEMA_DEPTH) return { size: this.over, withoutExamples: this.over, withoutDescriptions: this.over, depth: MAX_SCHEMA_DEPTH + 1, free: false, exact: true };
    const memo = this.memo[mode];
    const hit = memo.get(node);
    if (hit) return hit;
    // A subtree under a type in a cycle depends on the cycle types around it: memoized by them.
    const byContext = this.inContext[mode].get(node);
    const inContext = byContext?.get(this.context);
    if (inContext) return inContext;
    const context = this.context;
    const result = this.compute(node, mode, at);
    if (result.free) memo.set(node, result);
    else if (byContext) byContext.set(context, result);
    else this.inContext[mode].set(node, new Map([[context, result]]));
    return result;
  }

  private compute(node: object, mode: Mode, at: number): Measure {
    if (Array.isArray(node)) {
      const itemMode = mode === 'names' ? 'schema' : mode;
      const sum = new Sum();
      for (const item of node) {
        sum.item(this.walk(item, itemMode, at + 1));
        if (sum.size > this.limit) break;
      }
      return sum.done(this.over, true);
    }
    if (mode !== 'schema') {
      const obj = node as Record<string, unknown>;
      const sum = new Sum();
      for (const k of Object.keys(obj)) {
        sum.entry(k, this.walk(obj[k], childMode(mode, k), at + 1), mode);
        if (sum.size > this.limit) break;
      }
      return sum.done(this.over, true);
    }
    const site = this.reader.read(node);
    if (site === 'broken') return { size: 0, withoutExamples: 0, withoutDescriptions: 0, depth: 0, free: true, exact: true };
    if (!site) {
      const obj = node as Record<string, unknown>;
      const sum = new Sum();
      for (const k of Object.keys(obj)) {
        sum.entry(k, this.walk(obj[k], childMode('schema', k), at + 1), 'schema');
        if (sum.size > this.limit) break;
      }
      return sum.done(this.over, true);
    }
    const siblings = site.siblings ?? {};
    const siblingKeys = Object.keys(siblings);
    const recursive = this.reader.recursive(site.key);
    if (this.active.has(site.key) || (siblingKeys.length > 0 && (!isPlainObject(site.target) || site.targetIsRef))) return this.rarer(node, at);
    const entered = this.enter(site.key);
    try {
      if (siblingKeys.length === 0) {
        // A reference with nothing beside it is its target: measured (and memoized) as the target.
        const m = this.walk(site.target, 'schema', at + 1);
        return { ...m, depth: m.depth + 1, free: m.free && !recursive };
      }
      // The site's keys laid over the target's (as lib/publish writes them).
      const target = site.target as Record<string, unknown>;
      const sum = new Sum();
      for (const k of Object.keys(target)) {
        if (Object.hasOwn(siblings, k)) continue;
        sum.entry(k, this.walk(target[k], childMode('schema', k), at + 1), 'schema');
        if (sum.size > this.limit) break;
      }
      for (const k of siblingKeys) {
        if (sum.size > this.limit) break;
        sum.entry(k, this.walk(siblings[k], childMode('schema', k), at + 1), 'schema');
      }
      sum.depth++;
      return sum.done(this.over, !recursive);
    } finally {
      if (entered) this.leave(site.key);
    }
  }

  /**
   * A recursion stop, or a reference with keys beside it whose target is only a reference
   * or not an object: read through its view, once whole and once for each trim, since a
   * trim that leaves nothing beside the reference changes its shape.
   */
  private rarer(node: object, at: number): Measure {
    const view = (trim: number) => this.viewed(viewOf(node, 'schema', { reader: this.reader, trim, active: this.active }), at, trim);
    const whole = view(0);
    return { ...whole, withoutExamples: view(TRIM_EXAMPLES).withoutExamples, withoutDescriptions: view(TRIM_EXAMPLES | TRIM_NESTED_DESCRIPTIONS).withoutDescriptions };
  }

  /** A node's measure from its view as trimmed by `trim` (its children's trimmed sizes picked by the same trim). */
  private viewed(view: View, at: number, trim: number): Measure {
    if (view.kind === 'broken') return { size: 0, withoutExamples: 0, withoutDescriptions: 0, depth: 0, free: true, exact: true };
    if (view.kind === 'value') return this.walk(view.value, 'schema', at);
    if (view.kind === 'array') return this.walk(view.items, 'schema', at);
    const added = view.entered.filter((k) => this.enter(k));
    const hops = view.entered.length;
    const sum = new Sum();
    if (view.wrapped) sum.exact = false;
    try {
      for (const k of view.keys) {
        // The view's keys are the trim's already: each variant counts them all.
        const m = this.walk(view.get(k), childMode('schema', k), at + 1 + hops);
        const size = pick(m, trim);
        sum.entry(k, { ...m, size, withoutExamples: size, withoutDescriptions: size }, 'data');
        if (sum.size > this.limit) break;
      }
    } finally {
      for (let i = added.length - 1; i >= 0; i--) this.leave(added[i]);
    }
    sum.depth += hops;
    return sum.done(this.over, view.free);
  }
}

/** A measure's size under a trim, for a node below the top. */
function pick(m: Measure, trim: number): number {
  if (trim & TRIM_NESTED_DESCRIPTIONS) return m.withoutDescriptions;
  if (trim & TRIM_EXAMPLES) return m.withoutExamples;
  if (trim & TRIM_SENTENCES) throw new Error('A sentence trim below the top needs the nested-description trim (fitting takes them in that order)');
  return m.size;
}

/** The measure of a JSON object or array being added up, whole and as each trim leaves it. */
class Sum {
  size = 2;
  withoutExamples = 2;
  withoutDescriptions = 2;
  depth = 0;
  free = true;
  exact = true;
  private n = 0;
  private n1 = 0;
  private n3 = 0;

  /** A key of an object in `mode`: in a schema, `examples` and `description` are what the trims drop. */
  entry(key: string, m: Measure, mode: Mode): void {
    const k = keySize(key);
    this.size += (this.n++ > 0 ? 1 : 0) + k + m.size;
    const examples = mode === 'schema' && (key === 'examples' || key === 'example');
    if (!examples) this.withoutExamples += (this.n1++ > 0 ? 1 : 0) + k + m.withoutExamples;
    if (!examples && !(mode === 'schema' && key === 'description')) this.withoutDescriptions += (this.n3++ > 0 ? 1 : 0) + k + m.withoutDescriptions;
    this.add(m);
  }

  item(m: Measure): void {
    const comma = this.n++ > 0 ? 1 : 0;
    this.size += comma + m.size;
    this.withoutExamples += comma + m.withoutExamples;
    this.withoutDescriptions += comma + m.withoutDescriptions;
    this.add(m);
  }

  private add(m: Measure): void {
    this.depth = Math.max(this.depth, m.depth + 1);
    this.free &&= m.free;
    this.exact &&= m.exact;
  }

  done(over: number, free: boolean): Measure {
    return {
      size: Math.min(this.size, over),
      withoutExamples: Math.min(this.withoutExamples, over),
      withoutDescriptions: Math.min(this.withoutDescriptions, over),
      depth: this.depth,
      free: this.free && free,
      exact: this.exact,
    };
  }
}
