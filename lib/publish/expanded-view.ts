import { isPlainObject } from '../core/entries';
import type { Mode } from './expand';

/**
 * A schema as publishing expands it (SPEC 2), seen one node at a time without writing it
 * out: a reference is read as its target with the site's keys laid over it, a type met
 * again inside its own expansion as `{"type":"object"}` (keeping the site's description).
 * The size measure (expanded-size.ts), fitting (lib/convert/fit.ts) and the shapes written
 * into prose (lib/convert/shape.ts) all walk this one view, so what is measured is what is
 * written.
 *
 * A view may also be trimmed, as fitting trims: `examples` dropped, descriptions
 * below the top dropped, descriptions cut to their first sentence.
 */

/** What a trim removes, as bits: fitting's first three steps (lib/convert/fit.ts). */
export const TRIM_EXAMPLES = 1;
export const TRIM_NESTED_DESCRIPTIONS = 2;
export const TRIM_SENTENCES = 4;

/** A reference as the view reads it. */
export interface RefSite {
  /** The type's identity: an active key stops a cycle. */
  key: string;
  target: unknown;
  /** The site's keys besides the reference (a description), laid over the target. */
  siblings?: Readonly<Record<string, unknown>>;
  /** The target is itself only a reference: with siblings it is wrapped, `{"allOf":[target], …siblings}`. */
  targetIsRef: boolean;
}

/** How references are found and followed in the schemas being viewed. */
export interface RefReader {
  /** The reference a schema node is, `'broken'` for one that resolves to nothing (the refs rule's business; it counts as nothing), or undefined. */
  read(node: object): RefSite | 'broken' | undefined;
  /** Whether a type is part of a reference cycle: views under it depend on what is being expanded around them. */
  recursive(key: string): boolean;
}

export type View =
  | { kind: 'value'; value: unknown }
  | { kind: 'array'; items: readonly unknown[]; itemMode: Mode }
  | {
      kind: 'object';
      keys: readonly string[];
      get(key: string): unknown;
      /** Types entered to reach this object (their keys join the active set below it). */
      entered: readonly string[];
      /** The object's own view depends on no recursive type. */
      free: boolean;
      /** The type cut here at its recursion. */
      cut?: string;
      /** A reference with keys beside it whose target is not an object with keys of its own, written `{"allOf":[target], …}`: published, a shared type of that kind is written the same way, one written inline may not be. */
      wrapped?: true;
    }
  | { kind: 'broken' };

export interface ViewContext {
  reader: RefReader;
  /** TRIM_* bits. */
  trim: number;
  /** The types being expanded around the node. */
  active: ReadonlySet<string>;
}

const NO_KEYS: readonly string[] = [];

/**
 * One node as expanded (SPEC 2), in `mode` (`schema`, `names` for the keys of
 * `properties`, `data` for `enum`, `default`, …). `top`: the node is a top-level argument,
 * whose own description a nested-description trim keeps.
 */
export function viewOf(node: unknown, mode: Mode, ctx: ViewContext, top = false): View {
  if (node === null || typeof node !== 'object') return { kind: 'value', value: node };
  if (Array.isArray(node)) return { kind: 'array', items: node, itemMode: mode === 'names' ? 'schema' : mode };
  if (mode === 'schema') {
    const site = ctx.reader.read(node);
    if (site === 'broken') return { kind: 'broken' };
    if (site) return refView(site, ctx, top, []);
  }
  const obj = node as Record<string, unknown>;
  const keys = mode === 'schema' ? Object.keys(obj).filter((k) => keeps(k, ctx.trim, top)) : Object.keys(obj);
  return { kind: 'object', keys, get: mode === 'schema' ? (k) => trimmed(k, obj[k], ctx.trim) : (k) => obj[k], entered: NO_KEYS, free: true };
}

