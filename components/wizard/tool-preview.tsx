'use client';

import type { ToolPreview as Preview } from '../../lib/wizard/session';

/** The tool exactly as a model is offered it (SPEC 2): name, description, parameters. */
export function ToolPreview({ preview }: { preview: Preview | undefined }) {
  if (!preview) return <p className="muted">Loading…</p>;
  if (!preview.ok) return <p className="notice">{preview.reason}</p>;
  const { name, description, parameters } = preview.tool;
  return (
    <div className="tool-preview">
      <p className="muted">
        What a model is given for this operation. The platform builds the request from a call; the model never sees the URL. Parameters:{' '}
        {preview.bytes.toLocaleString('en')} bytes of the 24,576 allowed.
      </p>
      <pre aria-label="Tool as a model gets it" tabIndex={0}>{JSON.stringify({ name, description, parameters }, null, 2)}</pre>
    </div>
  );
}
