/** What a worker is to the page: a fetch or send worker, or a stand-in in tests. */
export interface SupervisedWorker {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

/** A time limit, and what the run answers when it is reached. */
export interface Limit<R> {
  ms: number;
  result: () => R;
}

/** What one kind of run makes of the frame's events; the frame itself knows no message or result. */
export interface Supervision<M, R> {
  /** Cancel: the run stops at once, its worker with it. */
  signal?: AbortSignal;
  /** The most the whole run may take. */
  total: Limit<R>;
  /** The most the worker may stay silent: every message it sends restarts this clock. */
  idle?: Limit<R>;
  /** The answer to a cancel, `seconds` (rounded) after the start. */
  cancelled: (seconds: number) => R;
  /** The answer when the worker could not start or failed: `reason` is the browser's word for it. */
  broken: (reason: string) => R;
  /** A message from the worker: the result that ends the run, or undefined for one that does not (progress). */
  receive: (data: M) => R | undefined;
}

/**
 * Runs one worker and answers once. The worker is sent `message`; it ends at its result,
 * at a cancel, at a time limit, or when it fails, and in each case the worker is ended (and
 * with it any connection it holds), its clocks stopped and the cancel unheard. What comes
 * after the answer (a late message, a second error, a cancel) changes nothing. A cancel
 * given before the start answers at once and sends the worker nothing.
 */
export function superviseWorker<M, R>(worker: SupervisedWorker, message: unknown, run: Supervision<M, R>): Promise<R> {
  const { signal, total, idle } = run;
  const started = Date.now();
  return new Promise((resolve) => {
    let finished = false;
    let silent: ReturnType<typeof setTimeout> | undefined;
    const whole = setTimeout(() => done(total.result()), total.ms);
    const onAbort = () => done(run.cancelled(Math.round((Date.now() - started) / 1000)));
    function done(result: R) {
      if (finished) return;
      finished = true;
      clearTimeout(whole);
      clearTimeout(silent);
      signal?.removeEventListener('abort', onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(result);
    }
    const alive = () => {
      if (!idle || finished) return;
      clearTimeout(silent);
      silent = setTimeout(() => done(idle.result()), idle.ms);
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<M>) => {
      if (finished) return;
      const result = run.receive(event.data);
      if (result !== undefined) done(result);
      else alive();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done(run.broken(event.message || 'the worker failed'));
    };
    alive();
    worker.postMessage(message);
  });
}

/** The query that asks for a worker script with the policy of the fetch worker (next.config.mjs). */
export const FETCH_WORKER_QUERY = { key: 'worker', value: 'fetch' } as const;

/**
 * A worker `start` makes, its script asked for with `?worker=fetch`: the fetch worker and
 * the Call tab's send worker, which connect to other servers and evaluate nothing
 * (decision 0152).
 *
 * Why the global `Worker` is replaced for the one synchronous call, and no factory is passed
 * in instead: the bundler (Turbopack) recognises a worker only in `new Worker(new URL(…,
 * import.meta.url))` with `Worker` the free global name (a local binding or a parameter of
 * that name is not the global to it, and the script is then not bundled as a worker). It
 * rewrites that expression to its own loader called with the global `Worker` as the
 * constructor, and the loader builds the script's address itself (the bootstrap shared by
 * every worker, the worker's chunks after `#`, which no server sees). So the address the
 * server sees can only be changed by the constructor the global names while that call runs.
 * `start` is synchronous and the global is put back in `finally`, so no other code runs while
 * it is replaced.
 */
export function withFetchPolicy(start: () => Worker): Worker {
  const Native = globalThis.Worker;
  globalThis.Worker = class extends Native {
    constructor(script: string | URL, options?: WorkerOptions) {
      const address = new URL(script, globalThis.location?.href);
      address.searchParams.set(FETCH_WORKER_QUERY.key, FETCH_WORKER_QUERY.value);
      super(address, options);
    }
  };
  try {
    return start();
  } finally {
    globalThis.Worker = Native;
  }
}
