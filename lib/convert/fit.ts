import { isPlainObject, setOwn, utf8Length } from '../core/entries';
import { joinPointer, pointerTokens, pointerWithin } from '../core/json-pointer';
import { childMode, MAX_PARAMETERS_BYTES, type Mode } from '../publish/expand';
import { MAX_SCHEMA_DEPTH } from '../core/schema-keywords';
import { ExpandedSizer } from '../publish/expanded-size';
import { firstSentence, keeps, TRIM_EXAMPLES, TRIM_NESTED_DESCRIPTIONS, TRIM_SENTENCES, viewOf, type RefReader, type RefSite, type View } from '../publish/expanded-view';
import type { Json } from './context';
import type { FitStep, FitStepKind } from './model';

/** The steps of fitting, in the order they are taken: the ones that lose least first. */
export type { FitStep, FitStepKind } from './model';

/** An object fitting replaced by `{"type":"object", "description": …}`, for the prose to write out in full. */
export interface ReplacedObject {
  pointer: string;
  /** Where it is, for a reader: `spec.template.spec`, `items[].owner`. */
  path: string;
  /** The schema node as it was (converted, references unexpanded), and the types being expanded around it. */
  node: unknown;
  active: readonly string[];
}

export type FitResult =
  | { ok: true; schema: Json; before: number; after: number; steps: FitStep[]; objects: ReplacedObject[] }
  | {
      ok: false;
      before: number;
      /** The size every step together would reach. */
      after: number;
      /** `required`: the required arguments alone pass the limit; `rest`: what is left is not objects fitting may replace; `depth`: the parameters nest too deep; `search`: too many places to search. */
      reason: 'required' | 'rest' | 'depth' | 'search';
      /** Bytes of the parameters with only their required arguments (after every step). */
      requiredBytes: number;
    };

const STEPS: { step: FitStepKind; trim: number }[] = [
  { step: 'drop-examples', trim: TRIM_EXAMPLES },
  { step: 'drop-nested-descriptions', trim: TRIM_NESTED_DESCRIPTIONS },
  { step: 'first-sentence', trim: TRIM_SENTENCES },
];

/** What the prose promises an object replaced by fitting. */
export const REPLACED_NOTE = '(its fields are listed in the prose)';

/** `{"type":"object","description":"An object (its fields are listed in the prose)."}`: no replacement is smaller. */
const SMALLEST_REPLACEMENT = 80;

/** How many schema nodes one operation's search for objects to replace may visit. */
const MAX_VISITS = 20_000;

interface Place {
  node: unknown;
  pointer: string;
  /** The types being expanded around it (only those in a cycle matter, and only they are kept). */
  active: ReadonlySet<string>;
  trim: number;
  top: boolean;
  /** On a chain of required properties from the root (a required argument, its required fields, …): never replaced. */
  required: boolean;
  /** A variant of a `oneOf`: replacing it would make it overlap the others. */
  variant: boolean;
  size: number;
  order: number;
}

/**
 * Fit an operation's parameters to SPEC 2's limit. The root schema `root` (an
 * object whose `properties` are the arguments; references read through `reader`, expanded
 * as publishing expands them) is reduced by steps that lose the least first, each taken on
 * one top-level argument at a time, the largest first, until the parameters fit:
 *
 * 1. `examples` dropped;
 * 2. descriptions below the top level dropped (an argument's own description stays);
 * 3. descriptions cut to their first sentence;
 * 4. optional objects replaced by `{"type":"object","description":"<first sentence> (its
 *    fields are listed in the prose)"}`, whose full shape the caller writes into the
 *    operation's prose. Each round looks at the places of at least half of what is still
 *    needed, largest first: the objects that do not remove more than is still needed are
 *    replaced as they come, then, if that is not enough, the one that removes least of
 *    those that remove more. Optional means: not on a chain of required properties from the
 *    root (a required argument, and its required fields, are never replaced; the items of
 *    a list may be), not a variant of a `oneOf` (it would then overlap the others), and not
 *    inside a `not`, an `if` or a `contains`: a replacement only widens what is accepted.
 *
 * No argument is ever removed. The result is the parameters written out (no references),
 * every step taken with the pointer it touched, and the bytes before and after; or, where
 * every step together is not enough, why.
 */
