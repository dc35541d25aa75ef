import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpec, validationProblems } from '../lib/openapi';
import { threadPays, useWriterScript, WRITER_THREAD_MIN_SPEC, WriterThread, writerThreadSetting } from './writer-thread';

/**
 * Names and texts as a skill has them: non-ASCII text, an empty file, a large one, and more
 * files than one message to the thread holds (so batches follow one another).
 */
const FILES = new Map([
  ['SKILL.md', '---\nname: demo\n---\n# Démo — ☃ 𝄞\n'],
  ['list_rooms.md', 'x'.repeat(100_000)],
  ['empty.md', ''],
  ...Array.from({ length: 150 }, (_, i) => [`op_${i}.md`, `# Operation ${i}\n${'é'.repeat(i)}\n`] as const),
]);

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-writer-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});
// The thread is on unless SKILL_WIZARD_WRITER_THREAD is off: each test says which it wants.
const setting = process.env.SKILL_WIZARD_WRITER_THREAD;
afterEach(() => {
  useWriterScript(undefined);
  if (setting === undefined) delete process.env.SKILL_WIZARD_WRITER_THREAD;
  else process.env.SKILL_WIZARD_WRITER_THREAD = setting;
});

/** A writer for a large spec, on its thread or (off) not, whatever the machine's load. */
function writer(on: boolean): WriterThread {
  process.env.SKILL_WIZARD_WRITER_THREAD = on ? 'on' : 'off';
  const w = new WriterThread();
  w.start(WRITER_THREAD_MIN_SPEC);
  return w;
}

async function written(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of (await readdir(dir)).sort()) out.set(name, await readFile(join(dir, name), 'utf8'));
  return out;
}

const sorted = (m: Map<string, string>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));

/** What a write into `dir` that fails gives: its message, code and path, `dir` written <dir> (the CLI prints the message when the code is a system error's). */
async function failure(w: WriterThread, dir: string): Promise<{ message: string; code: unknown; path: unknown }> {
  try {
    await w.write(dir, FILES);
  } catch (e) {
    const f = e as NodeJS.ErrnoException;
    return { message: f.message.replaceAll(dir, '<dir>'), code: f.code, path: f.path?.replaceAll(dir, '<dir>') };
  } finally {
    await w.stop();
  }
  throw new Error('the write did not fail');
}

