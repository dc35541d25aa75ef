'use client';

import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  filesNotShown,
  filterOperations,
  isFiltered,
  isOutOfSkill,
  operationFacets,
  searchText,
  sortOperations,
  UNTAGGED,
  EMPTY_QUERY,
  type OperationQuery,
  type SortKey,
  type StateFilter,
  toolLimit,
  withTokens,
} from '../../../lib/wizard/operation-query';
import type { TargetRow, TokensView } from '../../../lib/wizard/target-fit';
import type { OperationRow } from '../../../lib/wizard/operations';
import type { SessionSummary } from '../../../lib/wizard/session';
import { count } from './format';
import { OperationsTable, type OperationColumn } from './operations-table';
import type { OperationsState } from '../state/wizard-state';
import { safetyMarks, type SafetyMark } from '../../../lib/wizard/operation-keys';
import { SAFETY_VALUES, type Safety } from '../../../lib/skill/operation-file';
import type { Problem } from '../../../lib/core/problem';
import { templatesFitting } from '../../../lib/curate/choose';

const STATE_LABELS: Record<StateFilter, string> = {
  declared: 'Declared',
  fitted: 'Fitted',
  'prose-only': 'Prose-only',
  error: 'Error',
  skipped: 'Skipped',
  removed: 'Removed',
  new: 'New in this version',
};

const bytes = new Intl.NumberFormat('en');

const VERDICT_WORDS: Record<TargetRow['verdict'], string> = { fits: 'fits', 'fits-with-changes': 'fits with changes', 'does-not-fit': 'does not fit' };

/** The table's columns, in order. A column is one more entry, with its `SORTERS` key. */
const COLUMNS: OperationColumn[] = [
  { key: 'method', header: 'Method', width: '4.75rem', cell: (r) => <span className={`method m-${r.method.toLowerCase()}`}>{r.method}</span> },
  {
    key: 'path',
    header: 'Path',
    width: 'minmax(13rem, 3fr)',
    cell: (r) => (
      <>
        <span className="ops-path" title={r.path}>
          {r.path}
        </span>
        <span className="ops-summary" title={r.summary}>
          {r.summary}
        </span>
      </>
    ),
  },
  { key: 'tags', header: 'Tags', width: 'minmax(5rem, 1fr)', cell: (r) => <span title={r.tags.join(', ')}>{r.tags.join(', ')}</span> },
  { key: 'tool', header: 'Tool', width: 'minmax(8rem, 2fr)', cell: (r) => <span className="ops-tool" title={r.tool}>{r.tool ?? ''}</span> },
  { key: 'state', header: 'State', width: '6rem', cell: (r) => <span className={`state s-${r.state}`}>{STATE_LABELS[r.state].toLowerCase()}</span> },
  {
    key: 'problems',
    header: 'Problems',
    width: '5.5rem',
    cell: (r) => (
      <>
        {r.errors > 0 && <span className="count error" aria-label={count(r.errors, 'error')}>{r.errors}</span>}{' '}
        {r.warnings > 0 && <span className="count warning" aria-label={count(r.warnings, 'warning')}>{r.warnings}</span>}
      </>
    ),
  },
  { key: 'bytes', header: 'Bytes', width: '4.75rem', cell: (r) => (r.bytes === undefined ? '' : bytes.format(r.bytes)) },
  { key: 'tokens', header: 'Tokens', width: '4.75rem', cell: (r) => (r.tokens === undefined ? '' : bytes.format(r.tokens)) },
  { key: 'safety', header: 'Safety', width: '6.5rem', cell: (r) => (r.safety === undefined ? '' : <span className={`safety y-${r.safety}`}>{r.safety}</span>) },
  { key: 'deprecated', header: 'Deprecated', width: '6rem', cell: (r) => (r.deprecated ? 'deprecated' : '') },
];

/** Operation files taken out of the skill or put back; `waiting` takes them out back among the new ones waiting to be kept. */
interface Curation {
  change: 'remove' | 'put-back';
  paths: string[];
  waiting?: true;
}