export function fitParameters(root: Json, reader: RefReader, limit = MAX_PARAMETERS_BYTES): FitResult {
  return new Fitter(reader, limit).fit(root);
}

/**
 * `fitParameters` for the operations of one spec: what it measures and writes of their
 * types is kept between them (a hundred Kubernetes operations share the pod spec).
 */
export class Fitter {
  private readonly sizer: ExpandedSizer;
  /** Subtrees written with no replacement below, by trim; only those that did not depend on the types expanded around them. */
  private readonly written: WeakMap<object, unknown>[] = [];
  /** Each written type, by the key of the type it was written from (see `writtenType`). */
  private readonly types = new WeakMap<object, string>();
  /** Each reference with keys beside it written out: the type written (a key of `types`) and the site's keys laid over it. */
  private readonly overlays = new WeakMap<object, { base: object; keys: readonly string[] }>();
  private dependent = 0;

  constructor(
    private readonly reader: RefReader,
    private readonly limit = MAX_PARAMETERS_BYTES,
    /** Measures without a limit, over `reader` (the caller's, when it measured the same schemas already). */
    sizer?: ExpandedSizer,
  ) {
    this.sizer = sizer ?? new ExpandedSizer(reader, Number.POSITIVE_INFINITY);
  }

  /**
   * The key of the type (as `reader` names it) a subtree of a fitted schema is that type
   * written out, as it was trimmed: a type in no cycle, referred to with nothing beside the
   * reference that the trim keeps, is written once per trim, the same object at every place
   * it is met, in every operation this fitter fits (so the converter can share it in
   * types.json, lib/convert/fitted-types.ts). Undefined for any other subtree.
   */
  writtenType(subtree: object): string | undefined {
    return this.types.get(subtree);
  }

  /**
   * Where a subtree of a fitted schema is a reference with keys beside it written out (a
   * description, say): the type written as `writtenType` knows it, and the site's keys,
   * which the subtree has after the type's own (as publishing lays them over it). Expanded,
   * `{"$ref": <the type>, <those keys>}` is the subtree.
   */
  overlay(subtree: object): { base: object; keys: readonly string[] } | undefined {
    return this.overlays.get(subtree);
  }

