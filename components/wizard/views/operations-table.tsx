'use client';

import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import type { OperationSort, SortKey } from '../../../lib/wizard/operation-query';
import type { OperationRow } from '../../../lib/wizard/operations';

/**
 * One column of the operations table: its header, its width and its cell. Sorting by it is
 * `SORTERS[key]` (lib/wizard/operation-query.ts); a new column is an entry there, a field on
 * `OperationRow`, and one of these.
 */
export interface OperationColumn {
  key: SortKey;
  header: string;
  /** A CSS grid track (`5rem`, `minmax(12rem, 2fr)`). */
  width: string;
  cell(row: OperationRow): ReactNode;
}

const ROW_HEIGHT = 44;
/** On a phone a row is three lines: its method and state, its path, its tool (app/globals.css). */
const PHONE_ROW_HEIGHT = 66;
const PHONE = '(max-width: 40rem)';

const onPhoneChange = (listener: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/** The rows' height for the screen's width, as the style sheet lays them out. */
function useRowHeight(): number {
  return useSyncExternalStore(
    onPhoneChange,
    () => (window.matchMedia(PHONE).matches ? PHONE_ROW_HEIGHT : ROW_HEIGHT),
    () => ROW_HEIGHT,
  );
}
const PAGE = 10;

const selectable = (r: OperationRow) => r.file !== undefined;

/**
 * The operations as a WAI-ARIA grid whose rows are the unit of focus (the row mode the APG
 * describes for a treegrid; cells hold nothing to edit): one tab stop, the active row. Arrow
 * keys, Home, End, Page Up and Page Down move it; Space selects it (Shift with an arrow
 * selects the rows passed over); Enter opens it; Ctrl+A selects every row shown. A click
 * opens a row, its checkbox selects it. Virtualized: only the rows in view, and the active
 * one (so focus is never lost to a row scrolled away), are in the page; `aria-rowcount` and
 * `aria-rowindex` say where they are among all.
 */
export function OperationsTable({
  rows,
  columns,
  label,
  selected,
  onSelect,
  active,
  onActive,
  onOpen,
  sort,
  onSort,
  focusRequest,
}: {
  rows: readonly OperationRow[];
  columns: readonly OperationColumn[];
  label: string;
  selected: ReadonlySet<string>;
  /** The new selection, whole. */
  onSelect: (ids: Set<string>) => void;
  /** The id of the row with the tab stop (the first row when it is not shown). */
  active: string | null;
  onActive: (id: string) => void;
  onOpen: (row: OperationRow) => void;
  sort: OperationSort | null;
  onSort: (key: SortKey) => void;
  /** Raised by the view to put focus on the active row (after a bulk removal took the focused button away). */
  focusRequest: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const rowElements = useRef(new Map<number, HTMLDivElement>());
  const wantFocus = useRef(false);
  const found = rows.findIndex((r) => r.id === active);
  const activeIndex = found < 0 ? 0 : found;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return rows.length > 0 && !indexes.includes(activeIndex) ? [...indexes, activeIndex].sort((a, b) => a - b) : indexes;
    },
    [activeIndex, rows.length],
  );
  // The virtualizer's functions change with its state; nothing here memoizes them.
  const rowHeight = useRowHeight();
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 10, rangeExtractor });
  // The window turned narrow or wide: the rows are laid out again at their new height.
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const template = `2.5rem ${columns.map((c) => c.width).join(' ')}`;

  // Focus follows the keys once the row moved to is drawn.
  useEffect(() => {
    if (!wantFocus.current) return;
    const el = rowElements.current.get(activeIndex);
    if (!el) return;
    wantFocus.current = false;
    el.focus({ preventScroll: true });
  });

  useEffect(() => {
    if (focusRequest === 0 || rows.length === 0) return;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
    wantFocus.current = true;
    rowElements.current.get(activeIndex)?.focus({ preventScroll: true });
    // Only a new request moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const moveTo = (index: number, extend: boolean) => {
    if (rows.length === 0) return;
    const i = Math.min(rows.length - 1, Math.max(0, index));
    const row = rows[i];
    onActive(row.id);
    if (extend && selectable(row)) onSelect(new Set(selected).add(row.id));
    virtualizer.scrollToIndex(i, { align: 'auto' });
    wantFocus.current = true;
  };

  const toggle = (row: OperationRow) => {
    if (!selectable(row)) return;
    const next = new Set(selected);
    if (next.has(row.id)) next.delete(row.id);
    else next.add(row.id);
    onSelect(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[activeIndex];
    if (!row || !(e.target as HTMLElement).closest('.ops-body')) return;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      onSelect(new Set([...selected, ...rows.filter(selectable).map((r) => r.id)]));
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex + 1, e.shiftKey),
      ArrowUp: () => moveTo(activeIndex - 1, e.shiftKey),
      PageDown: () => moveTo(activeIndex + PAGE, false),
      PageUp: () => moveTo(activeIndex - PAGE, false),
      Home: () => moveTo(0, false),
      End: () => moveTo(rows.length - 1, false),
      ' ': () => toggle(row),
      Enter: () => onOpen(row),
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  const shownSelectable = rows.filter(selectable);
  const allSelected = shownSelectable.length > 0 && shownSelectable.every((r) => selected.has(r.id));
  const someSelected = !allSelected && shownSelectable.some((r) => selected.has(r.id));
  const ariaSort = (key: SortKey) => (sort?.key === key ? sort.direction : undefined);

  return (
    <div role="grid" aria-label={label} aria-rowcount={rows.length + 1} aria-colcount={columns.length + 1} aria-multiselectable="true" className="ops-grid" onKeyDown={onKeyDown}>
      <div role="rowgroup" className="ops-head">
        <div role="row" aria-rowindex={1} className="ops-row" style={{ gridTemplateColumns: template }}>
          <div role="columnheader" aria-colindex={1} className="ops-check">
            <input
              type="checkbox"
              aria-label={`Select all ${shownSelectable.length} shown`}
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = someSelected;
              }}
              disabled={shownSelectable.length === 0}
              onChange={() => {
                const next = new Set(selected);
                for (const r of shownSelectable) {
                  if (allSelected) next.delete(r.id);
                  else next.add(r.id);
                }
                onSelect(next);
              }}
            />
          </div>
          {columns.map((c, i) => (
            <div key={c.key} role="columnheader" aria-colindex={i + 2} aria-sort={ariaSort(c.key)} className={`ops-cell ops-${c.key}`}>
              <button type="button" className="ops-sort" onClick={() => onSort(c.key)}>
                {c.header}
                <span aria-hidden="true">{sort?.key === c.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
              </button>
            </div>
          ))}
        </div>
      </div>
      <div ref={scroller} role="rowgroup" className="ops-body" style={{ height: `min(60vh, ${Math.max(2, rows.length) * rowHeight + 2}px)` }}>
        <div role="none" className="ops-spacer" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            const isSelected = selected.has(row.id);
            return (
              <div
                key={row.id}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selectable(row) ? isSelected : undefined}
                tabIndex={item.index === activeIndex ? 0 : -1}
                ref={(el) => {
                  if (el) rowElements.current.set(item.index, el);
                  else rowElements.current.delete(item.index);
                }}
                className={`ops-row${isSelected ? ' selected' : ''}`}
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)`, height: rowHeight }}
                onFocus={(e) => {
                  if (e.target === e.currentTarget && row.id !== active) onActive(row.id);
                }}
                onClick={() => onOpen(row)}
              >
                <div role="gridcell" aria-colindex={1} className="ops-check" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select ${row.method} ${row.path}`}
                    checked={isSelected}
                    disabled={!selectable(row)}
                    onChange={() => {
                      onActive(row.id);
                      toggle(row);
                    }}
                  />
                </div>
                {columns.map((c, i) => (
                  <div key={c.key} role="gridcell" aria-colindex={i + 2} className={`ops-cell ops-${c.key}`}>
                    {c.cell(row)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
