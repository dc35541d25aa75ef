'use client';

import { useId } from 'react';

/**
 * The base URL option, on the start page and in "Generate again": what it does is said under
 * the field, not in its placeholder, which was cut at the field's width and is gone once
 * something is typed.
 */
export function BaseUrlField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const about = useId();
  return (
    <div className="field-group">
      <label className="field">
        <span>Base URL</span>
        <input type="text" inputMode="url" value={value} onChange={(e) => onChange(e.target.value)} placeholder="https://api.example.com" aria-describedby={about} />
      </label>
      <p id={about} className="muted field-about">
        Replaces the spec&apos;s servers (a sandbox, a proxy), or resolves a relative one.
      </p>
    </div>
  );
}