  fit(root: Json): FitResult {
    const { reader, limit, sizer } = this;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the writer below keeps its caches on the fitter
    const self = this;
    const whole = sizer.measure(root);
    const before = whole.size;
    const properties = isPlainObject(root.properties) ? root.properties : {};
    const names = Object.keys(properties);
    const required = new Set(Array.isArray(root.required) ? (root.required as string[]) : []);
    const trims = new Map<string, number>(names.map((n) => [n, 0]));
    const sizes = new Map<string, number>(names.map((n) => [n, sizer.trimmedSize(properties[n], 0, true)]));
    let total = before;
    const steps: FitStep[] = [];
    const replaced = new Map<string, { saved: number; replacement: Json }>();
    const fail = (reason: 'required' | 'rest' | 'depth' | 'search'): FitResult => {
      // The parameters without their optional arguments, as far as the steps have brought them.
      let requiredBytes = total;
      for (const n of names) {
        if (required.has(n)) continue;
        const at = joinPointer('/properties', n);
        let size = sizes.get(n)!;
        for (const [pointer, r] of replaced) if (pointerWithin(pointer, at)) size -= r.saved;
        requiredBytes -= size + utf8Length(JSON.stringify(n)) + 2;
      }
      return { ok: false, before, after: total, reason, requiredBytes: Math.max(requiredBytes, 0) };
    };
    if (whole.depth > MAX_SCHEMA_DEPTH) return fail('depth');

    for (const { step, trim } of STEPS) {
      if (total <= limit) break;
      const order = [...names].sort((a, b) => sizes.get(b)! - sizes.get(a)!);
      for (const name of order) {
        if (total <= limit) break;
        const next = trims.get(name)! | trim;
        const size = sizer.trimmedSize(properties[name], next, true);
        trims.set(name, next);
        const saved = sizes.get(name)! - size;
        if (saved <= 0) continue;
        sizes.set(name, size);
        total -= saved;
        steps.push({ step, pointer: joinPointer('/properties', name), bytes: saved });
      }
    }

    const objects: ReplacedObject[] = [];
    let visits = 0;
    const replace = (choice: { place: Place; saved: number; replacement: Json }) => {
      replaced.set(choice.place.pointer, { saved: choice.saved, replacement: choice.replacement });
      objects.push({ pointer: choice.place.pointer, path: displayPath(choice.place.pointer), node: choice.place.node, active: [...choice.place.active] });
      steps.push({ step: 'replace-object', pointer: choice.place.pointer, bytes: choice.saved });
      total -= choice.saved;
    };
    // The largest objects first that do not remove more than is still needed; when every one
    // left would remove more, the one that removes least. Objects under MIN_OBJECT bytes are
    // left alone while larger ones will do: replacing them loses little but clutters the prose.
    const none = new Set<string>();
    // Each round looks at the places of at least half of what is needed (so few, and
    // large): the largest objects first that do not remove more than is still needed, then,
    // if that is not enough, the one of the others that removes least. A round that finds
    // nothing looks lower, down to the smallest replacement there is.
    for (let floor = Number.POSITIVE_INFINITY; total > limit; ) {
      floor = Math.max(SMALLEST_REPLACEMENT, Math.min(floor, (total - limit) / 2));
      const heap = new PlaceHeap();
      let order = 0;
      const add = (node: unknown, pointer: string, active: ReadonlySet<string>, trim: number, top: boolean, required: boolean, variant: boolean) => {
        let size = sizer.trimmedSize(node, trim, top, active);
        if (replaced.size > 0) for (const [p, r] of replaced) if (p.startsWith(`${pointer}/`)) size -= r.saved;
        if (size >= floor) heap.push({ node, pointer, active, trim, top, required, variant, size, order: order++ });
      };
      for (const name of names) add(properties[name], joinPointer('/properties', name), none, trims.get(name)!, true, required.has(name), false);
      const over: { place: Place; saved: number; replacement: Json }[] = [];
      let chose = false;
      for (let place = heap.pop(); place && total > limit; place = heap.pop()) {
        if (++visits > MAX_VISITS) return fail('search');
        if (replaced.has(place.pointer)) continue;
        const view = viewOf(place.node, 'schema', { reader, trim: place.trim, active: place.active }, place.top);
        if (view.kind !== 'object' || view.cut) continue;
        const object = !place.required && !place.variant ? objectSchema(view, reader, place.trim, place.active) : undefined;
        if (object) {
          const replacement = replacementOf(view, object.nullable);
          const saved = place.size - utf8Length(JSON.stringify(replacement));
          if (saved > 0 && saved <= total - limit) {
            // Replaced whole: nothing inside it is looked at.
            replace({ place, saved, replacement });
            chose = true;
            continue;
          }
          if (saved > 0) over.push({ place, saved, replacement });
        }
        addChildren(place, view, reader, add);
      }
      if (total <= limit) break;
      // What removes more than needed, and holds nothing replaced since it was measured.
      const whole = over.filter((o) => ![...replaced.keys()].some((p) => p.startsWith(`${o.place.pointer}/`)));
      const least = whole.sort((a, b) => a.saved - b.saved || a.place.order - b.place.order)[0];
      if (least) replace(least);
      else if (!chose) {
        if (floor === SMALLEST_REPLACEMENT) break;
        floor = SMALLEST_REPLACEMENT;
      }
    }
    if (total > limit) {
      const f = fail('rest');
      return f.ok === false && f.requiredBytes > limit ? { ...f, reason: 'required' } : f;
    }

    // Pointers are followed only down to the objects replaced.
    const prefixes = new Set<string>();
    for (const pointer of replaced.keys()) for (let p = pointer; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) prefixes.add(p);
    const schema = write(root, 'schema', '', new Set(), 0, false) as Json;
    // Past 2^53 bytes (a fan-out of types) the arithmetic is not exact: the written schema is measured itself.
    const after = Number.isSafeInteger(before) ? total : utf8Length(JSON.stringify(schema));
    return { ok: true, schema, before, after, steps, objects };

    /** The parameters as trimmed, with the replacements, written out; `pointer` only while a replacement lies below. */
    function write(node: unknown, mode: Mode, pointer: string | undefined, active: ReadonlySet<string>, trim: number, top: boolean): unknown {
      if (pointer !== undefined && mode === 'schema') {
        const r = replaced.get(pointer);
        if (r) return r.replacement;
      }
      if (typeof node !== 'object' || node === null) return node;
      // Below the top, with its descriptions dropped, there are no sentences left to cut.
      if (!top && trim & TRIM_NESTED_DESCRIPTIONS) trim &= ~TRIM_SENTENCES;
      if (pointer === undefined && mode === 'schema') {
        const site = reader.read(node);
        if (site !== undefined && site !== 'broken' && !reader.recursive(site.key) && (!top || sameAtTop(site, trim))) {
          // A reference to a type in no cycle, with nothing beside it that the trim keeps, is
          // its type written out (as the view reads it): written from the type's own schema,
          // it is one object for every place the type is met under this trim.
          const own = keptKeys(site.siblings, trim, top);
          if (own.length === 0) return writtenType(site.key, site.target, active, trim);
          // With keys beside it (a description), it is that object with the site's keys laid
          // over it, as publishing expands a reference with siblings.
          if (isPlainObject(site.target) && reader.read(site.target) === undefined) {
            const before = self.dependent;
            const base = writtenType(site.key, site.target, active, trim);
            const value = cached(node, mode, pointer, active, trim, top);
            if (self.dependent === before && typeof value === 'object' && value !== null) self.overlays.set(value, { base: base as object, keys: own });
            return value;
          }
        }
      }
      return cached(node, mode, pointer, active, trim, top);
    }

    /** A type's schema written as a place that refers to it with nothing beside it reads it: the same object wherever it is met under a trim, and known as the type's (`writtenType`). */
    function writtenType(key: string, target: unknown, active: ReadonlySet<string>, trim: number): unknown {
      const before = self.dependent;
      const value = write(target, 'schema', undefined, active, trim, false);
      if (self.dependent === before && typeof value === 'object' && value !== null && !Array.isArray(value) && !self.types.has(value)) self.types.set(value, key);
      return value;
    }

    /** `write` of an object, kept per trim where it depends on nothing around it. */
    function cached(node: object, mode: Mode, pointer: string | undefined, active: ReadonlySet<string>, trim: number, top: boolean): unknown {
      const cache = pointer === undefined && !top ? (self.written[(mode === 'schema' ? 0 : mode === 'names' ? 8 : 16) + trim] ??= new WeakMap()) : undefined;
      if (cache?.has(node)) return cache.get(node);
      const before = self.dependent;
      const value = writeView(node, mode, pointer, active, trim, top);
      if (cache && self.dependent === before) cache.set(node, value);
      return value;
    }

    /** The pointer of a child, while a replacement lies at or below it. */
    function below(pointer: string | undefined, key: string | number): string | undefined {
      if (pointer === undefined) return undefined;
      const at = joinPointer(pointer, key);
      return prefixes.has(at) || replaced.has(at) ? at : undefined;
    }

    function writeView(node: object, mode: Mode, pointer: string | undefined, active: ReadonlySet<string>, trim: number, top: boolean): unknown {
      const view = viewOf(node, mode, { reader, trim, active }, top);
      if (view.kind === 'value') return write(view.value, mode, pointer, active, trim, false);
      if (view.kind === 'broken') return {};
      if (view.kind === 'array') {
        const items: unknown[] = [];
        for (let i = 0; i < view.items.length; i++) items.push(write(view.items[i], view.itemMode, below(pointer, i), active, trim, false));
        return items;
      }
      if (view.cut || !view.free) self.dependent++;
      // Only a type in a cycle can be met again below.
      let inner = active;
      for (const k of view.entered) if (reader.recursive(k) && !inner.has(k)) (inner = inner === active ? new Set(active) : inner as Set<string>).add(k);
      const out: Json = {};
      for (const k of view.keys) {
        // At the root, each argument is written with its own trims.
        if (pointer === '' && k === 'properties' && mode === 'schema') {
          const map = view.get(k) as Json;
          const props: Json = {};
          for (const name of Object.keys(map)) {
            const at = joinPointer('/properties', name);
            setOwn(props, name, write(map[name], 'schema', prefixes.has(at) || replaced.has(at) ? at : undefined, inner, trims.get(name) ?? 0, true));
          }
          setOwn(out, k, props);
        } else setOwn(out, k, write(view.get(k), childMode(mode, k), below(pointer, k), inner, trim, false));
      }
      return out;
    }
  }
}

