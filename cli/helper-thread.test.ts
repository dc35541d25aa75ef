import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_BUNDLE } from '../test/cli';
import { HelperThread, helpersRun, helperThreadOn } from './helper-thread';

/** Names and texts as a skill has them: non-ASCII text, an empty file. */
const FILES = new Map([
  ['SKILL.md', '---\nname: demo\n---\n# Démo — ☃\n'],
  ['list_rooms.md', 'x'.repeat(100_000)],
  ['empty.md', ''],
]);

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-helper-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});
// The thread asked for (helperThreadOn); its absence is `helpersRun(undefined)`.
const helperThread = process.env.SKILL_WIZARD_HELPER_THREAD;
beforeAll(() => {
  process.env.SKILL_WIZARD_HELPER_THREAD = 'on';
});
afterAll(() => {
  if (helperThread === undefined) delete process.env.SKILL_WIZARD_HELPER_THREAD;
  else process.env.SKILL_WIZARD_HELPER_THREAD = helperThread;
});
afterEach(() => helpersRun(undefined));

async function written(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of (await readdir(dir)).sort()) out.set(name, await readFile(join(dir, name), 'utf8'));
  return out;
}

const sorted = (m: Map<string, string>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));

/** What a write that fails gives: its message and code (the CLI prints the message when the code is a system error's). */
async function failure(helper: HelperThread, dir: string): Promise<{ message: string; code: unknown }> {
  try {
    await helper.write(dir, FILES);
  } catch (e) {
    return { message: (e as Error).message, code: (e as NodeJS.ErrnoException).code };
  }
  throw new Error('the write did not fail');
}

describe('HelperThread', () => {
  it('writes every file on the thread the shipped bin starts, as this thread writes them', async ({ expect }) => {
    helpersRun(CLI_BUNDLE);
    const apart = new HelperThread();
    const there = await mkdtemp(join(tmp, 'thread-'));
    await apart.write(there, FILES);
    await apart.stop();
    helpersRun(undefined);
    const here = await mkdtemp(join(tmp, 'here-'));
    await new HelperThread().write(here, FILES);
    expect(await written(there)).toEqual(sorted(FILES));
    expect(await written(here)).toEqual(sorted(FILES));
  });

  it('fails a write as this thread would, with the same message and code (a folder that is not there)', async ({ expect }) => {
    const missing = join(tmp, 'not-there');
    helpersRun(CLI_BUNDLE);
    const apart = new HelperThread();
    const there = await failure(apart, missing);
    await apart.stop();
    helpersRun(undefined);
    const here = await failure(new HelperThread(), missing);
    expect(here.code).toBe('ENOENT');
    expect(there).toEqual(here);
  });

  it('does what a thread that ends before answering did not: writes the files here, and leaves validating to the caller', async ({ expect }) => {
    const broken = join(tmp, 'broken.mjs');
    await writeFile(broken, "throw new Error('cannot load');\n");
    helpersRun(broken);
    const dir = await mkdtemp(join(tmp, 'fallback-'));
    // Both asked before the thread has failed to load, so both are under way when it ends.
    const helper = new HelperThread();
    const writing = helper.write(dir, FILES);
    const validating = helper.validate([{ path: 'openapi.json', text: '{"openapi": "3.0.3"}' }], 'openapi.json');
    await writing;
    expect(await validating).toBeUndefined();
    await helper.stop();
    expect(await written(dir)).toEqual(sorted(FILES));
  });

  it('validates only a spec of JSON files on the thread: a YAML spec is left to the caller', ({ expect }) => {
    helpersRun(CLI_BUNDLE);
    const helper = new HelperThread();
    expect(helper.validate([{ path: 'openapi.yaml', text: 'openapi: 3.0.3\n' }], 'openapi.yaml')).toBeUndefined();
    expect(helper.validate([{ path: 'openapi.json', text: '\uFEFF {"openapi": "3.0.3"}' }], 'openapi.json')).toBeInstanceOf(Promise);
    void helper.stop();
  });

  it('is started only when SKILL_WIZARD_HELPER_THREAD is on', ({ expect }) => {
    expect(helperThreadOn()).toBe(true);
    try {
      for (const value of ['off', undefined]) {
        if (value === undefined) delete process.env.SKILL_WIZARD_HELPER_THREAD;
        else process.env.SKILL_WIZARD_HELPER_THREAD = value;
        expect(helperThreadOn()).toBe(false);
        helpersRun(CLI_BUNDLE);
        // No thread: validating is left to the caller.
        expect(new HelperThread().validate([{ path: 'openapi.json', text: '{}' }], 'openapi.json')).toBeUndefined();
      }
    } finally {
      process.env.SKILL_WIZARD_HELPER_THREAD = 'on';
    }
  });
});
