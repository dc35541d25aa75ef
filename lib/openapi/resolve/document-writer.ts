import { isPlainObject, setOwn } from '../../core/entries';
import { problem, type Problem } from '../../core/problem';
import { childKind, componentSection, elementKind, type Kind } from '../context';
import { LIMITS } from '../limits';
import { baseForId, type Base } from './ref-target';
import { refForTokens, tokensToPointer } from '../../core/json-pointer';
import { clip, type RefResolver, type Target } from './ref-resolver';
import type { Origin, RefSite } from './types';

type Container = Record<string, unknown> | unknown[];

/** One node waiting to be written, with where it comes from and where it goes. */
export interface Frame {
  src: unknown;
  file: string;
  kind: Kind;
  base: Base;
  depth: number;
  /** The frame of the document object this node is written into. */
  parent: Frame | null;
  key: string;
  /** The document object to write into; null for the root. */
  out: Container | null;
  /** Set where the source location does not follow from the parent's. */
  origin?: Origin;
  /** For a hoisted component: its pointer in the document. */
  docTokens?: string[];
  /** Content placed for a `$ref`: not itself replaced by a `$ref` to where it was placed. */
  placementRoot?: boolean;
}

/** A document limit passed: the whole resolution is refused at `frame`. */
export class LimitError extends Error {
  constructor(
    readonly ruleId: string,
    message: string,
    readonly frame: Frame,
  ) {
    super(message);
  }
}

export interface WriterOptions {
  entryRoot: unknown;
  entryPath: string;
  swagger2: boolean;
  openapi31: boolean;
  maxDepth: number;
  maxNodes: number;
  /** Whether a reference object, with the `$ref` the document holds, at a place of this kind is one `refKindProblems` reports (refSites); none when absent. */
  wrongKind?: (ref: string, kind: Kind) => boolean;
}

/**
 * Writes the resolved document breadth first, so each external object is placed at the
 * shallowest spot that references it and later references point there (`placed`). External
 * schemas, parameters, responses (and the other component kinds) go to their components
 * section, named from the referenced key or file, so they stay shared types; operations,
 * path items and everything else are inlined where they are referenced. A `$ref` that cannot
 * be resolved is reported at its place and left as it is. Throws `LimitError` past a limit.
 */
export class DocumentWriter {
  document: unknown;
  /** Objects of the document whose source is not where their parent's would put it. */
  readonly origins = new Map<object, Origin>();
  private readonly preCreated = new Set<object>();
  private readonly queue: Frame[] = [];
  private nodes = 0;
  private refNesting = 0;
  /** Filled by `runInPlace` with the references `wrongKind` picks; whole only when it answers true (ResolvedSpec.refSites). */
  readonly refSites: RefSite[] = [];

  constructor(
    private readonly opts: WriterOptions,
    private readonly resolver: RefResolver,
    /** Where each external object (by identity) was placed in the document; the resolver reads it. */
    private readonly placed: Map<object, string[]>,
    private readonly problems: Problem[],
  ) {}

  /** Write the whole document from the entry file's root. */
  run(): void {
    const { entryRoot, entryPath } = this.opts;
    const rootFrame: Frame = {
      src: entryRoot,
      file: entryPath,
      kind: 'root',
      base: { upload: entryPath },
      depth: 0,
      parent: null,
      key: '',
      out: null,
      origin: { file: entryPath, tokens: [] },
    };
    if (entryRoot !== null && typeof entryRoot === 'object') this.placed.set(entryRoot, []);
    const queue = this.queue;
    this.processNode(rootFrame);
    for (let i = 0; i < queue.length; i++) {
      this.processNode(queue[i]);
      if (i > 65536 && i * 2 > queue.length) {
        queue.splice(0, i + 1);
        i = -1;
      }
    }
    this.checkNodes(rootFrame);
  }

