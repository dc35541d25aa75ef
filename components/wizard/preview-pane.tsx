'use client';

import type { HttpRequest } from '../../lib/call';
import type { Result } from '../../lib/core/result';
import type { ToolPreview as ToolPreviewData } from '../../lib/wizard/session';
import { CallPreview } from './call-preview';
import { ToolPreview } from './tool-preview';
import type { PreviewTab } from './wizard-state';

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
  request,
  inBundle,
}: {
  tab: PreviewTab;
  onTab: (tab: PreviewTab) => void;
  tool: ToolPreviewData | undefined;
  args: string;
  onArgs: (text: string) => void;
  request: Result<HttpRequest> | undefined;
  /** The file with "The call" generated in; undefined while it is being made. */
  inBundle: string | undefined;
}) {
  return (
    <aside className="side-pane">
      <div role="tablist" aria-label="Preview">
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} onClick={() => onTab(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
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
          <ToolPreview preview={tool} />
        ) : tool?.ok ? (
          <CallPreview args={args} onArgsChange={onArgs} request={request} />
        ) : (
          <p className="notice">{tool ? tool.reason : 'Loading…'}</p>
        )}
      </div>
    </aside>
  );
}
