/**
 * The operations view's search, filters and sorting, as pure functions of the rows
 * (`listOperations`): what the page shows, and what "Keep only shown" removes.
 */
import { compareStrings } from '../core/entries';
import type { OperationRow, OperationState } from './operations';

/** `removed` shows the operations taken out of the skill; any other state, or none, those in it. */
export type StateFilter = OperationState | 'removed';

export interface OperationQuery {
  /** Words to find (`POST /v2/payments`, `payments`, `CreatePayment`). */
  text: string;
  /** A tag, `UNTAGGED` for operations without one, or null for any. */
  tag: string | null;
  method: string | null;
  state: StateFilter | null;
}

export const UNTAGGED = '\u0000untagged';

export const EMPTY_QUERY: OperationQuery = { text: '', tag: null, method: null, state: null };

export type SortKey = 'method' | 'path' | 'tags' | 'tool' | 'state' | 'problems' | 'bytes' | 'tokens' | 'deprecated';
export interface OperationSort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'];
const STATE_ORDER: OperationState[] = ['declared', 'fitted', 'prose-only', 'error', 'skipped'];
const rank = (list: readonly string[], value: string) => {
  const i = list.indexOf(value);
  return i < 0 ? list.length : i;
};

/**
 * How rows compare for each column, ascending. A column added to the view is one entry
 * here, one field on `OperationRow`, and one column in the table.
 */
export const SORTERS: Record<SortKey, (a: OperationRow, b: OperationRow) => number> = {
  method: (a, b) => rank(METHOD_ORDER, a.method) - rank(METHOD_ORDER, b.method) || compareStrings(a.method, b.method),
  path: (a, b) => compareStrings(a.path, b.path),
  tags: (a, b) => compareStrings(a.tags.join(','), b.tags.join(',')),
  tool: (a, b) => compareStrings(a.tool ?? '', b.tool ?? ''),
  state: (a, b) => rank(STATE_ORDER, a.state) - rank(STATE_ORDER, b.state),
  problems: (a, b) => a.errors - b.errors || a.warnings - b.warnings,
  bytes: (a, b) => (a.bytes ?? -1) - (b.bytes ?? -1),
  tokens: (a, b) => (a.tokens ?? -1) - (b.tokens ?? -1),
  deprecated: (a, b) => Number(a.deprecated) - Number(b.deprecated),
};

const METHODS = new Set(METHOD_ORDER);

/** The text a row is found by: method, path, operationId, tool name, summary and tags, lower case. */
export function searchText(row: OperationRow): string {
  return [row.method, row.path, row.operationId ?? '', row.tool ?? '', row.file ?? '', row.summary, ...row.tags].join('\n').toLowerCase();
}

/**
 * Whether a row matches the search text: every word is found in one of its fields (case
 * ignored). A method followed by a path (`POST /v2/payments`) asks for that method exactly
 * and a path holding the rest, as a person reads an HTTP request line.
 */
export function matchesText(row: OperationRow, text: string, haystack = searchText(row)): boolean {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const next = words[i + 1];
    if (METHODS.has(word.toUpperCase()) && next?.startsWith('/')) {
      if (row.method !== word.toUpperCase() || !row.path.toLowerCase().includes(next.toLowerCase())) return false;
      i++;
      continue;
    }
    if (!haystack.includes(word.toLowerCase())) return false;
  }
  return true;
}

/** The rows the query shows, in their order. */
export function filterOperations(rows: readonly OperationRow[], query: OperationQuery, haystacks?: ReadonlyMap<OperationRow, string>): OperationRow[] {
  return rows.filter((row) => {
    if (query.state === 'removed' ? !row.removed : row.removed || (query.state !== null && row.state !== query.state)) return false;
    if (query.tag !== null && (query.tag === UNTAGGED ? row.tags.length > 0 : !row.tags.includes(query.tag))) return false;
    if (query.method !== null && row.method !== query.method) return false;
    return query.text.trim() === '' || matchesText(row, query.text, haystacks?.get(row));
  });
}

/** The rows sorted by one column (stable: rows that compare equal keep their order). */
export function sortOperations(rows: readonly OperationRow[], sort: OperationSort | null): OperationRow[] {
  if (!sort) return [...rows];
  const compare = SORTERS[sort.key];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => sign * compare(a.row, b.row) || a.i - b.i)
    .map((x) => x.row);
}

/** Whether the query narrows anything down (so "Keep only shown" has something to keep). */
export function isFiltered(query: OperationQuery): boolean {
  return query.text.trim() !== '' || query.tag !== null || query.method !== null || (query.state !== null && query.state !== 'removed');
}

/**
 * The files "Keep only shown" removes: every operation file in the skill that the query does
 * not show. Skipped operations have no file; removed ones are out already.
 */
export function filesNotShown(rows: readonly OperationRow[], shown: readonly OperationRow[]): string[] {
  const keep = new Set(shown);
  return rows.filter((r) => r.file !== undefined && !r.removed && !keep.has(r)).map((r) => r.file!);
}

/**
 * What the filters offer, each with how many rows it would show: tags (by name, and how many
 * have none), methods, and states (`removed` counting the operations out of the skill). Tags
 * and methods are counted over the side shown: the skill, or the removed operations.
 */
export function operationFacets(rows: readonly OperationRow[], removedSide = false): { tags: [string, number][]; untagged: number; methods: [string, number][]; states: [StateFilter, number][] } {
  const tags = new Map<string, number>();
  const methods = new Map<string, number>();
  const states = new Map<StateFilter, number>();
  let untagged = 0;
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const r of rows) {
    bump(states, r.removed ? 'removed' : r.state);
    if (r.removed !== removedSide) continue;
    for (const t of r.tags) bump(tags, t);
    if (r.tags.length === 0) untagged++;
    if (r.method !== '') bump(methods, r.method);
  }
  const stateOrder: StateFilter[] = [...STATE_ORDER, 'removed'];
  return {
    tags: [...tags].sort(([a], [b]) => compareStrings(a.toLowerCase(), b.toLowerCase()) || compareStrings(a, b)),
    untagged,
    methods: [...methods].sort(([a], [b]) => rank(METHOD_ORDER, a) - rank(METHOD_ORDER, b) || compareStrings(a, b)),
    states: [...states].sort(([a], [b]) => stateOrder.indexOf(a) - stateOrder.indexOf(b)),
  };
}

/**
 * The rows with each tool's tokens for the chosen model, joined by file: the
 * worker lists the operations and counts the tokens in two answers, each redone only when
 * its own input changed. A row whose tool was not counted (it does not publish) has none.
 */
export function withTokens(rows: readonly OperationRow[], tokens: ReadonlyMap<string, number> | null): OperationRow[] {
  if (!tokens) return [...rows];
  return rows.map((r) => {
    const t = r.file === undefined || r.removed ? undefined : tokens.get(r.file);
    return t === undefined ? r : { ...r, tokens: t };
  });
}

/**
 * A target's tool limit measured against the skill: `41 of 40 tools`, over
 * when the skill has more tools than the target takes; no limit gives `41 tools, no limit on
 * the count`.
 */
export function toolLimit(tools: number, maxTools: number | undefined): { text: string; over: boolean } {
  const noun = (n: number) => (n === 1 ? 'tool' : 'tools');
  const figure = (n: number) => n.toLocaleString('en-US');
  if (maxTools === undefined) return { text: `${figure(tools)} ${noun(tools)}, no limit on the count`, over: false };
  return { text: `${figure(tools)} of ${figure(maxTools)} ${noun(maxTools)}`, over: tools > maxTools };
}
