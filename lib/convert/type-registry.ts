import { compareStrings, isPlainObject, setOwn } from '../core/entries';
import { nodesInCycles } from '../core/graph';
import { pointerTokens } from '../core/json-pointer';
import type { RefReader } from '../publish/expanded-view';
import { MAX_PARAMETERS_BYTES } from '../publish/expand';
import { TYPE_NAME } from '../skill/types-file';
import { refPointer, type ConvertContext, type Json } from './context';
import { DATA_KEYWORDS, MAX_SCHEMA_DEPTH, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from '../core/schema-keywords';
import { convertSchema, TypeRef, typeRefsIn, type Converted, type SchemaHost } from './schema-object';

/** One referenced schema: converted once, then shared in types.json or written inline. */
interface TypeRecord {
  /** JSON pointer of the schema in the resolved document. */
  pointer: string;
  /** The key references name it by: the pointer, or for a response variant the pointer and RESPONSE_KEY. */
  key: string;
  /** A response variant (SPEC 8.3): the schema read for `returns`, `writeOnly` properties left out instead of `readOnly` ones. */
  response: boolean;
  /** Its schema (not those it refers to) marks a property `readOnly` or `writeOnly`. */
  directional: boolean;
  state: 'pending' | 'converting' | 'done';
  body: Converted;
  /** Every place its body refers to another type (or itself), once per place. */
  refs: TypeRef[];
  /** Declared operations reaching it (counted to 2), and the last one counted. */
  operations: number;
  lastOperation: number;
  recursive: boolean;
  shared?: 'shared' | 'recursive' | 'size';
  name?: string;
  inlined?: unknown;
}

/** What a response variant's key adds to its pointer; no JSON pointer holds it. */
const RESPONSE_KEY = '\u0000returns';

/** A size estimate of a shared type's `{"$ref":"#/types/…"}` site. */
const REF_SITE_SIZE = 24;

/**
 * The referenced schemas of a spec (SPEC 1.5). Schemas are converted once each, on demand;
 * once every declared operation is known, `decide()` puts in types.json each type more than
 * one declared operation reaches, or that refers to itself (directly or through others);
 * every other type is written inline where it is referenced.
 *
 * One exception keeps output linear in the spec's size: when inlining would make one
 * operation's schema (or one shared type) larger than the publish limit (24 KiB) because
 * a type is written at several places in it, those repeated types are shared too (`why:
 * 'size'`), so a fan-out bomb stays as small as its spec. Such an operation fails the
 * expanded-size rule either way; the report says so.
 */
export class TypeRegistry implements SchemaHost {
  readonly dialect;
  private readonly records = new Map<string, TypeRecord>();
  private readonly queue: TypeRecord[] = [];
  private readonly names = new Map<string, TypeRecord>();
  private sizeMemo = new Map<TypeRecord, number>();
  private readonly materialized = new WeakMap<object, unknown>();

  constructor(private readonly ctx: ConvertContext) {
    this.dialect = ctx.dialect;
    this.responseHost = {
      dialect: ctx.dialect,
      direction: 'response',
      warn: (code, message, pointer) => this.warn(code, message, pointer),
      at: (ref) => this.at(ref),
      typeRef: (ref, site, siblings) => {
        const request = this.typeRef(ref, site, siblings);
        if (!request || !this.readsDifferently(this.records.get(request.target)!)) return request;
        return new TypeRef(this.record(request.target, true).key, siblings);
      },
      bodyOf: (ref) => this.bodyOf(ref),
      sawDirectional: () => this.sawDirectional(),
    };
  }

  warn(code: string, message: string, pointer: string): void {
    this.ctx.warn(code, message, pointer);
  }

  at(ref: string): unknown {
    return this.ctx.at(ref);
  }

  /** Convert a schema found at `pointer` (a request's parameter or body schema). */
  convert(node: unknown, pointer: string): Converted {
    return convertSchema(node, pointer, this);
  }

  /**
   * Convert a response's schema found at `pointer` (SPEC 8.3): as a request's, except that
   * `writeOnly` properties leave instead of `readOnly` ones. A referenced type that reads the
   * same either way is the request's type; one that does not (it, or a type it refers to,
   * marks a property either way) is a response variant of it.
   */
  convertResponse(node: unknown, pointer: string): Converted {
    return convertSchema(node, pointer, this.responseHost);
  }

  private readonly responseHost: SchemaHost;

  /** The records being converted, innermost last (conversion of one may need another's body). */
  private readonly converting: TypeRecord[] = [];

  sawDirectional(): void {
    const rec = this.converting[this.converting.length - 1];
    if (rec) rec.directional = true;
  }

  /** Known not to read differently for a response: neither it nor anything it refers to marks a property `readOnly` or `writeOnly`. */
  private readonly sameBothWays = new Set<TypeRecord>();
  private readonly differsBothWays = new Set<TypeRecord>();

  /** Whether a request type converts differently for a response: it, or a type it reaches, marks a property `readOnly` or `writeOnly`. */
  private readsDifferently(start: TypeRecord): boolean {
    if (this.sameBothWays.has(start)) return false;
    if (this.differsBothWays.has(start)) return true;
    const seen = new Set<TypeRecord>([start]);
    const stack = [start];
    while (stack.length > 0) {
      const rec = stack.pop()!;
      if (rec.state === 'pending') this.convertRecord(rec);
      // A record still converting (a cycle back to the start) is looked at once it is done, by whoever started it.
      if (rec.directional || this.differsBothWays.has(rec)) {
        this.differsBothWays.add(start);
        return true;
      }
      for (const s of rec.refs) {
        const next = this.records.get(s.target)!;
        if (seen.has(next) || this.sameBothWays.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    // Everything it reaches reaches no more than it does.
    for (const rec of seen) if (rec.state === 'done') this.sameBothWays.add(rec);
    return false;
  }

  typeRef(ref: string, site: string, siblings?: Json): TypeRef | undefined {
    if (!ref.startsWith('#')) {
      this.ctx.warn('unresolved-ref', `The reference \`${ref}\` is not inside the uploaded spec; the schema is read as accepting anything`, site);
      return undefined;
    }
    const pointer = refPointer(ref);
    if (this.ctx.at(pointer) === undefined) {
      this.ctx.warn('unresolved-ref', `The reference \`${ref}\` points at nothing in the spec; the schema is read as accepting anything`, site);
      return undefined;
    }
    this.record(pointer);
    return new TypeRef(pointer, siblings);
  }

  bodyOf(ref: TypeRef): Converted | undefined {
    const rec = this.records.get(ref.target) ?? this.record(ref.target);
    if (rec.state === 'converting') return undefined;
    if (rec.state === 'pending') this.convertRecord(rec);
    return rec.body;
  }

  /** The converted schema behind a reference, following references that are only references; undefined on a cycle. */
  resolveBody(node: Converted): Converted | undefined {
    let current: Converted | undefined = node;
    for (let i = 0; i < 16 && current instanceof TypeRef; i++) current = this.bodyOf(current);
    return current instanceof TypeRef ? undefined : current;
  }

  /**
   * The name a type at a pointer has in types.json, or undefined where it is not there
   * (written inline, or not used by a declared operation): prose names only types a reader
   * of the skill has. Known once `decide()` has run.
   */
  sharedName(pointer: string): string | undefined {
    const rec = this.records.get(pointer);
    return rec?.shared ? rec.name : undefined;
  }

  /** Name of the schema at a pointer as a reader would call it (`Pet` for `#/components/schemas/Pet`). */
  displayName(pointer: string): string {
    return typeDisplayName(pointer);
  }

  private record(pointer: string, response = false): TypeRecord {
    const key = response ? `${pointer}${RESPONSE_KEY}` : pointer;
    let rec = this.records.get(key);
    if (!rec) {
      rec = { pointer, key, response, directional: false, state: 'pending', body: {}, refs: [], operations: 0, lastOperation: -1, recursive: false };
      this.records.set(key, rec);
      this.queue.push(rec);
    }
    return rec;
  }

  private convertRecord(rec: TypeRecord): void {
    rec.state = 'converting';
    this.converting.push(rec);
    try {
      rec.body = convertSchema(this.ctx.at(rec.pointer), rec.pointer, rec.response ? this.responseHost : this);
    } finally {
      this.converting.pop();
    }
    rec.refs = typeRefsIn(rec.body);
    rec.state = 'done';
  }

  /** Convert every type referenced so far, and those they reference. */
  private settle(): void {
    while (this.queue.length > 0) {
      const rec = this.queue.shift()!;
      if (rec.state === 'pending') this.convertRecord(rec);
    }
  }

  /**
   * Every type referenced so far converted, and those in a reference cycle marked: what
   * `reader` needs to measure schemas before `decide()`. Idempotent; `decide()` calls it.
   */
  prepare(): void {
    this.settle();
    this.markRecursive();
  }

  private recursionKnown = 0;

  /** A type in a cycle (or referring to itself) is recursive. */
  private markRecursive(): void {
    if (this.recursionKnown === this.records.size) return;
    const all = [...this.records.values()];
    const cycles = nodesInCycles(all, (rec) => rec.refs.map((s) => this.records.get(s.target)!));
    for (const rec of all) rec.recursive = cycles.has(rec);
    this.recursionKnown = this.records.size;
  }

  /**
   * Converted schemas' references as expansion reads them (lib/publish/expanded-view): a
   * `TypeRef` is its type's converted body with the site's annotations laid over it, whether
   * it ends up shared or inline. Call `prepare()` first.
   */
  readonly reader: RefReader = {
    read: (node) => {
      if (!(node instanceof TypeRef)) return undefined;
      const rec = this.records.get(node.target);
      if (!rec || rec.state !== 'done') return 'broken';
      return { key: node.target, target: rec.body, siblings: node.siblings, targetIsRef: rec.body instanceof TypeRef };
    },
    recursive: (key) => this.records.get(key)?.recursive ?? false,
  };

  /**
   * Decide which types are shared, given the reference sites of each declared operation's
   * schema (in operation order), and name them. `owners[i]`, when given, is the operation
   * the `i`th list of sites belongs to (an operation's arguments and its `returns` are two
   * lists, and one operation); else each list is an operation of its own. Each list is
   * kept within the size limit on its own.
   */
  decide(operationSites: TypeRef[][], owners?: readonly number[]): void {
    this.settle();
    // Count declared operations reaching each type. A type two operations reach already
    // passed both counts to everything below it, so the walk stops there.
    operationSites.forEach((sites, i) => {
      const op = owners?.[i] ?? i;
      const stack = sites.map((s) => this.records.get(s.target)!);
      while (stack.length > 0) {
        const rec = stack.pop()!;
        if (rec.lastOperation === op || rec.operations >= 2) continue;
        rec.operations++;
        rec.lastOperation = op;
        for (const s of rec.refs) stack.push(this.records.get(s.target)!);
      }
    });
    const reached = [...this.records.values()].filter((r) => r.operations > 0);
    this.markRecursive();
    for (const rec of reached) {
      if (rec.operations >= 2) rec.shared = 'shared';
      else if (rec.recursive) rec.shared = 'recursive';
    }
    this.limitDepth(reached);
    // The size valve, for operations and then shared types.
    for (const sites of operationSites) this.limitRepeats(sites);
    for (let again = true, rounds = 0; again && rounds < 8; rounds++) {
      again = false;
      for (const rec of reached) if (rec.shared && this.limitRepeats(rec.refs)) again = true;
    }
    // Names: component schemas first, then by pointer, so a component keeps its own name.
    const shared = reached.filter((r) => r.shared).sort((a, b) => componentRank(a.pointer) - componentRank(b.pointer) || compareStrings(a.pointer, b.pointer) || compareStrings(a.key, b.key));
    for (const rec of shared) {
      // A response variant has the type's own name unless the request's type is shared too.
      const name = typeDisplayName(rec.pointer);
      rec.name = this.uniqueName(rec.response && this.records.get(rec.pointer)?.shared ? `${name}.returned` : name, rec);
    }
  }

  /**
   * The depth valve: a chain of types each written inside the one before (S0 whose field is
   * S1, whose field is S2, … 10,000 long, BAD-INPUT 9) would nest the written schema as deep
   * as the chain is long. Where inlining a type would nest its referrer past
   * MAX_SCHEMA_DEPTH levels, that type is shared (`why: 'size'`) instead, so the written
   * schemas, and every walk over them, stay as deep as the spec's own schemas. An operation
   * that deep cannot be published either way (expanded-size); only where its types are
   * written changes. Iterative, as the chain can be longer than the call stack.
   */
  private limitDepth(nodes: TypeRecord[]): void {
    const depth = new Map<TypeRecord, number>();
    const onStack = new Set<TypeRecord>();
    for (const root of nodes) {
      if (depth.has(root)) continue;
      const work: { rec: TypeRecord; sites?: { target: TypeRecord; at: number }[]; own?: number }[] = [{ rec: root }];
      onStack.add(root);
      while (work.length > 0) {
        const frame = work[work.length - 1];
        if (!frame.sites) {
          const found = refDepths(frame.rec.body);
          frame.own = found.depth;
          frame.sites = found.sites.map((s) => ({ target: this.records.get(s.ref.target)!, at: s.depth }));
          for (const s of frame.sites) {
            if (s.target.shared || depth.has(s.target) || onStack.has(s.target)) continue;
            onStack.add(s.target);
            work.push({ rec: s.target });
          }
          continue;
        }
        work.pop();
        onStack.delete(frame.rec);
        let d = frame.own!;
        for (const s of frame.sites) {
          if (s.target.shared || s.target === frame.rec) continue;
          // A type written in place of its reference nests at least one level.
          const nested = Math.max(1, s.at) + (depth.get(s.target) ?? 0);
          if (nested > MAX_SCHEMA_DEPTH) s.target.shared = 'size';
          else d = Math.max(d, nested);
        }
        depth.set(frame.rec, d);
      }
    }
  }

  /** The size valve (see the class comment). */
  private limitRepeats(sites: TypeRef[]): boolean {
    let size = 0;
    for (const s of sites) size += this.siteSize(this.records.get(s.target)!);
    if (size <= MAX_PARAMETERS_BYTES) return false;
    const count = new Map<TypeRecord, number>();
    const stack = sites.map((s) => this.records.get(s.target)!);
    while (stack.length > 0) {
      const rec = stack.pop()!;
      if (rec.shared) continue;
      const n = (count.get(rec) ?? 0) + 1;
      count.set(rec, n);
      if (n === 1) for (const s of rec.refs) stack.push(this.records.get(s.target)!);
    }
    let promoted = false;
    for (const [rec, n] of count) {
      if (n > 1) {
        rec.shared = 'size';
        promoted = true;
      }
    }
    if (promoted) this.sizeMemo = new Map();
    return promoted;
  }

  private siteSize(rec: TypeRecord): number {
    return rec.shared ? REF_SITE_SIZE : this.inlineSize(rec);
  }

  /** Estimated JSON size of a type written inline, counting the types it inlines in turn (capped). */
  private inlineSize(rec: TypeRecord): number {
    const memo = this.sizeMemo.get(rec);
    if (memo !== undefined) return memo;
    this.sizeMemo.set(rec, 0);
    let size = JSON.stringify(rec.body)?.length ?? 2;
    for (const s of rec.refs) {
      const target = this.records.get(s.target)!;
      size += target === rec ? REF_SITE_SIZE : this.siteSize(target);
      if (size > 1e12) break;
    }
    this.sizeMemo.set(rec, size);
    return size;
  }

  /**
   * A name in types.json for a type as fitting wrote it (lib/convert/fitted-types.ts): the
   * type's with `.fitted`, then `_2`, `_3`, … while a name in types.json or a schema of the
   * spec (by its own name) has it. Call after `decide()`.
   */
  fittedName(pointer: string): string {
    this.specNames ??= new Set([...this.records.values()].map((r) => typeDisplayName(r.pointer)));
    return this.uniqueName(`${typeDisplayName(pointer)}.fitted`, this.records.get(pointer)!, this.specNames);
  }

  private specNames?: Set<string>;

  /** `base`, or `base_2`, `base_3`, … while a name in types.json (or in `alsoTaken`) has it; then it is taken. */
  private uniqueName(base: string, rec: TypeRecord, alsoTaken?: ReadonlySet<string>): string {
    let name = base;
    for (let i = 2; this.names.has(name) || alsoTaken?.has(name); i++) name = `${base}_${i}`;
    this.names.set(name, rec);
    return name;
  }

  /**
   * A converted schema as written: each `TypeRef` becomes `{"$ref": "#/types/Name"}` for a
   * shared type, or the type's schema inline (with the site's annotations laid over it).
   */
  materialize(node: Converted): unknown {
    if (node instanceof TypeRef) return this.materializeRef(node);
    if (!isPlainObject(node)) return node;
    const hit = this.materialized.get(node);
    if (hit !== undefined) return hit;
    let out: Json | undefined;
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = node[k];
      if (DATA_KEYWORDS.has(k) || typeof v !== 'object' || v === null) continue;
      let next: unknown = v;
      if (SCHEMA_MAP_KEYWORDS.has(k)) {
        let map: Json | undefined;
        const names = Object.keys(v as Json);
        for (let j = 0; j < names.length; j++) {
          const child = (v as Json)[names[j]];
          const m = this.materialize(child as Converted);
          if (m !== child && !map) {
            map = {};
            for (let q = 0; q < j; q++) setOwn(map, names[q], (v as Json)[names[q]]);
          }
          if (map) setOwn(map, names[j], m);
        }
        if (map) next = map;
      } else if (SCHEMA_LIST_KEYWORDS.has(k) && Array.isArray(v)) {
        const list = v.map((item) => this.materialize(item as Converted));
        if (list.some((item, j) => item !== v[j])) next = list;
      } else if (SCHEMA_KEYWORDS.has(k)) next = this.materialize(v as Converted);
      if (next !== v) {
        if (!out) out = { ...node };
        out[k] = next;
      }
    }
    const result = out ?? node;
    this.materialized.set(node, result);
    return result;
  }

  private materializeRef(ref: TypeRef): unknown {
    const rec = this.records.get(ref.target)!;
    if (rec.shared) return { $ref: `#/types/${rec.name}`, ...ref.siblings };
    if (rec.inlined === undefined) rec.inlined = this.materialize(rec.body);
    const body = rec.inlined;
    if (!ref.siblings) return body;
    if (isPlainObject(body) && body.$ref === undefined) return { ...body, ...ref.siblings };
    return { allOf: [body], ...ref.siblings };
  }

  /** The shared types (types.json), name to schema, and how each came to be shared. */
  sharedTypes(): { name: string; pointer: string; why: 'shared' | 'recursive' | 'size'; operations: number; recursive: boolean; schema: unknown }[] {
    const out = [];
    for (const rec of this.records.values()) {
      if (!rec.shared || !rec.name) continue;
      out.push({ name: rec.name, pointer: rec.pointer, why: rec.shared, operations: rec.operations, recursive: rec.recursive, schema: this.materialize(rec.body) });
    }
    return out.sort((a, b) => compareStrings(a.name, b.name));
  }
}

/**
 * How deep a converted schema nests, in JSON levels, and how deep each `TypeRef` in it sits;
 * walking what `materialize` walks.
 */
function refDepths(node: Converted): { depth: number; sites: { ref: TypeRef; depth: number }[] } {
  const sites: { ref: TypeRef; depth: number }[] = [];
  let max = 0;
  const stack: { node: unknown; depth: number }[] = [{ node, depth: 0 }];
  while (stack.length > 0) {
    const { node: n, depth } = stack.pop()!;
    if (n instanceof TypeRef) {
      sites.push({ ref: n, depth });
      continue;
    }
    if (!isPlainObject(n)) continue;
    max = Math.max(max, depth + 1);
    for (const k of Object.keys(n)) {
      const v = n[k];
      if (DATA_KEYWORDS.has(k) || typeof v !== 'object' || v === null) continue;
      if (SCHEMA_MAP_KEYWORDS.has(k)) {
        for (const name of Object.keys(v as Json)) stack.push({ node: (v as Json)[name], depth: depth + 2 });
      } else if (SCHEMA_LIST_KEYWORDS.has(k)) {
        if (Array.isArray(v)) for (const item of v) stack.push({ node: item, depth: depth + 2 });
      } else if (SCHEMA_KEYWORDS.has(k)) stack.push({ node: v, depth: depth + 1 });
    }
  }
  return { depth: max, sites };
}

function componentRank(pointer: string): number {
  return /^\/(components\/schemas|definitions)\/[^/]+$/.test(pointer) ? 0 : 1;
}

const GENERIC_TOKENS = new Set([
  'schema',
  'schemas',
  'items',
  'properties',
  'additionalProperties',
  'content',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'prefixItems',
  'responses',
  'requestBody',
  'requestBodies',
  'parameters',
  'components',
  'definitions',
  'paths',
  'headers',
  '$defs',
  'get',
  'put',
  'post',
  'delete',
  'patch',
  'head',
  'options',
  'trace',
]);

/**
 * A type's name from where its schema sits: the component name (`Pet`), with the path
 * below it for a schema inside one (`Pet.owner`), else the last meaningful token of the
 * pointer (a schema the resolver placed under `paths`); sanitized to `A-Za-z0-9_.-`.
 */
export function typeDisplayName(pointer: string): string {
  const tokens = pointerTokens(pointer);
  let parts: string[];
  const component = tokens[0] === 'components' && tokens.length >= 3 ? 2 : tokens[0] === 'definitions' && tokens.length >= 2 ? 1 : -1;
  if (component >= 0 && (tokens[0] === 'definitions' || tokens[1] === 'schemas')) {
    parts = [tokens[component], ...tokens.slice(component + 1).filter((t) => !GENERIC_TOKENS.has(t) && !/^\d+$/.test(t))];
  } else {
    const meaningful = tokens.filter((t) => !GENERIC_TOKENS.has(t) && !/^\d+$/.test(t) && !t.includes('/'));
    parts = meaningful.length > 0 ? [meaningful[meaningful.length - 1]] : [];
  }
  const name = parts
    .map((p) => p.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, ''))
    .filter((p) => p !== '')
    .join('.')
    .slice(0, 100);
  return TYPE_NAME.test(name) ? name : 'Type';
}
