'use client';

import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import type { Problem } from '../../../lib/core/problem';
import { chosenFromDrop, chosenFromInput, type ChosenFiles } from '../io/browser-files';
import { byteSize } from './format';
import { BaseUrlField } from './base-url-field';
import { FolderInput } from './folder-input';
import { ProblemList } from './problem-list';

export interface SpecChoice {
  chosen: ChosenFiles;
  name?: string;
  baseUrl?: string;
}

/**
 * Where a skill starts: a spec (one file, several, a folder or a `.zip`), the sample spec,
 * or a skill bundle downloaded before. A refused upload's problems are shown here, and the
 * skill that was open (if any) is kept as it was.
 */
export function StartPanel({
  busy,
  fetching,
  problems,
  onSpec,
  onSample,
  onBundle,
  onUrl,
  onCancelFetch,
}: {
  busy: string | null;
  /** A fetch by address under way: what has come, and a Cancel. */
  fetching: { received: number; total: number | null } | null;
  problems: readonly Problem[];
  onSpec: (choice: SpecChoice) => void;
  onSample: (options: { name?: string; baseUrl?: string }) => void;
  onBundle: (file: File) => void;
  onUrl: (url: string, options: { name?: string; baseUrl?: string }) => void;
  onCancelFetch: () => void;
}) {
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [dragging, setDragging] = useState(false);
  const [url, setUrl] = useState('');
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const bundleInput = useRef<HTMLInputElement>(null);
  const options = () => ({ name: name.trim() || undefined, baseUrl: baseUrl.trim() || undefined });

  const chose = (e: ChangeEvent<HTMLInputElement>, fromFolder: boolean) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length > 0) onSpec({ chosen: chosenFromInput(files, fromFolder), ...options() });
  };

  const drop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const chosen = await chosenFromDrop(e.dataTransfer);
    if (chosen.files.length > 0) onSpec({ chosen, ...options() });
  };

  return (
    <section className="start" aria-label="Start">
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => void drop(e)}
      >
        <h2>Upload an OpenAPI spec</h2>
        <p>Swagger 2.0, OpenAPI 3.0 or 3.1; JSON or YAML; one file, several files that reference each other, a folder, or a .zip. Drop them here or:</p>
        <div className="actions">
          <button type="button" className="primary" disabled={busy !== null} onClick={() => filesInput.current?.click()}>
            Choose spec files…
          </button>
          <button type="button" disabled={busy !== null} onClick={() => folderInput.current?.click()}>
            Choose a folder…
          </button>
          <button type="button" disabled={busy !== null} onClick={() => onSample(options())}>
            Try the sample spec
          </button>
        </div>
        <input ref={filesInput} type="file" multiple accept=".json,.yaml,.yml,.zip" hidden aria-label="Spec files" onChange={(e) => chose(e, false)} />
        <FolderInput inputRef={folderInput} label="Spec folder" onChange={(e) => chose(e, true)} />
        <form
          className="url-form"
          onSubmit={(e) => {
            e.preventDefault();
            onUrl(url, options());
          }}
        >
          <label className="field">
            <span>Or the spec&apos;s address (fetched by this browser, not by the server)</span>
            <input type="text" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/openapi.yaml" />
          </label>
          <button type="submit" disabled={busy !== null}>
            Fetch
          </button>
        </form>
        <details className="options">
          <summary>Options: skill name, base URL</summary>
          <label className="field">
            <span>Skill name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="from the spec's title" />
          </label>
          <BaseUrlField value={baseUrl} onChange={setBaseUrl} />
        </details>
      </div>
      <div className="bundle">
        <h2>Open a skill bundle</h2>
        <p>A .zip downloaded from here before: edit it again and download it anew.</p>
        <button type="button" disabled={busy !== null} onClick={() => bundleInput.current?.click()}>
          Open a bundle…
        </button>
        <input
          ref={bundleInput}
          type="file"
          accept=".zip"
          hidden
          aria-label="Skill bundle"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onBundle(file);
          }}
        />
      </div>
      {busy && (
        <div className="busy">
          <p role="status">{busy}</p>
          {fetching && (
            <>
              {/* Not a live region: read when wanted, not announced five times a second. */}
              <span className="muted">{fetching.total !== null ? `${byteSize(fetching.received)} of ${byteSize(fetching.total)}` : `${byteSize(fetching.received)} so far`}</span>
              <button type="button" onClick={onCancelFetch}>
                Cancel the fetch
              </button>
            </>
          )}
        </div>
      )}
      {problems.length > 0 && (
        <div role="alert" aria-label="Upload refused" className="refused">
          <h3>That upload could not be read</h3>
          <ProblemList problems={problems} showFile label="Upload problems" />
        </div>
      )}
      <p className="muted">Your spec never leaves this browser: it is read and converted here, in a background worker. The server only serves this page.</p>
    </section>
  );
}
