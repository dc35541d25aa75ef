import { isPlainObject } from '../../core/entries';
import { problem, type Problem } from '../../core/problem';
import { fail, ok, type Result } from '../../core/result';
import { childKind, componentSection, elementKind, type Kind } from '../context';
import { LIMITS } from '../limits';
import { fileLocator, type FileLocator } from '../locate';
import { parseDataFile, type ParseOptions, type ParsedFile } from '../parse-file';
import {
  baseForId,
  baseKey,
  classifyRef,
  fragmentTokens,
  refForTokens,
  tokensToPointer,
  uploadKey,
  type Base,
} from '../ref-target';

/** Where a part of the resolved document came from. */
export interface Origin {
  file: string;
  tokens: string[];
}

export interface ResolveInput {
  entry: ParsedFile;
  swagger2: boolean;
  openapi31: boolean;
  /** Every uploaded file's text, by path. Nothing else is ever read. */
  texts: ReadonlyMap<string, string>;
  parseOptions: ParseOptions;
  maxDepth?: number;
  maxNodes?: number;
}

export interface ResolvedSpec {
  document: unknown;
  problems: Problem[];
  /** Every file parsed on the way (the entry and each referenced file). */
  files: Map<string, ParsedFile>;
  /** Objects of the document whose source is not where their parent's would put it. */
  origins: Map<object, Origin>;
  locator(file: string): FileLocator;
}

type Container = Record<string, unknown> | unknown[];

