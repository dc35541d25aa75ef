import { afterAll, beforeAll, describe, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnCli } from '../test/cli';

// `call --send` against a server this test starts on 127.0.0.1: never an outside address.
// The skill names a documentation host; --base-url sends to the test's server instead.

/** What the server was sent, in order: the tests run at once, so each finds its own by its URL. */
const got: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
const sentTo = (url: string) => got.filter((g) => g.url === url);
let server: Server;
let origin = '';
let tmp: string;
let skill: string;

function answer(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', origin);
    got.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    switch (url.pathname) {
      case '/v1/rooms':
        res.writeHead(200, { 'content-type': 'application/json', 'x-total': '2' });
        res.end('[{"id":"heron","beds":2},{"id":"wren","beds":1}]');
        return;
      case '/v1/rooms/wrong':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[{"id":7}]');
        return;
      case '/v1/bookings':
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{"id":"b1","status":"held"}');
        return;
      case '/v1/slow':
        // Headers, then nothing.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        return;
      case '/v1/moved':
        res.writeHead(302, { location: 'https://elsewhere.example/steal' });
        res.end();
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('no such thing');
    }
  });
}

const op = (block: string, prose = 'Do it.') => `---\noperation:\n${block.replace(/^/gm, '  ')}\n---\n${prose}\n`;

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tmp = await mkdtemp(join(tmpdir(), 'skill-cli-send-'));
  skill = join(tmp, 'inn');
  await mkdir(skill);
  await writeFile(
    join(skill, 'SKILL.md'),
    [
      '---',
      'name: inn',
      'description: Rooms and bookings of an inn.',
      '---',
      '# Inn',
      '',
      '## Authentication',
      "Requests go out through the platform's gateway, which attaches the credentials bound to this skill. Never put credentials in a call. The spec's schemes:",
      '',
      '- `innKey`: an API key in the `X-Inn-Key` header.',
      '',
      '## Operations',
      '- `list_rooms`: List the rooms.',
      '- `list_wrong`: List the rooms, wrongly.',
      '- `create_booking`: Book a room.',
      '- `slow`: Never answers whole.',
      '- `moved`: Moved elsewhere.',
      '- `gone`: Gone.',
      '',
    ].join('\n'),
  );
  const rooms = '{"type": "array", "items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}}';
  await writeFile(join(skill, 'list_rooms.md'), op(`method: GET\nurl: https://inn.example/v1/rooms\nquery: [beds]\noptional: [beds]\ninteger: [beds]\nreturns: |\n  ${rooms}`));
  await writeFile(join(skill, 'list_wrong.md'), op(`method: GET\nurl: https://inn.example/v1/rooms/wrong\nreturns: |\n  ${rooms}`));
  await writeFile(join(skill, 'create_booking.md'), op('method: POST\nurl: https://inn.example/v1/bookings\nstatus: 201\nbody: [room]\nreturns: |\n  {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}'));
  await writeFile(join(skill, 'slow.md'), op('method: GET\nurl: https://inn.example/v1/slow'));
  await writeFile(join(skill, 'moved.md'), op('method: GET\nurl: https://inn.example/v1/moved'));
  await writeFile(join(skill, 'gone.md'), op(`method: GET\nurl: https://inn.example/v1/gone\nreturns: |\n  ${rooms}`));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((go) => server.close(go));
  await rm(tmp, { recursive: true, force: true });
});

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe.concurrent('cli call --send', () => {
  it('sends a safe call with the credential from INN_KEY and prints the answer, its size and that it matches returns', async ({ expect }) => {
    const r = await spawnCli(['call', skill, 'list_rooms', '--args', '{"beds":2}', '--send', '--base-url', origin], { env: { INN_KEY: 'sekret-1' } });
    expect(r.code).toBe(0);
    expect(sentTo('/v1/rooms?beds=2')).toMatchObject([{ method: 'GET', url: '/v1/rooms?beds=2', headers: { 'x-inn-key': 'sekret-1' } }]);
    expect(r.stdout).toMatch(/^HTTP 200 OK\n(.*\n)*content-type: application\/json\n(.*\n)*x-total: 2\n\n\[\{"id":"heron","beds":2\},\{"id":"wren","beds":1\}\]\n$/);
    expect(lines(r.stderr)).toEqual(['200, 48 bytes. The body matches `returns`.']);
  });

  it('says when the body does not match returns, and exits 1', async ({ expect }) => {
    const r = await spawnCli(['call', skill, 'list_wrong', '--send', '--base-url', origin], { env: { INN_KEY: 'k' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\n\n\[\{"id":7\}\]\n$/);
    expect(lines(r.stderr)).toEqual(['200, 10 bytes. The body does not match `returns`: `/0/id` must be string.']);
  });

  it('refuses an unsafe call without --yes, naming its method and URL, and sends it with --yes', async ({ expect }) => {
    const no = await spawnCli(['call', skill, 'create_booking', '--args', '{"room":"heron"}', '--send', '--base-url', origin], { env: { INN_KEY: 'k' } });
    expect(no.code).toBe(1);
    expect(no.stdout).toBe('');
    expect(lines(no.stderr)).toEqual([`POST ${origin}/v1/bookings is unsafe: it may change something on the server each time it is sent. Nothing was sent: give --yes to send it.`]);
    const yes = await spawnCli(['call', skill, 'create_booking', '--args', '{"room":"heron"}', '--send', '--yes', '--base-url', origin], { env: { INN_KEY: 'k' } });
    expect(yes.code).toBe(0);
    expect(sentTo('/v1/bookings')).toMatchObject([{ method: 'POST', body: '{"room":"heron"}', headers: { 'content-type': 'application/json', 'x-inn-key': 'k' } }]);
    expect(yes.stdout).toMatch(/^HTTP 201 Created\n/);
    expect(lines(yes.stderr)).toEqual(['201, 27 bytes. The body matches `returns`.']);
  });

  it('keeps refusing an unsafe call under --read-only, --yes or not', async ({ expect }) => {
    const r = await spawnCli(['call', skill, 'create_booking', '--args', '{"room":"heron"}', '--send', '--yes', '--read-only', '--base-url', origin]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      'create_booking.md: A read-only grant calls only safe operations, and it is `unsafe`, the default of `POST`, and declares no `safety: safe`',
      'inn_create_booking: refused, nothing would be sent',
    ]);
  });

  it('says which variable to set when no credential is, and sends without', async ({ expect }) => {
    const r = await spawnCli(['call', skill, 'list_rooms', '--args', '{"beds":1}', '--send', '--base-url', origin], { env: { INN_KEY: '' } });
    expect(r.code).toBe(0);
    expect(sentTo('/v1/rooms?beds=1')[0].headers).not.toHaveProperty('x-inn-key');
    expect(lines(r.stderr)[0]).toBe('No credential sent: set INN_KEY (the X-Inn-Key header).');
  });

  it('prints an error status as the answer, not checked against returns, and exits 1', async ({ expect }) => {
    const r = await spawnCli(['call', skill, 'gone', '--send', '--base-url', `${origin}/`], { env: { INN_KEY: 'k' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^HTTP 404 Not Found\n(.*\n)*\nno such thing\n$/);
    expect(lines(r.stderr)).toEqual(['404, 13 bytes. Not the success status (200): the body is not checked against `returns`.']);
  });

  it('prints a redirect as the answer: not followed, so the credential never goes elsewhere', async ({ expect }) => {
    const r = await spawnCli(['call', skill, 'moved', '--send', '--base-url', origin], { env: { INN_KEY: 'k' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^HTTP 302 Found\n(.*\n)*location: https:\/\/elsewhere\.example\/steal\n?/);
    expect(lines(r.stderr)).toEqual(['302, 0 bytes. Not the success status (200): the body is not checked against `returns`.']);
  });

  it('stops a call with no whole answer within --timeout, and names a server not reached, each in one line', async ({ expect }) => {
    const slow = await spawnCli(['call', skill, 'slow', '--send', '--base-url', origin, '--timeout', '0.5'], { env: { INN_KEY: 'k' } });
    expect(slow.code).toBe(1);
    expect(lines(slow.stderr)).toEqual([`GET ${origin}/v1/slow: no whole answer within 0.5 s, so it was stopped (--timeout sets the limit)`]);
    // A port nothing listens on: the server's own, closed by a fresh one taken and released.
    const closed = await new Promise<string>((go) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => go(`http://127.0.0.1:${port}`));
      });
    });
    const refused = await spawnCli(['call', skill, 'list_rooms', '--send', '--base-url', closed], { env: { INN_KEY: 'k' } });
    expect(refused.code).toBe(1);
    expect(lines(refused.stderr)).toEqual([`GET ${closed}/v1/rooms: ${closed.slice('http://'.length)} refused the connection (nothing listens there)`]);
  });

  it('refuses --timeout that is not seconds, and --yes without --send, in one line with exit 2', async ({ expect }) => {
    const timeout = await spawnCli(['call', skill, 'list_rooms', '--send', '--timeout', 'soon']);
    expect(timeout.code).toBe(2);
    expect(lines(timeout.stderr)).toEqual(['skill-wizard call: --timeout takes seconds, more than 0 and at most 600, not "soon"']);
    const yes = await spawnCli(['call', skill, 'list_rooms', '--yes']);
    expect(yes.code).toBe(2);
    expect(lines(yes.stderr)).toEqual(['skill-wizard call: --yes confirms a call that --send sends: give --send too']);
  });
});
