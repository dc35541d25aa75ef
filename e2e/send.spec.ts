import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { WizardPage } from './wizard-page';

// Send in the Call tab, against a server this test starts on 127.0.0.1 (another origin than
// the app's, as a vendor's server is): never an outside address. A call to this machine is
// refused as a host that cannot be the vendor's (decision 0150), so the spec names
// `inn.example`, which this browser resolves to 127.0.0.1.
test.use({
  launchOptions: {
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--host-resolver-rules=MAP inn.example 127.0.0.1'],
  },
});

const SECRET = 'inn-secret-7f3a9c';

let server: Server;
/** The server's address as the test reaches it, and as the spec (and so the browser) names it. */
let origin = '';
let api = '';
const received: { method: string; path: string; key?: string; body: string }[] = [];

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'x-inn-key, content-type',
  'access-control-allow-methods': 'GET, POST',
  'access-control-expose-headers': 'x-total',
};

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', origin).pathname;
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const key = req.headers['x-inn-key'];
    received.push({ method: req.method ?? '', path, key: typeof key === 'string' ? key : undefined, body: Buffer.concat(chunks).toString('utf8') });
    if (path === '/closed') {
      // Answers, but lets no other page read it: no CORS header, on the preflight either.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'HEAD' ? undefined : '[]');
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    if (path === '/rooms') {
      res.writeHead(200, { ...CORS, 'content-type': 'application/json', 'x-total': '2' });
      res.end('[{"id":"heron","beds":2},{"id":"wren","beds":1}]');
    } else if (path === '/bookings') {
      res.writeHead(201, { ...CORS, 'content-type': 'application/json' });
      res.end('{"id":"b-1","room":"heron"}');
    } else {
      res.writeHead(404, CORS);
      res.end();
    }
  });
}

