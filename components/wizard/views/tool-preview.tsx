'use client';

import { escapeInvisibleInJson } from '../../../lib/core/invisible';
import type { ArgumentSize } from '../../../lib/publish/argument-sizes';
import { MAX_PARAMETERS_BYTES } from '../../../lib/publish/expand';
import type { ToolPreview as Preview } from '../../../lib/wizard/session';
import type { Safety } from '../../../lib/skill/operation-file';

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
      <Promises preview={preview} />
    </div>
  );
}

const SAFETY_WORDS: Record<Safety, string> = {
  safe: 'it changes nothing: a read-only grant may call it, and a read-only download keeps it',
  idempotent: 'it may change something, and the same call again changes nothing more: it can be retried',
  unsafe: 'it may do something each time it is called: a read-only grant may not call it',
};

/** What the operation promises (SPEC 8.1, 8.2): its safety, the annotations an MCP client reads, and what it returns. */
function Promises({ preview }: { preview: Extract<Preview, { ok: true }> }) {
  const { safety, returns } = preview.tool;
  const annotations = preview.mcp.annotations;
  return (
    <section className="tool-promises" aria-label="What the operation promises">
      {safety && (
        <p aria-label="Safety">
          <strong>Safety: {safety}</strong>, {SAFETY_WORDS[safety]}.
        </p>
      )}
      {annotations !== undefined && (
        <>
          <p className="muted">MCP annotations, as a client reads them in <code>tools/list</code> (Claude runs read-only tools without asking; ChatGPT treats a tool without them as a write):</p>
          <pre aria-label="MCP annotations" tabIndex={0}>{JSON.stringify(annotations, null, 2)}</pre>
        </>
      )}
      {returns === undefined ? (
        <p className="muted" aria-label="Returns">
          No <code>returns</code>: the file does not say what the operation answers with, so no output schema is published.
        </p>
      ) : (
        <>
          <p className="muted">
            Returns, expanded as the tool publishes it (MCP <code>outputSchema</code>
            {preview.mcp.outputSchema === returns ? '' : <>, wrapped as <code>{'{"result": …}'}</code></>}):
          </p>
          <pre aria-label="Returns" tabIndex={0}>{escapeInvisibleInJson(JSON.stringify(returns, null, 2))}</pre>
        </>
      )}
    </section>
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