/** The keys beside a reference that a trim keeps. */
function keptKeys(siblings: Readonly<Record<string, unknown>> | undefined, trim: number, top: boolean): string[] {
  return siblings ? Object.keys(siblings).filter((k) => keeps(k, trim, top)) : [];
}

/**
 * Whether a reference at the top (an argument) reads as it would below: the trim keeps a
 * top-level description that it drops below, so only where the type's own description is
 * not kept there either (the site has its own, or the type none), or the trim drops no
 * descriptions.
 */
function sameAtTop(site: RefSite, trim: number): boolean {
  if (!(trim & TRIM_NESTED_DESCRIPTIONS)) return true;
  if (site.siblings && Object.hasOwn(site.siblings, 'description')) return true;
  return !isPlainObject(site.target) || !Object.hasOwn(site.target, 'description');
}

/**
 * Whether fitting may replace a schema by `{"type":"object"}`: `object` (perhaps admitting
 * null), properties without a type, or a `oneOf`/`anyOf` whose every variant is such an
 * object (or null). `nullable`: the replacement must admit null too.
 */
function objectSchema(view: Extract<View, { kind: 'object' }>, reader: RefReader, trim: number, active: ReadonlySet<string>, depth = 0): { nullable: boolean } | undefined {
  const type = view.keys.includes('type') ? view.get('type') : undefined;
  if (type === 'object') return { nullable: false };
  if (Array.isArray(type)) return type.includes('object') && type.every((t) => t === 'object' || t === 'null') ? { nullable: type.includes('null') } : undefined;
  if (type !== undefined) return undefined;
  if (view.keys.includes('properties')) return { nullable: false };
  if (depth > 2) return undefined;
  for (const k of ['oneOf', 'anyOf'] as const) {
    const parts = view.keys.includes(k) ? view.get(k) : undefined;
    if (!Array.isArray(parts) || parts.length === 0) continue;
    const inner = view.entered.length > 0 ? new Set([...active, ...view.entered]) : active;
    let nullable = false;
    for (const part of parts) {
      const v = viewOf(part, 'schema', { reader, trim, active: inner });
      if (v.kind !== 'object' || v.cut) return undefined;
      if (v.keys.length === 1 && v.get('type') === 'null') {
        nullable = true;
        continue;
      }
      const o = objectSchema(v, reader, trim, inner, depth + 1);
      if (!o) return undefined;
      nullable ||= o.nullable;
    }
    return { nullable };
  }
  return undefined;
}

