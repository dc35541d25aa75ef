/// <reference lib="webworker" />
// Fetches one spec by its address and answers with what it got, then is terminated. It runs
// as a worker because a worker takes the content security policy of its own script: the
// page may connect only to this app, the app's scripts started as workers may also reach
// other servers (next.config.mjs, BAD-INPUT 34).
import { fetchSpecHere } from './fetch-spec';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<{ url: string; fileName: string }>) => {
  const result = await fetchSpecHere(event.data.url, event.data.fileName);
  scope.postMessage(result, result.entries.map((e) => e.bytes.buffer as ArrayBuffer));
};