interface Status {
  text: string;
  /** What Undo does (the same files the other way), then what Redo after it does. */
  undo?: [undo: Curation, redo: Curation];
  /** What Redo does after an Undo, then what Undo after it does. */
  redo?: [redo: Curation, undo: Curation];
  /** What Undo does after a safety was marked: each file's `safety` as it was. */
  undoSafety?: SafetyMark[];
  /** Files a mark left as they were, each with the rule's reason. */
  refused?: Problem[];
}

/** What marking answered: the files changed (with what they held) and those refused; null when the wizard did not answer. */
export type SafetyMarked = { previous: SafetyMark[]; refused: Problem[] } | null;

/**
 * Every operation of the spec in one table: search (alternatives, paths exactly or with
 * those under them), filters by tag, resource (when tags do not group the operations),
 * method and state, sorting by any column, and curation in bulk (Remove selected, Keep
 * selected, Keep only shown, and the removed ones put back). The rows come from the worker (`listOperations`); what is shown
 * is `filterOperations` and `sortOperations`, the same functions the unit tests hold.
 */
export function OperationsView({
  summary,
  operations,
  onLoad,
  onView,
  onOpen,
  onCurate,
  onSafety,
  tokens,
  targets,
  limitTarget,
  onLimitTarget,
}: {
  /** A new summary (an edit, a removal) means the rows may have changed: they are asked for again. */
  summary: SessionSummary;
  operations: OperationsState;
  onLoad: () => void;
  onView: (view: Partial<Omit<OperationsState, 'rows'>>) => void;
  onOpen: (row: OperationRow) => void;
  onCurate: (change: 'remove' | 'put-back', paths: string[], waiting?: true) => Promise<boolean>;
  /** Sets `safety` on operation files (SPEC 8.1), through the service like any edit. */
  onSafety: (files: SafetyMark[]) => Promise<SafetyMarked>;
  /** The tools' tokens for the chosen model (the Tokens column); null until counted. */
  tokens: TokensView | null;
  /** The compatibility table's rows: the chosen target's limits are measured against the skill. */
  targets: TargetRow[] | null;
  limitTarget: string | null;
  onLimitTarget: (target: string | null) => void;
}) {
  const { rows, query, sort, active } = operations;
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [status, setStatus] = useState<Status | null>(null);
  const [working, setWorking] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    onLoad();
  }, [summary, onLoad]);

  // `/` anywhere but in a field goes to the filter, as in most searchable lists.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTyping(e.target)) return;
      if (!search.current) return;
      e.preventDefault();
      search.current.focus();
      search.current.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const tokenCounts = useMemo(() => (tokens ? new Map(tokens.tools.map((t) => [t.file, t.tokens])) : null), [tokens]);
  const all = useMemo(() => withTokens(rows ?? [], tokenCounts), [rows, tokenCounts]);
  const haystacks = useMemo(() => new Map(all.map((r) => [r, searchText(r)])), [all]);
  const shown = useMemo(() => sortOperations(filterOperations(all, query, haystacks), sort), [all, query, sort, haystacks]);
  const removedView = isOutOfSkill(query.state);
  const newView = query.state === 'new';
  const facets = useMemo(() => operationFacets(all, removedView), [all, removedView]);
  const chosen = shown.filter((r) => r.file !== undefined && selected.has(r.id));
  const hidden = useMemo(() => (removedView || !isFiltered(query) ? [] : filesNotShown(all, shown)), [all, shown, query, removedView]);
  const inSkill = all.filter((r) => !r.removed).length;
  const waitingFiles = useMemo(() => new Set(all.filter((r) => r.waiting && r.file !== undefined).map((r) => r.file!)), [all]);
  const limits = targets?.find((t) => t.target === limitTarget);
  const toolTargets = targets?.filter((t) => t.applies === 'tools') ?? [];

  if (rows === null) return <p className="muted">Listing the operations…</p>;
  if (all.length === 0) return null;

  const setQuery = (change: Partial<OperationQuery>) => {
    onView({ query: { ...query, ...change } });
    setStatus(null);
  };
  const onSort = (key: SortKey) =>
    onView({ sort: sort?.key !== key ? { key, direction: 'ascending' } : sort.direction === 'ascending' ? { key, direction: 'descending' } : null });

  /**
   * Removes or puts back files, says so with an Undo (or, after an Undo, a Redo), and keeps
   * focus in the table (the button pressed may be gone). Keeping new operations is undone by
   * taking them back among the new ones, not among those the person removed.
   */
  const curate = async (action: Curation, text: string, offer?: Pick<Status, 'undo' | 'redo'>) => {
    const { change, paths } = action;
    if (paths.length === 0) return;
    const wasWaiting = change === 'put-back' && paths.every((path) => waitingFiles.has(path));
    const undo: Curation = change === 'remove' ? { change: 'put-back', paths } : { change: 'remove', paths, ...(wasWaiting ? { waiting: true as const } : {}) };
    const gone = new Set(paths);
    const first = shown.findIndex((r) => r.file !== undefined && gone.has(r.file));
    const next = shown.slice(first + 1).find((r) => r.file === undefined || !gone.has(r.file)) ?? shown.slice(0, Math.max(0, first)).reverse().find((r) => r.file === undefined || !gone.has(r.file));
    setWorking(true);
    const done = await onCurate(change, paths, action.waiting);
    setWorking(false);
    if (!done) {
      setStatus({ text: 'That did not happen: the wizard did not answer. Nothing was changed.' });
      return;
    }
    setSelected(new Set());
    setStatus({ text, ...(offer ?? { undo: [undo, action] }) });
    if (next) {
      onView({ active: next.id });
      setFocusRequest((n) => n + 1);
    } else search.current?.focus();
  };

  const describe = (n: number, what: string) => `${count(n, 'operation')} ${what}`;

  /** Marks files' safety (or puts back what they held), says what changed and what the rules refused, with an Undo. */
  const mark = async (files: SafetyMark[], text: (changed: number) => string, undoable = true) => {
    if (files.length === 0) return;
    setWorking(true);
    const done = await onSafety(files);
    setWorking(false);
    if (!done) {
      setStatus({ text: 'That did not happen: the wizard did not answer. Nothing was changed.' });
      return;
    }
    if (done.previous.length > 0) setSelected(new Set());
    setStatus({ text: text(done.previous.length), undoSafety: undoable && done.previous.length > 0 ? done.previous : undefined, refused: done.refused });
  };
  const markChosen = (safety: Safety) => {
    const files = safetyMarks(chosen.filter((r) => r.safety !== undefined), safety);
    void mark(files, (n) => (n === 0 ? `No operation was marked ${safety}.` : `${describe(n, 'marked')} ${safety}.`));
  };
  const declaredChosen = chosen.filter((r) => r.safety !== undefined).length;
  const keepShown = () => void curate({ change: 'remove', paths: hidden }, `Kept the ${count(shown.filter((r) => r.file !== undefined).length, 'operation')} shown; ${describe(hidden.length, 'removed')}, listed under State: Removed.`);
  // Alt+K keeps only the rows shown, from anywhere in the view (the filter box above all): typing a filter and keeping it is two actions.
  const onKeyDown = (e: ReactKeyboardEvent<HTMLElement>) => {
    if (!e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyK') return;
    e.preventDefault();
    if (!working && !removedView && hidden.length > 0) keepShown();
  };
  const keptFiles = new Set(chosen.map((r) => r.file!));
  const notSelected = all.filter((r) => r.file !== undefined && !r.removed && !keptFiles.has(r.file)).map((r) => r.file!);
  const exactPath = shown.length === 0 ? unmatchedExactPath(query.text) : undefined;
  // A path typed as a request sends it (`/users/me`): the templates it fits, to type instead.
  const fitting = exactPath === undefined ? [] : templatesFitting(exactPath, all.map((r) => r.path)).filter((t) => t !== exactPath).slice(0, 3);
  const stateOptions = facets.states.filter(([s, n]) => n > 0 || s === query.state);

  return (
    <section className="operations" aria-labelledby="operations-heading" onKeyDown={onKeyDown}>
      <div className="file-bar">
        <h3 id="operations-heading">Operations</h3>
        <span className="muted" aria-live="polite">
          {newView ? `${count(shown.length, 'new operation')} waiting to be kept` : removedView ? `${count(shown.length, 'removed operation')} shown` : `${shown.length} of ${count(inSkill, 'operation')} shown`}
          {chosen.length > 0 ? ` · ${chosen.length} selected` : ''}
        </span>
      </div>
      <div className="ops-toolbar">
        <span className="ops-search-box">
          <input
            ref={search}
            type="search"
            className="ops-search"
            aria-label="Filter operations"
            aria-describedby="ops-search-help"
            placeholder="POST /v2/payments, a tag, an operationId, a tool…"
            value={query.text}
            onChange={(e) => setQuery({ text: e.target.value })}
          />
          <span id="ops-search-help" className="muted hint">
            <code>|</code> between alternatives (<code>/v1/refunds | /v1/customers</code>). A path is that path exactly; <code>{'/v1/customers/**'}</code> adds every path under it, <code>*</code> is one segment. <kbd>/</kbd> comes here, <kbd>Alt+K</kbd> keeps only the operations shown.
          </span>
        </span>
        <label className="ops-filter">
          <span>Tag</span>
          <select value={query.tag ?? ''} onChange={(e) => setQuery({ tag: e.target.value === '' ? null : e.target.value })}>
            <option value="">All tags</option>
            {facets.untagged > 0 && <option value={UNTAGGED}>No tag ({facets.untagged})</option>}
            {facets.tags.map(([tag, n]) => (
              <option key={tag} value={tag}>
                {tag} ({n})
              </option>
            ))}
          </select>
        </label>
        {(facets.byResource || query.resource !== null) && (
          <label className="ops-filter">
            <span>Resource</span>
            <select value={query.resource ?? ''} onChange={(e) => setQuery({ resource: e.target.value === '' ? null : e.target.value })}>
              <option value="">All resources</option>
              {facets.resources.map(([resource, n]) => (
                <option key={resource} value={resource}>
                  {resource} ({n})
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="ops-filter">
          <span>Method</span>
          <select value={query.method ?? ''} onChange={(e) => setQuery({ method: e.target.value === '' ? null : e.target.value })}>
            <option value="">All methods</option>
            {facets.methods.map(([method, n]) => (
              <option key={method} value={method}>
                {method} ({n})
              </option>
            ))}
          </select>
        </label>
        <label className="ops-filter">
          <span>State</span>
          <select value={query.state ?? ''} onChange={(e) => setQuery({ state: e.target.value === '' ? null : (e.target.value as StateFilter) })}>
            <option value="">In the skill</option>
            {stateOptions.map(([state, n]) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]} ({n})
              </option>
            ))}
          </select>
        </label>
        <label className="ops-filter">
          <span>Safety</span>
          <select value={query.safety ?? ''} onChange={(e) => setQuery({ safety: e.target.value === '' ? null : (e.target.value as Safety) })}>
            <option value="">Any safety</option>
            {facets.safeties.map(([safety, n]) => (
              <option key={safety} value={safety}>
                {safety} ({n})
              </option>
            ))}
          </select>
        </label>
        {(isFiltered(query) || removedView) && (
          <button type="button" onClick={() => setQuery(EMPTY_QUERY)}>
            Clear filters
          </button>
        )}
      </div>
      {toolTargets.length > 0 && (
        <div className="ops-limits">
          <label className="ops-filter">
            <span>Limits of</span>
            <select value={limits?.target ?? ''} onChange={(e) => onLimitTarget(e.target.value === '' ? null : e.target.value)}>
              <option value="">No target</option>
              {toolTargets.map((t) => (
                <option key={t.target} value={t.target}>
                  {t.title}
                  {t.maxTools === undefined ? '' : ` (${t.maxTools} tools)`}
                </option>
              ))}
            </select>
          </label>
          {limits && <TargetLimits row={limits} shown={removedView ? undefined : shownTools(shown)} tokens={tokens} />}
        </div>
      )}
      <div className="ops-actions actions">
        {newView ? (
          <>
            <button type="button" disabled={working || chosen.length === 0} onClick={() => void curate({ change: 'put-back', paths: chosen.map((r) => r.file!) }, `${describe(chosen.length, 'kept')}: they are in the skill now.`)}>
              Keep selected in the skill
            </button>
            <button type="button" disabled={working || shown.length === 0} onClick={() => void curate({ change: 'put-back', paths: shown.map((r) => r.file!) }, `${describe(shown.length, 'kept')}: they are in the skill now.`)}>
              Keep every new one shown
            </button>
          </>
        ) : removedView ? (
          <button type="button" disabled={working || chosen.length === 0} onClick={() => void curate({ change: 'put-back', paths: chosen.map((r) => r.file!) }, `${describe(chosen.length, 'put back')} into the skill.`)}>
            Put back selected
          </button>
        ) : (
          <>
            <button type="button" disabled={working || chosen.length === 0} onClick={() => void curate({ change: 'remove', paths: chosen.map((r) => r.file!) }, `${describe(chosen.length, 'removed')}: listed under State: Removed, where they can be put back.`)}>
              Remove selected
            </button>
            <button
              type="button"
              disabled={working || chosen.length === 0 || notSelected.length === 0}
              onClick={() => void curate({ change: 'remove', paths: notSelected }, `Kept the ${count(keptFiles.size, 'operation')} selected; ${describe(notSelected.length, 'removed')}, listed under State: Removed.`)}
            >
              Keep selected
            </button>
            <button
              type="button"
              disabled={working || hidden.length === 0}
              aria-keyshortcuts="Alt+K"
              title={isFiltered(query) ? 'Alt+K' : 'Search or filter first: the operations shown are the ones kept'}
              onClick={keepShown}
            >
              Keep only shown
            </button>
            <span role="group" aria-label="Mark the safety of the selected operations" className="ops-mark">
              {SAFETY_VALUES.map((safety) => (
                <button key={safety} type="button" disabled={working || declaredChosen === 0} onClick={() => markChosen(safety)}>
                  Mark {safety}
                </button>
              ))}
            </span>
          </>
        )}
        <p role="status" className="ops-status">
          {status?.text}
          {status?.refused && status.refused.length > 0 && (
            <>
              {' '}
              {count(status.refused.length, 'operation')} left as {status.refused.length === 1 ? 'it was' : 'they were'}:{' '}
              {status.refused.map((p) => `${p.file}: ${p.message}`).join('; ')}.
            </>
          )}
          {status?.undoSafety && (
            <>
              {' '}
              <button type="button" className="link" disabled={working} onClick={() => void mark(status.undoSafety!, (n) => `Undone: ${describe(n, 'back')} to the safety they had.`, false)}>
                Undo
              </button>
            </>
          )}
          {status?.undo && (
            <>
              {' '}
              <button type="button" className="link" disabled={working} onClick={() => void curate(status.undo![0], `Undone: ${describe(status.undo![0].paths.length, curationWords(status.undo![0]))}.`, { redo: [status.undo![1], status.undo![0]] })}>
                Undo
              </button>
            </>
          )}
          {status?.redo && (
            <>
              {' '}
              <button type="button" className="link" disabled={working} onClick={() => void curate(status.redo![0], `Redone: ${describe(status.redo![0].paths.length, curationWords(status.redo![0], status.redo![1]))}.`, { undo: [status.redo![1], status.redo![0]] })}>
                Redo
              </button>
            </>
          )}
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="muted">
          {newView ? 'No new operation waits to be kept.' : removedView ? 'No removed operation matches.' : 'No operation matches.'}
          {exactPath && fitting.length > 0 && (
            <>
              {' '}
              Paths are the spec&apos;s templates, and <code>{exactPath}</code> fits{' '}
              {fitting.map((t, i) => (
                <span key={t}>
                  {i > 0 && ', '}
                  <code>{t}</code>
                </span>
              ))}
              .
            </>
          )}
          {exactPath && fitting.length === 0 && (
            <>
              {' '}
              A path is matched exactly: <code>{`${exactPath}*`}</code> finds the paths that start with <code>{exactPath}</code>, <code>{`${exactPath}/**`}</code> the path and those under it.
            </>
          )}
        </p>
      ) : (
        <OperationsTable
          rows={shown}
          columns={COLUMNS}
          label={newView ? 'New operations' : removedView ? 'Removed operations' : 'Operations'}
          selected={selected}
          onSelect={setSelected}
          active={active}
          onActive={(id) => onView({ active: id })}
          onOpen={onOpen}
          sort={sort}
          onSort={onSort}
          focusRequest={focusRequest}
        />
      )}
      <p className="muted hint">
        Arrow keys move between rows, Space selects, Enter opens the file; Ctrl+A selects every row shown.
      </p>
    </section>
  );
}

