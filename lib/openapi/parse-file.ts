import * as jsyaml from 'js-yaml';
import { CORE_SCHEMA, load, YAMLException, type LoadOptions, type Type } from 'js-yaml';
import { jsonDepthExceeds } from '../core/json-locate';
import { numberChange, scanJson, type JsonFinding } from '../core/json-scan';
import { lineIndex, lineStarts } from '../core/lines';
import { problem, type Problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { LIMITS } from './limits';

/** One uploaded file, parsed. */
export interface ParsedFile {
  path: string;
  /** The text parsed (the upload's text without a leading byte-order mark); positions index it. */
  source: string;
  syntax: 'json' | 'yaml' | 'text';
  root: unknown;
  /** YAML only: where each mapping and sequence starts in `source` (just after its key's colon). */
  offsets?: Map<object, number>;
  /** YAML only: an alias made one mapping or sequence appear at more than one place. */
  shared?: boolean;
}

export interface ParseOptions {
  maxAliases?: number;
  maxAliasExpansion?: number;
  maxDepth?: number;
}

/** YAML 1.2 core schema (no timestamps, binaries or sets: a date stays a string) plus `<<` merge keys. */
const YAML_SCHEMA = CORE_SCHEMA.extend([(jsyaml as unknown as { types: { merge: Type } }).types.merge]);

/** Files whose content a `$ref` gets as a string rather than as parsed data. */
const TEXT_EXTENSIONS = /\.(md|markdown|txt|text|html?)$/i;

class AliasLimitError extends Error {}

/** An alias met inside the collection its anchor names: the tree would contain itself. */
class AliasCycleError extends Error {
  constructor(readonly offset: number) {
    super('alias cycle');
  }
}

/**
 * Parse one file of an upload as JSON (when it looks like JSON) or YAML (SPEC 4.1, 6).
 * JSON goes through `JSON.parse`; YAML through js-yaml, which is 5-10 times faster than
 * `yaml` on large specs but has no alias limit of its own, so aliases are counted here
 * while parsing and their expansion is measured before anything walks the tree.
 * Errors name the file, line and column and never quote the file's contents.
 */
export function parseDataFile(path: string, text: string, options: ParseOptions = {}): Result<ParsedFile> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (TEXT_EXTENSIONS.test(path)) return ok({ path, source, syntax: 'text', root: source });
  const maxDepth = options.maxDepth ?? LIMITS.maxDepth;
  let jsonError: { reason: string; offset?: number } | undefined;
  if (looksLikeJson(source)) {
    if (jsonDepthExceeds(source, maxDepth)) return fail([tooDeep(path, maxDepth)]);
    let root: unknown;
    try {
      root = JSON.parse(source);
    } catch (e) {
      jsonError = jsonErrorOf(e);
    }
    if (jsonError === undefined) return ok({ path, source, syntax: 'json', root }, jsonFindings(path, source));
  }
  const parsed = parseYaml(path, source, options, maxDepth);
  // A refusal (aliases, nesting) is the YAML parser's own finding, not a syntax error: it is reported as such.
  if (!parsed.ok && jsonError && parsed.problems[0]?.ruleId === 'yaml-syntax') {
    // Not JSON, and not the YAML superset of JSON either: report the JSON error.
    const yamlAt = parsed.problems[0];
    const at =
      jsonError.offset !== undefined
        ? lineColumn(source, jsonError.offset)
        : { line: yamlAt?.line, column: yamlAt?.column };
    return fail([problem('json-syntax', 'error', `invalid JSON: ${jsonError.reason}`, path, at)]);
  }
  return parsed;
}

