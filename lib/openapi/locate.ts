import type { ParsedFile } from './parse-file';
import { JsonLocator } from '../core/json-locate';
import { lineIndex, lineStarts } from '../core/lines';

export interface Position {
  line: number;
  column: number;
}

/**
 * Line and column (1-based) of the value at a JSON pointer (as tokens) in one parsed file,
 * pointing at its key where it has one. Best effort: when the exact spot cannot be found,
 * the nearest enclosing object's position is given.
 */
export type FileLocator = (tokens: readonly string[]) => Position;

export function fileLocator(file: ParsedFile): FileLocator {
  if (file.syntax === 'json') {
    const json = new JsonLocator(file.source);
    return (tokens) => json.locateTokens(tokens);
  }
  if (file.syntax === 'yaml') return yamlLocator(file, lazyLineStarts(file.source));
  return () => ({ line: 1, column: 1 });
}

type Lines = () => Int32Array;

function lazyLineStarts(s: string): Lines {
  let starts: Int32Array | undefined;
  return () => (starts ??= lineStarts(s));
}

// ---------------------------------------------------------------------------------------
// YAML: js-yaml's listener gave each mapping and sequence the offset just after its key's
// colon (or its `-`), so a pointer to an object is a walk through the parsed tree; a
// pointer to a scalar is found by scanning that object's lines for the key.

function yamlLocator(file: ParsedFile, lines: Lines): FileLocator {
  const s = file.source;
  const offsets = file.offsets ?? new Map<object, number>();
  return (tokens) => {
    let node: unknown = file.root;
    let holder: object | null = node !== null && typeof node === 'object' ? node : null;
    let holderDepth = 0;
    for (let i = 0; i < tokens.length; i++) {
      if (node === null || typeof node !== 'object') break;
      const next: unknown = Array.isArray(node) ? node[Number(tokens[i])] : (node as Record<string, unknown>)[tokens[i]];
      if (next === undefined || !Object.prototype.hasOwnProperty.call(node, tokens[i])) break;
      node = next;
      if (next !== null && typeof next === 'object' && offsets.has(next)) {
        holder = next;
        holderDepth = i + 1;
      }
    }
    const holderOffset = holder ? (offsets.get(holder) ?? 0) : 0;
    if (holderDepth === tokens.length || holder === null) return keyLinePosition(s, lines, holderOffset);
    const found = findChildLine(s, lines, holderOffset, tokens[holderDepth], Array.isArray(holder));
    return found ?? keyLinePosition(s, lines, holderOffset);
  };
}

/** The line of an offset, at its first non-blank character (the key, or the `-` of an item). */
function keyLinePosition(s: string, lines: Lines, offset: number): Position {
  const starts = lines();
  const i = lineIndex(starts, offset);
  let c = starts[i];
  while (c < offset && (s.charCodeAt(c) === 0x20 || s.charCodeAt(c) === 0x09)) c++;
  return { line: i + 1, column: c - starts[i] + 1 };
}

/**
 * Within the block that starts at `offset`, the line holding key `key` (or the `index`-th
 * `- ` item when the block is a sequence), at the block's own indentation.
 */
function findChildLine(s: string, lines: Lines, offset: number, token: string, isSeq: boolean): Position | null {
  const starts = lines();
  const firstLine = lineIndex(starts, offset);
  let li = firstLine;
  // Children start on the same line (after `- ` or in flow style) or on the next lines.
  const rest = s.slice(offset, lineEnd(s, starts, li)).trim();
  let indent = -1;
  const sameLine = rest !== '' && !rest.startsWith('#');
  if (!sameLine) li++;
  let index = 0;
  const want = isSeq ? Number(token) : -1;
  for (; li < starts.length; li++) {
    const start = li === firstLine ? offset : starts[li];
    const end = lineEnd(s, starts, li);
    let c = start;
    while (c < end && (s.charCodeAt(c) === 0x20 || s.charCodeAt(c) === 0x09)) c++;
    if (c >= end || s.charCodeAt(c) === 0x23) continue;
    const col = c - starts[li];
    if (indent === -1) indent = col;
    if (col < indent) return null;
    if (col > indent) continue;
    if (isSeq) {
      if (s.charCodeAt(c) !== 0x2d) return null;
      if (index === want) return { line: li + 1, column: col + 1 };
      index++;
      continue;
    }
    let k = c;
    // The first key of a sequence item sits after its `- `.
    if (s.charCodeAt(k) === 0x2d && s.charCodeAt(k + 1) === 0x20) {
      k += 2;
      while (s.charCodeAt(k) === 0x20) k++;
    }
    if (keyAt(s, k, end) === token) return { line: li + 1, column: k - starts[li] + 1 };
  }
  return null;
}

function lineEnd(s: string, starts: Int32Array, li: number): number {
  return li + 1 < starts.length ? starts[li + 1] - 1 : s.length;
}

/** The key of a `key: value` line starting at `k`, plain or quoted; null when there is none. */
function keyAt(s: string, k: number, end: number): string | null {
  const q = s[k];
  if (q === '"' || q === "'") {
    let j = k + 1;
    let out = '';
    while (j < end) {
      const c = s[j];
      if (c === q) {
        if (q === "'" && s[j + 1] === "'") {
          out += "'";
          j += 2;
          continue;
        }
        break;
      }
      if (q === '"' && c === '\\') {
        out += s[j + 1] ?? '';
        j += 2;
        continue;
      }
      out += c;
      j++;
    }
    return s[j + 1] === ':' ? out : null;
  }
  const line = s.slice(k, end);
  const m = /^(.*?):(?:\s|$)/.exec(line);
  return m ? m[1].trimEnd() : null;
}
