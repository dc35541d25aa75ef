import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Problem } from '../lib/core/problem';
import type { SourceLocation } from '../lib/openapi';
import { BUNDLE_HEAD, BUNDLE_TAIL, cacheFileOf } from './script-bundle';

/**
 * `convert`'s writer thread (issue 11 item 2): the skill's files are created on the
 * machine's other core while this thread validates the spec and runs the publish rules.
 * Creating a file costs this machine's kernel 0.17–0.3 ms, so Kubernetes' 943 files are
 * 160–290 ms of a `convert` that no longer wait for each other.
 *
 * The thread runs only the few lines of `WRITER_SCRIPT` (no bundle: it starts in about 45 ms
 * of CPU, on the other core, while this one reads and converts the spec). The conversion
 * hands it each operation file as soon as the file is made (`stream`, `add`, from
 * `ConvertOptions.stream`), so it creates them while the rest are made, not only once all
 * are; `write` sends what is left (SKILL.md, types.json) and waits for the end. It writes each file
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
 *
 * Asked first (`validate`), the thread also validates a JSON spec, from the entry file's
 * text, with `dist/spec-validator.cjs` (cli/spec-validator.ts), loaded then: Kubernetes'
 * 3.3 MB loaded again and validated there take 50-55 ms off this thread. Asked after the
 * conversion (`place`), it finds the places of the conversion's warnings in that text.
 */
