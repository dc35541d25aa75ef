'use client';

import { draftFacts } from './format';
import type { DraftListing } from '../drafts/draft-store';

/**
 * Every skill kept in this browser, each its own draft: Continue,
 * Download, Delete. A draft another tab has open says so, and is left to that tab. One that
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
}) {
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
          return (
            <li key={d.id} className="draft">
              <p>
                <strong>{info.folder}</strong>, from <code>{info.origin.name}</code>
                {d.id === openId ? ' (open here)' : ''}
                <br />
                <span className="muted">
                  {draftFacts(info)} · saved {new Date(info.savedAt).toLocaleString()}
                </span>
              </p>
              {other ? (
                <p className="notice">Another tab has this draft open: continue there, or close that tab first.</p>
              ) : (
                <div className="actions">
                  <button type="button" className="primary" disabled={busy} onClick={() => onContinue(d.id)}>
                    Continue with {info.folder}
                  </button>
                  <button type="button" disabled={busy} onClick={() => onDownload(d.id)}>
                    Download<span className="visually-hidden"> {info.folder}</span>
                  </button>
                  <button type="button" disabled={busy} onClick={() => onDelete(d.id)}>
                    Delete<span className="visually-hidden"> {info.folder}</span>
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
