'use client';

import { escapeInvisibleInJson } from '../../../lib/core/invisible';
import type { ArgumentSize } from '../../../lib/publish/argument-sizes';
import { MAX_PARAMETERS_BYTES } from '../../../lib/publish/expand';
import type { ToolPreview as Preview } from '../../../lib/wizard/session';

/** The tool exactly as a model is offered it (SPEC 2): name, description, parameters. */
export function ToolPreview({ preview, tokens, onRestoreFullSchema }: { preview: Preview | undefined; tokens?: string; onRestoreFullSchema?: () => void }) {
  if (!preview) return <p className="muted">Loading…</p>;
  if (!preview.ok) {
    return (
      <>
        <p className="notice">{preview.reason}</p>
        {preview.sizes && <ArgumentSizes sizes={preview.sizes} />}
      </>
    );
  }
  const { name, description, parameters } = preview.tool;
  return (
    <div className="tool-preview">
      <p className="muted">
        What a model is given for this operation. The platform builds the request from a call; the model never sees the URL. Parameters:{' '}
        {preview.bytes.toLocaleString('en')} bytes of the {MAX_PARAMETERS_BYTES.toLocaleString('en')} allowed.
      </p>
      <p className="counts" aria-label="Tool tokens">
        {tokens ?? 'Counting tokens…'}
      </p>
      {preview.fitted && (
        <div className="notice" role="note" aria-label="Fitted to the size limit">
          <p>
            Fitted to the size limit on import: {preview.fitted.bytesBefore.toLocaleString('en')} → {preview.fitted.bytesAfter.toLocaleString('en')} bytes in{' '}
            {preview.fitted.steps} {preview.fitted.steps === 1 ? 'step' : 'steps'} (the import report lists each). Objects given only as{' '}
            <code>{'{"type": "object"}'}</code> have their fields in the prose.
          </p>
          {onRestoreFullSchema && (
            <button type="button" onClick={onRestoreFullSchema}>
              Restore the full schema
            </button>
          )}
        </div>
      )}
      {preview.sizes && <ArgumentSizes sizes={preview.sizes} />}
      {/* Each invisible character as its \u escape: the same JSON, with what a model reads in sight (decision 0061). */}
      <pre aria-label="Tool as a model gets it" tabIndex={0}>{escapeInvisibleInJson(JSON.stringify({ name, description, parameters }, null, 2))}</pre>
    </div>
  );
}

/** The parameters' bytes by top-level argument, the largest first: what to cut. */
function ArgumentSizes({ sizes }: { sizes: readonly ArgumentSize[] }) {
  return (
    <table className="argument-sizes" aria-label="Size by argument">
      <caption>Size by top-level argument, largest first (bytes of its published schema)</caption>
      <thead>
        <tr>
          <th>Argument</th>
          <th>Bytes</th>
        </tr>
      </thead>
      <tbody>
        {sizes.map((s) => (
          <tr key={s.name}>
            <td>
              <code>{s.name}</code>
              {s.required ? ' (required)' : ''}
            </td>
            <td>{s.bytes.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
