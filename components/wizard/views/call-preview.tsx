'use client';

import { useId, useState } from 'react';
import { curlCommand, fetchSnippet, type BodyCheck, type CallCredential, type HttpRequest } from '../../../lib/call';
import type { Safety } from '../../../lib/skill/operation-file';
import type { Result } from '../../../lib/core/result';
import { ProblemList } from './problem-list';
import { SendCall } from './send-call';

/**
 * A call with the arguments the user types, and the exact request it becomes (SPEC 3), or
 * the refusal with one problem per offending argument. Nothing is sent but on **Send**.
 */
export function CallPreview({
  args,
  onArgsChange,
  baseUrl,
  onBaseUrlChange,
  request,
  credentials,
  safety,
  onCheck,
  model,
  secrets,
  onSecrets,
}: {
  args: string;
  onArgsChange: (text: string) => void;
  /** The base URL typed for this call (empty: the operation's own): kept on the page, never saved. */
  baseUrl: string;
  onBaseUrlChange: (value: string) => void;
  request: Result<HttpRequest> | undefined;
  /** Where SKILL.md says the credentials go: placeholders in the copied request, fields for Send. */
  credentials: readonly CallCredential[];
  /** The operation's safety: Send asks first for anything but safe. */
  safety: Safety | undefined;
  /** Checks a sent call's answer against what the operation promises. */
  onCheck: (status: number, body: string) => Promise<BodyCheck | undefined>;
  /** The model chosen in "Count for", for the answer's tokens. */
  model?: string;
  /** The credentials typed for Send, by variable: the page's memory only. */
  secrets: Readonly<Record<string, string>>;
  onSecrets: (secrets: Record<string, string>) => void;
}) {
  return (
    <div className="call-preview">
      <label className="field">
        <span>Arguments (JSON)</span>
        <textarea className="args" value={args} spellCheck={false} onChange={(e) => onArgsChange(e.target.value)} rows={Math.min(12, Math.max(4, args.split('\n').length + 1))} />
      </label>
      <CallBaseUrl value={baseUrl} onChange={onBaseUrlChange} refused={request && !request.ok ? request.problems.find((p) => p.ruleId === 'call-base-url')?.message : undefined} />
      {request === undefined ? null : request.ok ? (
        <section aria-label="Request">
          <h4>The request this call sends</h4>
          <pre aria-label="HTTP request" tabIndex={0}>{formatRequest(request.value)}</pre>
          <p className="muted">When a model calls, the platform&apos;s gateway adds the credential. Nothing is sent from here until you press Send.</p>
          {baseUrl.trim() !== '' && (
            <p className="muted">To the base URL above, not the operation&apos;s own server: Send and the copies go there, whatever its host.</p>
          )}
          <CopyRequest request={request.value} credentials={credentials} />
          <SendCall
            request={request.value}
            credentials={credentials}
            safety={safety}
            onCheck={onCheck}
            model={model}
            secrets={secrets}
            onSecrets={onSecrets}
            copyCurl={<CopyRequest request={request.value} credentials={credentials} kinds={['curl']} />}
          />
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

/**
 * The base URL a call goes to instead of the operation's own server, as `call --base-url`
 * takes it (decision 0150): a staging server, a mock on this machine. Checked where the
 * request is built, so `refused` is the same words the CLI says. The person's, not the
 * skill's: kept on the page only (decision 0185).
 */
function CallBaseUrl({ value, onChange, refused }: { value: string; onChange: (value: string) => void; refused: string | undefined }) {
  const about = useId();
  const error = useId();
  return (
    <div className="field-group">
      <label className="field">
        <span>Base URL for this call</span>
        <input
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="The operation's own"
          aria-invalid={refused !== undefined}
          aria-describedby={refused !== undefined ? `${error} ${about}` : about}
        />
      </label>
      {refused !== undefined && (
        <p id={error} className="refused">
          {refused}
        </p>
      )}
      <p id={about} className="muted field-about">
        Empty sends to the operation&apos;s own server. A base URL (a staging server, a mock on this machine) takes its place: its scheme, host and port, and
        its path before the operation&apos;s. Kept on this page only, for every operation of this skill: never in the skill, a draft or an export.
      </p>
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

type CopyKind = 'curl' | 'fetch';

/**
 * "Copy as curl" and "Copy as fetch": the request above as a command, each
 * credential an environment variable (`$API_KEY`), never a value. What was copied is shown
 * too, so it can be selected by hand where the clipboard is refused.
 */
function CopyRequest({ request, credentials, kinds = ['curl', 'fetch'] }: { request: HttpRequest; credentials: readonly CallCredential[]; kinds?: readonly CopyKind[] }) {
  const [copied, setCopied] = useState<{ kind: CopyKind; text: string; ok: boolean } | null>(null);
  const text = (kind: CopyKind) => (kind === 'curl' ? curlCommand(request, credentials) : fetchSnippet(request, credentials));
  // A new request makes the shown copy stale: it is shown only while it is still the request's.
  const shown = copied && copied.text === text(copied.kind) ? copied : null;
  const copy = async (kind: CopyKind) => {
    const value = text(kind);
    let ok = true;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      ok = false;
    }
    setCopied({ kind, text: value, ok });
  };
  const names = credentials.map((c) => (c.prefix.trim() === 'Basic' ? `$${c.variable} (user:password in base64)` : `$${c.variable}`));
  return (
    <div className="copy-request">
      <div className="actions">
        {kinds.map((kind) => (
          <button key={kind} type="button" onClick={() => void copy(kind)}>
            Copy as {kind}
          </button>
        ))}
      </div>
      <p role="status" className="muted">
        {shown
          ? `${shown.ok ? 'Copied' : 'The clipboard was refused: select it below'} as ${shown.kind}. ${
              names.length === 0 ? 'SKILL.md names no credential, so it carries none.' : `Set ${names.join(', ')} first: the credential is never in the copy.`
            }`
          : ''}
      </p>
      {shown && (
        <pre aria-label={`The request as ${shown.kind}`} tabIndex={0}>
          {shown.text}
        </pre>
      )}
    </div>
  );
}
