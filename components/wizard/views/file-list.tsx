'use client';

import { memo, useState } from 'react';
import type { FileSummary } from '../../../lib/wizard/session';

const current = (yes: boolean) => ({ className: yes ? 'file current' : 'file', 'aria-current': yes ? ('page' as const) : undefined });

/**
 * A file name that, when the list is too narrow for it, is cut at its start rather than its
 * end: seven files `post_payment_intents_intent_capture.md`, `…_intent_cancel.md` read apart
 * by their ends, where operation files differ. One text node, isolated left to right inside a
 * box laid out right to left (so the overflow and its ellipsis are at the start); a screen
 * reader and the tooltip give the whole name.
 */
export function FileName({ path }: { path: string }) {
  return (
    <span className="name end-first">
      <bdi>{path}</bdi>
    </span>
  );
}

/** One file of the list: drawn again only when its row or its being the current one changes. */
const FileRow = memo(function FileRow({ file: f, isCurrent, onSelect }: { file: FileSummary; isCurrent: boolean; onSelect: (path: string) => void }) {
  return (
    <button
      type="button"
      data-path={f.path}
      {...current(isCurrent)}
      onClick={() => onSelect(f.path)}
      title={f.kind === 'operation' && !f.declared ? `${f.path}: prose-only, no operation block` : f.path}
    >
      <FileName path={f.path} />
      {f.kind === 'operation' && !f.declared && <span className="tag">prose</span>}
      {f.edited && <span className="tag edited">edited</span>}
      {f.errors > 0 && <span className="count error" aria-label={`${f.errors} errors`}>{f.errors}</span>}
      {f.warnings > 0 && <span className="count warning" aria-label={`${f.warnings} warnings`}>{f.warnings}</span>}
    </button>
  );
});

/**
 * The skill's files with their problem counts, filterable; the report is the first entry.
 * Memoized, as its rows are: the summary after an edit keeps the rows it did not change
 * (`wizardReducer`), so typing does not draw a thousand rows again (give it stable callbacks).
 */
export const FileList = memo(function FileList({
  files,
  selected,
  onSelect,
  specFiles,
  selectedSpec,
  onSelectSpec,
  removed,
  onPutBack,
}: {
  files: readonly FileSummary[];
  selected: string | null;
  onSelect: (path: string | null) => void;
  specFiles: readonly string[];
  selectedSpec: string | null;
  onSelectSpec: (path: string) => void;
  removed: readonly string[];
  onPutBack: (path: string) => void;
}) {
  const [filter, setFilter] = useState('');
  const [onlyProblems, setOnlyProblems] = useState(false);
  const needle = filter.trim().toLowerCase();
  const shown = files.filter((f) => (!needle || f.path.toLowerCase().includes(needle)) && (!onlyProblems || f.errors + f.warnings > 0));
  const shownSpec = specFiles.filter((path) => !onlyProblems && (!needle || path.toLowerCase().includes(needle)));
  return (
    <nav className="file-list" aria-label="Skill files">
      <button type="button" {...current(selected === null && selectedSpec === null)} onClick={() => onSelect(null)}>
        <span className="name">Import report</span>
      </button>
      {files.length + specFiles.length > 12 && (
        <div className="file-filter">
          <input type="search" aria-label="Filter files" placeholder={`Filter ${files.length} files`} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <label className="check">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} /> with problems
          </label>
        </div>
      )}
      {shown.map((f) => (
        <FileRow key={f.path} file={f} isCurrent={f.path === selected && selectedSpec === null} onSelect={onSelect} />
      ))}
      {shown.length === 0 && <p className="muted">No file matches.</p>}
      {removed.length > 0 && (
        <details className="spec-files" aria-label="Removed files">
          <summary>Removed ({removed.length})</summary>
          <ul className="removed">
            {removed.map((path) => (
              <li key={path}>
                <span className="name">{path}</span>
                <button type="button" className="link" aria-label={`Put back ${path}`} onClick={() => onPutBack(path)}>
                  put back
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      {shownSpec.length > 0 && (
        <details className="spec-files" open={specFiles.length <= 20 || needle !== '' || selectedSpec !== null}>
          <summary>The spec ({specFiles.length} {specFiles.length === 1 ? 'file' : 'files'}, read-only)</summary>
          {shownSpec.slice(0, 500).map((path) => (
            <button type="button" key={path} {...current(path === selectedSpec)} onClick={() => onSelectSpec(path)} title={path}>
              <span className="name">{path}</span>
            </button>
          ))}
          {shownSpec.length > 500 && <p className="muted">{shownSpec.length - 500} more: filter to find one.</p>}
        </details>
      )}
    </nav>
  );
});
