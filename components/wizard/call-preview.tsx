'use client';

import type { HttpRequest } from '../../lib/call';
import type { Result } from '../../lib/core/result';
import { ProblemList } from './problem-list';

/**
 * A call with the arguments the user types, and the exact request it becomes (SPEC 3), or
 * the refusal with one problem per offending argument. Nothing is sent.
 */
export function CallPreview({ args, onArgsChange, request }: { args: string; onArgsChange: (text: string) => void; request: Result<HttpRequest> | undefined }) {
  return (
    <div className="call-preview">
      <label className="field">
        <span>Arguments (JSON)</span>
        <textarea className="args" value={args} spellCheck={false} onChange={(e) => onArgsChange(e.target.value)} rows={Math.min(12, Math.max(4, args.split('\n').length + 1))} />
      </label>
      {request === undefined ? null : request.ok ? (
        <section aria-label="Request">
          <h4>The request this call sends</h4>
          <pre aria-label="HTTP request" tabIndex={0}>{formatRequest(request.value)}</pre>
          <p className="muted">Credentials are added by the platform&apos;s gateway; nothing is sent from here.</p>
        </section>
      ) : (
        <section aria-label="Refused">
          <h4>Refused: nothing would be sent</h4>
          <ProblemList problems={request.problems} label="Why the call is refused" />
        </section>
      )}
    </div>
  );
}

function formatRequest(r: HttpRequest): string {
  const lines = [`${r.method} ${r.url}`];
  for (const [k, v] of Object.entries(r.headers)) lines.push(`${k}: ${v}`);
  if (r.body !== undefined) {
    let body = r.body;
    try {
      body = JSON.stringify(JSON.parse(r.body), null, 2);
    } catch {
      // Not JSON: shown as it is sent.
    }
    lines.push('', body);
  }
  return lines.join('\n');
}
