/**
 * The operations view's search, filters and sorting, as pure functions of the rows
 * (`listOperations`): what the page shows, and what "Keep only shown" removes.
 */
import { compareStrings } from '../core/entries';
import { matchesPathQuery } from '../curate/choose';
import type { OperationRow, OperationState } from './operations';
import type { Safety } from '../skill/operation-file';
import { groupDigits } from '../core/numbers';

/**
 * `removed` shows the operations taken out of the skill, `new` those new in the spec the
 * skill was updated to that wait to be kept; any other state, or none, those in it.
 */
export type StateFilter = OperationState | 'removed' | 'new';

/** Whether the filter shows operations out of the skill (to put back), not those in it. */
export const isOutOfSkill = (state: StateFilter | null) => state === 'removed' || state === 'new';

export interface OperationQuery {
  /** Words to find (`POST /v2/payments`, `payments`, `CreatePayment`), alternatives separated by `|` (`matchesText`). */
  text: string;
  /** A tag, `UNTAGGED` for operations without one, or null for any. */
  tag: string | null;
  /** A resource (`OperationRow.resource`), or null for any. */
  resource: string | null;
  method: string | null;
  state: StateFilter | null;
  /** The safety in force (SPEC 8.1), or null for any. */
  safety: Safety | null;
}

export const UNTAGGED = '\u0000untagged';

export const EMPTY_QUERY: OperationQuery = { text: '', tag: null, resource: null, method: null, state: null, safety: null };

export type SortKey = 'method' | 'path' | 'tags' | 'tool' | 'state' | 'problems' | 'bytes' | 'tokens' | 'safety' | 'deprecated';
export interface OperationSort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'];
const SAFETY_ORDER: readonly string[] = ['safe', 'idempotent', 'unsafe'];
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
  safety: (a, b) => rank(SAFETY_ORDER, a.safety ?? '') - rank(SAFETY_ORDER, b.safety ?? ''),
  deprecated: (a, b) => Number(a.deprecated) - Number(b.deprecated),
};

const METHODS = new Set(METHOD_ORDER);

/** The text a row is found by: method, path, operationId, tool name, summary and tags, lower case. */
export function searchText(row: OperationRow): string {
  return [row.method, row.path, row.operationId ?? '', row.tool ?? '', row.file ?? '', row.summary, ...row.tags].join('\n').toLowerCase();
}

/**
 * Whether a row matches the search text. `|` separates alternatives (`/v1/refunds |
 * /v1/customers`): a row matches when it matches one of them. In an alternative, every word
 * must match (case ignored): a word starting with `/` is a path, matched by
 * `matchesPathQuery` (`/v1/customers` that path exactly, `/v1/customers/**` with every path
 * under it, `*` within a segment); a method followed by a path (`POST /v2/payments`) asks
 * for that method and that path, as a person reads an HTTP request line; any other word is
 * found in one of the row's fields.
 */
export function matchesText(row: OperationRow, text: string, haystack = searchText(row)): boolean {
  const alternatives = text.split('|').map((a) => a.trim().split(/\s+/).filter((w) => w !== '')).filter((words) => words.length > 0);
  return alternatives.length === 0 || alternatives.some((words) => matchesWords(row, words, haystack));
}

function matchesWords(row: OperationRow, words: readonly string[], haystack: string): boolean {
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const next = words[i + 1];
    if (METHODS.has(word.toUpperCase()) && next?.startsWith('/')) {
      if (row.method !== word.toUpperCase() || !matchesPathQuery(next, row.path)) return false;
      i++;
      continue;
    }
    if (word.startsWith('/') ? !matchesPathQuery(word, row.path) : !haystack.includes(word.toLowerCase())) return false;
  }
  return true;
}

/** Whether the text filters anything (alternatives of nothing but `|` and spaces do not). */
const hasText = (text: string) => text.replace(/\|/g, '').trim() !== '';