export const WRITER_SCRIPT = `'use strict';
const { parentPort } = require('node:worker_threads');
const { readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
let failed = false;
let validated = Promise.resolve();
// A bundle compiled as cli/script-bundle.ts says, with its code cache when there is one.
const bundles = new Map();
function load(bundle, cache) {
  if (bundles.has(bundle)) return bundles.get(bundle);
  let cachedData;
  try {
    cachedData = readFileSync(cache);
  } catch {}
  const source = ${JSON.stringify(BUNDLE_HEAD)} + readFileSync(bundle, 'latin1') + ${JSON.stringify(BUNDLE_TAIL)};
  const script = new (require('node:vm').Script)(source, { filename: bundle, cachedData });
  const wrapped = { exports: {} };
  script.runInThisContext()(wrapped.exports, require, wrapped, bundle, dirname(bundle));
  bundles.set(bundle, wrapped.exports);
  return wrapped.exports;
}
parentPort.on('message', (m) => {
  if (m !== null && m.validate) {
    const { bundle, cache, path, text } = m.validate;
    // Loaded only when asked; a bundle that cannot be loaded, or a text that is not JSON, answers null.
    validated = Promise.resolve()
      .then(() => load(bundle, cache).validateEntry(path, text))
      .then((problems) => parentPort.postMessage({ validated: problems ?? null }), () => parentPort.postMessage({ validated: null }));
    return;
  }
  if (m !== null && m.place) {
    const { bundle, cache, pointers } = m.place;
    validated
      .then(() => load(bundle, cache).place(pointers))
      .then((places) => parentPort.postMessage({ placed: places ?? null }), () => parentPort.postMessage({ placed: null }));
    return;
  }
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
 * Files per message: the thread starts on the first batch while this one copies (or, handed
 * out by the conversion, makes) the next (a message is copied whole before it is sent).
 */
const BATCH = 64;

/** What the thread is asked besides writing: each answered once, by a message of that name. */
type AnswerKind = 'validated' | 'placed';

/** What the thread answered: every file written (`{}`) or the first failure; `ended` when it stopped without answering. */
type Outcome = { failure?: Failure } | { ended: unknown };

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
  private dead: unknown;
  private stopped = false;
  /** The folder being written, once files go to the thread (`stream`). */
  private dir: string | undefined;
  /** The thread's answer, once files go to it: it never rejects (a failure, or the thread's end, is its value). */
  private outcome: Promise<Outcome> | undefined;
  private answer: ((o: Outcome) => void) | undefined;
  /** The files handed to the thread so far (name, text, name, text, …), and how many of those entries are posted. */
  private readonly handed: string[] = [];
  private posted = 0;
  private writing: Promise<void> | undefined;
  /** Who waits for an answer of the thread (`validate`, `place`), asked and not yet given. */
  private readonly asked = new Map<AnswerKind, (value: unknown) => void>();

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
      // Idle, it keeps no process alive: a command refused early just exits. Referenced while writing, or while an answer is awaited.
      worker.unref();
      worker.on('message', (reply: { failure?: Failure } | { validated: Problem[] | null } | { placed: SourceLocation[] | null }) => {
        if ('validated' in reply) this.answered('validated', reply.validated);
        else if ('placed' in reply) this.answered('placed', reply.placed);
        else this.settle(reply);
      });
      // What went wrong is kept; the writing falls back here once the thread has ended (nothing more is written there).
      worker.on('error', (e) => (this.dead ??= e));
      worker.on('exit', (code) => {
        const e = new Error(`the writer thread stopped (exit code ${code})`);
        this.dead ??= e;
        for (const kind of [...this.asked.keys()]) this.answered(kind, undefined);
        this.settle({ ended: e });
      });
      this.worker = worker;
    } catch {
      // No thread to be had (a limit on threads): the files are written on this one.
    }
  }

  /**
   * What validating a JSON spec finds (`validationProblems`, unsorted), found on the thread
   * from its entry file's `text` by `bundle`'s `validateEntry` (cli/spec-validator.ts) while
   * this thread goes on; undefined without a thread, when the text is not JSON or does not
   * load as itself, when the bundle cannot be loaded (as in tests run from the sources) or
   * the thread ends first: the caller then validates here. Asked before any file is handed
   * out, so the files wait, not the answer. Once per writer.
   */
  validate(bundle: string, path: string, text: string): Promise<Problem[] | undefined> {
    return this.ask<Problem[]>('validated', { validate: { bundle, cache: cacheFileOf(bundle), path, text } });
  }

  /**
   * The place of each pointer in the spec `validate` loaded, found on the thread by
   * `bundle`'s `place` as that spec's `locate` finds it; undefined when there is none (as for
   * `validate`'s undefined answers). Once per writer.
   */
  place(bundle: string, pointers: readonly string[]): Promise<SourceLocation[] | undefined> {
    return this.ask<SourceLocation[]>('placed', { place: { bundle, cache: cacheFileOf(bundle), pointers } });
  }

  private ask<T>(kind: AnswerKind, message: object): Promise<T | undefined> {
    if (!this.worker || !this.threaded || this.asked.has(kind)) return Promise.resolve(undefined);
    const answer = new Promise<T | undefined>((resolve) => this.asked.set(kind, resolve as (value: unknown) => void));
    this.worker.ref();
    this.worker.postMessage(message);
    return answer;
  }

  private answered(kind: AnswerKind, value: unknown): void {
    const resolve = this.asked.get(kind);
    if (!resolve) return;
    this.asked.delete(kind);
    if (!this.answer && this.asked.size === 0) this.worker?.unref();
    resolve(value ?? undefined);
  }

  /** Whether the files go to a thread of their own (false: it could not start, has ended, or is off). */
  get threaded(): boolean {
    return this.worker !== undefined && this.dead === undefined;
  }

  private settle(o: Outcome): void {
    const answer = this.answer;
    if (!answer) return;
    this.answer = undefined;
    if (this.asked.size === 0) this.worker?.unref();
    answer(o);
  }

  /**
   * Begins writing into `dir` on the thread, the files to come one by one (`add`) while this
   * thread goes on making them, the rest with `write`. False, and nothing begun, without a
   * thread: `write` then writes every file here. Once per writer.
   */
  stream(dir: string): boolean {
    if (this.dir !== undefined || this.writing) throw new Error('WriterThread writes one folder');
    if (!this.worker || !this.threaded) return false;
    this.dir = dir;
    this.outcome = new Promise<Outcome>((resolve) => (this.answer = resolve));
    this.worker.ref();
    return true;
  }

  /** A file for the folder `stream` began: posted to the thread with the others of its batch. */
  add(name: string, text: string): void {
    if (this.outcome === undefined || this.writing) throw new Error('WriterThread.add comes between stream and write');
    this.handed.push(name, text);
    if (this.handed.length - this.posted >= 2 * BATCH) this.post();
  }

  private post(): void {
    for (; this.posted < this.handed.length; this.posted += 2 * BATCH) this.worker!.postMessage({ dir: this.dir, files: this.handed.slice(this.posted, this.posted + 2 * BATCH) });
    this.posted = this.handed.length;
  }

  /**
   * Writes `files` into `dir` (each a new file): on the thread when there is one, resolving
   * once every file is written or rejecting with the first failure; otherwise here,
   * synchronously, before it returns. After `stream(dir)`, the files already `add`ed are not
   * sent again: each must be in `files` with the same text. Once per writer.
   */
  write(dir: string, files: ReadonlyMap<string, string>): Promise<void> {
    if (this.writing) throw new Error('WriterThread.write is called once');
    if (this.dir === undefined) this.stream(dir);
    else if (dir !== this.dir) throw new Error(`WriterThread.write: ${dir} is not the folder being written (${this.dir})`);
    const outcome = this.outcome;
    if (!outcome) {
      this.writing = new Promise<void>((resolve) => {
        writeFiles(dir, flatten(files));
        resolve();
      });
      return this.writing;
    }
    const handed = new Set<string>();
    let differs: string | undefined;
    for (let i = 0; i < this.handed.length; i += 2) {
      handed.add(this.handed[i]);
      if (files.get(this.handed[i]) !== this.handed[i + 1]) differs ??= this.handed[i];
    }
    if (differs !== undefined) {
      // Not the files to write: nothing more is written, and nothing is left writing when the caller removes the folder.
      this.writing = this.stop().then(() => {
        throw new Error(`WriterThread.write: ${differs} was handed out with another text than the one to write`);
      });
      return this.writing;
    }
    for (const [name, text] of files) if (!handed.has(name)) this.handed.push(name, text);
    this.post();
    // The end: the thread answers once every file before it is written (or at the first failure).
    this.worker!.postMessage(null);
    this.writing = outcome.then((o) => {
      if (!('ended' in o)) {
        if (o.failure) throw Object.assign(new Error(o.failure.message), o.failure);
        return;
      }
      // Stopped (Ctrl-C): nothing more is written.
      if (this.stopped) throw o.ended;
      // The thread ended before answering (it could not start, or died): the files are written here, over any it wrote.
      writeFiles(dir, flatten(files), 'w');
    });
    return this.writing;
  }

  /** Waits for the files under way (whether written or not); after it, nothing more is written. A folder begun and never ended stops the thread. */
  async settled(): Promise<void> {
    if (this.outcome && !this.writing) await this.stop();
    await this.writing?.catch(() => {});
  }

  /** Stops the thread at once (done, or Ctrl-C): nothing is written after it resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.worker?.terminate();
  }
}

/** The files as the thread takes them: name, text, name, text, … */
function flatten(files: ReadonlyMap<string, string>): string[] {
  const flat: string[] = [];
  for (const [name, text] of files) flat.push(name, text);
  return flat;
}

/** The files (name, text, name, text, …) written one at a time, each new unless `flag` says otherwise; the first failure is thrown. */
function writeFiles(dir: string, files: readonly string[], flag = 'wx'): void {
  for (let i = 0; i < files.length; i += 2) writeFileSync(join(dir, files[i]), files[i + 1], { flag });
}
