import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { SPECS_DIR } from '../test/corpus';
import { EXPECTED_SKILL, expectedBytes } from '../test/expected';
import { SPLIT_ENTRY, SPLIT_PARAMS } from './split-spec';
import { WizardPage } from './wizard-page';

const SAMPLE = readFileSync(new URL('../public/samples/hollowbrook.openapi.yaml', import.meta.url));
const SAMPLE_FILES = ['Import report', 'SKILL.md', 'types.json', 'cancel_booking.md', 'check_availability.md', 'create_booking.md', 'get_booking.md', 'list_rooms.md'];

test('the sample spec becomes a skill whose files, tools and calls can be reviewed, edited and checked as one types', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  expect(await wizard.fileNames()).toEqual(SAMPLE_FILES);
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeVisible();
  await expect(page.getByText('Every publish rule passes')).toBeVisible();

  const editor = await wizard.openFile('get_booking.md');
  const text = await wizard.text(editor);
  expect(text).toContain('method: GET');
  await expect(page.getByLabel('Tool as a model gets it')).toContainText('"name": "hollowbrook-guesthouse_get_booking"');

  // An edit is checked at once: the error names its line, the file and the skill count it.
  await wizard.replaceText(editor, text.replace('method: GET', 'method: FETCH'));
  await expect(wizard.fileProblems('get_booking.md')).toHaveCount(1);
  await expect(wizard.fileProblems('get_booking.md').first()).toContainText('line 3:3');
  await expect(wizard.fileProblems('get_booking.md').first()).toContainText('operation-method');
  await expect(wizard.status).toHaveText('7 files · 5 tools · 1 error · 0 warnings · 1 edited');
  await expect(page.getByRole('button', { name: /^get_booking\.md/ })).toContainText('edited');

  // Tab indents (and is undone like any typing); Esc then Tab leaves the editor.
  await editor.press('Control+End');
  await editor.press('Tab');
  await expect.poll(() => wizard.text(editor)).toBe(`${text.replace('method: GET', 'method: FETCH')}  `);
  await editor.press('Escape');
  await editor.press('Tab');
  await expect(editor).not.toBeFocused();

  await page.getByRole('button', { name: 'Revert to generated' }).click();
  await expect.poll(() => wizard.text(editor)).toBe(text);
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');

  // The call: example arguments to start from, the exact request, and a refusal.
  await page.getByRole('tab', { name: 'Call' }).click();
  const args = page.getByLabel('Arguments (JSON)');
  await expect(args).toHaveValue('{\n  "booking_id": "booking_id"\n}');
  await args.fill('{"booking_id": "bk 7"}');
  await expect(page.getByLabel('HTTP request')).toHaveText('GET http://outturn-hollowbrook:8084/bookings/bk%207');
  await args.fill('{"booking": "bk 7"}');
  await expect(page.getByRole('heading', { name: 'Refused: nothing would be sent' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Why the call is refused' })).toContainText('call-missing-argument');

  await page.getByRole('tab', { name: 'In the bundle' }).click();
  await expect(page.getByLabel('File in the bundle')).toContainText('## The call');
  await expect(page.getByLabel('File in the bundle')).toContainText('GET http://outturn-hollowbrook:8084/bookings/{booking_id}');
  // It follows each edit, one that changes nothing the skill's summary says included (the second).
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nFirst words.');
  await expect(page.getByLabel('File in the bundle')).toContainText('First words.');
  await page.keyboard.type(' Second words.');
  await expect(page.getByLabel('File in the bundle')).toContainText('First words. Second words.');

  expect(wizard.errors).toEqual([]);
});

test('the downloaded bundle is byte for byte what the CLI writes, and opens again to the same files', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const { download, bytes } = await wizard.download();
  expect(download.suggestedFilename()).toBe('hollowbrook-guesthouse.zip');

  // The committed bundle cli/convert.test.ts checks `convert --zip` against.
  expect(bytes.equals(expectedBytes(`${EXPECTED_SKILL}.zip`)), `the download differs from test/expected/hollowbrook/${EXPECTED_SKILL}.zip`).toBe(true);

  await page.getByRole('button', { name: 'Open another…' }).click();
  await wizard.openBundle({ name: 'hollowbrook-guesthouse.zip', buffer: bytes });
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  expect(await wizard.fileNames()).toEqual(SAMPLE_FILES);
  await expect(page.getByText('Opened from the bundle')).toBeVisible();
  // "The call" sections were generated into the bundle and are taken out again here.
  const editor = await wizard.openFile('get_booking.md');
  expect(await wizard.text(editor)).not.toContain('## The call');
  expect(wizard.errors).toEqual([]);
});

test('a spec split over files converts from an upload of those files; a file that is not a spec is refused, keeping the open skill', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([
    { name: 'openapi.yaml', buffer: Buffer.from(SPLIT_ENTRY) },
    { name: 'params.yaml', buffer: Buffer.from(SPLIT_PARAMS) },
  ]);
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');

  await page.getByRole('button', { name: 'Open another…' }).click();
  await wizard.uploadSpec([{ name: 'notes.yaml', buffer: Buffer.from('hello: world\n') }]);
  const alert = page.getByRole('alert', { name: 'Upload refused' });
  await expect(alert).toContainText('That upload could not be read');
  await expect(alert).toContainText('notes.yaml');
  await page.getByRole('button', { name: 'Back to split-spec' }).click();
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
});

