import { problem, type Problem } from '../core/problem';
import { childKind, elementKind, type Kind } from './context';
import { fragmentTokens, tokensToPointer } from '../core/json-pointer';
import type { Locate } from './validate';
import type { RefSite } from './resolve/types';

/** The kinds a reference can stand for, as the report names them. */
const NAMES: Partial<Record<Kind, string>> = {
  schema: 'a schema',
  parameter: 'a parameter',
  requestBody: 'a request body',
  response: 'a response',
  header: 'a header',
  example: 'an example',
  link: 'a link',
  callback: 'a callback',
  pathItem: 'a path item',
};

/**
 * References that land on the wrong kind of object: a parameter `$ref` to a schema, a body
 * schema `$ref` to a parameter. swagger-parser's `validate()` would catch them after
 * dereferencing; the resolved document is validated with its references in place
 * (validate.ts), where the official schemas only see a Reference Object. Both ends are
 * classified by where they sit (context.ts), so a target outside `components` counts too;
 * a target whose kind cannot be told from its place (under an extension, say) is not judged.
 * Runs on the resolved document, where every reference is internal (`#/…`).
 *
 * A warning, not an error: the target is still read as what the place needs, and whatever
 * it then lacks is reported where it is used (PagerDuty's responses that point into
 * `requestBodies` are shaped like responses and convert fine).
 */
export function refKindProblems(document: unknown, swagger2: boolean, locate: Locate, sites?: readonly RefSite[]): Problem[] {
  if (sites) return siteProblems(document, swagger2, locate, sites);
  const out: Problem[] = [];
  const kindCache = new Map<string, Kind | undefined>();
  // Each item knows its parent, so a pointer is only built for a problem.
  type Item = { node: unknown; kind: Kind; parent?: Item; key: string };
  const tokensOf = (item: Item): string[] => {
    const tokens: string[] = [];
    for (let at: Item | undefined = item; at?.parent; at = at.parent) tokens.push(at.key);
    return tokens.reverse();
  };
  // Only objects are visited, and none under a `literal` or `generic` place: what sits there
  // is `literal` or `generic` too (context.ts), and neither is a kind a reference stands for.
  const visited = (node: unknown, kind: Kind) => node !== null && typeof node === 'object' && kind !== 'literal' && kind !== 'generic';
  const stack: Item[] = visited(document, 'root') ? [{ node: document, kind: 'root', key: '' }] : [];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const { node, kind } = item;
    if (Array.isArray(node)) {
      const ek = elementKind(kind);
      for (let i = node.length - 1; i >= 0; i--) if (visited(node[i], ek)) stack.push({ node: node[i], kind: ek, parent: item, key: String(i) });
      continue;
    }
    const o = node as Record<string, unknown>;
    const expected = NAMES[kind];
    if (expected !== undefined && typeof o.$ref === 'string' && o.$ref.startsWith('#')) {
      let target = kindCache.get(o.$ref);
      if (!kindCache.has(o.$ref)) kindCache.set(o.$ref, (target = kindAt(document, o.$ref, swagger2)));
      const found = target === undefined ? undefined : NAMES[target];
      if (found !== undefined && target !== kind) {
        const at = locate(tokensToPointer([...tokensOf(item), '$ref']));
        out.push(
          problem('ref-wrong-kind', 'warning', `$ref "${o.$ref}" is ${found}, but ${expected} belongs here; it is read as one`, at.file, {
            line: at.line,
            column: at.column,
            pointer: at.pointer,
          }),
        );
      }
    }
    const keys = Object.keys(o);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      const v = o[k];
      if (k === '$ref' || v === null || typeof v !== 'object') continue;
      const ck = childKind(kind, k, swagger2);
      if (visited(v, ck)) stack.push({ node: v, kind: ck, parent: item, key: k });
    }
  }
  return out;
}

/**
 * Whether a reference object at a place of `kind`, with `ref`, is one `refKindProblems`
 * reports, judged on the parsed tree of a spec the resolver takes as its document (the
 * document has its objects, or copies of them with the same keys: `DocumentWriter.runInPlace`).
 * The resolver's walk asks it of each reference object, so the check need not walk the
 * document again (`ResolvedSpec.refSites`).
 */
export function wrongKindOf(root: unknown, swagger2: boolean): (ref: string, kind: Kind) => boolean {
  const kindCache = new Map<string, Kind | undefined>();
  return (ref, kind) => {
    if (NAMES[kind] === undefined || !ref.startsWith('#')) return false;
    let target = kindCache.get(ref);
    if (!kindCache.has(ref)) kindCache.set(ref, (target = kindAt(root, ref, swagger2)));
    return target !== undefined && NAMES[target] !== undefined && target !== kind;
  };
}

/**
 * `refKindProblems` from the reference objects the resolver's walk found wrong
 * (`ResolvedSpec.refSites`, each at a place the walk above visits), not from a walk of the
 * whole document: the same problems, in the same order (the walk's, depth first, keys in order).
 */
function siteProblems(document: unknown, swagger2: boolean, locate: Locate, sites: readonly RefSite[]): Problem[] {
  const kindCache = new Map<string, Kind | undefined>();
  const wrong: { site: RefSite; expected: string; found: string }[] = [];
  for (const site of sites) {
    const expected = NAMES[site.kind];
    if (expected === undefined || !site.ref.startsWith('#')) continue;
    let target = kindCache.get(site.ref);
    if (!kindCache.has(site.ref)) kindCache.set(site.ref, (target = kindAt(document, site.ref, swagger2)));
    const found = target === undefined ? undefined : NAMES[target];
    if (found !== undefined && target !== site.kind) wrong.push({ site, expected, found });
  }
  wrong.sort((a, b) => walkOrder(a.site.order, b.site.order));
  return wrong.map(({ site, expected, found }) => {
    const at = locate(tokensToPointer([...site.tokens, '$ref']));
    return problem('ref-wrong-kind', 'warning', `$ref "${site.ref}" is ${found}, but ${expected} belongs here; it is read as one`, at.file, {
      line: at.line,
      column: at.column,
      pointer: at.pointer,
    });
  });
}

/** Depth first, keys in order: by position at the first level where two places differ, a place before those below it. */
function walkOrder(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** The kind of the object an internal reference points at, or undefined when it does not exist. */
function kindAt(document: unknown, ref: string, swagger2: boolean): Kind | undefined {
  const tokens = fragmentTokens(ref.slice(1));
  if (tokens === null) return undefined;
  let node = document;
  let kind: Kind = 'root';
  for (const t of tokens) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, t)) return undefined;
    kind = Array.isArray(node) ? elementKind(kind) : childKind(kind, t, swagger2);
    node = (node as Record<string, unknown>)[t];
  }
  return kind;
}
