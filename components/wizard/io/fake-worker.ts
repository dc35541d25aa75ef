import type { SupervisedWorker } from './worker-supervisor';

/**
 * For the supervisors' tests: a worker the test speaks for. It keeps what it was sent and
 * how often it was ended; `say` delivers a message from it, `fail` an error.
 */
export function fakeWorker() {
  const worker = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    posted: [] as unknown[],
    terminated: 0,
    postMessage(message: unknown) {
      this.posted.push(message);
    },
    terminate() {
      this.terminated++;
    },
    say(data: unknown) {
      this.onmessage?.({ data } as MessageEvent);
    },
    fail(message: string) {
      this.onerror?.({ message, preventDefault: () => {} } as ErrorEvent);
    },
  };
  return worker satisfies SupervisedWorker;
}
