import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * `convert`'s writer thread (issue 11 item 2): the skill's files are created on the
 * machine's other core while this thread validates the spec and runs the publish rules.
 * Creating a file costs this machine's kernel 0.17–0.3 ms, so Kubernetes' 943 files are
 * 160–290 ms of a `convert` that no longer wait for each other.
 *
 * The thread runs only the few lines of `WRITER_SCRIPT` (no bundle: it starts in about 45 ms
 * of CPU, on the other core, while this one reads and converts the spec). It writes each file
 * as the main thread did, one at a time, synchronously, each created new (`wx`), so `ulimit
 * -n 256` holds; the first failure stops it and comes back as the same error (`EFBIG: file too
 * large, write`, with its code), so the command says the same. A thread that cannot start, or
 * ends before answering, leaves the writing to this thread, which then writes every file (over
 * any the thread wrote: the folder is the command's own, made empty). `stop` (done, or Ctrl-C)
 * terminates it: nothing is written after it resolves.
 *
 * A small spec's files, or any spec's on a machine whose cores are busy (`threadPays`), are
 * written on this thread before the rules run, as `SKILL_WIZARD_WRITER_THREAD=off` writes
 * every spec's.
 */
export const WRITER_SCRIPT = `'use strict';
const { parentPort } = require('node:worker_threads');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
let failed = false;
parentPort.on('message', (m) => {
  if (failed) return;
  if (m === null) return parentPort.postMessage({});
  const files = m.files;
  for (let i = 0; i < files.length; i += 2) {
    try {
      writeFileSync(join(m.dir, files[i]), files[i + 1], { flag: 'wx' });
    } catch (e) {
      failed = true;
      const { message, name, code, errno, syscall, path } = e;
      return parentPort.postMessage({ failure: { message, name, code, errno, syscall, path } });
    }
  }
});
`;

/** The script the thread runs: `WRITER_SCRIPT`, or one a test gives (one that fails to load, or dies). */
let script = WRITER_SCRIPT;

/** For tests: the thread's script (undefined: `WRITER_SCRIPT` again). */
export function useWriterScript(code: string | undefined): void {
  script = code ?? WRITER_SCRIPT;
}

/**
 * Whether `convert` writes on a thread of its own, from `SKILL_WIZARD_WRITER_THREAD`: `off`
 * never, `on` always, otherwise (`auto`) when `threadPays`.
 */
export function writerThreadSetting(): 'off' | 'on' | 'auto' {
  const given = process.env.SKILL_WIZARD_WRITER_THREAD;
  return given === 'off' || given === 'on' ? given : 'auto';
}

/**
 * A spec of fewer characters than this has few files to write (Netlify's 150 KB: 174, a
 * petstore's: 4): the thread's start costs more than they do, so they are written here.
 */
export const WRITER_THREAD_MIN_SPEC = 128 * 1024;

/**
 * Whether the thread pays for itself (`auto`): for a spec of `WRITER_THREAD_MIN_SPEC`
 * characters or more, when the load average of the last minute is below the cores (an OS
 * without one, Windows, says 0). `convert`s run one after another load 2 cores to 1.4-1.7
 * by themselves (V8's threads and the writer count), so the bar is not lower. On a busy
 * machine the thread's CPU (its start, the files copied to it) competes for the same cores
 * as this thread's work, and `convert` took longer with it (docs/decisions.md).
 */
export function threadPays(specChars: number, load: number, cores: number): boolean {
  return specChars >= WRITER_THREAD_MIN_SPEC && load < cores;
}

/**
 * Files per message: the thread starts on the first batch while this one copies the next
 * (a message is copied whole before it is sent).
 */
const BATCH = 64;

interface Reply {
  failure?: Failure;
}

interface Failure {
  message: string;
  name?: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

export class WriterThread {
  private worker: Worker | undefined;
  private waiting: { resolve(r: Reply): void; reject(e: unknown): void } | undefined;
  private writing: Promise<void> | undefined;
  private dead: unknown;
  private stopped = false;

  /**
   * Starts the thread for a spec of `specChars` characters (when `writerThreadSetting` says
   * so), so it is ready when the files are; without it, they are written on this thread.
   */
  start(specChars: number): void {
    const setting = writerThreadSetting();
    if (setting === 'off' || (setting === 'auto' && !threadPays(specChars, loadavg()[0], availableParallelism()))) return;
    if (this.worker || this.stopped) return;
    try {
      const worker = new Worker(script, { eval: true });
      // Idle, it keeps no process alive: a command refused early just exits. Referenced while writing.
      worker.unref();
      worker.on('message', (reply: Reply) => this.settle((w) => w.resolve(reply)));
      // What went wrong is kept; the writing falls back here once the thread has ended (nothing more is written there).
      worker.on('error', (e) => (this.dead ??= e));
      worker.on('exit', (code) => this.fail(new Error(`the writer thread stopped (exit code ${code})`)));
      this.worker = worker;
    } catch {
      // No thread to be had (a limit on threads): the files are written on this one.
    }
  }

  /** Whether the files go to a thread of their own (false: it could not start, has ended, or is off). */
  get threaded(): boolean {
    return this.worker !== undefined && this.dead === undefined;
  }

  private fail(e: unknown): void {
    this.dead ??= e;
    this.settle((w) => w.reject(e));
  }

  private settle(how: (w: { resolve(r: Reply): void; reject(e: unknown): void }) => void): void {
    const w = this.waiting;
    if (!w) return;
    this.waiting = undefined;
    this.worker?.unref();
    how(w);
  }

  /**
   * Writes `files` into `dir` (each a new file): on the thread when there is one, resolving
   * once every file is written or rejecting with the first failure; otherwise here,
   * synchronously, before it returns. Once per writer.
   */
  write(dir: string, files: ReadonlyMap<string, string>): Promise<void> {
    if (this.writing) throw new Error('WriterThread.write is called once');
    const flat: string[] = [];
    for (const [name, text] of files) flat.push(name, text);
    const worker = this.worker;
    if (!worker || !this.threaded) {
      try {
        writeFiles(dir, flat);
        this.writing = Promise.resolve();
      } catch (e) {
        this.writing = Promise.reject(e);
      }
      return this.writing;
    }
    const replied = new Promise<Reply>((resolve, reject) => (this.waiting = { resolve, reject }));
    worker.ref();
    for (let i = 0; i < flat.length; i += 2 * BATCH) worker.postMessage({ dir, files: flat.slice(i, i + 2 * BATCH) });
    // The end: the thread answers once every file before it is written (or at the first failure).
    worker.postMessage(null);
    this.writing = replied.then(
      (r) => {
        if (r.failure) throw Object.assign(new Error(r.failure.message), r.failure);
      },
      (e: unknown) => {
        // Stopped (Ctrl-C): nothing more is written.
        if (this.stopped) throw e;
        // The thread ended before answering (it could not start, or died): the files are written here.
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