/** The rows the query shows, in their order. */
export function filterOperations(rows: readonly OperationRow[], query: OperationQuery, haystacks?: ReadonlyMap<OperationRow, string>): OperationRow[] {
  return rows.filter((row) => {
    if (query.state === 'new' ? !row.waiting : query.state === 'removed' ? !row.removed || row.waiting : row.removed || (query.state !== null && row.state !== query.state)) return false;
    if (query.tag !== null && (query.tag === UNTAGGED ? row.tags.length > 0 : !row.tags.includes(query.tag))) return false;
    if (query.resource !== null && row.resource !== query.resource) return false;
    if (query.method !== null && row.method !== query.method) return false;
    if (query.safety !== null && row.safety !== query.safety) return false;
    return !hasText(query.text) || matchesText(row, query.text, haystacks?.get(row));
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
  return hasText(query.text) || query.tag !== null || query.resource !== null || query.method !== null || query.safety !== null || (query.state !== null && !isOutOfSkill(query.state));
}

/**
 * The files "Keep only shown" removes: every operation file in the skill that the query does
 * not show. Skipped operations have no file; removed ones are out already.
 */
export function filesNotShown(rows: readonly OperationRow[], shown: readonly OperationRow[]): string[] {
  const keep = new Set(shown);
  return rows.filter((r) => r.file !== undefined && !r.removed && !keep.has(r)).map((r) => r.file!);
}

export interface OperationFacets {
  tags: [string, number][];
  untagged: number;
  /** Resources by path, each with its count. */
  resources: [string, number][];
  /** Whether to offer the Resource filter: the tags leave at least half the operations untagged, or there are fewer than 3 of them. */
  byResource: boolean;
  methods: [string, number][];
  states: [StateFilter, number][];
  /** The safeties in force, safe first, each with its count (operations with a block only). */
  safeties: [Safety, number][];
}

/**
 * What the filters offer, each with how many rows it would show: tags (by name, and how many
 * have none), resources, methods, and states (`removed` counting the operations out of the
 * skill). Tags, resources and methods are counted over the side shown: the skill, or the
 * removed operations. Resources are offered when tags do not group the operations (Stripe
 * has none; a spec with one tag for everything groups nothing).
 */
export function operationFacets(rows: readonly OperationRow[], removedSide = false): OperationFacets {
  const tags = new Map<string, number>();
  const resources = new Map<string, number>();
  const methods = new Map<string, number>();
  const states = new Map<StateFilter, number>();
  const safeties = new Map<Safety, number>();
  let untagged = 0;
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const r of rows) {
    bump(states, r.waiting ? 'new' : r.removed ? 'removed' : r.state);
    if (r.removed !== removedSide) continue;
    for (const t of r.tags) bump(tags, t);
    if (r.tags.length === 0) untagged++;
    bump(resources, r.resource);
    if (r.method !== '') bump(methods, r.method);
    if (r.safety !== undefined) bump(safeties, r.safety);
  }
  const stateOrder: StateFilter[] = [...STATE_ORDER, 'new', 'removed'];
  const allTags = new Set(rows.flatMap((r) => r.tags));
  const everyUntagged = rows.filter((r) => r.tags.length === 0).length;
  return {
    tags: [...tags].sort(([a], [b]) => compareStrings(a.toLowerCase(), b.toLowerCase()) || compareStrings(a, b)),
    untagged,
    resources: [...resources].sort(([a], [b]) => compareStrings(a, b)),
    byResource: rows.length > 0 && (everyUntagged * 2 >= rows.length || allTags.size < 3),
    methods: [...methods].sort(([a], [b]) => rank(METHOD_ORDER, a) - rank(METHOD_ORDER, b) || compareStrings(a, b)),
    states: [...states].sort(([a], [b]) => stateOrder.indexOf(a) - stateOrder.indexOf(b)),
    safeties: [...safeties].sort(([a], [b]) => rank(SAFETY_ORDER, a) - rank(SAFETY_ORDER, b)),
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
  const figure = (n: number) => groupDigits(n);
  if (maxTools === undefined) return { text: `${figure(tools)} ${noun(tools)}, no limit on the count`, over: false };
  return { text: `${figure(tools)} of ${figure(maxTools)} ${noun(maxTools)}`, over: tools > maxTools };
}
