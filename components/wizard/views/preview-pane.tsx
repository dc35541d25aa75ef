'use client';

import { useRef, type ComponentProps, type KeyboardEvent } from 'react';
import type { BodyCheck, CallCredential, HttpRequest } from '../../../lib/call';
import type { Result } from '../../../lib/core/result';
import type { ToolPreview as ToolPreviewData } from '../../../lib/wizard/session';
import { CallPreview } from './call-preview';
import { ToolPreview } from './tool-preview';
import { ResponsePanel } from './response-panel';
import type { PreviewTab } from '../state/wizard-state';

const TABS: { id: PreviewTab; label: string }[] = [
  { id: 'tool', label: 'Tool' },
  { id: 'call', label: 'Call' },
  { id: 'bundle', label: 'In the bundle' },
];

/** Beside the open file: its tool as a model gets it, a call and its request, the file as the bundle holds it. */
export function PreviewPane({
  tab,
  onTab,
  tool,
  args,
  onArgs,
  baseUrl,
  onBaseUrl,
  request,
  credentials,
  tokens,
  inBundle,
  onRestoreFullSchema,
  model,
  secrets,
  onSecrets,
  onCheckAnswer,
  response,
}: {
  tab: PreviewTab;
  onTab: (tab: PreviewTab) => void;
  tool: ToolPreviewData | undefined;
  args: string;
  onArgs: (text: string) => void;
  /** The Call tab's base URL (empty: the operation's own server): the page's memory only, never saved. */
  baseUrl: string;
  onBaseUrl: (value: string) => void;
  request: Result<HttpRequest> | undefined;
  credentials: readonly CallCredential[];
  /** The tool's tokens for the chosen model, in words; undefined until counted. */
  tokens?: string;
  /** The file with "The call" generated in; undefined while it is being made. */
  inBundle: string | undefined;
  /** Gives a fitted operation its full schema again (the skill is generated again). */
  onRestoreFullSchema?: () => void;
  /** The model chosen in "Count for", for a sent call's answer's tokens. */
  model?: string;
  /** The credentials typed in the Call tab, by variable: the page's memory only, never saved. */
  secrets: Readonly<Record<string, string>>;
  onSecrets: (secrets: Record<string, string>) => void;
  /** Checks a sent call's answer against what the open operation promises (the wizard's worker). */
  onCheckAnswer: (status: number, body: string) => Promise<BodyCheck | undefined>;
  /** The open file's response, below the call (`ResponsePanel`). */
  response?: ComponentProps<typeof ResponsePanel>;
}) {
  const list = useRef<HTMLDivElement>(null);
  // The WAI-ARIA tabs pattern: one tab stop for the list (the selected tab), the arrow keys
  // move between tabs (wrapping), Home and End go to the first and last; a tab is shown as
  // soon as it has the focus (the panels are cheap to draw).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    onTab(next.id);
    list.current?.querySelector<HTMLElement>(`#preview-tab-${next.id}`)?.focus();
  };
  return (
    <aside className="side-pane">
      <div role="tablist" aria-label="Preview" ref={list} onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`preview-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls="preview-panel"
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => onTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="preview-panel" aria-labelledby={`preview-tab-${tab}`}>
        {tab === 'bundle' ? (
          <div className="tool-preview">
            <p className="muted">
              The file as the downloaded bundle holds it: &ldquo;The call&rdquo; is generated from the operation block on download, and taken out again
              when the bundle is opened here.
            </p>
            <pre aria-label="File in the bundle" tabIndex={0}>
              {inBundle ?? 'Loading…'}
            </pre>
          </div>
        ) : tab === 'tool' ? (
          <ToolPreview preview={tool} tokens={tokens} onRestoreFullSchema={onRestoreFullSchema} />
        ) : tool?.ok ? (
          <>
            <CallPreview
              args={args}
              onArgsChange={onArgs}
              baseUrl={baseUrl}
              onBaseUrlChange={onBaseUrl}
              request={request}
              credentials={credentials}
              safety={tool.tool.safety}
              onCheck={onCheckAnswer}
              model={model}
              secrets={secrets}
              onSecrets={onSecrets}
            />
            {response && <ResponsePanel {...response} />}
          </>
        ) : (
          <p className="notice">{tool ? tool.reason : 'Loading…'}</p>
        )}
      </div>
    </aside>
  );
}
