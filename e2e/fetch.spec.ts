import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { WizardPage } from './wizard-page';

// BAD-INPUT 32: a spec fetched by its address from servers that
// misbehave. A real server on this machine, on a port of its own: another origin than the
// app, as a vendor's server is.

const SAMPLE = readFileSync(new URL('../public/samples/hollowbrook.openapi.yaml', import.meta.url));
const OPEN = { 'access-control-allow-origin': '*' };

let server: Server;
let base = '';
/** Requests the server has had, and whether the browser closed each before the answer was whole. */
const seen: { path: string; closedEarly: boolean }[] = [];

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', base).pathname;
  const record = { path, closedEarly: false };
  seen.push(record);
  res.on('close', () => (record.closedEarly = !res.writableEnded));
  switch (path) {
    case '/trickle.yaml': {
      // A byte every 200 ms, forever: never idle, never done.
      res.writeHead(200, { ...OPEN, 'content-type': 'text/yaml' });
      res.write('openapi: 3.0.3\n');
      const drip = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(drip));
      return;
    }
    case '/silent.yaml':
      // The headers, then nothing.
      res.writeHead(200, { ...OPEN, 'content-type': 'text/yaml', 'content-length': String(SAMPLE.length) });
      res.write(SAMPLE.subarray(0, 100));
      return;
    case '/to-file':
      res.writeHead(302, { ...OPEN, location: 'file:///etc/passwd' });
      res.end();
      return;
    case '/to-closed':
      // To a server (the same, by another name) that lets no other page read it.
      res.writeHead(302, { ...OPEN, location: `${base.replace('127.0.0.1', 'localhost')}/closed.yaml` });
      res.end();
      return;
    case '/closed.yaml':
      res.writeHead(200, { 'content-type': 'text/yaml' });
      res.end(SAMPLE);
      return;
    case '/to-open-unsaid':
      // A redirect whose own answer lets no other page read it, to an address that would.
      res.writeHead(302, { location: '/hollowbrook.yaml' });
      res.end();
      return;
    case '/moved.yaml':
      res.writeHead(301, { ...OPEN, location: '/hollowbrook.yaml' });
      res.end();
      return;
    case '/hollowbrook.yaml':
      res.writeHead(200, { ...OPEN, 'content-type': 'text/yaml' });
      res.end(SAMPLE);
      return;
    default:
      res.writeHead(404, OPEN);
      res.end();
  }
}

test.beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a server that trickles bytes or goes silent never holds the start page: the fetch shows what came, Cancel stops it at once, and a silent one is stopped after 15 s (BAD-INPUT 32)', async ({ page }) => {
  test.setTimeout(90_000);
  const wizard = new WizardPage(page);
  await wizard.open();
  const address = page.getByLabel(/the spec's address/);
  const sample = page.getByRole('button', { name: 'Try the sample spec' });
  const cancel = page.getByRole('button', { name: 'Cancel the fetch' });
  const alert = page.getByRole('alert', { name: 'Upload refused' });

  await address.fill(`${base}/trickle.yaml`);
  await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Fetching ${base}/trickle.yaml…` })).toBeVisible();
  await expect(sample).toBeDisabled();
  // What has come is shown, and grows.
  await expect(page.getByText(/^\d+ bytes so far$/)).toBeVisible();
  await expect.poll(async () => parseInt((await page.getByText(/bytes so far$/).innerText()).split(' ')[0], 10)).toBeGreaterThan(20);
  await cancel.click();
  await expect(sample).toBeEnabled();
  await expect(cancel).toHaveCount(0);
  await expect(alert).toContainText(`The fetch of ${base}/trickle.yaml was cancelled after`);
  await expect(alert).toContainText('nothing was opened');
  // The browser let go of the connection: the worker that held it is gone.
  await expect.poll(() => seen.find((s) => s.path === '/trickle.yaml')?.closedEarly).toBe(true);

  await address.fill(`${base}/silent.yaml`);
  await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(page.getByText(`100 bytes of ${(SAMPLE.length / 1000).toFixed(1)} KB`)).toBeVisible();
  await expect(alert).toContainText(`127.0.0.1:${new URL(base).port} sent nothing for 15 s (100 bytes of ${(SAMPLE.length / 1000).toFixed(1)} KB had come): the fetch was stopped`, {
    timeout: 25_000,
  });
  await expect(sample).toBeEnabled();
  await expect.poll(() => seen.find((s) => s.path === '/silent.yaml')?.closedEarly).toBe(true);

  // The page was never held: the sample converts at once after.
  await wizard.trySample();
  expect(wizard.errors).toEqual([]);
});

test('a redirect the browser refuses to follow is named as a redirect, not as CORS; one it may follow is followed (BAD-INPUT 32)', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  const address = page.getByLabel(/the spec's address/);
  const alert = page.getByRole('alert', { name: 'Upload refused' });
  const host = new URL(base).host;
  for (const path of ['/to-file', '/to-closed']) {
    await address.fill(`${base}${path}`);
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await expect(alert).toContainText(`${host} answered with a redirect to another address, which this browser refused to follow`);
    await expect(alert).not.toContainText('CORS');
  }
  // Not a redirect: a server that lets no other page read it is still named as such.
  await address.fill(`${base.replace('127.0.0.1', 'localhost')}/closed.yaml`);
  await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(alert).toContainText('does not let other pages read it (CORS)');
  // A redirect whose own answer has no CORS headers: the browser shows the page nothing of it
  // (docs/decisions/0030-fetching-a-spec-by-its-address.md), so the message says it may be one and how to find where it leads.
  await address.fill(`${base}/to-open-unsaid`);
  await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(alert).toContainText(`${host} does not let other pages read it (CORS). Its answer may be a redirect: a browser does not show a page the answers of such a server, so it cannot tell. Open the address in a tab to see where it leads`);

  await address.fill(`${base}/moved.yaml`);
  await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  expect(wizard.errors.filter((e) => !e.includes('Failed to load resource') && !e.includes('CORS') && !e.includes('Access-Control'))).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: a fetch in progress (the bytes come so far, "Cancel the fetch") and its refusal after Cancel meet WCAG 2.1 AA as axe checks them`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const wizard = new WizardPage(page);
    await wizard.open();
    await page.getByLabel(/the spec's address/).fill(`${base}/trickle.yaml`);
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await expect(page.getByText(/^\d+ bytes so far$/)).toBeVisible();
    const cancel = page.getByRole('button', { name: 'Cancel the fetch' });
    await expect(cancel).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await cancel.click();
    await expect(page.getByRole('alert', { name: 'Upload refused' })).toContainText('was cancelled after');
    expect(await axeViolations(page)).toEqual([]);
  });
}
