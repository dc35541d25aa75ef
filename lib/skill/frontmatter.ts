import { LineCounter, parseDocument, isMap, isSeq, isScalar, visit, type Document, type Node } from 'yaml';
import { problem, type Problem } from '../core/problem';
import { joinPointer } from '../core/json-pointer';

export interface Position {
  line: number;
  column: number;
}

/** A markdown file split into its YAML frontmatter and its prose (SPEC 1.2). */
export interface SplitFile {
  /** The YAML between the fences, or null when the file has no frontmatter. */
  yaml: string | null;
  /** 1-based line of the first YAML line in the file. */
  yamlStartLine: number;
  /** Everything after the closing fence's line break, byte for byte. */
  prose: string;
  /** True when an opening fence has no closing one. */
  unterminated: boolean;
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*(\r?\n|$)/m;

export function splitFrontmatter(text: string): SplitFile {
  const open = OPEN.exec(text);
  if (!open) return { yaml: null, yamlStartLine: 1, prose: text, unterminated: false };
  const rest = text.slice(open[0].length);
  // An empty frontmatter closes on the very next line.
  const close = CLOSE.exec(rest);
  if (!close) return { yaml: null, yamlStartLine: 2, prose: text, unterminated: true };
  return {
    yaml: rest.slice(0, close.index),
    yamlStartLine: 2,
    prose: rest.slice(close.index + close[0].length),
    unterminated: false,
  };
}

/** Parsed frontmatter with the position of every key and value, by JSON pointer. */
export interface Frontmatter {
  data: unknown;
  problems: Problem[];
  /** Position of the key at a pointer, falling back to its value, then to the nearest ancestor. */
  keyPosition(pointer: string): Position;
  /** Position of the value at a pointer (for block scalars, the indicator line). */
  valuePosition(pointer: string): Position;
  /** For a block scalar value: the 1-based file line of its first content line and its indent. */
  blockScalar(pointer: string): { firstLine: number; indent: number } | undefined;
}

const MAX_ALIASES = 20;

export function parseFrontmatter(yaml: string, file: string, startLine: number): Frontmatter {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const problems: Problem[] = [];
  const toFile = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + startLine - 1, column: col };
  };
  for (const err of doc.errors) problems.push(problem('frontmatter', 'error', `YAML: ${firstLine(err.message)}`, file, toFile(err.pos[0])));
  for (const w of doc.warnings) problems.push(problem('frontmatter', 'warning', `YAML: ${firstLine(w.message)}`, file, toFile(w.pos[0])));
  const cycle = doc.errors.length === 0 ? selfContainingAlias(doc) : undefined;
  if (cycle !== undefined) {
    problems.push(
      problem('frontmatter', 'error', 'YAML: an alias inside the node its anchor names (the node would contain itself): refused', file, toFile(cycle)),
    );
  }
  let data: unknown;
  if (doc.errors.length === 0 && cycle === undefined) {
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch (e) {
      problems.push(problem('frontmatter', 'error', `YAML: ${firstLine((e as Error).message)}`, file, { line: startLine, column: 1 }));
    }
  }
  const spots = new Map<string, NodeSpot>();
  const walk = (node: unknown, pointer: string, depth: number) => {
    if (depth > 64) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        const keyNode = pair.key as Node | null;
        const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
        const p = joinPointer(pointer, key);
        const valueNode = pair.value as Node | null;
        const spot: NodeSpot = {
          key: keyNode?.range?.[0],
          value: valueNode?.range?.[0] ?? keyNode?.range?.[1] ?? 0,
        };
        if (isScalar(valueNode) && (valueNode.type === 'BLOCK_LITERAL' || valueNode.type === 'BLOCK_FOLDED')) {
          spot.block = blockContent(yaml, valueNode.range![0], toFile);
        }
        spots.set(p, spot);
        walk(valueNode, p, depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const p = joinPointer(pointer, i);
        spots.set(p, { value: (item as Node | null)?.range?.[0] ?? 0 });
        walk(item, p, depth + 1);
      });
    }
  };
  walk(doc.contents, '', 0);

  return frontmatterFromSpots(data, problems, spots, toFile, startLine);
}

/**
 * The offset of the first alias that lies inside the node its anchor names (`&a [*a]`,
 * `&a {b: *a}`, `<<: *a` within `&a`): such a document would hold itself, and nothing that
 * walks its data could end (SPEC 6: refused, never a crash).
 */
function selfContainingAlias(doc: Document): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Alias(_key, alias) {
      const source = alias.resolve(doc);
      const at = alias.range?.[0];
      const range = source?.range;
      if (at !== undefined && range && at >= range[0] && at < range[2]) {
        found = at;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** Where a key and its value start, as offsets into the YAML text, and a block scalar's content. */
export interface NodeSpot {
  key?: number;
  value: number;
  block?: { firstLine: number; indent: number };
}

/**
 * A `Frontmatter` from its data and the spot of every key and list item by JSON pointer
 * (offsets into the YAML; `toFile` turns one into a file position): what `parseFrontmatter`
 * finds, or what a writer knows of the YAML it wrote.
 */
export function frontmatterFromSpots(data: unknown, problems: Problem[], spots: ReadonlyMap<string, NodeSpot>, toFile: (offset: number) => Position, startLine: number): Frontmatter {
  const nearest = (pointer: string): NodeSpot | undefined => {
    let p = pointer;
    for (;;) {
      const s = spots.get(p);
      if (s) return s;
      if (p === '') return undefined;
      p = p.slice(0, p.lastIndexOf('/'));
    }
  };
  return {
    data,
    problems,
    keyPosition: (pointer) => {
      const s = nearest(pointer);
      return s ? toFile(s.key ?? s.value) : { line: startLine, column: 1 };
    },
    valuePosition: (pointer) => {
      const s = nearest(pointer);
      return s ? toFile(s.value) : { line: startLine, column: 1 };
    },
    blockScalar: (pointer) => spots.get(pointer)?.block,
  };
}

/**
 * Where a block scalar's content starts: the line after its `|` indicator, and the indent
 * of its first non-blank line. Line L (0-based) of the value is file line `firstLine + L`.
 */
function blockContent(
  yaml: string,
  indicatorOffset: number,
  toFile: (offset: number) => Position,
): { firstLine: number; indent: number } {
  const firstLine = toFile(indicatorOffset).line + 1;
  const lineEnd = yaml.indexOf('\n', indicatorOffset);
  let i = lineEnd < 0 ? yaml.length : lineEnd + 1;
  while (i < yaml.length) {
    let j = i;
    while (yaml[j] === ' ') j++;
    if (yaml[j] !== '\n') return { firstLine, indent: j - i };
    i = j + 1;
  }
  return { firstLine, indent: 0 };
}

function firstLine(message: string): string {
  return message.split('\n')[0].trim();
}