function refView(site: RefSite, ctx: ViewContext, top: boolean, entered: string[]): View {
  const recursive = ctx.reader.recursive(site.key);
  const siblings = site.siblings ?? {};
  const own = Object.keys(siblings).filter((k) => keeps(k, ctx.trim, top));
  if (ctx.active.has(site.key) || entered.includes(site.key)) {
    // The recursion stop (SPEC 2): `{"type":"object"}`, keeping the site's description.
    const description = typeof siblings.description === 'string' && keeps('description', ctx.trim, top) ? trimmed('description', siblings.description, ctx.trim) : undefined;
    return {
      kind: 'object',
      keys: description === undefined ? ['type'] : ['type', 'description'],
      get: (k) => (k === 'type' ? 'object' : description),
      entered,
      free: false,
      cut: site.key,
    };
  }
  const path = [...entered, site.key];
  const target = site.target;
  if (!isPlainObject(target)) {
    if (own.length === 0) return { kind: 'value', value: target };
    return wrapped(target, siblings, own, ctx, path, recursive);
  }
  if (own.length === 0) {
    const inner = ctx.reader.read(target);
    if (inner === 'broken') return { kind: 'broken' };
    if (inner) return refView(inner, ctx, top, path);
    const keys = Object.keys(target).filter((k) => keeps(k, ctx.trim, top));
    return { kind: 'object', keys, get: (k) => trimmed(k, target[k], ctx.trim), entered: path, free: !recursive };
  }
  if (site.targetIsRef) return wrapped(target, siblings, own, ctx, path, recursive);
  // The site's keys win over the type's, and come after them (as lib/publish writes them).
  const keys = [...Object.keys(target).filter((k) => !Object.hasOwn(siblings, k) && keeps(k, ctx.trim, top)), ...own];
  return {
    kind: 'object',
    keys,
    get: (k) => trimmed(k, Object.hasOwn(siblings, k) ? siblings[k] : target[k], ctx.trim),
    entered: path,
    free: !recursive,
  };
}

function wrapped(target: unknown, siblings: Readonly<Record<string, unknown>>, own: string[], ctx: ViewContext, path: string[], recursive: boolean): View {
  const allOf = [target];
  return {
    kind: 'object',
    keys: ['allOf', ...own.filter((k) => k !== 'allOf')],
    get: (k) => (k === 'allOf' ? allOf : trimmed(k, siblings[k], ctx.trim)),
    entered: path,
    free: !recursive,
    wrapped: true,
  };
}

/** Whether a schema keyword stays under a trim. */
export function keeps(key: string, trim: number, top: boolean): boolean {
  if (trim & TRIM_EXAMPLES && (key === 'examples' || key === 'example')) return false;
  if (trim & TRIM_NESTED_DESCRIPTIONS && !top && key === 'description') return false;
  return true;
}

/** A keyword's value under a trim (a description cut to its first sentence). */
export function trimmed(key: string, value: unknown, trim: number): unknown {
  return trim & TRIM_SENTENCES && key === 'description' && typeof value === 'string' ? firstSentence(value) : value;
}

/** Words a `.` ends that do not end a sentence. */
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'cf', 'approx', 'incl', 'Inc', 'Ltd', 'Co', 'No', 'Mr', 'Ms', 'Dr', 'St']);

/**
 * The first sentence of a description: up to the first `.`, `!` or `?` followed by white
 * space (not one ending an abbreviation such as `e.g.` or an initial), or up to the first
 * blank line; the whole text when it is one sentence.
 */
export function firstSentence(text: string): string {
  const t = text.trim();
  for (let i = 0; i < t.length - 1; i++) {
    const c = t.charCodeAt(i);
    if (c === 10 /* \n */) {
      // A blank line ends the paragraph, and the sentence with it.
      let j = i + 1;
      while (j < t.length && (t[j] === ' ' || t[j] === '\t' || t[j] === '\r')) j++;
      if (t[j] === '\n') return t.slice(0, i).trimEnd();
      continue;
    }
    if (c !== 46 /* . */ && c !== 33 /* ! */ && c !== 63 /* ? */) continue;
    if (!/\s/.test(t[i + 1])) continue;
    if (c === 46 && abbreviation(t, i)) continue;
    return t.slice(0, i + 1);
  }
  return t;
}

/** Whether the `.` at `dot` ends an abbreviation or an initial rather than a sentence. */
function abbreviation(t: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && /[A-Za-z.]/.test(t[start - 1])) start--;
  const word = t.slice(start, dot);
  return ABBREVIATIONS.has(word) || /^([A-Z]\.)*[A-Z]$/.test(word);
}