test('markup in a spec is shown as text everywhere and never runs; the spec never leaves the browser', async ({ page, baseURL }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  const hostile = [
    'openapi: 3.0.3',
    'info:',
    '  title: Hostile',
    '  version: "1"',
    '  description: "<script>window.__pwned = 1</script><img src=x onerror=\\"window.__pwned = 2\\"><iframe src=\\"javascript:alert(1)\\"></iframe>"',
    'servers: [{url: "https://hostile.example.com"}]',
    'paths:',
    '  /x:',
    '    get:',
    '      operationId: getX',
    '      summary: "<img src=x onerror=alert(1)> [click](javascript:alert(2)) <form action=https://evil.example><button>go</button></form>"',
    '      responses: {"200": {description: ok}}',
    '',
  ].join('\n');
  await wizard.uploadSpec([{ name: 'hostile.yaml', buffer: Buffer.from(hostile) }]);
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
  for (const name of ['SKILL.md', 'get_x.md']) {
    const editor = await wizard.openFile(name);
    expect(await wizard.text(editor)).toContain('onerror');
  }
  await page.getByRole('tab', { name: 'Tool' }).click();
  await expect(page.getByLabel('Tool as a model gets it')).toContainText('onerror');
  await page.getByRole('button', { name: 'Import report' }).click();
  const inert = async () => {
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img, main iframe, main form[action]').count()).toBe(0);
    expect(wizard.dialogs).toEqual([]);
  };
  await inert();

  // Still inert after export and re-import (BAD-INPUT 17).
  const { bytes } = await wizard.download();
  await page.getByRole('button', { name: 'Open another…' }).click();
  await wizard.openBundle({ name: 'hostile.zip', buffer: bytes });
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
  for (const name of ['SKILL.md', 'get_x.md']) {
    const editor = await wizard.openFile(name);
    expect(await wizard.text(editor)).toContain('onerror');
  }
  await page.getByRole('button', { name: 'Import report' }).click();
  await inert();
  // Every request went to this app, and none carried a body: the spec stayed in the page.
  const origin = new URL(baseURL!).origin;
  expect(wizard.requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith('blob:') && !r.url.startsWith('data:'))).toEqual([]);
  expect(wizard.requests.filter((r) => r.method !== 'GET')).toEqual([]);
});

test('a spec fetched by its address is fetched by this browser; file:, data: and unreadable addresses are refused with what to do', async ({ page, baseURL }) => {
  const wizard = new WizardPage(page);
  await page.route('https://specs.example.test/**', (route) =>
    route.fulfill({ status: 200, body: SAMPLE, headers: { 'content-type': 'text/yaml', 'access-control-allow-origin': '*' } }),
  );
  // The app itself under another name: another origin, which sends no CORS header.
  const closed = `http://localhost:${new URL(baseURL!).port}/samples/hollowbrook.openapi.yaml`;
  await wizard.open();
  const address = page.getByLabel(/the spec's address/);
  const alert = page.getByRole('alert', { name: 'Upload refused' });
  for (const [text, message] of [
    ['file:///etc/passwd', 'not `file:`'],
    ['data:text/yaml,openapi: 3.0.3', 'not `data:`'],
    [closed, 'does not let other pages read it (CORS)'],
  ]) {
    await address.fill(text);
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await expect(alert).toContainText(message);
  }
  const origin = new URL(baseURL!).origin;
  // The closed server is asked three times: the fetch, then not following a redirect, then not reading the answer, to say why (BAD-INPUT 32).
  expect(wizard.requests.filter((r) => !r.url.startsWith(origin)).map((r) => r.url)).toEqual([closed, closed, closed]);

  await address.fill('https://specs.example.test/hollowbrook.yaml');
  await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  await expect(page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: 'hollowbrook.yaml' })).toBeVisible();
  expect(wizard.requests.filter((r) => !r.url.startsWith(origin)).map((r) => r.url)).toEqual([closed, closed, closed, 'https://specs.example.test/hollowbrook.yaml']);
});

