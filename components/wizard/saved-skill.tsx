'use client';

import type { SavedInfo } from './saved-session';

/** The skill kept in this browser, offered to continue with or to delete. */
export function SavedSkill({ saved, busy, onResume, onDiscard }: { saved: SavedInfo; busy: boolean; onResume: () => void; onDiscard: () => void }) {
  return (
    <section className="resume" aria-label="Saved skill">
      <p>
        <strong>{saved.folder}</strong>, from <code>{saved.origin}</code>, is kept in this browser ({saved.files} files
        {saved.edited > 0 ? `, ${saved.edited} edited` : ''}; saved {new Date(saved.savedAt).toLocaleString()}).
      </p>
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={onResume}>
          Continue with {saved.folder}
        </button>
        <button type="button" disabled={busy} onClick={onDiscard}>
          Delete it
        </button>
      </div>
    </section>
  );
}
