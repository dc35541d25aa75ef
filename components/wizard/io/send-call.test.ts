import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendHere } from './send-call';

// A server this test starts on 127.0.0.1: never an outside address.
let server: Server;
let origin = '';
const seen: { method?: string; url?: string; key?: string | string[] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, key: req.headers['x-key'] });
    if (req.url === '/rooms') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"id":"heron"},{"id":"wren"}]');
    } else {
      res.writeHead(404);
      res.end('no');
    }
  });
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((go) => server.close(go));
});


describe('sendHere', () => {
  it('sends the request as given and answers with status, headers, body, bytes and tokens', async () => {
    const outcome = await sendHere({
      request: { method: 'GET', url: `${origin}/rooms`, headers: { 'X-Key': 'k1' } },
      model: 'gpt-4o',
    });
    expect(seen.at(-1)).toEqual({ method: 'GET', url: '/rooms', key: 'k1' });
    expect(outcome).toMatchObject({
      ok: true,
      answer: { status: 200, body: '[{"id":"heron"},{"id":"wren"}]', bytes: 30 },
      tokens: { model: 'gpt-4o', estimate: false },
    });
    if (!outcome.ok) throw new Error('sent');
    expect(outcome.answer.headers).toContainEqual(['content-type', 'application/json']);
    expect(outcome.tokens?.count).toBeGreaterThan(5);
  });

  it('answers with an error status as with any other', async () => {
    const outcome = await sendHere({ request: { method: 'GET', url: `${origin}/nothing`, headers: {} } });
    expect(outcome).toMatchObject({ ok: true, answer: { status: 404, body: 'no', bytes: 2 } });
  });

  it('names a server that cannot be reached, and offers Copy as curl', async () => {
    const closed = await new Promise<string>((go) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => go(`127.0.0.1:${port}`));
      });
    });
    const outcome = await sendHere({ request: { method: 'GET', url: `http://${closed}/rooms`, headers: {} } });
    expect(outcome).toEqual({ ok: false, kind: 'unreachable', message: `${closed} could not be reached: check the address, or that the server is up. Copy as curl sends it from a terminal instead.` });
  });
});
