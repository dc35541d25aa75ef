'use client';

import type { ChangeEvent, RefObject } from 'react';

/**
 * A hidden file input that chooses a whole folder, opened by a button that clicks it through
 * `inputRef`. `webkitdirectory` is not in React's typings, so it is set on the element.
 */
export function FolderInput({ inputRef, label, onChange }: { inputRef: RefObject<HTMLInputElement | null>; label: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <input
      ref={(el) => {
        inputRef.current = el;
        el?.setAttribute('webkitdirectory', '');
      }}
      type="file"
      multiple
      hidden
      aria-label={label}
      onChange={onChange}
    />
  );
}
