'use client';

import { useState } from 'react';

/** Generate the skill again from the same spec, with another name or a base URL (SPEC 4.2). */
export function RegenerateForm({ folder, relativeServer, busy, onRegenerate }: { folder: string; relativeServer: boolean; busy: boolean; onRegenerate: (options: { name: string; baseUrl: string }) => void }) {
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  return (
    <>
      {relativeServer && (
        <p className="notice" role="note">
          The spec&apos;s server URL is relative, so no operation has a full URL yet and each fails <code>operation-url</code>. Give the API&apos;s base
          URL below and generate again.
        </p>
      )}
      <form
        className="regenerate"
        onSubmit={(e) => {
          e.preventDefault();
          onRegenerate({ name, baseUrl });
        }}
      >
        <label className="field">
          <span>Skill name</span>
          <input value={name} placeholder={folder} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span>Base URL</span>
          <input value={baseUrl} placeholder="for relative server URLs" onChange={(e) => setBaseUrl(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          Generate again
        </button>
      </form>
    </>
  );
}