test('a spec with a relative server asks for the base URL, and generating again with it clears the errors', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  const spec = 'openapi: 3.0.3\ninfo: {title: Relative, version: "1"}\nservers: [{url: /api}]\npaths:\n  /a:\n    get: {operationId: getA, summary: Get the thing called a., responses: {"200": {description: ok}}}\n';
  await wizard.uploadSpec([{ name: 'relative.yaml', buffer: Buffer.from(spec) }]);
  await expect(wizard.status).toHaveText('2 files · 1 tool · 1 error · 0 warnings');
  await expect(page.getByRole('note')).toContainText('server URL is relative');
  await page.getByLabel('Base URL').fill('https://relative.example.com');
  await page.getByLabel('Skill name').fill('rel');
  await page.getByRole('button', { name: 'Generate again' }).click();
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
  await expect(page.getByRole('heading', { level: 2, name: 'rel' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  const editor = await wizard.openFile('get_a.md');
  expect(await wizard.text(editor)).toContain('url: https://relative.example.com/api/a');
});

test('the open skill is kept in this browser: after the tab is closed, it continues with every edit', async ({ page, context }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const editor = await wizard.openFile('list_rooms.md');
  const text = await wizard.text(editor);
  await wizard.replaceText(editor, `${text}\nFamily rooms sleep four.\n`);
  await expect(wizard.status).toContainText('1 edited');
  // Saved a moment after the change (waited for in IndexedDB); then the tab goes away without a goodbye.
  await expect.poll(() => wizard.savedEdits(), { timeout: 10_000 }).toBe(1);
  await page.close({ runBeforeUnload: false });

  const next = new WizardPage(await context.newPage());
  await next.open();
  await expect(next.drafts).toContainText('hollowbrook-guesthouse');
  await expect(next.drafts).toContainText('1 edited');
  await next.page.getByRole('button', { name: 'Continue with hollowbrook-guesthouse' }).click();
  await expect(next.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings · 1 edited');
  expect(await next.text(await next.openFile('list_rooms.md'))).toContain('Family rooms sleep four.');

  await next.page.getByRole('button', { name: 'Open another…' }).click();
  expect(next.dialogs).toEqual([]);
  expect(next.errors).toEqual([]);
});

test('a place the report names opens the uploaded spec at that line, read-only', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  const spec = 'openapi: 3.0.3\ninfo: {title: Places, version: "1"}\nservers: [{url: /api}]\npaths:\n  /a:\n    get: {operationId: getA, responses: {"200": {description: ok}}}\n';
  await wizard.uploadSpec([{ name: 'places.yaml', buffer: Buffer.from(spec) }]);
  await page.getByRole('list', { name: 'Conversion warnings' }).getByRole('button', { name: /relative-server/ }).click();
  const viewer = page.getByLabel('Spec file places.yaml');
  await expect.poll(() => wizard.text(viewer)).toBe(spec);
  await expect(viewer).toHaveAttribute('aria-readonly', 'true');
  await expect(viewer).toBeFocused();
  // The cursor's line, as the gutter marks it.
  await expect(page.locator('.cm-editor').filter({ has: viewer }).locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('3');
  await expect(page.getByRole('list', { name: 'Problems in places.yaml' })).toContainText('relative-server');
  await page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: 'Import report' }).click();
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeVisible();
});

test('an operation can be taken out of the skill, its Operations entry with it, and put back', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await wizard.openFile('cancel_booking.md');
  await page.getByRole('button', { name: 'Remove from the skill' }).click();
  await expect(wizard.status).toHaveText('6 files · 4 tools · 0 errors · 0 warnings · 1 edited');
  expect(await wizard.fileNames()).not.toContain('cancel_booking.md');
  expect(await wizard.text(await wizard.openFile('SKILL.md'))).not.toContain('cancel_booking');
  await page.getByText('Removed (1)').click();
  await page.getByRole('button', { name: 'Put back cancel_booking.md' }).click();
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  await expect(page.getByLabel('Contents of cancel_booking.md')).toBeVisible();
});

test('the import report downloads as JSON, as the CLI writes it with --report', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the report (JSON)' }).click()]);
  expect(download.suggestedFilename()).toBe('hollowbrook-guesthouse.report.json');
  // Byte for byte the committed report cli/convert.test.ts checks `convert --report` against.
  const bytes = readFileSync(await download.path());
  expect(bytes.toString('utf8')).toBe(expectedBytes('report.json').toString('utf8'));
});

