import { afterAll, beforeAll, describe, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHere, spawnCli } from '../test/cli';

let tmp: string;
const spec = (summary: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Notes', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/notes': { get: { operationId: 'listNotes', summary, responses: { '200': { description: 'ok' } } } },
      ...extra,
    },
  });

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-update-'));
  await writeFile(join(tmp, 'old.json'), spec('List notes.'));
  await writeFile(join(tmp, 'new.json'), spec('List the notes.', { '/tags': { get: { operationId: 'listTags', summary: 'List tags.', responses: { '200': { description: 'ok' } } } } }));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function generated(out: string): Promise<string> {
  const r = await runHere('convert', join(tmp, 'old.json'), '--out', out);
  if (r.code !== 0) throw new Error(r.stderr);
  return join(out, 'notes');
}

describe.concurrent('cli update', () => {
  it('refuses without --from, saying why', async ({ expect }) => {
    const skill = await generated(join(tmp, 'no-from'));
    const r = await runHere('update', skill, '--to', join(tmp, 'new.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--from <old spec> is required');
  });

  it('takes the newer spec where the skill is not edited, and reports the new operation', async ({ expect }) => {
    const skill = await generated(join(tmp, 'clean'));
    const report = join(tmp, 'clean.json');
    const r = await runHere('update', skill, '--from', join(tmp, 'old.json'), '--to', join(tmp, 'new.json'), '--report', report);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 operations added');
    expect((await readdir(skill)).sort()).toEqual(['SKILL.md', 'list_notes.md', 'list_tags.md']);
    expect(await readFile(join(skill, 'list_notes.md'), 'utf8')).toContain('List the notes.');
    expect(JSON.parse(await readFile(report, 'utf8'))).toMatchObject({ updateReportVersion: 1, added: [{ operation: 'list_tags', kept: true }] });
  });

  it('writes nothing and exits 1 on a conflict, unless --ours or --theirs settles it', async ({ expect }) => {
    const skill = await generated(join(tmp, 'conflict'));
    const file = join(skill, 'list_notes.md');
    const edited = (await readFile(file, 'utf8')).replace('List notes.', 'List my notes.');
    await writeFile(file, edited);
    const args = ['update', skill, '--from', join(tmp, 'old.json'), '--to', join(tmp, 'new.json')];
    const r = await runHere(...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('list_notes.md line');
    expect(await readFile(file, 'utf8')).toBe(edited);
    expect(await readdir(skill)).not.toContain('list_tags.md');
    const ours = await runHere(...args, '--ours');
    expect(ours.code).toBe(0);
    expect(await readFile(file, 'utf8')).toContain('List my notes.');
    expect(await readdir(skill)).toContain('list_tags.md');
  });

  it('gives the same bytes in another process', async ({ expect }) => {
    const read = async (dir: string) => Promise.all((await readdir(dir)).sort().map(async (f) => [f, await readFile(join(dir, f), 'utf8')]));
    const runs = [];
    for (const name of ['again-1', 'again-2']) {
      const skill = await generated(join(tmp, name));
      const file = join(skill, 'list_notes.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace('List notes.', 'List my notes.'));
      const r = await spawnCli(['update', skill, '--from', join(tmp, 'old.json'), '--to', join(tmp, 'new.json'), '--theirs']);
      expect(r.code).toBe(0);
      runs.push(await read(skill));
    }
    expect(runs[1]).toEqual(runs[0]);
  });
});
