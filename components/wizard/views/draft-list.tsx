'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_DRAFT_LABEL, type DraftInfo } from '../../../lib/wizard/draft-schema';
import { draftApi, draftFacts, draftSource } from './format';
import type { DraftListing } from '../drafts/draft-store';

const when = (ms: number) => new Date(ms).toLocaleString();

/**
 * Every skill kept in this browser, each its own draft, told apart by its name (one the
 * person gave, or its folder's), the API's title and version, the spec file it was generated
 * from and when, its tools, edits and last save: Continue, Rename, Download, Delete. A draft another tab has open says so, and is left to that tab. One that
 * cannot be read says why, and offers its raw data and its deletion.
 */
export function DraftList({
  drafts,
  elsewhere,
  openId,
  notes,
  busy,
  onContinue,
  onDownload,
  onDelete,
  onDownloadRaw,
  onRename,
}: {
  drafts: readonly DraftListing[];
  elsewhere: readonly string[];
  openId: string | null;
  notes: Readonly<Record<string, string>>;
  busy: boolean;
  onContinue: (id: string) => void;
  onDownload: (id: string) => void;
  onDelete: (id: string) => void;
  onDownloadRaw: (id: string) => void;
  /** A blank name gives the draft back its folder's name. */
  onRename: (id: string, label: string) => void;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  // The draft whose Rename button takes the focus back once its form has given way.
  const returnFocus = useRef<string | null>(null);
  const closeRename = (id: string) => {
    returnFocus.current = id;
    setRenaming(null);
  };
  if (drafts.length === 0) return null;
  return (
    <section className="drafts" aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Kept in this browser</h2>
      <ul>
        {drafts.map((d) => {
          const note = notes[d.id];
          if (!d.ok) {
            return (
              <li key={d.id} className="draft unreadable">
                <p>
                  <strong>{d.name}</strong> cannot be read: {d.why}. The rest of the wizard works; download its raw data to keep what it holds.
                </p>
                <div className="actions">
                  <button type="button" disabled={busy} onClick={() => onDownloadRaw(d.id)}>
                    Download its raw data<span className="visually-hidden"> ({d.name})</span>
                  </button>
                  <button type="button" disabled={busy} onClick={() => onDelete(d.id)}>
                    Delete<span className="visually-hidden"> {d.name}</span>
                  </button>
                </div>
              </li>
            );
          }
          const { info } = d;
          const other = elsewhere.includes(d.id);
          const name = info.label ?? info.folder;
          const api = draftApi(info);
          return (
            <li key={d.id} className="draft">
              <p>
                <strong>{name}</strong>
                {info.label !== undefined && (
                  <>
                    {' '}
                    (<code>{info.folder}</code>)
                  </>
                )}
                {d.id === openId ? ' (open here)' : ''}
                {api !== undefined && (
                  <>
                    <br />
                    <span className="draft-api">{api}</span>
                  </>
                )}
                <br />
                <span className="muted">
                  {draftSource(info, when)}
                  <br />
                  {draftFacts(info)} · saved {when(info.savedAt)}
                </span>
              </p>
              {renaming === d.id ? (
                <RenameForm
                  info={info}
                  busy={busy}
                  onSave={(label) => {
                    closeRename(d.id);
                    onRename(d.id, label);
                  }}
                  onCancel={() => closeRename(d.id)}
                />
              ) : other ? (
                <p className="notice">Another tab has this draft open: continue there, or close that tab first.</p>
              ) : (
                <div className="actions">
                  <button type="button" className="primary" disabled={busy} onClick={() => onContinue(d.id)}>
                    Continue with {name}
                  </button>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => setRenaming(d.id)}
                    ref={(button) => {
                      if (button && returnFocus.current === d.id) {
                        returnFocus.current = null;
                        button.focus();
                      }
                    }}
                  >
                    Rename<span className="visually-hidden"> {name}</span>
                  </button>
                  <button type="button" disabled={busy} onClick={() => onDownload(d.id)}>
                    Download<span className="visually-hidden"> {name}</span>
                  </button>
                  <button type="button" disabled={busy} onClick={() => onDelete(d.id)}>
                    Delete<span className="visually-hidden"> {name}</span>
                  </button>
                </div>
              )}
              {note && !other && (
                <p role="alert" className="notice">
                  {note}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The inline Rename: the name in a field, Enter or Save keeps it, Escape or Cancel leaves it; a blank name is the folder's. */
function RenameForm({ info, busy, onSave, onCancel }: { info: DraftInfo; busy: boolean; onSave: (label: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(info.label ?? info.folder);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(text);
  };
  return (
    <form className="actions rename" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onCancel())}>
      <label>
        <span className="field-label">Name of this draft</span>{' '}
        <input ref={field} type="text" value={text} maxLength={MAX_DRAFT_LABEL} onChange={(e) => setText(e.target.value)} aria-describedby={`rename-help-${info.id}`} />
      </label>
      <button type="submit" className="primary" disabled={busy}>
        Save the name
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      <span id={`rename-help-${info.id}`} className="muted hint">
        Shown in this list only; the skill keeps its name <code>{info.folder}</code>. Left blank, the draft is called by it.
      </span>
    </form>
  );
}