  /**
   * Takes the entry file's own tree as the document when `run()` would write an equal copy
   * of it: every `$ref` a local pointer, to an object, where a reference belongs; no other
   * `$ref`, no `$id` (OpenAPI 3.1), nothing `shared` (a YAML alias, which the copy writes
   * out), within the limits. A reference object `run()` writes otherwise (the pointer
   * written another way, or `$ref` not first among its keys) is written as `run()` writes it,
   * in a copy of it and of the objects above it, so the parsed tree itself is never changed.
   * Most single-file specs are so (Kubernetes, Stripe, OpenAI, Box): the copy, a second
   * document as large as the first, is then not made. Reads only the entry file (a reference
   * to another one answers false before it is resolved); false, with nothing changed, for
   * anything else `run()` would write otherwise.
   */
  runInPlace(shared: boolean): boolean {
    const { entryRoot, entryPath, swagger2, openapi31, maxDepth, maxNodes, wrongKind } = this.opts;
    if (shared || entryRoot === null || typeof entryRoot !== 'object') return false;
    // As `run()` records it: the resolver answers a pointer into the entry with its place in the document.
    this.placed.set(entryRoot, []);
    const base: Base = { upload: entryPath };
    // Each reference object written otherwise, with the objects above it (from the root) and the keys that lead to it.
    const rewritten: { path: object[]; keys: (string | number)[]; written: Record<string, unknown> }[] = [];
    // How each reference is written, by its text: the same text resolves the same way here
    // (in the entry, from its root, nothing placed), and large specs repeat a few hundred.
    const writtenRefs = new Map<string, string>();
    // The objects from the root to the one being visited, and the key of each in the one above.
    const pathNodes: object[] = [];
    const pathKeys: (string | number)[] = [];
    let nodes = 0;
    // A reference `wrongKind` picked (rare), as refSites holds it: when `refKindProblems`'
    // walk visits its place (nothing on the way under a `literal` or `generic` place, nor
    // under a `$ref` key), with the position of each key on the way (that walk's order).
    // Worked out from the path here, not carried along for every node.
    const addSite = (ref: string, kind: Kind, depth: number): void => {
      const order: number[] = [];
      let k: Kind = 'root';
      for (let d = 1; d <= depth; d++) {
        const parent = pathNodes[d - 1];
        const key = pathKeys[d];
        if (Array.isArray(parent)) {
          k = elementKind(k);
          order.push(key as number);
        } else {
          if (key === '$ref') return;
          k = childKind(k, key as string, swagger2);
          order.push(Object.keys(parent).indexOf(key as string));
        }
        if (k === 'literal' || k === 'generic') return;
      }
      this.refSites.push({ ref, kind, tokens: pathKeys.slice(1, depth + 1).map(String), order });
    };
    // Depth first, children last to first (the order of the stack this replaced), recursing at
    // most maxDepth + 1 calls deep: no frame object and no key string per node (Kubernetes'
    // 3.3 MB is some 150,000 objects). False as soon as `run()` would write the document otherwise.
    const visit = (node: object, kind: Kind, depth: number): boolean => {
      if (depth > maxDepth) return false;
      pathNodes[depth] = node;
      if (Array.isArray(node)) {
        nodes += node.length;
        if (nodes > maxNodes) return false;
        const ek = elementKind(kind);
        for (let i = node.length - 1; i >= 0; i--) {
          const v: unknown = node[i];
          if (v === null || typeof v !== 'object') continue;
          pathKeys[depth + 1] = i;
          if (!visit(v, ek, depth + 1)) return false;
        }
        return true;
      }
      const o = node as Record<string, unknown>;
      const keys = Object.keys(o);
      let ref = false;
      if (kind !== 'literal') {
        if (typeof o.$ref === 'string') {
          if (!isKeywordKind(kind)) return false;
          let written = writtenRefs.get(o.$ref);
          if (written === undefined) {
            if (o.$ref.charCodeAt(0) !== 0x23 /* # */) return false;
            const r = this.resolver.resolve(o.$ref, entryPath, base, { n: 0 });
            if (!r.ok) return false;
            const t = r.target;
            if (t.node === null || typeof t.node !== 'object' || !t.docTokens) return false;
            written = refForTokens(t.docTokens);
            writtenRefs.set(o.$ref, written);
          }
          ref = true;
          if (wrongKind?.(written, kind)) addSite(written, kind, depth);
          if (keys[0] !== '$ref' || written !== o.$ref) {
            // What writeRefObject writes: the pointer, then the other keys in their order.
            const out: Record<string, unknown> = { $ref: written };
            for (const k of keys) if (k !== '$ref') setOwn(out, k, o[k]);
            rewritten.push({ path: pathNodes.slice(0, depth + 1), keys: pathKeys.slice(1, depth + 1), written: out });
          }
        } else if ('$ref' in o && isKeywordKind(kind)) return false;
        if (openapi31 && kind === 'schema' && typeof o.$id === 'string') return false;
      }
      nodes += ref ? keys.length - 1 : keys.length;
      if (nodes > maxNodes) return false;
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        const v = o[k];
        if (v === null || typeof v !== 'object') continue;
        pathKeys[depth + 1] = k;
        if (!visit(v, childKind(kind, k, swagger2), depth + 1)) return false;
      }
      return true;
    };
    try {
      if (!visit(entryRoot, 'root', 0)) return false;
    } catch (e) {
      // Deeper than the call stack goes (a caller's maxDepth far above the default): `run()` writes it without recursing.
      if (e instanceof RangeError) return false;
      throw e;
    }
    // Each rewritten object, and a copy of every object above it, in the document instead of
    // the parsed one (the tree holds each object once: nothing is `shared`).
    const copies = new Map<object, Record<string, unknown> | unknown[]>();
    for (const { path, written } of rewritten) copies.set(path[path.length - 1], written);
    const copyOf = (node: object): Record<string, unknown> | unknown[] => {
      let c = copies.get(node);
      if (!c) {
        if (Array.isArray(node)) c = node.slice();
        else {
          const src = node as Record<string, unknown>;
          const o: Record<string, unknown> = {};
          for (const k of Object.keys(src)) setOwn(o, k, src[k]);
          c = o;
        }
        copies.set(node, c);
      }
      return c;
    };
    const linked = new Set<object>();
    for (const { path, keys } of rewritten) {
      for (let d = path.length - 1; d > 0 && !linked.has(path[d]); d--) {
        linked.add(path[d]);
        const into = copyOf(path[d - 1]);
        const key = keys[d - 1];
        if (Array.isArray(into)) into[key as number] = copyOf(path[d]);
        else setOwn(into, key as string, copyOf(path[d]));
      }
    }
    const root = rewritten.length > 0 ? copyOf(entryRoot) : entryRoot;
    this.document = root;
    this.origins.set(root, { file: entryPath, tokens: [] });
    return true;
  }

  // ---- pointers of frames ----
  private docTokensOf(f: Frame): string[] {
    const keys: string[] = [];
    let cur: Frame | null = f;
    while (cur) {
      if (cur.docTokens) return [...cur.docTokens, ...keys.reverse()];
      if (cur.parent === null) break;
      keys.push(cur.key);
      cur = cur.parent;
    }
    return keys.reverse();
  }

  /** The pointer of a frame's source in its file. */
  srcTokensOf(f: Frame): string[] {
    const keys: string[] = [];
    let cur: Frame | null = f;
    while (cur) {
      if (cur.origin) return [...cur.origin.tokens, ...keys.reverse()];
      keys.push(cur.key);
      cur = cur.parent;
    }
    return keys.reverse();
  }

  private report(f: Frame, ruleId: string, message: string, severity: 'error' | 'warning' = 'error', missingFile?: string): void {
    const tokens = this.srcTokensOf(f);
    const at = this.resolver.locator(f.file)(tokens);
    const p = problem(ruleId, severity, message, f.file, { ...at, pointer: tokensToPointer(tokens) });
    if (missingFile !== undefined) p.missingFile = missingFile;
    this.problems.push(p);
  }

  // ---- writing the document ----
  private write(f: Frame, value: unknown): void {
    if (f.out === null) this.document = value;
    else if (Array.isArray(f.out)) f.out[Number(f.key)] = value;
    else setOwn(f.out, f.key, value);
    if (f.origin && value !== null && typeof value === 'object') this.origins.set(value, f.origin);
  }

  private enqueueChildren(f: Frame, out: Container, src: Record<string, unknown> | unknown[], base: Base, skip?: Set<string>): void {
    const depth = f.depth + 1;
    const queue = this.queue;
    if (Array.isArray(src)) {
      const ek = elementKind(f.kind);
      for (let i = 0; i < src.length; i++) {
        const v = src[i];
        this.nodes++;
        if (v !== null && typeof v === 'object') {
          (out as unknown[])[i] = null;
          queue.push({ src: v, file: f.file, kind: ek, base, depth, parent: f, key: String(i), out });
        } else (out as unknown[])[i] = v;
      }
      // Scalars are written here, never queued: they are counted against the limit here too.
      this.checkNodes(f);
      return;
    }
    const swagger2 = this.opts.swagger2;
    for (const k of Object.keys(src)) {
      if (skip?.has(k)) continue;
      const v = src[k];
      this.nodes++;
      if (v !== null && typeof v === 'object') {
        setOwn(out as Record<string, unknown>, k, null);
        queue.push({ src: v, file: f.file, kind: childKind(f.kind, k, swagger2), base, depth, parent: f, key: k, out });
      } else setOwn(out as Record<string, unknown>, k, v);
    }
    this.checkNodes(f);
  }

  /** Refuses the document at `f` once more nodes were written than the limit allows. */
  private checkNodes(f: Frame): void {
    const { maxNodes } = this.opts;
    if (this.nodes > maxNodes) {
      throw new LimitError('document-too-large', `the document, with the files it references, has more than ${maxNodes} nodes: refused`, f);
    }
  }

  private processNode(f: Frame): void {
    const { maxDepth } = this.opts;
    if (f.depth > maxDepth) throw new LimitError('nesting-too-deep', `nested more than ${maxDepth} levels deep: refused`, f);
    this.checkNodes(f);
    const v = f.src;
    if (v === null || typeof v !== 'object') {
      this.write(f, v);
      return;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      this.write(f, out);
      this.enqueueChildren(f, out, v, f.base);
      return;
    }
    const o = v as Record<string, unknown>;
    if (f.kind !== 'literal') {
      if (typeof o.$ref === 'string') {
        this.handleRef(f, o);
        return;
      }
      if (f.file !== this.opts.entryPath && !f.placementRoot) {
        const p = this.placed.get(o);
        if (p) {
          this.write(f, { $ref: refForTokens(p) });
          return;
        }
      }
      if ('$ref' in o && isKeywordKind(f.kind)) {
        this.report(f, 'ref-invalid', `"$ref" must be a string, found ${o.$ref === null ? 'nothing' : typeof o.$ref}`, 'warning');
      }
    }
    let base = f.base;
    if (this.opts.openapi31 && f.kind === 'schema' && typeof o.$id === 'string') base = baseForId(o.$id, base);
    const existing = f.out && !Array.isArray(f.out) ? f.out[f.key] : undefined;
    const out =
      existing !== null && typeof existing === 'object' && this.preCreated.has(existing)
        ? (existing as Record<string, unknown>)
        : {};
    this.write(f, out);
    this.enqueueChildren(f, out, o, base);
  }

  private handleRef(f: Frame, o: Record<string, unknown>): void {
    if (this.refNesting >= LIMITS.maxRefHops) {
      this.report(f, 'ref-unresolved', `$ref "${clip(String(o.$ref))}" cannot be resolved: it refers back to itself`);
      this.processNode({ ...f, kind: 'literal' });
      return;
    }
    this.refNesting++;
    try {
      this.handleRefInner(f, o);
    } finally {
      this.refNesting--;
    }
  }

  private handleRefInner(f: Frame, o: Record<string, unknown>): void {
    const ref = o.$ref as string;
    const siblings = Object.keys(o).filter((k) => k !== '$ref');
    const r = this.resolver.resolve(ref, f.file, f.base, { n: 0 });
    if (!r.ok) {
      this.report(f, r.ruleId, r.message, 'error', r.missingFile);
      this.processNode({ ...f, kind: 'literal' });
      return;
    }
    const t = r.target;
    if (t.node === null || typeof t.node !== 'object') {
      this.write(f, t.node);
      return;
    }
    if (!isKeywordKind(f.kind)) {
      // A `$ref` standing for a whole map (`properties: {$ref: …}`, `content: {$ref: …}`) is not
      // OpenAPI, and a `$ref` left there would read as a key: the map is copied in instead.
      if (!t.docTokens && t.file !== this.opts.entryPath) this.placed.set(t.node, this.docTokensOf(f));
      this.placeContent(f, t);
      return;
    }
    if (t.docTokens) {
      this.writeRefObject(f, o, t.docTokens, siblings);
      return;
    }
    const section = componentSection(f.kind, this.opts.swagger2);
    if (section && isPlainObject(t.node)) {
      const container = this.sectionContainer(section);
      if (container) {
        if (f.out === container && siblings.length === 0) {
          this.placed.set(t.node, this.docTokensOf(f));
          this.placeContent(f, t);
          return;
        }
        const name = this.uniqueName(section, container, nameHint(t));
        const tokens = [...section, name];
        this.placed.set(t.node, tokens);
        setOwn(container, name, null);
        this.queue.push({
          src: t.node,
          file: t.file,
          kind: f.kind,
          base: { upload: t.file },
          depth: tokens.length,
          parent: null,
          key: name,
          out: container,
          origin: { file: t.file, tokens: t.tokens },
          docTokens: tokens,
          placementRoot: true,
        });
        this.nodes++;
        this.writeRefObject(f, o, tokens, siblings);
        return;
      }
    }
    if (siblings.length === 0 || !isPlainObject(t.node)) {
      this.placed.set(t.node, this.docTokensOf(f));
      this.placeContent(f, t);
      return;
    }
    // Sibling keys beside an inlined `$ref` (a path item's, say) override the target's keys
    // in a copy of its own; the target is not registered, as this copy is not it.
    const merged: Frame = { ...f, src: t.node, file: t.file, base: { upload: t.file }, origin: { file: t.file, tokens: t.tokens }, placementRoot: true };
    const out: Record<string, unknown> = {};
    this.write(merged, out);
    this.enqueueChildren(merged, out, t.node, merged.base, new Set(siblings));
    const own = this.srcTokensOf(f);
    for (const k of siblings) {
      const v = o[k];
      this.nodes++;
      if (v !== null && typeof v === 'object') {
        setOwn(out, k, null);
        this.queue.push({
          src: v,
          file: f.file,
          kind: childKind(f.kind, k, this.opts.swagger2),
          base: f.base,
          depth: f.depth + 1,
          parent: merged,
          key: k,
          out,
          origin: { file: f.file, tokens: [...own, k] },
        });
      } else setOwn(out, k, v);
    }
  }

  private placeContent(f: Frame, t: Target): void {
    this.processNode({
      ...f,
      src: t.node,
      file: t.file,
      base: { upload: t.file },
      origin: { file: t.file, tokens: t.tokens },
      placementRoot: true,
    });
  }

  private writeRefObject(f: Frame, o: Record<string, unknown>, tokens: readonly string[], siblings: string[]): void {
    const out: Record<string, unknown> = { $ref: refForTokens(tokens) };
    this.write(f, out);
    if (siblings.length > 0) {
      const rest: Record<string, unknown> = {};
      for (const k of siblings) setOwn(rest, k, o[k]);
      this.enqueueChildren(f, out, rest, f.base);
    }
  }

  /** The document object of a components section, created when missing; null when it cannot hold one. */
  private sectionContainer(section: readonly string[]): Record<string, unknown> | null {
    let doc = this.document as Record<string, unknown>;
    let src: unknown = this.opts.entryRoot;
    for (const key of section) {
      src = isPlainObject(src) && Object.prototype.hasOwnProperty.call(src, key) ? src[key] : undefined;
      const existing = Object.prototype.hasOwnProperty.call(doc, key) ? doc[key] : undefined;
      if (isPlainObject(existing)) {
        doc = existing;
        continue;
      }
      if (src !== undefined && !isPlainObject(src)) return null;
      if (existing !== undefined && existing !== null) return null;
      const created: Record<string, unknown> = {};
      // Not yet written by the walk (or absent from the entry): the walk will fill it in, not replace it.
      if (src !== undefined) this.preCreated.add(created);
      setOwn(doc, key, created);
      doc = created;
    }
    return doc;
  }

  private uniqueName(section: readonly string[], container: Record<string, unknown>, hint: string): string {
    let src: unknown = this.opts.entryRoot;
    for (const key of section) src = isPlainObject(src) ? src[key] : undefined;
    const taken = (n: string) =>
      Object.prototype.hasOwnProperty.call(container, n) ||
      (isPlainObject(src) && Object.prototype.hasOwnProperty.call(src, n));
    const clean = hint.replace(/[^A-Za-z0-9._-]/g, '_') || 'component';
    if (!taken(clean)) return clean;
    for (let i = 2; ; i++) if (!taken(`${clean}_${i}`)) return `${clean}_${i}`;
  }
}

function nameHint(t: Target): string {
  if (t.tokens.length > 0) return t.tokens[t.tokens.length - 1];
  const base = t.file.slice(t.file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** Kinds whose keys are OpenAPI/JSON Schema keywords, where `$ref` means a reference. */
function isKeywordKind(kind: Kind): boolean {
  return !kind.endsWith('Map') && kind !== 'paths' && kind !== 'responses' && kind !== 'callback' && kind !== 'literal';
}
