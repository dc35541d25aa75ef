'use client';

/**
 * What is left when a view throws: the error in words and a way back,
 * never a blank "This page couldn't load". The drafts are in this browser's storage, not
 * in the page: going back to the start page lists them again.
 */
export default function WizardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="page">
      <section className="crashed" role="alert" aria-labelledby="crashed-heading">
        <h1 id="crashed-heading">Something in the wizard went wrong</h1>
        <p>
          This view stopped: <code>{error.message || 'an unknown error'}</code>. Your drafts are kept in this browser and are not changed by this.
        </p>
        <div className="actions">
          <button type="button" className="primary" onClick={() => reset()}>
            Try again
          </button>
          {/* The page loaded anew, on purpose: nothing of the state that failed is kept. */}
          <button type="button" onClick={() => window.location.reload()}>
            Back to the start page
          </button>
        </div>
      </section>
    </div>
  );
}