describe('WriterThread', () => {
  it('writes every file on its thread, byte for byte as this thread writes them', async ({ expect }) => {
    const apart = writer(true);
    expect(apart.threaded).toBe(true);
    const there = await mkdtemp(join(tmp, 'thread-'));
    await apart.write(there, FILES);
    await apart.stop();
    const here = writer(false);
    expect(here.threaded).toBe(false);
    const dir = await mkdtemp(join(tmp, 'here-'));
    await here.write(dir, FILES);
    expect(await written(there)).toEqual(sorted(FILES));
    expect(await written(dir)).toEqual(sorted(FILES));
  });

  it.for([
    ['a folder that is not there', async () => join(tmp, 'not-there'), 'ENOENT'],
    [
      'a file that is already there (each file is created new)',
      async () => {
        const dir = await mkdtemp(join(tmp, 'taken-'));
        await writeFile(join(dir, 'op_99.md'), 'mine');
        return dir;
      },
      'EEXIST',
    ],
  ] as const)('fails a write as this thread would, with the same message, code and path: %s', async ([, folder, code], { expect }) => {
    const there = await failure(writer(true), await folder());
    const here = await failure(writer(false), await folder());
    expect(here.code).toBe(code);
    expect(here.message).toContain('<dir>/');
    expect(there).toEqual(here);
  });

  it.for([
    ['cannot start', "throw new Error('cannot load');"],
    ['dies after one file', "require('node:worker_threads').parentPort.once('message', (m) => { require('node:fs').writeFileSync(require('node:path').join(m.dir, m.files[0]), 'half'); process.exit(3); });"],
  ] as const)('writes the files here when the thread %s', async ([, script], { expect }) => {
    useWriterScript(script);
    const w = writer(true);
    const dir = await mkdtemp(join(tmp, 'fallback-'));
    await w.write(dir, FILES);
    expect(w.threaded).toBe(false);
    await w.stop();
    expect(await written(dir)).toEqual(sorted(FILES));
  });

  it('writes nothing once stopped (Ctrl-C), and does not fall back to writing here', async ({ expect }) => {
    const many = new Map(Array.from({ length: 3000 }, (_, i) => [`f${i}.md`, `file ${i}\n`]));
    const w = writer(true);
    const dir = await mkdtemp(join(tmp, 'stopped-'));
    const writing = w.write(dir, many).then(
      () => 'written',
      () => 'stopped',
    );
    await w.stop();
    const after = (await readdir(dir)).length;
    expect(await writing).toBe('stopped');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await readdir(dir)).length).toBe(after);
    expect(after).toBeLessThan(many.size);
  });

  /** The files handed to `w` one by one (`stream`, `add`), the first `handed` of them. */
  const handOut = (w: WriterThread, dir: string, handed = FILES.size) => {
    const began = w.stream(dir);
    if (began) for (const [name, text] of [...FILES].slice(0, handed)) w.add(name, text);
    return began;
  };
  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it.for([
    ['every file handed out', FILES.size],
    ['some handed out, the rest given to write', 100],
    ['none handed out', 0],
  ] as const)('writes files handed out one by one while this thread works on, then the rest, byte for byte (%s)', async ([, handed], { expect }) => {
    const w = writer(true);
    const dir = await mkdtemp(join(tmp, 'stream-'));
    expect(handOut(w, dir, handed)).toBe(true);
    await w.write(dir, FILES);
    await w.stop();
    expect(await written(dir)).toEqual(sorted(FILES));
    // Without the thread, nothing is begun: write writes every file here.
    const here = writer(false);
    const dir2 = await mkdtemp(join(tmp, 'stream-here-'));
    expect(handOut(here, dir2, handed)).toBe(false);
    await here.write(dir2, FILES);
    expect(await written(dir2)).toEqual(sorted(FILES));
  });

  it('refuses to finish a folder whose handed-out files are not the ones to write, and writes nothing more', async ({ expect }) => {
    const w = writer(true);
    const dir = await mkdtemp(join(tmp, 'stream-differs-'));
    w.stream(dir);
    w.add('op_1.md', 'another text');
    await expect(w.write(dir, FILES)).rejects.toThrow('op_1.md was handed out with another text than the one to write');
    const after = (await readdir(dir)).length;
    await tick(50);
    expect((await readdir(dir)).length).toBe(after);
    expect(after).toBeLessThanOrEqual(1);
  });

  it('gives back a failure met while the files are handed out as the same error, from write', async ({ expect }) => {
    const taken = async () => {
      const dir = await mkdtemp(join(tmp, 'stream-taken-'));
      await writeFile(join(dir, 'op_3.md'), 'mine');
      return dir;
    };
    const w = writer(true);
    const dir = await taken();
    handOut(w, dir);
    // The thread's answer arrives before write is called: it is kept, not lost.
    await tick(100);
    const there = await failure(w, dir);
    const here = await failure(writer(false), await taken());
    expect(here.code).toBe('EEXIST');
    expect(there).toEqual(here);
  });

  it('writes every file here when the thread dies while they are handed out', async ({ expect }) => {
    useWriterScript("require('node:worker_threads').parentPort.once('message', (m) => { require('node:fs').writeFileSync(require('node:path').join(m.dir, m.files[0]), 'half'); process.exit(3); });");
    const w = writer(true);
    const dir = await mkdtemp(join(tmp, 'stream-dies-'));
    expect(handOut(w, dir)).toBe(true);
    // Dead (its end seen here) before write is called.
    for (let i = 0; i < 200 && w.threaded; i++) await tick(5);
    expect(w.threaded).toBe(false);
    await w.write(dir, FILES);
    await w.stop();
    expect(await written(dir)).toEqual(sorted(FILES));
  });

  it('stops a folder begun and never finished (the command failed before): nothing is written after settled', async ({ expect }) => {
    const many = Array.from({ length: 3000 }, (_, i) => [`f${i}.md`, `file ${i}\n`] as const);
    const w = writer(true);
    const dir = await mkdtemp(join(tmp, 'stream-abandoned-'));
    w.stream(dir);
    for (const [name, text] of many) w.add(name, text);
    await w.settled();
    const after = (await readdir(dir)).length;
    await tick(100);
    expect((await readdir(dir)).length).toBe(after);
    expect(after).toBeLessThan(many.length);
  });

  describe('validate: a JSON spec validated on the thread', () => {
    /** The validator the build writes beside the CLI (vitest's global setup builds it). */
    const BUNDLE = fileURLToPath(new URL('../dist/spec-validator.cjs', import.meta.url));
    const INVALID = JSON.stringify({ swagger: '2.0', info: { title: 'T', version: 1 }, paths: { '/a': { post: { parameters: [{ name: 'a', in: 'body', schema: {} }, { name: 'b', in: 'body', schema: {} }], responses: {} } } } }, null, 2);
    const VALID = JSON.stringify({ swagger: '2.0', info: { title: 'T', version: '1' }, paths: {} });
    /** What validating `text` on this thread gives. */
    const here = async (text: string) => {
      const loaded = await loadSpec([{ path: 'api.json', text }], { validate: false });
      if (!loaded.ok) throw new Error('not loaded');
      return validationProblems(loaded.value);
    };

    it('gives what validating here gives, placed the same, then writes the files as ever', async ({ expect }) => {
      const w = writer(true);
      const problems = await w.validate(BUNDLE, 'api.json', INVALID);
      // Not vacuous: the schema's error (a version that is a number) and Swagger 2.0's own check (two body parameters).
      expect(problems?.map((p) => p.message)).toEqual(expect.arrayContaining(['#/info/version must be of type string', '2 body parameters; only one is allowed']));
      expect(problems).toEqual(await here(INVALID));
      const dir = await mkdtemp(join(tmp, 'validated-'));
      await w.write(dir, FILES);
      await w.stop();
      expect(await written(dir)).toEqual(sorted(FILES));
    });

    it('gives no problems for a valid spec, with a BOM too', async ({ expect }) => {
      const w = writer(true);
      expect(await w.validate(BUNDLE, 'api.json', `\ufeff${VALID}`)).toEqual([]);
      await w.stop();
    });

    it.for([
      ['without a thread', false, BUNDLE, INVALID],
      ['for a YAML text', true, BUNDLE, 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n'],
      ['for a text that does not parse', true, BUNDLE, '{"openapi": '],
      ['for a spec that does not load as itself (a reference written otherwise)', true, BUNDLE, JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, components: { schemas: { A: { description: 'a', $ref: '#/components/schemas/B' }, B: {} } } })],
      ['when the validator cannot be loaded (run from the sources)', true, join(BUNDLE, '..', 'no-such-validator.cjs'), INVALID],
    ] as const)('gives nothing, so the caller validates, %s', async ([, on, bundle, text], { expect }) => {
      const w = writer(on);
      expect(await w.validate(bundle, 'api.json', text)).toBeUndefined();
      await w.stop();
    });

    it('places pointers in the spec it validated as that spec locates them here, and nothing before or without one', async ({ expect }) => {
      const pointers = ['/info/version', '/paths/~1a/post/parameters/1', '/paths/~1a/post/parameters/9', '/nowhere'];
      const loaded = await loadSpec([{ path: 'api.json', text: INVALID }], { validate: false });
      if (!loaded.ok) throw new Error('not loaded');
      const w = writer(true);
      // Nothing validated yet: nothing to place in.
      expect(await w.place(BUNDLE, pointers)).toBeUndefined();
      await w.stop();
      const v = writer(true);
      await v.validate(BUNDLE, 'api.json', INVALID);
      const places = await v.place(BUNDLE, pointers);
      // Not vacuous: lines of the file, and the nearest place for what is not there.
      expect(places?.map((p) => p.line)).toEqual([5, 16, 10, 1]);
      expect(places).toEqual(pointers.map((p) => loaded.value.locate(p)));
      await v.stop();
      const off = writer(false);
      expect(await off.place(BUNDLE, pointers)).toBeUndefined();
    });

    it('gives nothing when the thread ends before answering, and the files are still written', async ({ expect }) => {
      useWriterScript('process.exit(3);');
      const w = writer(true);
      expect(await w.validate(BUNDLE, 'api.json', INVALID)).toBeUndefined();
      const dir = await mkdtemp(join(tmp, 'validate-dies-'));
      await w.write(dir, FILES);
      await w.stop();
      expect(await written(dir)).toEqual(sorted(FILES));
    });
  });

  it.for([
    [undefined, 'auto'],
    ['auto', 'auto'],
    ['on', 'on'],
    ['off', 'off'],
  ] as const)('SKILL_WIZARD_WRITER_THREAD=%s: %s', async ([value, setting], { expect }) => {
    if (value === undefined) delete process.env.SKILL_WIZARD_WRITER_THREAD;
    else process.env.SKILL_WIZARD_WRITER_THREAD = value;
    expect(writerThreadSetting()).toBe(setting);
    // A small spec's files are written here unless the thread is asked for; a large one's on
    // the thread unless it is off (auto: as threadPays says for this machine's load, below).
    for (const [chars, on] of [
      [WRITER_THREAD_MIN_SPEC - 1, setting === 'on'],
      ...(setting === 'auto' ? [] : ([[WRITER_THREAD_MIN_SPEC, setting === 'on']] as const)),
    ] as const) {
      const w = new WriterThread();
      // Not started: none.
      expect(w.threaded).toBe(false);
      w.start(chars);
      expect(w.threaded).toBe(on);
      await w.stop();
    }
  });

  it.for([
    ['a large spec, an idle machine of 2 cores', WRITER_THREAD_MIN_SPEC, 0.3, 2, true],
    ['a large spec, one core busy of 2', WRITER_THREAD_MIN_SPEC, 1.2, 2, true],
    ['a large spec, converts one after another on 2 cores', WRITER_THREAD_MIN_SPEC, 1.7, 2, true],
    ['a large spec, 2 cores busy of 2', WRITER_THREAD_MIN_SPEC, 2, 2, false],
    ['a large spec, a loaded machine of 2 cores', 4_000_000, 7.5, 2, false],
    ['a large spec, the same load on 16 cores', 4_000_000, 7.5, 16, true],
    ['a large spec, Windows (no load average)', WRITER_THREAD_MIN_SPEC, 0, 4, true],
    ['a small spec, an idle machine', WRITER_THREAD_MIN_SPEC - 1, 0, 16, false],
  ] as const)('the thread pays (auto) for %s', ([, chars, load, cores, pays], { expect }) => {
    expect(threadPays(chars, load, cores)).toBe(pays);
  });
});
