import { problem, type Problem } from '../core/problem';
import { compareStrings, isPlainObject, setOwn, sortedEntries } from '../core/entries';
import { JsonLocator } from '../core/json-locate';
import { sameJson } from '../core/same-json';
import type { Position } from './frontmatter';
import { formatSchemaJson } from './schema-text';

export const TYPES_FILE = 'types.json';
export const TYPE_NAME = /^[A-Za-z0-9_.-]+$/;

export interface TypesFile {
  file: string;
  text: string;
  /** Type name to schema; a Map so names like `__proto__` stay ordinary names. */
  types: Map<string, unknown>;
  /** Set when the text is not a JSON object. */
  problems: Problem[];
  position(pointer: string): Position;
}

/**
 * Read types.json (SPEC 1.5). Given the file as it was before an edit, each type whose JSON
 * is the same keeps its value object from then, so whatever is cached per type (its
 * references, what depends on it: `typesDelta`) holds across the edit.
 */
export function parseTypesFile(text: string, previous?: TypesFile): TypesFile {
  const file = TYPES_FILE;
  const problems: Problem[] = [];
  const types = new Map<string, unknown>();
  let locator: JsonLocator | undefined;
  try {
    const data: unknown = JSON.parse(text);
    if (isPlainObject(data)) {
      const before = previous?.types;
      for (const key of Object.keys(data)) {
        const value = data[key];
        const old = before?.get(key);
        types.set(key, old !== undefined && sameJson(old, value) ? old : value);
      }
      locator = new JsonLocator(text);
    } else problems.push(problem('types-json', 'error', 'types.json must be a JSON object of type name to schema', file, { line: 1, column: 1 }));
  } catch (e) {
    problems.push(problem('types-json', 'error', `types.json is not JSON: ${(e as Error).message}`, file, jsonErrorPosition(text, e as Error)));
  }
  return {
    file,
    text,
    types,
    problems,
    position: (pointer) => (locator ? locator.locate(pointer) : { line: 1, column: 1 }),
  };
}

/** Write types.json: names sorted, each schema formatted as the wizard writes schemas. */
export function writeTypesFile(types: Map<string, unknown> | Record<string, unknown>): string {
  const obj: Record<string, unknown> = {};
  const entries = types instanceof Map ? [...types.entries()].sort(([a], [b]) => compareStrings(a, b)) : sortedEntries(types);
  for (const [k, v] of entries) setOwn(obj, k, v);
  return `${formatSchemaJson(obj)}\n`;
}

/** Line and column of a JSON.parse error, from the position V8 puts in its message. */
export function jsonErrorPosition(text: string, e: Error): { line: number; column: number } {
  const m = /position (\d+)/.exec(e.message);
  const lc = /line (\d+) column (\d+)/.exec(e.message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  if (!m) return { line: 1, column: 1 };
  return new JsonLocator(text).position(Number(m[1]));
}
