import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseManifest } from '../lib/skill/manifest';
import { UsageError } from './command';

/**
 * How many files a spec folder is read with at once. A Promise.all over every file needed
 * a descriptor each: 400 files died under `ulimit -n 256`. A few at a time keep the disk as
 * busy.
 */
export const OPEN_FILES = 16;

/**
 * `fn` on every item, at most `limit` at a time. After a failure no new item starts, and the
 * first failure is thrown once those under way have settled: nothing is still writing into
 * a folder when its caller removes it.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await fn(items[next++]);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) throw failure.reason;
}

/** The files a skill is made of: what `readSkillFolder` reads and `convert --force` replaces. */
export function isSkillFileName(name: string): boolean {
  return !name.startsWith('.') && (name === 'types.json' || name.endsWith('.md'));
}

/**
 * A file `--zip` or `--report` is to write: refused in one line (exit 2) before any work is
 * done when it names a folder or its folder does not exist.
 */
export async function checkOutputFile(option: string, path: string): Promise<void> {
  const full = resolve(path);
  const [self, parent] = await Promise.all([stat(full).catch(() => undefined), stat(dirname(full)).catch(() => undefined)]);
  if (self?.isDirectory()) throw new UsageError(`--${option} ${path} is a folder; give the file to write`);
  if (!parent) throw new UsageError(`--${option} ${path}: the folder ${dirname(path)} does not exist`);
  if (!parent.isDirectory()) throw new UsageError(`--${option} ${path}: ${dirname(path)} is not a folder`);
}

/** `--out`: a folder, or nothing yet (it is made); never a file. */
export async function checkOutputFolder(path: string): Promise<void> {
  const self = await stat(resolve(path)).catch(() => undefined);
  if (self && !self.isDirectory()) throw new UsageError(`--out ${path} is a file, not a folder`);
}

/** Hidden files and folders this process is writing, removed if it is interrupted. */
const unfinished = new Set<string>();
let interruptHandled = false;
/** Set by a signal: no skill is put in place after it. */
let interrupted = false;
/**
 * The renames that put a finished skill in place, under way: a signal waits for them rather
 * than remove a hidden folder while it is being renamed (a removal racing the rename left an
 * empty skill folder in place).
 */
let placing: Promise<void> | undefined;

function removeUnfinishedOnInterrupt(): void {
  if (interruptHandled) return;
  interruptHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      interrupted = true;
      Promise.resolve(placing?.catch(() => {}))
        .then(() => Promise.all([...unfinished].map((dir) => rm(dir, { recursive: true, force: true }))))
        .finally(() => process.kill(process.pid, signal));
    });
  }
}

/**
 * Files written beside where they go (`.<name>.<random>.tmp`), put in place by renaming once
 * everything is written, so a reader never sees half a bundle, and a link planted at the
 * path is replaced, not followed.
 */
class StagedFiles {
  private readonly staged: { temp: string; target: string }[] = [];

  /** Synchronous: a signal's handler, which runs between two writes, never races one and leaves its file behind. */
  write(path: string, bytes: string | Uint8Array): void {
    const target = resolve(path);
    const temp = join(dirname(target), `.${basename(target)}.${randomUUID().slice(0, 8)}.tmp`);
    this.staged.push({ temp, target });
    unfinished.add(temp);
    writeFileSync(temp, bytes, { flag: 'wx' });
  }

  async place(): Promise<void> {
    for (const { temp, target } of this.staged) {
      await rename(temp, target);
      unfinished.delete(temp);
    }
  }

  async discard(): Promise<void> {
    for (const { temp } of this.staged) if (unfinished.delete(temp)) await rm(temp, { force: true });
  }
}

/** Whether a process of that id is running (one that may be another user's counts as running). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The hidden folders of a run on the same `--out` that was killed before it could remove them
 * (`.<skill>.tmp-<pid>-<random>`, and `…-old` beside one), removed when their process is no
 * longer running. A run that is still going keeps its own. Returns the names removed.
 */
