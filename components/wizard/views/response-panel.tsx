'use client';

import { useEffect, useState } from 'react';
import type { Problem } from '../../../lib/core/problem';
import type { ResponsePreview } from '../../../lib/wizard/response-preview';

const figure = new Intl.NumberFormat('en');

/** `the whole response: 1,204 bytes · 310 tokens`. */
const sized = (m: { bytes: number; tokens: number }) => `${figure.format(m.bytes)} bytes · ${figure.format(m.tokens)} tokens`;

/** The fields kept when one is ticked or unticked, in the order the fields are listed. */
export function nextPick(fields: readonly string[], pick: readonly string[], field: string, keep: boolean): string[] {
  const chosen = new Set(pick);
  if (keep) chosen.add(field);
  else chosen.delete(field);
  // Paths the list does not offer (typed by hand) stay, after the listed ones.
  return [...fields.filter((f) => chosen.has(f)), ...pick.filter((p) => !fields.includes(p) && chosen.has(p))];
}

/**
 * The Call tab's response (SPEC 8.1): the spec's example for the operation, or one sampled
 * from `returns`, checked against `returns` (a mismatch is the spec contradicting itself,
 * and the example is still shown), its size, and "Keep only these fields", which writes
 * `pick` into the file and shows what the model gets and the tokens saved.
 */
export function ResponsePanel({
  path,
  revision,
  load,
  onPick,
}: {
  path: string;
  /** Changes whenever the skill does: the response is asked for again. */
  revision: unknown;
  load: (path: string) => Promise<ResponsePreview | undefined>;
  onPick: (path: string, pick: string[]) => Promise<Problem[]>;
}) {
  const [preview, setPreview] = useState<{ path: string; value: ResponsePreview } | undefined>();
  const [refused, setRefused] = useState<Problem[]>([]);
  const [working, setWorking] = useState(false);
  // The fields as just ticked, shown at once while the file is written and the response asked for again.
  const [ticked, setTicked] = useState<string[] | null>(null);
  // Asked again after each pick written: the skill's summary may read the same after it (the file was edited already).
  const [picks, setPicks] = useState(0);

  useEffect(() => {
    let live = true;
    void load(path).then((value) => {
      if (!live || !value) return;
      setPreview({ path, value });
      setTicked(null);
    });
    return () => {
      live = false;
    };
  }, [path, revision, load, picks]);

  const shown = preview?.path === path ? preview.value : undefined;
  if (!shown) return <p className="muted">Loading the response…</p>;
  if (!shown.ok) {
    return (
      <section className="response-panel" aria-label="Response">
        <h4>Response</h4>
        <p className="muted">{shown.reason}</p>
      </section>
    );
  }
  const current = ticked ?? shown.pick;
  const pickField = async (field: string, keep: boolean) => {
    const next = nextPick(shown.fields, current, field, keep);
    setTicked(next);
    setWorking(true);
    const problems = await onPick(path, next);
    setWorking(false);
    setRefused(problems);
    if (problems.length > 0) setTicked(null);
    setPicks((n) => n + 1);
  };
  const saved = shown.picked ? shown.whole.tokens - shown.picked.tokens : 0;
  return (
    <section className="response-panel" aria-label="Response">
      <h4>Response</h4>
      <p className="muted">
        {shown.source === 'spec' ? "The spec's example response for this operation." : 'Sampled from `returns`: the spec gives no example response for this operation.'}
      </p>
      {shown.mismatches.length > 0 && (
        <div className="notice" role="note" aria-label="The spec contradicts itself">
          <p>The spec contradicts itself: its example does not match the response schema it declares (<code>returns</code>). The example is shown as the spec gives it.</p>
          <ul>
            {shown.mismatches.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="counts" aria-label="Response size">
        The whole response: {sized(shown.whole)}
      </p>
      <pre aria-label="Example response" tabIndex={0}>
        {shown.example}
      </pre>
      {shown.fields.length > 0 && (
        <fieldset className="pick-fields" disabled={working}>
          <legend>Keep only these fields</legend>
          <p className="muted hint">Ticked fields are written into the file as <code>pick</code>: the platform drops the rest before the model sees the response.</p>
          {shown.fields.map((field) => (
            <label key={field} className="check">
              <input type="checkbox" checked={current.includes(field)} onChange={(e) => void pickField(field, e.target.checked)} /> <code>{field}</code>
            </label>
          ))}
        </fieldset>
      )}
      {refused.length > 0 && (
        <p className="notice" role="alert">
          {refused.map((p) => p.message).join('; ')}
        </p>
      )}
      {shown.picked && (
        <>
          <p className="counts" aria-label="What the model gets">
            What the model gets: {sized(shown.picked)}, {figure.format(saved)} tokens saved
            {shown.whole.tokens > 0 ? ` (${Math.round((saved / shown.whole.tokens) * 100)}%)` : ''}
          </p>
          <pre aria-label="Response as the model gets it" tabIndex={0}>
            {shown.picked.example}
          </pre>
        </>
      )}
    </section>
  );
}
