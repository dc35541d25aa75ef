import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { Problem } from '../lib/core/problem';
import { loadSpec, validationProblems, type UploadedFile } from '../lib/openapi';

/**
 * A second thread for `convert` (issue 11 item 2): the machine's other core does what needs
 * nothing from the conversion while this thread converts.
 *
 * - It validates the spec: loads it again from its text (for a JSON spec, `JSON.parse` and
 *   the resolver: a fraction of what validating costs) and sends back what
 *   `validationProblems` finds, the same list as on this thread.
 * - It writes the skill's files, one at a time, synchronously, each created new (`wx`):
 *   creating Kubernetes' 943 files is kernel work of a tenth of a `convert`, which now runs
 *   beside the publish rules. The first failure stops it and comes back as the same error
 *   (`EFBIG: file too large, write`), so the command says the same.
 *
 * The thread runs the shipped bin (`dist/cli.mjs`, which loads the bundle with its code
 * cache, then calls `serveHelper`): `runCli` is told the bin's path by it. Without one (the
 * sources run by tsx, or `main` called in tests), or unless it is asked for
 * (`helperThreadOn`), there is no thread, and both are done here, as before: the same
 * results, in the same order. A thread that cannot be started (a limit on threads) also leaves them
 * here.
 */
let launcher: string | undefined;

/** The bin a helper thread runs (set by `runCli` when the shipped bin started it). */
export function helpersRun(script: string | undefined): void {
  launcher = script;
}

/**
 * Whether `convert` starts the helper thread: only when `SKILL_WIZARD_HELPER_THREAD` is `on`.
 * Measured on the 2-core machine of the bench, it did not make `convert` faster even with
 * the machine otherwise idle (docs/decisions.md): V8's own threads (concurrent marking,
 * compiling) already keep the second core busy for much of a run, and the thread's own work
 * (its start, the bundle it loads, a JSON spec loaded again) adds CPU there. The tests turn it
 * on to hold its path to the main thread's.
 */
export function helperThreadOn(): boolean {
  return process.env.SKILL_WIZARD_HELPER_THREAD === 'on';
}

/** What the bin's `workerData` says when it is to serve as a helper, not run a command. */
export const HELPER_MARK = 'skill-wizard-helper';

type Ask = { kind: 'validate'; files: UploadedFile[]; entry: string | undefined } | { kind: 'write'; dir: string; files: string[] };
type Request = Ask & { id: number };
type Reply = { id: number; problems?: Problem[]; failure?: Failure };

interface Failure {
  message: string;
  name?: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

export class HelperThread {
  private readonly worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve(r: Reply): void; reject(e: unknown): void }>();
  private next = 0;
  private writing: Promise<void> | undefined;
  private dead: unknown;
  private stopped = false;

  constructor() {
    if (launcher === undefined || !helperThreadOn()) return;
    try {
      const worker = new Worker(launcher, { workerData: HELPER_MARK, stdout: false, stderr: false });
      // Idle, it keeps no process alive: a command refused early just exits. Referenced while a request is open.
      worker.unref();
      worker.on('message', (reply: Reply) => this.settle(reply.id, (p) => p.resolve(reply)));
      worker.on('error', (e) => this.fail(e));
      worker.on('exit', (code) => this.fail(new Error(`the helper thread stopped (exit code ${code})`)));
      this.worker = worker;
    } catch {
      // No thread to be had: everything is done on this one.
      this.worker = undefined;
    }
  }

  private fail(e: unknown): void {
    this.dead ??= e;
    for (const id of [...this.pending.keys()]) this.settle(id, (p) => p.reject(e));
  }

  private settle(id: number, how: (p: { resolve(r: Reply): void; reject(e: unknown): void }) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
    how(p);
  }

  private ask(request: Ask): Promise<Reply> | undefined {
    const worker = this.worker;
    if (!worker || this.dead !== undefined) return undefined;
    const id = this.next++;
    const reply = new Promise<Reply>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.ref();
    worker.postMessage({ ...request, id } satisfies Request);
    return reply;
  }

  /**
   * Starts validating the spec on the helper thread, for a spec whose second load costs less
   * than its validation there: one of JSON files (a YAML parse costs as much as the validation
   * it would move). Undefined when it is to be validated here (`validationProblems`); a
   * promise of undefined when the thread could not (the caller then validates here).
   */
  validate(files: UploadedFile[], entry: string | undefined): Promise<Problem[] | undefined> | undefined {
    if (!files.every((f) => /^\uFEFF?\s*[{[]/.test(f.text))) return undefined;
    return this.ask({ kind: 'validate', files, entry })?.then(
      (r) => r.problems,
      () => undefined,
    );
  }

  /**
   * Writes `files` into `dir` (each a new file): on the helper thread when there is one,
   * resolving once every file is written or rejecting with the first failure; otherwise
   * here, synchronously, before it returns. Once per helper.
   */
  write(dir: string, files: ReadonlyMap<string, string>): Promise<void> {
    if (this.writing) throw new Error('HelperThread.write is called once');
    const flat: string[] = [];
    for (const [name, text] of files) flat.push(name, text);
    const asked = this.ask({ kind: 'write', dir, files: flat });
    if (!asked) {
      try {
        writeFiles(dir, flat);
        this.writing = Promise.resolve();
      } catch (e) {
        this.writing = Promise.reject(e);
      }
      return this.writing;
    }
    this.writing = asked.then(
      (r) => {
        if (r.failure) throw Object.assign(new Error(r.failure.message), r.failure);
      },
      (e: unknown) => {
        // Stopped (Ctrl-C): nothing more is written.
        if (this.stopped) throw e;
        // The thread ended before answering (it could not load, or died): the files are
        // written here, over any it wrote (the folder is this command's own, made empty).
        writeFiles(dir, flat, 'w');
      },
    );
    return this.writing;
  }

  /** Waits for the files under way (whether written or not); after it, nothing more is written. */
  async settled(): Promise<void> {
    await this.writing?.catch(() => {});
  }

  /** Stops the thread at once (done, or Ctrl-C): nothing is written after it resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.worker?.terminate();
  }
}

/** The files (name, text, name, text, …) written one at a time, each new unless `flag` says otherwise; the first failure is thrown. */
function writeFiles(dir: string, files: readonly string[], flag = 'wx'): void {
  for (let i = 0; i < files.length; i += 2) writeFileSync(join(dir, files[i]), files[i + 1], { flag });
}

/** The helper thread's side: answers each request in turn (the bin calls this in the thread). */
export function serveHelper(): void {
  const port = parentPort;
  if (isMainThread || !port) throw new Error('serveHelper runs in a helper thread');
  let queue = Promise.resolve();
  port.on('message', (request: Request) => {
    queue = queue.then(async () => port.postMessage(await answer(request)));
  });
}

async function answer(request: Request): Promise<Reply> {
  if (request.kind === 'validate') {
    try {
      const loaded = await loadSpec(request.files, { entry: request.entry, validate: false });
      return { id: request.id, problems: loaded.ok ? await validationProblems(loaded.value) : undefined };
    } catch {
      // Whatever went wrong here happens again on the main thread, which validates when no problems come back.
      return { id: request.id };
    }
  }
  try {
    writeFiles(request.dir, request.files);
    return { id: request.id };
  } catch (e) {
    const f = e as NodeJS.ErrnoException;
    return { id: request.id, failure: { message: f.message, name: f.name, code: f.code, errno: f.errno, syscall: f.syscall, path: f.path } };
  }
}
