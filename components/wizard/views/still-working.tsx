'use client';

import { useEffect, useState } from 'react';

/**
 * The worker has been on one request for more than a few seconds: what it is doing, for
 * how long, and a Cancel that stops it and starts a new worker from the last saved copy.
 */
export function StillWorking({ working, onCancel }: { working: { label: string; since: number }; onCancel: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const seconds = Math.max(0, Math.round((now - working.since) / 1000));
  return (
    <section className="still-working" aria-label="Still working">
      <p role="status">Still working on {working.label}…</p>
      <span className="muted" aria-hidden="true">
        {seconds} s
      </span>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  );
}

/** What happened when the worker was stopped, until the user has read it. */
export function Recovered({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="recovered" role="status">
      <p>{message}</p>
      <button type="button" className="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