/** `{"type":"object","description":"<first sentence> (its fields are listed in the prose)"}`, admitting null where the object did. */
function replacementOf(view: Extract<View, { kind: 'object' }>, nullable: boolean): Json {
  const description = view.keys.includes('description') ? view.get('description') : undefined;
  const line = typeof description === 'string' ? firstSentence(description).replace(/\s+/g, ' ').trim() : '';
  return {
    type: nullable ? ['object', 'null'] : 'object',
    description: line === '' ? `An object ${REPLACED_NOTE}.` : `${line.replace(/[.:;,]$/, '')} ${REPLACED_NOTE}.`,
  };
}

/**
 * The schemas directly inside a place's view where a replacement only widens what is
 * accepted: properties, list items, map values, and the parts of `allOf`, `anyOf` and
 * `oneOf` (not inside `not`, `if` or `contains`, where it would narrow it). A required
 * property of a place on the required chain is on it too; an `allOf` part is as required as
 * its whole.
 */
function addChildren(
  place: Place,
  view: Extract<View, { kind: 'object' }>,
  reader: RefReader,
  add: (node: unknown, pointer: string, active: ReadonlySet<string>, trim: number, top: boolean, required: boolean, variant: boolean) => void,
): void {
  let active = place.active;
  for (const k of view.entered) {
    if (!reader.recursive(k) || active.has(k)) continue;
    if (active === place.active) active = new Set(active);
    (active as Set<string>).add(k);
  }
  const requiredList = view.keys.includes('required') ? view.get('required') : undefined;
  const required = new Set(Array.isArray(requiredList) ? requiredList : []);
  for (const k of view.keys) {
    if (!WIDENING.has(k)) continue;
    const value = view.get(k);
    const at = joinPointer(place.pointer, k);
    if (k === 'properties' || k === 'patternProperties') {
      if (!isPlainObject(value)) continue;
      for (const name of Object.keys(value)) {
        const child = value[name];
        if (typeof child === 'object' && child !== null) add(child, joinPointer(at, name), active, place.trim, false, place.required && k === 'properties' && required.has(name), false);
      }
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (typeof value[i] === 'object' && value[i] !== null) add(value[i], joinPointer(at, i), active, place.trim, false, k === 'allOf' && place.required, k === 'oneOf');
      }
    } else if (typeof value === 'object' && value !== null) add(value, at, active, place.trim, false, false, false);
  }
}