test('a spec dropped on the page converts like one chosen; a bundle given as a spec opens as a bundle', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  const dropped = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'hollowbrook.openapi.yaml', { type: 'application/yaml' }));
    return data;
  }, SAMPLE.toString('utf8'));
  await page.getByRole('heading', { name: 'Upload an OpenAPI spec' }).dispatchEvent('drop', { dataTransfer: dropped });
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');

  const { bytes } = await wizard.download();
  await page.getByRole('button', { name: 'Open another…' }).click();
  await wizard.uploadSpec([{ name: 'hollowbrook-guesthouse.zip', buffer: bytes }]);
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  await expect(page.getByText('is a skill bundle, not a spec: it was opened as a bundle')).toBeVisible();
});

const STRIPE = join(SPECS_DIR, 'stripe-core/spec3.yaml');

test('a real vendor spec (Stripe, 4 MB) converts in the browser as on the command line', async ({ page }) => {
  test.skip(!existsSync(STRIPE), `${SPECS_DIR} is absent (a fresh clone): the vendor corpus is third-party data, read in place`);
  const wizard = new WizardPage(page);
  await wizard.open();
  await page.getByLabel('Spec files').setInputFiles(STRIPE);
  // Every operation is a tool, its form bodies declared. The warnings are description-quality's: tools whose
  // descriptions another tool shares or that say only method and path.
  await expect(wizard.status).toHaveText(/^454 files · 452 tools · 0 errors · \d+ warnings$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /^Prose-only/ })).toHaveCount(0);
  // The worker counts 452 tools' tokens and checks them against every target first: a file
  // asked for meanwhile waits its turn, seconds on a busy machine.
  await wizard.fitSettled();
  const editor = await wizard.openFile('get_customers.md');
  expect(await wizard.text(editor)).toContain('url: https://api.stripe.com/v1/customers');
  const refunds = await wizard.openFile('post_refunds.md');
  expect(await wizard.text(refunds)).toContain('content-type: application/x-www-form-urlencoded');
  expect(wizard.errors).toEqual([]);
});

test('a folder chosen with its files that reference each other converts, with the options given up front', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await page.getByText('Options: skill name, base URL').click();
  await page.getByLabel('Skill name').fill('pets');
  await page.getByLabel('Base URL').fill('https://multi.example.com/v3/');
  await page.getByLabel('Spec folder').setInputFiles(fileURLToPath(new URL('../lib/convert/fixtures/multi', import.meta.url)));
  await expect(wizard.status).toHaveText('5 files · 3 tools · 0 errors · 0 warnings');
  await expect(page.getByRole('heading', { level: 2, name: 'pets' })).toBeVisible();
  // Paths are the folder's own: `schemas/pet.yaml`, not `multi/schemas/pet.yaml`.
  await expect(page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: 'schemas/pet.yaml' })).toBeVisible();
});

test('an operation fitted to the size limit shows its size by argument, and its full schema can be restored', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'fit.yaml', buffer: readFileSync(new URL('../lib/convert/fixtures/fit/openapi.yaml', import.meta.url)) }]);
  await expect(wizard.status).toContainText('1 error');
  // The report lists the fitted operations, bytes before and after, and the steps.
  await expect(page.getByRole('heading', { level: 3, name: 'Fitted to the size limit (5)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /create_archive\.md POST \/archives 41,126 → 179;/ })).toBeVisible();
  await wizard.openFile('create_archive.md');
  await page.getByRole('tab', { name: 'Tool' }).click();
  await expect(page.getByRole('note', { name: 'Fitted to the size limit' })).toContainText('41,126 → 179 bytes in 3 steps');
  const sizes = page.getByRole('table', { name: 'Size by argument' }).getByRole('row');
  await expect(sizes.nth(1)).toContainText('index');
  await page.getByRole('button', { name: 'Restore the full schema' }).click();
  await expect(wizard.status).toContainText('2 errors');
  await expect(page.getByLabel('Contents of create_archive.md')).toBeVisible();
  // Over the limit now: why, and the size by argument, largest first.
  await page.getByRole('tab', { name: 'Tool' }).click();
  await expect(page.getByText(/pass the 24,576-byte limit with every type expanded/)).toBeVisible();
  await expect(sizes.nth(1)).toContainText(/index\s*\d{2},\d{3}/);
  await expect(page.getByRole('button', { name: 'Restore the full schema' })).toHaveCount(0);
  expect(wizard.errors).toEqual([]);
});