export function removeAbandonedStages(out: string, folder: string, runs: (pid: number) => boolean = processRuns): string[] {
  const prefix = `.${folder}.tmp-`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(resolve(out));
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(\d+)-[A-Za-z0-9]{6}(?:-old)?$/.exec(name.slice(prefix.length));
    if (!m || Number(m[1]) === process.pid || runs(Number(m[1]))) continue;
    rmSync(join(resolve(out), name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** What `writeSkillFolder` refuses before anything is written: a link, a file, or a folder not empty without `force`. */
export function checkSkillFolder(out: string, folder: string, options: { force: boolean }): { existing: boolean; before: string[] } {
  const target = resolve(out, folder);
  const shown = join(out, folder);
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink()) throw new UsageError(`${shown} is a symbolic link; convert writes through no link: remove it or choose another --out`);
  if (existing && !existing.isDirectory()) throw new UsageError(`${shown} is a file, not a folder; choose another --out`);
  const before = existing ? readdirSync(target) : [];
  if (before.length > 0 && !options.force) throw new UsageError(`${shown} is not empty; choose another --out or pass --force`);
  return { existing: existing !== undefined, before };
}

/** Files named in a refusal; the rest are counted. */
const NAMED = 5;

/** `README.md, NOTES.md`, or the first `NAMED` and how many more. */
function nameFiles(names: readonly string[]): string {
  return names.length > NAMED ? `${names.slice(0, NAMED).join(', ')} and ${names.length - NAMED} more` : names.join(', ');
}

/**
 * The files of `<skill>/` an earlier `convert` wrote, from its SKILL.md: SKILL.md itself,
 * types.json and each operation its `## Operations` lists. Undefined when there is no SKILL.md
 * `convert` wrote (none, a link, or one without `metadata.source-sha256`).
 */
function writtenByConvert(target: string): Set<string> | undefined {
  const manifest = join(target, 'SKILL.md');
  if (!lstatSync(manifest, { throwIfNoEntry: false })?.isFile()) return undefined;
  const parsed = parseManifest(readFileSync(manifest, 'utf8'));
  const metadata = parsed.data.metadata;
  if (typeof metadata !== 'object' || metadata === null || typeof (metadata as Record<string, unknown>)['source-sha256'] !== 'string') return undefined;
  return new Set(['SKILL.md', 'types.json', ...(parsed.operations ?? []).map((o) => `${o.name}.md`)]);
}

/**
 * What `convert --force` may replace (docs/decisions/0062-force-replaces-only-what-convert-wrote.md):
 * never the folder the spec is in (or a folder inside the spec's), and only skill files
 * (`isSkillFileName`) an earlier `convert` wrote, as its SKILL.md lists them; anything else
 * it would replace is refused, named, before any work is done. Other files are kept, as ever.
 */
export function checkForceReplaces(out: string, folder: string, specPath: string): void {
  const target = resolve(out, folder);
  const shown = join(out, folder);
  const spec = resolve(specPath);
  const inside = (path: string, dir: string) => {
    const rel = relative(dir, path);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  if (inside(spec, target)) throw new UsageError(`${shown} holds the spec ${specPath}; --force would replace files beside it: choose another --out`);
  if (inside(target, spec)) throw new UsageError(`${shown} is inside the spec's folder ${specPath}; --force would replace files of the spec: choose another --out`);
  if (!lstatSync(target, { throwIfNoEntry: false })?.isDirectory()) return;
  const replaced = readdirSync(target).filter(isSkillFileName).sort();
  if (replaced.length === 0) return;
  const written = writtenByConvert(target);
  const foreign = replaced.filter((name) => !written?.has(name));
  if (foreign.length === 0) return;
  const why = written ? 'its SKILL.md, which convert wrote, does not list them' : 'it holds no SKILL.md convert wrote';
  throw new UsageError(`${shown} holds ${nameFiles(foreign)}, which convert did not write (${why}); --force replaces only a skill convert wrote: move ${foreign.length === 1 ? 'it' : 'them'} or choose another --out`);
}

/** Files written between two yields to the event loop, so that a signal is handled within them. */
const WRITTEN_BETWEEN_YIELDS = 64;

/** Stops here for good once a signal came: its handler removes what was written and ends the process. */
async function stopIfInterrupted(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (interrupted) await new Promise<never>(() => {});
}

/**
 * A skill folder written whole: the files go into a new hidden folder beside the skill's
 * (`<out>/.<skill>.tmp-…`), and only when all are written is it renamed to `<out>/<skill>`.
 * A failure (a full disk, too many open files, Ctrl-C) leaves `<out>` as it was. An existing
 * skill folder is replaced only with `force`: every file a skill is made of
 * (`isSkillFileName`) is the new one, so no operation file of an earlier spec stays behind;
 * anything else in it (notes, hidden files, subfolders) is moved into the new folder. A link
 * planted at `<out>/<skill>` is refused, and links inside the old folder are moved or
 * removed, never followed. `extra` (`--zip`, `--report`: path to bytes) is put in place with
 * the folder; if anything fails, nothing is.
 *
 * Everything is computed before this is called (the rules, the bundle, the tokens): a signal
 * can only be handled when the event loop turns, and until the first hidden folder exists no
 * handler is installed, so Ctrl-C during that synchronous work ends the process at once
 * with nothing to clean. From the hidden folder on, the handler removes it; the files are
 * written one open at a time (`ulimit -n 256` holds), synchronously, yielding to the event
 * loop every `WRITTEN_BETWEEN_YIELDS` files so the handler runs within them.
 */
export async function writeSkillFolder(
  out: string,
  folder: string,
  files: ReadonlyMap<string, string>,
  options: { force: boolean },
  extra: ReadonlyMap<string, string | Uint8Array> = new Map(),
): Promise<void> {
  const target = resolve(out, folder);
  const { existing, before } = checkSkillFolder(out, folder, options);

  mkdirSync(resolve(out), { recursive: true });
  removeAbandonedStages(out, folder);
  removeUnfinishedOnInterrupt();
  // Made and listed in one turn of the event loop: a signal handled between the two (an
  // asynchronous mkdtemp) would find the folder there but not in `unfinished`, and leave it behind.
  const temp = mkdtempSync(join(resolve(out), `.${folder}.tmp-${process.pid}-`));
  unfinished.add(temp);
  const staged = new StagedFiles();
  try {
    let written = 0;
    for (const [name, text] of files) {
      writeFileSync(join(temp, name), text, { flag: 'wx' });
      if (++written % WRITTEN_BETWEEN_YIELDS === 0) await stopIfInterrupted();
    }
    for (const [path, bytes] of extra) {
      staged.write(path, bytes);
      await stopIfInterrupted();
    }
    await stopIfInterrupted();
    // Another run on the same --out put its skill in place while this one worked: said in one line, not a raw ENOTEMPTY.
    const raced = (e: unknown) => {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') throw new UsageError(`${join(out, folder)} was written by another run while this one worked; nothing of this run was put in place: run it again (with --force to replace that skill)`);
      throw e;
    };
    placing = (async () => {
      if (!existing) {
        await rename(temp, target).catch(raced);
      } else {
        // The old folder steps aside, the new one takes its place, then what the user kept moves in.
        const old = `${temp}-old`;
        await rename(target, old);
        await rename(temp, target).catch(async (e: unknown) => {
          await rename(old, target);
          throw e;
        });
        unfinished.delete(temp);
        for (const name of before) if (!isSkillFileName(name)) await rename(join(old, name), join(target, name));
        await rm(old, { recursive: true, force: true });
      }
      unfinished.delete(temp);
      await staged.place();
    })();
    await placing;
  } finally {
    await staged.discard();
    if (unfinished.delete(temp)) await rm(temp, { recursive: true, force: true });
  }
}
