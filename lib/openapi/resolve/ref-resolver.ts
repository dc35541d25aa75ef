import { isPlainObject } from '../../core/entries';
import type { Problem } from '../../core/problem';
import { LIMITS } from '../limits';
import { fileLocator, type FileLocator } from '../locate';
import { parseDataFile, type ParseOptions, type ParsedFile } from '../parse-file';
import { baseKey, classifyRef, uploadKey, type Base } from './ref-target';
import { fragmentTokens } from '../../core/json-pointer';
import type { IdIndex } from './id-index';
import type { Origin } from './types';

/** What a `$ref` points at. */
export interface Target {
  file: string;
  node: unknown;
  /** The target's pointer in its file. */
  tokens: string[];
  /** The target's pointer in the document, once it has a place there. */
  docTokens?: string[];
}

/** A reference that could not be followed: why, and the file it names when the upload does not hold it. */
export type Resolved = { ok: true; target: Target } | { ok: false; ruleId: string; message: string; missingFile?: string };

/** `$ref` hops followed for one reference so far, shared by the nested lookups it makes. */
export interface Hops {
  n: number;
}

/**
 * Finds what a `$ref` string points at (SPEC 4.1), reading referenced files from the upload
 * only, parsing each at most once (its parse problems go to `problems`). It does not write
 * the document: `placed` is the writer's record of where each object went, so a target that
 * already has a place is answered with its pointer in the document.
 */
export class RefResolver {
  readonly files: Map<string, ParsedFile>;
  private readonly failedFiles = new Set<string>();
  private readonly locators = new Map<string, FileLocator>();
  private readonly entryPath: string;

  constructor(
    entry: ParsedFile,
    private readonly texts: ReadonlyMap<string, string>,
    private readonly parseOptions: ParseOptions,
    /** OpenAPI 3.1's `$id`s and `$anchor`s; null where they mean nothing. */
    private readonly ids: IdIndex | null,
    /** Where each object (by identity) was placed in the document. */
    private readonly placed: ReadonlyMap<object, string[]>,
    private readonly problems: Problem[],
  ) {
    this.entryPath = entry.path;
    this.files = new Map([[entry.path, entry]]);
    ids?.add(entry);
  }

  /** Line and column of a pointer in a file read so far. */
  locator(file: string): FileLocator {
    let l = this.locators.get(file);
    if (!l) {
      const pf = this.files.get(file);
      l = pf ? fileLocator(pf) : () => ({ line: 1, column: 1 });
      this.locators.set(file, l);
    }
    return l;
  }

  private getFile(path: string): ParsedFile | 'missing' | 'failed' {
    const known = this.files.get(path);
    if (known) return known;
    if (this.failedFiles.has(path)) return 'failed';
    const text = this.texts.get(path);
    if (text === undefined) return 'missing';
    const parsed = parseDataFile(path, text, this.parseOptions);
    this.problems.push(...parsed.problems);
    if (!parsed.ok) {
      this.failedFiles.add(path);
      return 'failed';
    }
    this.files.set(path, parsed.value);
    this.ids?.add(parsed.value);
    return parsed.value;
  }

  /** Resolve `ref`, written in `file` under `base`; a refusal or failure says why. */
  resolve(ref: string, file: string, base: Base, hops: Hops): Resolved {
    const addr = classifyRef(ref, base);
    switch (addr.kind) {
      case 'refused':
        return { ok: false, ruleId: 'ref-outside-upload', message: `$ref "${clip(ref)}" refused: ${addr.reason}` };
      case 'uri': {
        const r = this.ids?.resource(addr.uri);
        if (r) return this.fromResource(ref, addr.uri, r, addr.fragment, hops);
        return { ok: false, ruleId: 'ref-outside-upload', message: `$ref "${clip(ref)}" refused: ${addr.refusal}` };
      }
      case 'upload': {
        const key = uploadKey(addr.path);
        const r = this.ids?.resource(key);
        if (r) return this.fromResource(ref, key, r, addr.fragment, hops);
        if (addr.path.startsWith('/')) {
          return {
            ok: false,
            ruleId: 'ref-outside-upload',
            message: `$ref "${clip(ref)}" refused: it is an absolute path; only relative paths to uploaded files are allowed`,
          };
        }
        const pf = this.getFile(addr.path);
        if (pf === 'missing') {
          return {
            ok: false,
            ruleId: 'ref-unresolved',
            message: `$ref "${clip(ref)}" cannot be resolved: no file "${clip(addr.path)}" in the upload`,
            missingFile: addr.path,
          };
        }
        if (pf === 'failed') {
          return {
            ok: false,
            ruleId: 'ref-unresolved',
            message: `$ref "${clip(ref)}" cannot be resolved: "${clip(addr.path)}" could not be parsed`,
          };
        }
        return this.fromPointer(ref, addr.path, addr.fragment, [], hops);
      }
      case 'local': {
        const f = addr.fragment;
        if (f !== '' && !f.startsWith('/')) {
          const a = this.ids?.anchor(`${baseKey(base)}#${f}`) ?? this.ids?.anchor(`${uploadKey(file)}#${f}`);
          if (a) return this.walk(ref, a.file, a.tokens, hops);
          return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: no anchor "${clip(f)}"` };
        }
        return this.fromPointer(ref, file, f, [], hops);
      }
    }
  }

  private fromResource(ref: string, key: string, r: Origin, fragment: string, hops: Hops): Resolved {
    if (fragment !== '' && !fragment.startsWith('/')) {
      const a = this.ids?.anchor(`${key}#${fragment}`);
      if (a) return this.walk(ref, a.file, a.tokens, hops);
      return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: no anchor "${clip(fragment)}"` };
    }
    return this.fromPointer(ref, r.file, fragment, r.tokens, hops);
  }

  private fromPointer(ref: string, file: string, fragment: string, prefix: string[], hops: Hops): Resolved {
    const tokens = fragmentTokens(fragment);
    if (tokens === null) {
      return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: "#${clip(fragment)}" is not a JSON pointer` };
    }
    return this.walk(ref, file, prefix.length > 0 ? [...prefix, ...tokens] : tokens, hops);
  }

  /** Follow pointer tokens from a file's root, through any `$ref` on the way. */
  private walk(ref: string, file: string, tokens: string[], hops: Hops): Resolved {
    const pf = this.files.get(file)!;
    let curFile = file;
    let node: unknown = pf.root;
    let fileTokens: string[] = [];
    let docBase: string[] | undefined = this.placedAt(node);
    let rest: string[] = [];
    for (const tok of tokens) {
      while (isRefObject(node)) {
        if (++hops.n > LIMITS.maxRefHops) return tooManyHops(ref);
        const r = this.resolve((node as { $ref: string }).$ref, curFile, { upload: curFile }, hops);
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
        const where = curFile === this.entryPath ? '' : ` in "${clip(curFile)}"`;
        return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: "${clip(tok)}" does not exist${where}` };
      }
      node = next;
      fileTokens.push(tok);
      const p = this.placedAt(node);
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

  private placedAt(node: unknown): string[] | undefined {
    return node !== null && typeof node === 'object' ? this.placed.get(node) : undefined;
  }
}

function tooManyHops(ref: string): Resolved {
  return { ok: false, ruleId: 'ref-unresolved', message: `$ref "${clip(ref)}" cannot be resolved: a chain of more than ${LIMITS.maxRefHops} references` };
}

function isRefObject(node: unknown): boolean {
  return isPlainObject(node) && typeof node.$ref === 'string';
}

/** A `$ref` as quoted in a message: long ones cut at 200 characters. */
export function clip(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