test.beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  api = `http://inn.example:${port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((go) => server.close(go));
});

const room = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, beds: { type: 'integer' } } };

function innSpec() {
  return {
    openapi: '3.0.3',
    info: { title: 'Inn', version: '1.0.0', description: 'Rooms and bookings of an inn.' },
    servers: [{ url: api }],
    security: [{ innKey: [] }],
    components: { securitySchemes: { innKey: { type: 'apiKey', in: 'header', name: 'X-Inn-Key' } } },
    paths: {
      '/rooms': {
        get: { operationId: 'listRooms', summary: 'List the rooms', responses: { '200': { description: 'The rooms', content: { 'application/json': { schema: { type: 'array', items: room } } } } } },
      },
      '/bookings': {
        post: {
          operationId: 'createBooking',
          summary: 'Book a room',
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['room'], properties: { room: { type: 'string' } } } } } },
          responses: { '201': { description: 'The booking', content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } } },
        },
      },
      '/closed': {
        get: { operationId: 'listClosed', summary: 'List what is closed', responses: { '200': { description: 'What is closed', content: { 'application/json': { schema: { type: 'array' } } } } } },
      },
    },
  };
}

/** Every record of every IndexedDB database of the page, and all of localStorage and sessionStorage, as text. */
function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [];
    const text = async (v: unknown): Promise<unknown> => {
      if (v instanceof Blob) return await v.text();
      if (v instanceof ArrayBuffer) return new TextDecoder().decode(v);
      if (ArrayBuffer.isView(v)) return new TextDecoder().decode(v);
      if (Array.isArray(v)) return Promise.all(v.map(text));
      if (v !== null && typeof v === 'object') {
        const o: Record<string, unknown> = {};
        for (const [k, inner] of Object.entries(v)) o[k] = await text(inner);
        if (v instanceof Map) for (const [k, inner] of v) o[String(k)] = await text(inner);
        return o;
      }
      return v;
    };
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((ok, no) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => ok(open.result);
        open.onerror = () => no(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((ok, no) => {
          const r = db.transaction(store).objectStore(store).getAll();
          r.onsuccess = () => ok(r.result);
          r.onerror = () => no(r.error);
        });
        out.push(`${name}/${store}: ${JSON.stringify(await text(all))}`);
      }
      db.close();
    }
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        out.push(`${name} ${key}: ${storage.getItem(key)}`);
      }
    }
    return out.join('\n');
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: Send a safe call, an unsafe one after its confirm, and one CORS refuses; the credential is never stored or exported`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    const wizard = new WizardPage(page);
    await wizard.open();
    await wizard.uploadSpec([{ name: 'inn.json', buffer: Buffer.from(JSON.stringify(innSpec())) }]);
    await expect(wizard.status).toContainText('3 tools', { timeout: 30_000 });

    await wizard.openFile('list_rooms.md');
    await page.getByRole('tab', { name: 'Call' }).click();
    await expect(page.getByLabel('HTTP request')).toContainText(`GET ${api}/rooms`);
    const credential = page.getByLabel('Credential for innKey');
    await expect(page.getByText('Goes in the X-Inn-Key header')).toBeVisible();
    await credential.fill(SECRET);
    const before = received.length;
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    await expect(answer.getByLabel('Answer size')).toContainText('200 OK · 48 bytes · ');
    await expect(answer.getByLabel('Answer size')).toContainText(/\d+ tokens for /);
    await expect(answer.getByLabel('Against returns')).toHaveText('The body matches `returns`.');
    await expect(answer.getByLabel('Answer headers')).toContainText('x-total: 2');
    await expect(answer.getByLabel('Answer body')).toContainText('"id": "heron"');
    // The credential's header makes the browser ask first (a CORS preflight, OPTIONS), then send.
    expect(received.slice(before).filter((r) => r.method !== 'OPTIONS')).toEqual([{ method: 'GET', path: '/rooms', key: SECRET, body: '' }]);
    expect(await axeViolations(page)).toEqual([]);

    // Not safe: a confirm naming the method and URL, and nothing sent until it is answered.
    await wizard.openFile('create_booking.md');
    await page.getByRole('tab', { name: 'Call' }).click();
    await page.getByLabel('Arguments (JSON)').fill('{"room": "heron"}');
    await expect(page.getByLabel('HTTP request')).toContainText(`POST ${api}/bookings`);
    const sentBefore = received.length;
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: `Send POST ${api}/bookings?` });
    await expect(confirm).toContainText('is unsafe: it may change something on the server each time it is sent');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(received.slice(sentBefore).filter((r) => r.path === '/bookings')).toEqual([]);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send POST' }).click();
    await expect(answer.getByLabel('Answer size')).toContainText('201 Created · 27 bytes');
    await expect(answer.getByLabel('Against returns')).toHaveText('The body matches `returns`.');
    expect(received.slice(sentBefore).filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/bookings', key: SECRET, body: '{"room":"heron"}' }]);

    // A server that lets no other page read its answers: named as CORS, Copy as curl offered.
    await wizard.openFile('list_closed.md');
    await page.getByRole('tab', { name: 'Call' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Refused by CORS' });
    await expect(refusal).toContainText(`Refused by CORS: ${new URL(api).host} does not let other pages read its answers`);
    await expect(refusal.getByRole('button', { name: 'Copy as curl' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The page itself connected only to itself: every send went from a worker.
    const appOrigin = new URL(page.url()).origin;
    const fromPage = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(fromPage.filter((u) => !u.startsWith(appOrigin))).toEqual([]);

    // Saved drafts, the journal, localStorage, sessionStorage and the bundle hold no credential.
    await expect.poll(async () => (await wizard.savedInfo())?.folder, { timeout: 10_000 }).toBe('inn');
    await page.waitForTimeout(1_000);
    const stored = await storedText(page);
    expect(stored).toContain('list_rooms.md');
    expect(stored).not.toContain(SECRET);
    const files = await WizardPage.unzip((await wizard.download()).bytes);
    expect(files.size).toBeGreaterThan(0);
    for (const [name, text] of files) expect(`${name}: ${text.includes(SECRET)}`).toBe(`${name}: false`);
    expect(wizard.errors.filter((e) => !/Failed to load resource|CORS|Access-Control/i.test(e))).toEqual([]);
  });
}

test('Send to a base URL typed in the Call tab: checked as the CLI checks it, shown in the request, never stored or exported', async ({ page }) => {
  test.setTimeout(120_000);
  const wizard = new WizardPage(page);
  await wizard.open();
  // The spec's own server is never reached: the base URL sends the call to this test's server, named as 127.0.0.1.
  const spec = { ...innSpec(), servers: [{ url: 'https://api.inn.test' }] };
  await wizard.uploadSpec([{ name: 'inn.json', buffer: Buffer.from(JSON.stringify(spec)) }]);
  await expect(wizard.status).toContainText('3 tools', { timeout: 30_000 });
  await wizard.openFile('list_rooms.md');
  await page.getByRole('tab', { name: 'Call' }).click();
  const request = page.getByLabel('HTTP request');
  await expect(request).toContainText('GET https://api.inn.test/rooms');
  const baseUrl = page.getByLabel('Base URL for this call');
  await expect(baseUrl).toHaveValue('');

  // What `call --base-url` refuses is refused here, in its words, at the field.
  await baseUrl.fill('localhost:4010');
  const why = 'The base URL `localhost:4010` is not an absolute URL (`https://host` or `http://host:port`)';
  await expect(page.getByRole('region', { name: 'Refused' })).toContainText(why);
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toHaveAccessibleDescription(new RegExp(`^${why.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);

  // This machine, named on purpose (a host a call is otherwise refused): the request goes there.
  await baseUrl.fill(`${origin}/`);
  await expect(request).toContainText(`GET ${origin}/rooms`);
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByText("To the base URL above, not the operation's own server")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Credential for innKey').fill(SECRET);
  const before = received.length;
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = page.getByRole('region', { name: 'Answer' });
  await expect(answer.getByRole('heading')).toHaveText(`The answer to GET ${origin}/rooms`);
  await expect(answer.getByLabel('Answer size')).toContainText('200 OK · 48 bytes · ');
  await expect(answer.getByLabel('Against returns')).toHaveText('The body matches `returns`.');
  expect(received.slice(before).filter((r) => r.method !== 'OPTIONS')).toEqual([{ method: 'GET', path: '/rooms', key: SECRET, body: '' }]);

  // Every operation of the skill goes there, the confirm of an unsafe one naming it.
  await wizard.openFile('create_booking.md');
  await page.getByRole('tab', { name: 'Call' }).click();
  await expect(baseUrl).toHaveValue(`${origin}/`);
  await page.getByLabel('Arguments (JSON)').fill('{"room": "wren"}');
  await expect(request).toContainText(`POST ${origin}/bookings`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('alertdialog', { name: `Send POST ${origin}/bookings?` }).getByRole('button', { name: 'Send POST' }).click();
  await expect(answer.getByLabel('Answer size')).toContainText('201 Created · 27 bytes');
  expect(received.slice(before).filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/bookings', key: SECRET, body: '{"room":"wren"}' }]);

  // Emptied, the call goes to the operation's own server again.
  await baseUrl.fill('');
  await expect(request).toContainText('POST https://api.inn.test/bookings');
  await baseUrl.fill(origin);
  await expect(request).toContainText(`POST ${origin}/bookings`);

  // The person's, not the skill's: in no draft, journal, storage or download.
  await expect.poll(async () => (await wizard.savedInfo())?.folder, { timeout: 10_000 }).toBe('inn');
  await page.waitForTimeout(1_000);
  const stored = await storedText(page);
  expect(stored).toContain('list_rooms.md');
  expect(stored).not.toContain(new URL(origin).host);
  const files = await WizardPage.unzip((await wizard.download()).bytes);
  expect(files.size).toBeGreaterThan(0);
  for (const [name, text] of files) expect(`${name}: ${text.includes(new URL(origin).host)}`).toBe(`${name}: false`);
  expect(wizard.errors.filter((e) => !/Failed to load resource|CORS|Access-Control/i.test(e))).toEqual([]);
});