interface Frame {
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

interface Target {
  file: string;
  node: unknown;
  /** The target's pointer in its file. */
  tokens: string[];
  /** The target's pointer in the document, once it has a place there. */
  docTokens?: string[];
}

type Resolved = { ok: true; target: Target } | { ok: false; ruleId: string; message: string };

class LimitError extends Error {
  constructor(
    readonly ruleId: string,
    message: string,
    readonly frame: Frame,
  ) {
    super(message);
  }
}

/**
 * Resolve a spec's `$ref`s: the spec and the uploaded files it references become one plain
 * document whose every resolved `$ref` is internal (`#/…`), read only from `texts` (SPEC 4.1).
 *
 * The document is written breadth first, so each external object is placed at the
 * shallowest spot that references it and later references point there. External schemas,
 * parameters, responses (and the other component kinds) go to their components section,
 * named from the referenced key or file, so they stay shared types; operations, path items
 * and everything else are inlined where they are referenced. A `$ref` that cannot be
 * resolved, or that points outside the upload, is reported with its location and left as it
 * is. The result is a tree: no object appears twice, so editing one place edits one place.
 */
export function resolveSpec(input: ResolveInput): Result<ResolvedSpec> {
  const entryPath = input.entry.path;
  const maxDepth = input.maxDepth ?? LIMITS.maxDepth;
  const maxNodes = input.maxNodes ?? LIMITS.maxDocumentNodes;
  const problems: Problem[] = [];
  const files = new Map<string, ParsedFile>([[entryPath, input.entry]]);
  const failedFiles = new Set<string>();
  const locators = new Map<string, FileLocator>();
  const origins = new Map<object, Origin>();
  /** Where each external object (by identity) was placed in the document. */
  const placed = new Map<object, string[]>();
  /** `$id` resources and `$anchor`s (OpenAPI 3.1), by absolute key. */
  const ids = new Map<string, Origin>();
  const anchors = new Map<string, Origin>();
  const preCreated = new Set<object>();
  const queue: Frame[] = [];
  let nodes = 0;
  let refNesting = 0;
  let document: unknown;
  const entryRoot = input.entry.root;

  const locator = (file: string): FileLocator => {
    let l = locators.get(file);
    if (!l) {
      const pf = files.get(file);
      l = pf ? fileLocator(pf) : () => ({ line: 1, column: 1 });
      locators.set(file, l);
    }
    return l;
  };

  const getFile = (path: string): ParsedFile | 'missing' | 'failed' => {
    const known = files.get(path);
    if (known) return known;
    if (failedFiles.has(path)) return 'failed';
    const text = input.texts.get(path);
    if (text === undefined) return 'missing';
    const parsed = parseDataFile(path, text, input.parseOptions);
    problems.push(...parsed.problems);
    if (!parsed.ok) {
      failedFiles.add(path);
      return 'failed';
    }
    files.set(path, parsed.value);
    if (input.openapi31) indexIds(parsed.value);
    return parsed.value;
  };

  // ---- $id and $anchor (JSON Schema 2020-12 in OpenAPI 3.1) ----
  function indexIds(pf: ParsedFile): void {
    if (!pf.source.includes('$id') && !pf.source.includes('$anchor')) return;
    type Item = { node: unknown; kind: Kind; base: Base; tokens: string[] };
    const stack: Item[] = [{ node: pf.root, kind: 'root', base: { upload: pf.path }, tokens: [] }];
    while (stack.length > 0) {
      const { node, kind, base: parentBase, tokens } = stack.pop()!;
      if (node === null || typeof node !== 'object' || kind === 'literal') continue;
      if (Array.isArray(node)) {
        const ek = elementKind(kind);
        for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], kind: ek, base: parentBase, tokens: [...tokens, String(i)] });
        continue;
      }
      const o = node as Record<string, unknown>;
      let base = parentBase;
      if (kind === 'schema') {
        if (typeof o.$id === 'string') {
          base = baseForId(o.$id, parentBase);
          const key = baseKey(base);
          if (!ids.has(key)) ids.set(key, { file: pf.path, tokens });
        }
        if (typeof o.$anchor === 'string') {
          const key = `${baseKey(base)}#${o.$anchor}`;
          if (!anchors.has(key)) anchors.set(key, { file: pf.path, tokens });
        }
      }
      const keys = Object.keys(o);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        stack.push({ node: o[k], kind: childKind(kind, k, input.swagger2), base, tokens: [...tokens, k] });
      }
    }
  }
  if (input.openapi31) indexIds(input.entry);

  // ---- resolving one $ref ----
  function resolveRef(ref: string, file: string, base: Base, hops: { n: number }): Resolved {
    const addr = classifyRef(ref, base);
    switch (addr.kind) {
      case 'refused':
        return { ok: false, ruleId: 'ref-outside-upload', message: `$ref "${clip(ref)}" refused: ${addr.reason}` };
      case 'uri': {
        const r = ids.get(addr.uri);
        if (r) return fromResource(ref, addr.uri, r, addr.fragment, hops);
        return { ok: false, ruleId: 'ref-outside-upload', message: `$ref "${clip(ref)}" refused: ${addr.refusal}` };
      }
      case 'upload': {
        const key = uploadKey(addr.path);
        const r = ids.get(key);
        if (r) return fromResource(ref, key, r, addr.fragment, hops);
        if (addr.path.startsWith('/')) {
          return {
            ok: false,
            ruleId: 'ref-outside-upload',
            message: `$ref "${clip(ref)}" refused: it is an absolute path; only relative paths to uploaded files are allowed`,
          };
        }
        const pf = getFile(addr.path);
        if (pf === 'missing') {
          return {
            ok: false,
            ruleId: 'ref-unresolved',
            message: `$ref "${clip(ref)}" cannot be resolved: no file "${clip(addr.path)}" in the upload`,
          };
        }
        if (pf === 'failed') {
          return {
            ok: false,
            ruleId: 'ref-unresolved',
            message: `$ref "${clip(ref)}" cannot be resolved: "${clip(addr.path)}" could not be parsed`,
          };
        }
        return fromPointer(ref, addr.path, addr.fragment, [], hops);
      }
      case 'local': {
        const f = addr.fragment;
        if (f !== '' && !f.startsWith('/')) {
          const a = anchors.get(`${baseKey(base)}#${f}`) ?? anchors.get(`${uploadKey(file)}#${f}`);
          if (a) return walk(ref, a.file, a.tokens, hops);
          return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: no anchor "${clip(f)}"` };
        }
        return fromPointer(ref, file, f, [], hops);
      }
    }
  }

  function fromResource(ref: string, key: string, r: Origin, fragment: string, hops: { n: number }): Resolved {
    if (fragment !== '' && !fragment.startsWith('/')) {
      const a = anchors.get(`${key}#${fragment}`);
      if (a) return walk(ref, a.file, a.tokens, hops);
      return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: no anchor "${clip(fragment)}"` };
    }
    return fromPointer(ref, r.file, fragment, r.tokens, hops);
  }

  function fromPointer(ref: string, file: string, fragment: string, prefix: string[], hops: { n: number }): Resolved {
    const tokens = fragmentTokens(fragment);
    if (tokens === null) {
      return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: "#${clip(fragment)}" is not a JSON pointer` };
    }
    return walk(ref, file, prefix.length > 0 ? [...prefix, ...tokens] : tokens, hops);
  }

  /** Follow pointer tokens from a file's root, through any `$ref` on the way. */
  function walk(ref: string, file: string, tokens: string[], hops: { n: number }): Resolved {
    const pf = files.get(file)!;
    let curFile = file;
    let node: unknown = pf.root;
    let fileTokens: string[] = [];
    let docBase: string[] | undefined = placedAt(node);
    let rest: string[] = [];
    for (const tok of tokens) {
      while (isRefObject(node)) {
        if (++hops.n > LIMITS.maxRefHops) return tooManyHops(ref);
        const r = resolveRef((node as { $ref: string }).$ref, curFile, { upload: curFile }, hops);
        if (!r.ok) return r;
        curFile = r.target.file;
        node = r.target.node;
        fileTokens = [...r.target.tokens];
        docBase = r.target.docTokens;
        rest = [];
      }
      let next: unknown;
      if (Array.isArray(node)) {
        const i = /^(0|[1-9]\d*)$/.test(tok) ? Number(tok) : -1;
        next = i >= 0 && i < node.length ? node[i] : undefined;
      } else if (isPlainObject(node) && Object.prototype.hasOwnProperty.call(node, tok)) next = node[tok];
      if (next === undefined) {
        const where = curFile === entryPath ? '' : ` in "${clip(curFile)}"`;
        return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: "${clip(tok)}" does not exist${where}` };
      }
      node = next;
      fileTokens.push(tok);
      const p = placedAt(node);
      if (p) {
        docBase = p;
        rest = [];
      } else if (docBase) rest.push(tok);
    }
    return {
      ok: true,
      target: { file: curFile, node, tokens: fileTokens, docTokens: docBase ? [...docBase, ...rest] : undefined },
    };
  }

  function placedAt(node: unknown): string[] | undefined {
    return node !== null && typeof node === 'object' ? placed.get(node) : undefined;
  }

  function tooManyHops(ref: string): Resolved {
    return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: a chain of more than ${LIMITS.maxRefHops} references` };
  }

  // ---- pointers of frames ----
  function docTokensOf(f: Frame): string[] {
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

  function srcTokensOf(f: Frame): string[] {
    const keys: string[] = [];
    let cur: Frame | null = f;
    while (cur) {
      if (cur.origin) return [...cur.origin.tokens, ...keys.reverse()];
      keys.push(cur.key);
      cur = cur.parent;
    }
    return keys.reverse();
  }

  function report(f: Frame, ruleId: string, message: string, severity: 'error' | 'warning' = 'error'): void {
    const tokens = srcTokensOf(f);
    const at = locator(f.file)(tokens);
    problems.push(problem(ruleId, severity, message, f.file, { ...at, pointer: tokensToPointer(tokens) }));
  }

  // ---- writing the document ----
  function write(f: Frame, value: unknown): void {
    if (f.out === null) document = value;
    else if (Array.isArray(f.out)) f.out[Number(f.key)] = value;
    else setOwn(f.out, f.key, value);
    if (f.origin && value !== null && typeof value === 'object') origins.set(value, f.origin);
  }

  function enqueueChildren(f: Frame, out: Container, src: Record<string, unknown> | unknown[], base: Base, skip?: Set<string>): void {
    const depth = f.depth + 1;
    if (Array.isArray(src)) {
      const ek = elementKind(f.kind);
      for (let i = 0; i < src.length; i++) {
        const v = src[i];
        nodes++;
        if (v !== null && typeof v === 'object') {
          (out as unknown[])[i] = null;
          queue.push({ src: v, file: f.file, kind: ek, base, depth, parent: f, key: String(i), out });
        } else (out as unknown[])[i] = v;
      }
      return;
    }
    for (const k of Object.keys(src)) {
      if (skip?.has(k)) continue;
      const v = src[k];
      nodes++;
      if (v !== null && typeof v === 'object') {
        setOwn(out as Record<string, unknown>, k, null);
        queue.push({ src: v, file: f.file, kind: childKind(f.kind, k, input.swagger2), base, depth, parent: f, key: k, out });
      } else setOwn(out as Record<string, unknown>, k, v);
    }
  }

  function processNode(f: Frame): void {
    if (f.depth > maxDepth) throw new LimitError('nesting-too-deep', `nested more than ${maxDepth} levels deep: refused`, f);
    if (nodes > maxNodes) throw new LimitError('document-too-large', `the document, with the files it references, has more than ${maxNodes} nodes: refused`, f);
    const v = f.src;
    if (v === null || typeof v !== 'object') {
      write(f, v);
      return;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      write(f, out);
      enqueueChildren(f, out, v, f.base);
      return;
    }
    const o = v as Record<string, unknown>;
    if (f.kind !== 'literal') {
      if (typeof o.$ref === 'string') {
        handleRef(f, o);
        return;
      }
      if (f.file !== entryPath && !f.placementRoot) {
        const p = placed.get(o);
        if (p) {
          write(f, { $ref: refForTokens(p) });
          return;
        }
      }
      if ('$ref' in o && isKeywordKind(f.kind)) {
        report(f, 'ref-invalid', `"$ref" must be a string, found ${o.$ref === null ? 'nothing' : typeof o.$ref}`, 'warning');
      }
    }
    let base = f.base;
    if (input.openapi31 && f.kind === 'schema' && typeof o.$id === 'string') base = baseForId(o.$id, base);
    const existing = f.out && !Array.isArray(f.out) ? f.out[f.key] : undefined;
    const out =
      existing !== null && typeof existing === 'object' && preCreated.has(existing)
        ? (existing as Record<string, unknown>)
        : {};
    write(f, out);
    enqueueChildren(f, out, o, base);
  }

  function handleRef(f: Frame, o: Record<string, unknown>): void {
    if (refNesting >= LIMITS.maxRefHops) {
      report(f, 'ref-unresolved', `$ref "${clip(String(o.$ref))}" cannot be resolved: it refers back to itself`);
      processNode({ ...f, kind: 'literal' });
      return;
    }
    refNesting++;
    try {
      handleRefInner(f, o);
    } finally {
      refNesting--;
    }
  }

  function handleRefInner(f: Frame, o: Record<string, unknown>): void {
    const ref = o.$ref as string;
    const siblings = Object.keys(o).filter((k) => k !== '$ref');
    const r = resolveRef(ref, f.file, f.base, { n: 0 });
    if (!r.ok) {
      report(f, r.ruleId, r.message);
      processNode({ ...f, kind: 'literal' });
      return;
    }
    const t = r.target;
    if (t.node === null || typeof t.node !== 'object') {
      write(f, t.node);
      return;
    }
    if (!isKeywordKind(f.kind)) {
      // A `$ref` standing for a whole map (`properties: {$ref: …}`, `content: {$ref: …}`) is not
      // OpenAPI, and a `$ref` left there would read as a key: the map is copied in instead.
      if (!t.docTokens && t.file !== entryPath) placed.set(t.node, docTokensOf(f));
      placeContent(f, t);
      return;
    }
    if (t.docTokens) {
      writeRefObject(f, o, t.docTokens, siblings);
      return;
    }
    const section = componentSection(f.kind, input.swagger2);
    if (section && isPlainObject(t.node)) {
      const container = sectionContainer(section);
      if (container) {
        if (f.out === container && siblings.length === 0) {
          placed.set(t.node, docTokensOf(f));
          placeContent(f, t);
          return;
        }
        const name = uniqueName(section, container, nameHint(t));
        const tokens = [...section, name];
        placed.set(t.node, tokens);
        setOwn(container, name, null);
        queue.push({
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
        nodes++;
        writeRefObject(f, o, tokens, siblings);
        return;
      }
    }
    if (siblings.length === 0 || !isPlainObject(t.node)) {
      placed.set(t.node, docTokensOf(f));
      placeContent(f, t);
      return;
    }
    // Sibling keys beside an inlined `$ref` (a path item's, say) override the target's keys
    // in a copy of its own; the target is not registered, as this copy is not it.
    const merged: Frame = { ...f, src: t.node, file: t.file, base: { upload: t.file }, origin: { file: t.file, tokens: t.tokens }, placementRoot: true };
    const out: Record<string, unknown> = {};
    write(merged, out);
    enqueueChildren(merged, out, t.node, merged.base, new Set(siblings));
    const own = srcTokensOf(f);
    for (const k of siblings) {
      const v = o[k];
      nodes++;
      if (v !== null && typeof v === 'object') {
        setOwn(out, k, null);
        queue.push({
          src: v,
          file: f.file,
          kind: childKind(f.kind, k, input.swagger2),
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

  function placeContent(f: Frame, t: Target): void {
    processNode({
      ...f,
      src: t.node,
      file: t.file,
      base: { upload: t.file },
      origin: { file: t.file, tokens: t.tokens },
      placementRoot: true,
    });
  }

  function writeRefObject(f: Frame, o: Record<string, unknown>, tokens: readonly string[], siblings: string[]): void {
    const out: Record<string, unknown> = { $ref: refForTokens(tokens) };
    write(f, out);
    if (siblings.length > 0) {
      const rest: Record<string, unknown> = {};
      for (const k of siblings) setOwn(rest, k, o[k]);
      enqueueChildren(f, out, rest, f.base);
    }
  }

  /** The document object of a components section, created when missing; null when it cannot hold one. */
  function sectionContainer(section: readonly string[]): Record<string, unknown> | null {
    let doc = document as Record<string, unknown>;
    let src: unknown = entryRoot;
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
      if (src !== undefined) preCreated.add(created);
      setOwn(doc, key, created);
      doc = created;
    }
    return doc;
  }

  function uniqueName(section: readonly string[], container: Record<string, unknown>, hint: string): string {
    let src: unknown = entryRoot;
    for (const key of section) src = isPlainObject(src) ? src[key] : undefined;
    const taken = (n: string) =>
      Object.prototype.hasOwnProperty.call(container, n) ||
      (isPlainObject(src) && Object.prototype.hasOwnProperty.call(src, n));
    const clean = hint.replace(/[^A-Za-z0-9._-]/g, '_') || 'component';
    if (!taken(clean)) return clean;
    for (let i = 2; ; i++) if (!taken(`${clean}_${i}`)) return `${clean}_${i}`;
  }

  // ---- the walk ----
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
  if (entryRoot !== null && typeof entryRoot === 'object') placed.set(entryRoot, []);
  try {
    processNode(rootFrame);
    for (let i = 0; i < queue.length; i++) {
      processNode(queue[i]);
      if (i > 65536 && i * 2 > queue.length) {
        queue.splice(0, i + 1);
        i = -1;
      }
    }
  } catch (e) {
    if (!(e instanceof LimitError)) throw e;
    const tokens = srcTokensOf(e.frame);
    return fail([problem(e.ruleId, 'error', e.message, e.frame.file, { pointer: tokensToPointer(tokens) })]);
  }
  return ok({ document, problems, files, origins, locator }, problems);
}

function nameHint(t: Target): string {
  if (t.tokens.length > 0) return t.tokens[t.tokens.length - 1];
  const base = t.file.slice(t.file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

function isRefObject(node: unknown): boolean {
  return isPlainObject(node) && typeof node.$ref === 'string';
}

/** Kinds whose keys are OpenAPI/JSON Schema keywords, where `$ref` means a reference. */
function isKeywordKind(kind: Kind): boolean {
  return !kind.endsWith('Map') && kind !== 'paths' && kind !== 'responses' && kind !== 'callback' && kind !== 'literal';
}

/** Assign an own property, even one named `__proto__` (which plain assignment would turn into a prototype change). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

function clip(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