/** Where a place is, for a reader: `spec.template.spec`, `items[].owner`, `input (variant 2)[]`. */
function displayPath(pointer: string): string {
  const tokens = pointerTokens(pointer).slice(1);
  let out = tokens.shift() ?? '';
  while (tokens.length > 0) {
    const k = tokens.shift()!;
    if (k === 'properties') out += `.${tokens.shift() ?? ''}`;
    else if (k === 'patternProperties') out += `{${tokens.shift() ?? ''}}`;
    else if (k === 'items') out += '[]';
    else if (k === 'additionalProperties') out += '{*}';
    else if (k === 'prefixItems') out += `[${tokens.shift() ?? ''}]`;
    else out += ` (${k === 'allOf' ? 'part' : 'variant'} ${Number(tokens.shift() ?? 0) + 1})`;
  }
  return out;
}

/** Keywords whose schemas a replacement inside only widens. */
const WIDENING = new Set(['properties', 'patternProperties', 'additionalProperties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf']);

/** A max-heap of places by size, the earlier found first among equals (so fitting is deterministic). */
class PlaceHeap {
  private readonly items: Place[] = [];
  push(p: Place): void {
    const a = this.items;
    a.push(p);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(a[i], a[parent])) break;
      [a[i], a[parent]] = [a[parent], a[i]];
      i = parent;
    }
  }
  pop(): Place | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l], a[m])) m = l;
        if (r < a.length && before(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}

function before(a: Place, b: Place): boolean {
  return a.size > b.size || (a.size === b.size && a.order < b.order);
}
