'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  addCredentials,
  answerHead,
  credentialPlace,
  describeBodyCheck,
  sendConfirmation,
  type BodyCheck,
  type CallCredential,
  type HttpRequest,
} from '../../../lib/call';
import type { Safety } from '../../../lib/skill/operation-file';
import type { SendOutcome } from '../io/send-call';
import { sendCall } from '../io/send-supervisor';
import { byteSize } from './format';

/** The most of a body drawn on the page; the size line says when it is more. */
const SHOWN_CHARACTERS = 100_000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'confirming'; text: string }
  | { kind: 'sending'; controller: AbortController }
  | { kind: 'done'; sent: HttpRequest; outcome: SendOutcome; check?: BodyCheck };

/**
 * **Send**: the request above sent for real, on an explicit click only, from a worker of its
 * own (the page itself connects only to itself). The credentials are typed here and kept in
 * the page's memory only (`secrets`, the wizard's React state): never in a draft, the edit
 * journal, an export or the report. An operation that is not safe is confirmed first,
 * naming the method and the URL. The answer shows the status, the headers the server lets a
 * page read, the body, its size in bytes and tokens, and whether it matches `returns`.
 */
export function SendCall({
  request,
  credentials,
  safety,
  onCheck,
  model,
  secrets,
  onSecrets,
  copyCurl,
}: {
  request: HttpRequest;
  credentials: readonly CallCredential[];
  /** The operation's safety (SPEC 8.1): anything but safe is confirmed first. */
  safety: Safety | undefined;
  /** Checks an answer against what the operation promises (in the wizard's worker). */
  onCheck: (status: number, body: string) => Promise<BodyCheck | undefined>;
  /** The model chosen in "Count for": the body's tokens are counted for it. */
  model?: string;
  secrets: Readonly<Record<string, string>>;
  onSecrets: (secrets: Record<string, string>) => void;
  /** "Copy as curl", offered again when the browser refuses the send. */
  copyCurl: ReactNode;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmTitle = useId();
  const confirmText = useId();
  // A browser sets no Cookie header for a page's fetch: such a credential cannot be sent from here.
  const typed = credentials.filter((c) => c.in !== 'cookie');
  const cookies = credentials.filter((c) => c.in === 'cookie');
  const withSecrets = addCredentials(request, typed, secrets);

  useEffect(() => {
    if (phase.kind === 'confirming') cancelButton.current?.focus();
  }, [phase.kind]);
  // A send under way when the Call tab goes away is cancelled with it.
  const sending = phase.kind === 'sending' ? phase.controller : null;
  useEffect(() => () => sending?.abort(), [sending]);

  const send = async () => {
    if (!withSecrets.ok) return;
    const sent = withSecrets.value;
    const controller = new AbortController();
    setPhase({ kind: 'sending', controller });
    const outcome = await sendCall({ request: sent, ...(model !== undefined ? { model } : {}) }, { signal: controller.signal });
    const check = outcome.ok ? await onCheck(outcome.answer.status, outcome.answer.body) : undefined;
    setPhase((now) => (now.kind === 'sending' && now.controller === controller ? { kind: 'done', sent, outcome, ...(check ? { check } : {}) } : now));
  };
  const onSend = () => {
    const confirm = sendConfirmation(request.method, safety ?? 'unsafe', request.url);
    if (confirm) setPhase({ kind: 'confirming', text: confirm });
    else void send();
  };

  return (
    <section aria-label="Send" className="send-call">
      <h4>Send it from this browser</h4>
      {typed.map((c) => (
        <CredentialField key={c.variable} credential={c} value={secrets[c.variable] ?? ''} onChange={(v) => onSecrets({ ...secrets, [c.variable]: v })} />
      ))}
      {credentials.length === 0 && <p className="muted">SKILL.md names no credential: the request is sent as it is.</p>}
      {cookies.length > 0 && (
        <p className="muted">
          {cookies.map((c) => `\`${c.scheme}\``).join(', ')} goes in a cookie, which a browser does not let a page set: Copy as curl sends it from a terminal.
        </p>
      )}
      {!withSecrets.ok && <p className="refused">{withSecrets.problems[0].message}</p>}
      <div className="actions">
        <button type="button" onClick={onSend} disabled={phase.kind === 'sending' || phase.kind === 'confirming' || !withSecrets.ok}>
          Send
        </button>
        {phase.kind === 'sending' && (
          <button type="button" onClick={() => phase.controller.abort()}>
            Cancel the send
          </button>
        )}
      </div>
      {phase.kind === 'confirming' && (
        <div role="alertdialog" aria-labelledby={confirmTitle} aria-describedby={confirmText} className="notice confirm-send">
          <p id={confirmTitle}>
            <strong>
              Send {request.method} {request.url}?
            </strong>
          </p>
          <p id={confirmText}>{phase.text}.</p>
          <div className="actions">
            <button type="button" onClick={() => void send()}>
              Send {request.method}
            </button>
            <button type="button" ref={cancelButton} onClick={() => setPhase({ kind: 'idle' })}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <div aria-live="polite">
        {phase.kind === 'sending' && (
          <p className="muted">
            Sending {request.method} {request.url}…
          </p>
        )}
        {phase.kind === 'done' && <Outcome sent={phase.sent} outcome={phase.outcome} check={phase.check} copyCurl={copyCurl} />}
      </div>
    </section>
  );
}

function CredentialField({ credential: c, value, onChange }: { credential: CallCredential; value: string; onChange: (v: string) => void }) {
  const about = useId();
  const basic = c.prefix.trim() === 'Basic';
  return (
    <div className="field-group">
      <label className="field">
        <span>Credential for {c.scheme}</span>
        <input type="password" autoComplete="off" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={about} />
      </label>
      <p id={about} className="muted field-about">
        Goes in {credentialPlace(c).replace(/`/g, '')}
        {basic ? ' (user:password in base64)' : ''}, as SKILL.md&apos;s Authentication section says. Kept on this page only, until it is closed or reloaded:
        never in a draft, an export or the report.
      </p>
    </div>
  );
}

function Outcome({ sent, outcome, check, copyCurl }: { sent: HttpRequest; outcome: SendOutcome; check?: BodyCheck; copyCurl: ReactNode }) {
  if (!outcome.ok) {
    return (
      <div role="alert" className="refused send-refused">
        <p>{outcome.message}</p>
        {(outcome.kind === 'cors' || outcome.kind === 'unreachable' || outcome.kind === 'redirect') && copyCurl}
      </div>
    );
  }
  const { answer, tokens } = outcome;
  const shown = prettyBody(answer.body);
  const size = [
    `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`,
    `${answer.bytes.toLocaleString('en-US')} bytes${answer.bytes >= 1024 ? ` (${byteSize(answer.bytes)})` : ''}${answer.cut ? ', cut after the first 10 MiB' : ''}`,
    ...(tokens ? [`${tokens.count.toLocaleString('en-US')} tokens for ${tokens.model}${tokens.estimate ? ' (an estimate)' : ''}`] : []),
  ].join(' · ');
  return (
    <section aria-label="Answer">
      <h4>
        The answer to {sent.method} {sent.url}
      </h4>
      <p className="counts" aria-label="Answer size">
        {size}
      </p>
      <p className={check?.kind === 'matches' ? 'ok' : check?.kind === 'differs' || check?.kind === 'not-json' ? 'refused' : 'muted'} aria-label="Against returns">
        {check ? describeBodyCheck(check) : 'The body could not be checked against `returns`: the skill is busy. Send again to check it.'}
      </p>
      <pre aria-label="Answer headers" tabIndex={0}>
        {answerHead(answer)}
      </pre>
      <p className="muted">Only the headers the server lets a page read are shown (CORS); Copy as curl shows them all.</p>
      {answer.body !== '' && (
        <pre aria-label="Answer body" tabIndex={0}>
          {shown.length > SHOWN_CHARACTERS ? `${shown.slice(0, SHOWN_CHARACTERS)}\n… (the first ${SHOWN_CHARACTERS.toLocaleString('en-US')} characters)` : shown}
        </pre>
      )}
    </section>
  );
}

/** A JSON body indented to read; anything else as it came. */
function prettyBody(body: string): string {
  if (body.length > 2 * SHOWN_CHARACTERS) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
