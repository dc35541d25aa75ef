import { afterAll, beforeAll, describe, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { loadSpec } from '../lib/openapi';
import { convertSpec } from '../lib/convert';
import { CLI_BUNDLE, ROOT } from '../test/cli';
import { main } from './main';

const SAMPLE = join(ROOT, 'public/samples/hollowbrook.openapi.yaml');
const MULTI = join(ROOT, 'lib/convert/fixtures/multi');

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`) });
  return { code, stdout, stderr };
}

/** Every file of a folder, by name. */
async function folder(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of (await readdir(dir)).sort()) out.set(name, await readFile(join(dir, name), 'utf8'));
  return out;
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-convert-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe.concurrent('cli convert', () => {
  it('writes the skill into <out>/<skill>/ exactly as convertSpec generates it, prints the report and exits 0', async ({ expect }) => {
    const out = join(tmp, 'sample');
    const r = await cli('convert', SAMPLE, '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const loaded = await loadSpec([{ path: 'hollowbrook.openapi.yaml', text: await readFile(SAMPLE, 'utf8') }]);
    if (!loaded.ok) throw new Error('the sample does not load');
    const expected = convertSpec(loaded.value);
    expect(await folder(join(out, expected.folder))).toEqual(new Map([...expected.files].sort(([a], [b]) => (a < b ? -1 : 1))));
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Imported "Hollowbrook Guesthouse" \(openapi 3\.0\.3\) as the skill `hollowbrook-guesthouse`: 5 operations, 5 declared as tools/);
    expect(lines.at(-1)).toBe(`Wrote ${expected.files.size} files to ${join(out, 'hollowbrook-guesthouse')}; publish rules: 0 errors, 0 warnings`);
  });

  it('takes the skill name and the base URL the user gives', async ({ expect }) => {
    const spec = join(tmp, 'relative.yaml');
    await writeFile(spec, "openapi: 3.0.3\ninfo: {title: Rel, version: '1'}\nservers: [{url: /api}]\npaths:\n  /a:\n    get: {operationId: getA, responses: {'200': {description: ok}}}\n");
    const out = join(tmp, 'named');
    const r = await cli('convert', spec, '--out', out, '--name', 'my-api', '--base-url', 'https://example.com/v2/');
    expect(r.code).toBe(0);
    const file = await readFile(join(out, 'my-api', 'get_a.md'), 'utf8');
    expect(file).toContain('https://example.com/api/a');
  });

  it('converts a folder of files that reference each other, and the same files zipped, to the same skill', async ({ expect }) => {
    const base = ['--base-url', 'https://multi.example.com/v3/'];
    const a = await cli('convert', MULTI, '--out', join(tmp, 'multi-folder'), ...base);
    expect(a.code).toBe(0);
    const files: Record<string, Uint8Array> = {};
    const walk = async (dir: string, prefix: string) => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        if (e.name === 'expected') continue;
        if (e.isDirectory()) await walk(join(dir, e.name), `${prefix}${e.name}/`);
        else files[`${prefix}${e.name}`] = new Uint8Array(await readFile(join(dir, e.name)));
      }
    };
    await walk(MULTI, '');
    // The folder holds the fixture's expected output too; the zip holds the spec alone.
    const zipPath = join(tmp, 'multi.zip');
    await writeFile(zipPath, zipSync(files));
    const b = await cli('convert', zipPath, '--out', join(tmp, 'multi-zip'), ...base);
    expect(b.code).toBe(0);
    const [name] = await readdir(join(tmp, 'multi-zip'));
    expect(await folder(join(tmp, 'multi-zip', name))).toEqual(await folder(join(MULTI, 'expected', name)));
  });

  it('writes the same bundle bytes every time, with tools.json when asked, and the JSON report', async ({ expect }) => {
    const runs = [];
    for (const n of [1, 2]) {
      const zip = join(tmp, `bundle-${n}.zip`);
      const report = join(tmp, `report-${n}.json`);
      const r = await cli('convert', SAMPLE, '--out', join(tmp, `bundle-${n}`), '--zip', zip, '--tools', '--report', report);
      expect(r.code).toBe(0);
      runs.push({ zip: await readFile(zip), report: JSON.parse(await readFile(report, 'utf8')) });
    }
    expect(runs[1].zip.equals(runs[0].zip)).toBe(true);
    const listing = await cli('tools', join(tmp, 'bundle-1.zip'));
    expect(listing.code).toBe(0);
    expect(JSON.parse(listing.stdout)).toHaveLength(5);
    expect(runs[0].zip.includes(Buffer.from('hollowbrook-guesthouse/tools.json'))).toBe(true);
    const report = runs[0].report;
    expect(report.declared).toHaveLength(5);
    expect(report.operationCount).toBe(5);
    expect(report.publishProblems).toEqual([]);
    expect(report.loadProblems).toEqual([]);
  });

  it('refuses to write into a folder that is not empty unless --force is given', async ({ expect }) => {
    const out = join(tmp, 'taken');
    await mkdir(join(out, 'hollowbrook-guesthouse'), { recursive: true });
    await writeFile(join(out, 'hollowbrook-guesthouse', 'notes.txt'), 'mine');
    const r = await cli('convert', SAMPLE, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not empty; choose another --out or pass --force');
    expect(await readdir(join(out, 'hollowbrook-guesthouse'))).toEqual(['notes.txt']);
    expect((await cli('convert', SAMPLE, '--out', out, '--force')).code).toBe(0);
    expect(await readFile(join(out, 'hollowbrook-guesthouse', 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('exits 1 and prints each publish error when the generated package has one', async ({ expect }) => {
    // 40 properties, each with a 1,000-character description: past the 24 KiB budget.
    const properties = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: 'string', description: 'd'.repeat(1000) }]));
    const spec = join(tmp, 'big.json');
    await writeFile(spec, JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, servers: [{ url: 'https://x.example' }], paths: { '/a': { post: { operationId: 'big', requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } }, responses: { '200': { description: 'ok' } } } } } }));
    const r = await cli('convert', spec, '--out', join(tmp, 'big'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^big\/big\.md:\d+:\d+ expanded-size /m);
    expect(r.stdout).toContain('publish rules: 1 error, 0 warnings');
  });

  it('prints what is wrong and exits 1 when the spec is refused; 2 when the path does not exist', async ({ expect }) => {
    const spec = join(tmp, 'not-openapi.yaml');
    await writeFile(spec, 'hello: world\n');
    const r = await cli('convert', spec, '--out', join(tmp, 'refused'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not-openapi\.yaml/);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(`${spec}: not converted`);
    expect(await readdir(tmp)).not.toContain('refused');
    const missing = await cli('convert', join(tmp, 'nowhere.yaml'), '--out', join(tmp, 'x'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file or folder/);
  });

  it('refuses a truncated zip, a corrupt one and a spec over 50 MB in one clear line each, leaving the skill in --out as it was, even with --force (BAD-INPUT 16)', async ({ expect }) => {
    const out = join(tmp, 'kept');
    const skill = join(out, 'hollowbrook-guesthouse');
    expect((await cli('convert', SAMPLE, '--out', out)).code).toBe(0);
    await writeFile(join(skill, 'list_rooms.md'), 'My own edit.\n');
    const before = await folder(skill);
    const zip = zipSync({ 'spec/openapi.yaml': new Uint8Array(await readFile(SAMPLE)) });
    const truncated = join(tmp, 'truncated.zip');
    await writeFile(truncated, zip.subarray(0, zip.length - 10));
    const corrupt = join(tmp, 'corrupt.zip');
    const damaged = zip.slice();
    damaged[100] ^= 0xff; // inside the compressed spec
    await writeFile(corrupt, damaged);
    // Sparse: 51 MB that cost no disk, refused from its size before it is read.
    const huge = join(tmp, 'huge.yaml');
    await writeFile(huge, 'openapi: 3.0.3\n');
    await truncate(huge, 51 * 1024 * 1024);
    for (const [input, line] of [
      [truncated, /^truncated\.zip:1:1 zip-corrupt The file is not a readable zip/],
      [corrupt, /^spec\/openapi\.yaml:1:1 zip-corrupt Entry `spec\/openapi\.yaml` cannot be decompressed/],
      [huge, /^huge\.yaml:1:1 upload-file-too-large huge\.yaml is 51\.0 MB, over the 50\.0 MB limit/],
    ] as const) {
      const r = await cli('convert', input, '--out', out, '--force');
      expect(r.code, input).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
      expect(await folder(skill)).toEqual(before);
    }
    expect(await readdir(out)).toEqual(['hollowbrook-guesthouse']);
  });

  it('requires --out', async ({ expect }) => {
    const r = await cli('convert', SAMPLE);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('skill-wizard convert: --out <folder> is required');
  });

  it('still writes every file and exits as usual when its reader goes away (`… | head -1`)', async ({ expect }) => {
    const out = join(tmp, 'piped');
    const child = spawn(process.execPath, [CLI_BUNDLE, 'convert', SAMPLE, '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect((await readdir(join(out, 'hollowbrook-guesthouse'))).sort()).toEqual([
      'SKILL.md',
      'cancel_booking.md',
      'check_availability.md',
      'create_booking.md',
      'get_booking.md',
      'list_rooms.md',
    ]);
  });
});
