'use client';

import { useState } from 'react';
import type { FileSummary } from '../../lib/wizard/session';

/** The skill's files with their problem counts, filterable; the report is the first entry. */
export function FileList({ files, selected, onSelect }: { files: readonly FileSummary[]; selected: string | null; onSelect: (path: string | null) => void }) {
  const [filter, setFilter] = useState('');
  const [onlyProblems, setOnlyProblems] = useState(false);
  const needle = filter.trim().toLowerCase();
  const shown = files.filter((f) => (!needle || f.path.toLowerCase().includes(needle)) && (!onlyProblems || f.errors + f.warnings > 0));
  return (
    <nav className="file-list" aria-label="Skill files">
      <button type="button" className={selected === null ? 'file current' : 'file'} aria-current={selected === null ? 'page' : undefined} onClick={() => onSelect(null)}>
        <span className="name">Import report</span>
      </button>
      {files.length > 12 && (
        <div className="file-filter">
          <input type="search" aria-label="Filter files" placeholder={`Filter ${files.length} files`} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <label className="check">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} /> with problems
          </label>
        </div>
      )}
      {shown.map((f) => (
        <button
          type="button"
          key={f.path}
          className={f.path === selected ? 'file current' : 'file'}
          aria-current={f.path === selected ? 'page' : undefined}
          onClick={() => onSelect(f.path)}
          title={f.kind === 'operation' && !f.declared ? `${f.path}: prose-only, no operation block` : f.path}
        >
          <span className="name">{f.path}</span>
          {f.kind === 'operation' && !f.declared && <span className="tag">prose</span>}
          {f.edited && <span className="tag edited">edited</span>}
          {f.errors > 0 && <span className="count error" aria-label={`${f.errors} errors`}>{f.errors}</span>}
          {f.warnings > 0 && <span className="count warning" aria-label={`${f.warnings} warnings`}>{f.warnings}</span>}
        </button>
      ))}
      {shown.length === 0 && <p className="muted">No file matches.</p>}
    </nav>
  );
}