/** What a curation did to its operations, for the line that says so; `undone` is what undoes it (a keep is undone back to waiting). */
function curationWords(c: Curation, undone?: Curation): string {
  if (c.change === 'remove') return c.waiting ? 'back among the new ones waiting to be kept' : 'removed again';
  return undone?.waiting ? 'kept again' : 'put back';
}

/** Whether a key goes to something being typed in: a field, a select, the editor. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The first path typed without `*` or `?`: when nothing matches, it is likely meant as the start of paths. */
function unmatchedExactPath(text: string): string | undefined {
  const word = text.split(/[\s|]+/).find((w) => w.startsWith('/') && !/[*?]/.test(w));
  return word === undefined ? undefined : word.replace(/\/+$/, '') || undefined;
}

/** The rows shown that publish a tool, and their tokens: what "Keep only shown" would leave. */
function shownTools(shown: readonly OperationRow[]): { tools: number; tokens: number } {
  let tools = 0;
  let tokens = 0;
  for (const r of shown) {
    if (r.removed || (r.state !== 'declared' && r.state !== 'fitted')) continue;
    tools++;
    tokens += r.tokens ?? 0;
  }
  return { tools, tokens };
}

/**
 * The chosen target's limits measured against the skill: its tool count
 * (`41 of 40 tools`, in red when over), its verdict from the compatibility table, and what
 * the operations shown would come to, so a filter then "Keep only shown" can bring the skill
 * under the limit.
 */
function TargetLimits({ row, shown, tokens }: { row: TargetRow; shown?: { tools: number; tokens: number }; tokens: TokensView | null }) {
  const limit = toolLimit(row.tools, row.maxTools);
  const after = shown && row.maxTools !== undefined && limit.over ? toolLimit(shown.tools, row.maxTools) : undefined;
  return (
    <p className="ops-limit" aria-label={`Limits of ${row.title}`} aria-live="polite">
      <span className={limit.over ? 'over' : undefined}>{limit.text}</span>
      {' · '}
      {VERDICT_WORDS[row.verdict]}
      {row.errors > 0 ? ` (${count(row.errors, 'error')}; the table below has each reason)` : ''}
      {after && (
        <>
          {' · '}
          <span className={after.over ? 'over' : 'fits'}>
            the {count(shown!.tools, 'tool')} shown{tokens ? ` (${bytes.format(shown!.tokens)} tokens for ${tokens.model.label})` : ''} {after.over ? 'are still over' : 'fit'}
          </span>
        </>
      )}
    </p>
  );
}
