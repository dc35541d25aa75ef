/// <reference lib="webworker" />
// Fetches one spec by its address and answers with what it got, then is terminated. It runs
// as a worker because a worker takes the content security policy of its own script: the
// page may connect only to this app, the app's scripts started as workers may also reach
// other servers (next.config.mjs, BAD-INPUT 34).
import { fetchSpecHere } from './fetch-spec';

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Progress is told at most this often: a fast server's thousand chunks are not a thousand messages. */
const PROGRESS_EVERY_MS = 200;

scope.onmessage = async (event: MessageEvent<{ url: string; fileName: string }>) => {
  let told = 0;
  let latest: { received: number; total: number | null } | null = null;
  let later: ReturnType<typeof setTimeout> | undefined;
  const tell = () => {
    later = undefined;
    told = Date.now();
    scope.postMessage({ progress: latest });
  };
  const result = await fetchSpecHere(event.data.url, event.data.fileName, (received, total) => {
    latest = { received, total };
    // At most one word per interval, the latest, and the last one never held back: a server that then goes silent shows what it sent.
    if (Date.now() - told >= PROGRESS_EVERY_MS) tell();
    else later ??= setTimeout(tell, PROGRESS_EVERY_MS);
  });
  clearTimeout(later);
  scope.postMessage({ result }, result.entries.map((e) => e.bytes.buffer as ArrayBuffer));
};