function parseYaml(path: string, source: string, options: ParseOptions, maxDepth: number): Result<ParsedFile> {
  const maxAliases = options.maxAliases ?? LIMITS.maxAliases;
  const problems: Problem[] = [];
  const inexactAt: [string, number][] = [];
  // Aliases need anchors; most specs have none, so skip counting when no `&name` can be an anchor.
  const countAliases = /(?:^|[\s[{,:])&[^\s[\]{},]/m.test(source);
  const attempt = (json: boolean): { root: unknown; offsets: Map<object, number>; aliases: number; shared: boolean } => {
    const offsets = new Map<object, number>();
    // Collections composed to their end: an alias of any other collection is inside it.
    const closed = new WeakSet<object>();
    const starts: number[] = [];
    let aliases = 0;
    let shared = false;
    inexactAt.length = 0;
    const loadOptions = {
      schema: YAML_SCHEMA,
      json,
      maxDepth,
      listener(event: string, state: { position: number; result: unknown }) {
        if (event === 'open') {
          starts.push(state.position);
          return;
        }
        const start = starts.pop() ?? 0;
        const r = state.result;
        // A number js-yaml cannot keep (2^53 and beyond, rounded; -0, read as 0): reported with what it became.
        if (typeof r === 'number' && (Math.abs(r) >= 2 ** 53 || r === 0)) {
          const written = source.slice(start, state.position).trim();
          const at = start + (source.slice(start, state.position).search(/\S/) || 0);
          // A sequence's entry closes twice, once as the entry and once as its node.
          if (numberChange(written) !== undefined && inexactAt.length < MAX_FINDINGS && inexactAt[inexactAt.length - 1]?.[1] !== at) inexactAt.push([written, at]);
        }
        const alias = countAliases && isAliasAt(source, start);
        if (r !== null && typeof r === 'object') {
          // js-yaml registers an anchor before composing its collection, so an alias met
          // inside it (`&a [*a]`, `&a {b: *a}`, `<<: *a`) yields a tree that holds itself.
          if (alias && !closed.has(r)) throw new AliasCycleError(aliasOffset(source, start));
          // Only an alias reads it: without an anchor in the text, none can be met.
          if (countAliases && !alias) closed.add(r);
          // A collection closing a second time is an alias of it (the tree shares it).
          if (offsets.has(r)) shared = true;
          else offsets.set(r, start);
        }
        if (alias && ++aliases > maxAliases) throw new AliasLimitError();
      },
    } as LoadOptions;
    const root = load(source, loadOptions);
    return { root, offsets, aliases, shared };
  };
  let out: ReturnType<typeof attempt>;
  try {
    try {
      out = attempt(false);
    } catch (e) {
      if (!(e instanceof YAMLException) || e.reason !== 'duplicated mapping key') throw e;
      // Keep going with the last value, as JSON.parse would, and say so.
      problems.push(
        problem('yaml-duplicate-key', 'error', 'duplicate key in a mapping (the last value is used)', path, markOf(e)),
      );
      out = attempt(true);
    }
  } catch (e) {
    if (e instanceof AliasCycleError) {
      return fail([
        problem(
          'yaml-alias-cycle',
          'error',
          'a YAML alias inside the node its anchor names (the node would contain itself): refused',
          path,
          lineColumn(source, e.offset),
        ),
      ]);
    }
    if (e instanceof AliasLimitError) {
      return fail([
        problem('yaml-aliases', 'error', `more than ${maxAliases} YAML aliases: refused (a possible alias bomb)`, path),
      ]);
    }
    if (e instanceof YAMLException) {
      const reason = e.reason || 'cannot parse';
      if (reason.startsWith('nesting exceeded maxDepth')) return fail([tooDeep(path, maxDepth, markOf(e))]);
      return fail([problem('yaml-syntax', 'error', `YAML syntax error: ${reason}`, path, markOf(e))]);
    }
    if (e instanceof RangeError) return fail([tooDeep(path, maxDepth)]);
    throw e;
  }
  if (out.aliases > 0) {
    const maxExpansion = options.maxAliasExpansion ?? LIMITS.maxAliasExpansion;
    const added = expansionOf(out.root, maxExpansion);
    if (added > maxExpansion) {
      return fail([
        problem(
          'yaml-alias-expansion',
          'error',
          `YAML aliases expand to more than ${maxExpansion} extra nodes: refused (an alias bomb)`,
          path,
        ),
      ]);
    }
  }
  for (const [written, offset] of inexactAt) problems.push(inexact(path, written, lineColumn(source, offset)));
  return ok({ path, source, syntax: 'yaml', root: out.root, offsets: out.offsets, shared: out.shared }, problems);
}

/** Findings of each kind reported one by one; the rest are counted in the last. */
const MAX_FINDINGS = 10;

/**
 * What `JSON.parse` changed without a word (BAD-INPUT 53), as problems: a key twice in one
 * object is an error, as a duplicate YAML key is (the last value is used, and the spec's
 * author meant one of them); a number it cannot keep is a warning naming what it became.
 */
function jsonFindings(path: string, source: string): Problem[] {
  const found = scanJson(source, MAX_FINDINGS + 1);
  if (found.length === 0) return [];
  const starts = lineStarts(source);
  const at = (offset: number, pointer: string) => {
    const line = lineIndex(starts, offset);
    return { line: line + 1, column: offset - starts[line] + 1, pointer };
  };
  const problems: Problem[] = [];
  for (const kind of ['duplicate-key', 'inexact-number'] as const) {
    const of: JsonFinding[] = found.filter((f) => f.kind === kind);
    for (const f of of.slice(0, MAX_FINDINGS)) {
      problems.push(
        kind === 'duplicate-key'
          ? problem('json-duplicate-key', 'error', `duplicate key ${JSON.stringify(f.text)} in an object (the last value is used)`, path, at(f.offset, f.pointer))
          : inexact(path, f.text, at(f.offset, f.pointer)),
      );
    }
    if (of.length > MAX_FINDINGS) problems[problems.length - 1].message += ' (and more like it in this file)';
  }
  return problems;
}

function inexact(path: string, written: string, at: { line?: number; column?: number; pointer?: string }): Problem {
  return problem('number-inexact', 'warning', `the number ${written} cannot be kept exactly: it is read, and written into the skill, as ${numberChange(written)}; write it as a string if it is an identifier`, path, at);
}

/** Where the `*` of the alias that opened at `start` is. */
function aliasOffset(s: string, start: number): number {
  const star = s.indexOf('*', start);
  return star < 0 ? start : star;
}

/** True when the node that opened at `start` begins with `*` (an alias), after spaces and comments. */
function isAliasAt(s: string, start: number): boolean {
  let i = start;
  for (;;) {
    const c = s.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else if (c === 0x23 /* # */) {
      while (i < s.length && s.charCodeAt(i) !== 0x0a) i++;
    } else return c === 0x2a /* * */;
  }
}

/**
 * How many nodes the parsed tree gains when every shared object (an alias of a collection)
 * is copied out: expanded size minus distinct size, counted without expanding and stopping
 * once over `cap`.
 */
function expansionOf(root: unknown, cap: number): number {
  const size = new Map<object, number>();
  let distinct = 0;
  type Frame = { node: object; children: object[]; i: number; sum: number };
  const childrenOf = (o: object): object[] => {
    const out: object[] = [];
    for (const v of Array.isArray(o) ? o : Object.values(o)) if (v !== null && typeof v === 'object') out.push(v);
    return out;
  };
  if (root === null || typeof root !== 'object') return 0;
  const stack: Frame[] = [{ node: root, children: childrenOf(root), i: 0, sum: 1 }];
  const leafCount = (o: object) => (Array.isArray(o) ? o.length : Object.keys(o).length);
  distinct += 1 + leafCount(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.i < top.children.length) {
      const child = top.children[top.i++];
      const known = size.get(child);
      if (known !== undefined) {
        top.sum += known;
        continue;
      }
      distinct += leafCount(child);
      stack.push({ node: child, children: childrenOf(child), i: 0, sum: 1 });
      continue;
    }
    stack.pop();
    // A node counts itself and its scalar children; collection children add their own sizes.
    const total = top.sum + leafCount(top.node) - top.children.length;
    size.set(top.node, total);
    if (total - distinct > cap) return total - distinct;
    if (stack.length > 0) stack[stack.length - 1].sum += total;
    else return total - distinct;
  }
  return 0;
}

function markOf(e: YAMLException): { line?: number; column?: number } {
  const m = (e as unknown as { mark?: { line?: number; column?: number } }).mark;
  if (!m || typeof m.line !== 'number') return {};
  return { line: m.line + 1, column: (m.column ?? 0) + 1 };
}

function tooDeep(path: string, maxDepth: number, at?: { line?: number; column?: number }): Problem {
  return problem('nesting-too-deep', 'error', `nested more than ${maxDepth} levels deep: refused`, path, at);
}

/**
 * Whether `parseDataFile` reads a text as JSON first: after a byte order mark and white
 * space, an object or an array (a YAML file almost never starts so; one that does is read
 * as YAML when it is not JSON).
 */
export function looksLikeJson(text: string): boolean {
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return c === 0x7b /* { */ || c === 0x5b /* [ */;
  }
  return false;
}

/** V8's JSON.parse messages; the kind that quotes the input is not repeated. */
function jsonErrorOf(e: unknown): { reason: string; offset?: number } {
  const message = e instanceof Error ? e.message : '';
  const m = /^(.*?) in JSON at position (\d+)/.exec(message);
  if (m) return { reason: m[1].replace(/^Unexpected token .*/, 'unexpected character'), offset: Number(m[2]) };
  if (/end of JSON input/i.test(message)) return { reason: 'unexpected end of input' };
  return { reason: 'unexpected character' };
}

/** 1-based line and column of an offset. */
export function lineColumn(s: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = s.indexOf('\n'); i !== -1 && i < offset; i = s.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
