import { afterAll, beforeAll, describe, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_BUNDLE, ROOT } from '../test/cli';

/** `cli call` (the bundle that ships) of `get_item` in `folder`, with `extra` options. */
function call(folder: string, extra: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_BUNDLE, 'call', folder, 'get_item', '--args', '{"id":"7"}', ...extra], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

let tmp: string;

/** A hand-written skill whose one operation calls `url`. */
async function skill(name: string, url: string): Promise<string> {
  const folder = join(tmp, name);
  await mkdir(folder);
  await writeFile(join(folder, 'SKILL.md'), `---\nname: ${name}\ndescription: Reads one item of the shop by its id.\n---\n# Shop\n\n## Operations\n- \`get_item\`: Get one item.\n`);
  await writeFile(join(folder, 'get_item.md'), `---\noperation:\n  method: GET\n  url: ${url}\n---\nGet one item of the shop by its id, with its name and price.\n`);
  return folder;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-cli-host-'));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

// BAD-INPUT 49: a hand-written skill's request to this machine, a private network or a metadata address.
describe.concurrent('cli call to a host that cannot be the vendor\'s', () => {
  it.for([
    ['metadata', 'http://169.254.169.254/latest/{id}'],
    ['loopback', 'https://127.0.0.1/items/{id}'],
    ['number', 'https://2130706433/items/{id}'],
    ['lookalike', 'https://аpi.acme.io/items/{id}'],
  ])('refuses the %s host, naming it, printing no request, exit 1', async ([name, url], { expect }) => {
    const r = await call(await skill(name, url));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/get_item\.md:\d+:\d+ operation-url The host `[^`]+` (is|mixes) /);
  });

  it('sends the call to the base URL the user gives, any host, and prints the request', async ({ expect }) => {
    const r = await call(await skill('based', 'https://127.0.0.1/v1/items/{id}'), ['--base-url', 'http://localhost:4010']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ method: 'GET', url: 'http://localhost:4010/v1/items/7', headers: {} });
  });

  it('refuses a base URL that is not an absolute http(s) URL, in one line', async ({ expect }) => {
    const r = await call(await skill('badbase', 'https://api.acme.io/items/{id}'), ['--base-url', 'localhost:4010']);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('get_item.md:1:1 call-base-url The base URL `localhost:4010` is not an absolute URL (`https://host` or `http://host:port`)');
  });

  it('prints a plain-http request with a warning on stderr', async ({ expect }) => {
    const r = await call(await skill('plain', 'http://api.acme.io/items/{id}'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).url).toBe('http://api.acme.io/items/7');
    expect(r.stderr).toContain('call-http (warning) `http://api.acme.io` is plain http');
  });
});
