import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SPLIT_ENTRY as ENTRY, SPLIT_PARAMS as PARAMS } from './split-spec';
import { WizardPage } from './wizard-page';

// Servers and split specs as a person meets them: a server URL that keeps its author's placeholder,
// and a spec split over files given by its entry file alone or by its address.


test('a server variable whose default is the author\'s example is asked for, and generating again with its value gives the skill its host', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  const spec = [
    'openapi: 3.0.3',
    'info: {title: Tenant API, version: "1"}',
    'servers:',
    '  - url: "https://{tenant}.example.com/v1"',
    '    variables:',
    '      tenant: {default: your-tenant, description: Your tenant\'s name}',
    'paths:',
    '  /users:',
    '    get: {operationId: listUsers, summary: List the users of the tenant., responses: {"200": {description: ok}}}',
    '',
  ].join('\n');
  await wizard.uploadSpec([{ name: 'tenant.yaml', buffer: Buffer.from(spec) }]);
  await expect(wizard.status).toContainText('1 tool');
  await expect(wizard.status).not.toContainText(' 0 errors');
  await expect(page.getByRole('note', { name: 'Server variables to set' })).toContainText('{tenant}');
  const field = page.getByRole('group', { name: 'Server variables' }).getByLabel('tenant');
  await expect(field).toHaveAccessibleDescription(/Your tenant's name\. Its default, your-tenant, is an example\./);
  await field.fill('acme');
  await page.getByRole('button', { name: 'Generate again' }).click();
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
  await expect(page.getByRole('note', { name: 'Server variables to set' })).toHaveCount(0);
  const editor = await wizard.openFile('list_users.md');
  expect(await wizard.text(editor)).toContain('url: https://acme.example.com/v1/users');
});

test('an entry file uploaded alone says which files its $refs name, and "Choose the folder" converts the whole spec', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'openapi.yaml', buffer: Buffer.from(ENTRY) }]);
  const note = page.getByRole('note', { name: 'Files not uploaded' });
  await expect(note).toContainText('params.yaml');
  await expect(page.getByRole('alert', { name: 'Not publishable' })).toBeVisible();

  const folder = mkdtempSync(join(tmpdir(), 'split-spec-'));
  writeFileSync(join(folder, 'openapi.yaml'), ENTRY);
  writeFileSync(join(folder, 'params.yaml'), PARAMS);
  await expect(note.getByRole('button', { name: 'Choose the folder' })).toBeVisible();
  await page.getByLabel("The spec's folder").setInputFiles(folder);
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
  await expect(note).toHaveCount(0);
  await expect(page.getByRole('alert', { name: 'Not publishable' })).toHaveCount(0);
});

test('a spec fetched by its address brings the files its relative $refs name, from beside it', async ({ page }) => {
  const wizard = new WizardPage(page);
  const served: Record<string, string> = {
    'https://specs.example.test/split/openapi.yaml': ENTRY,
    'https://specs.example.test/split/params.yaml': PARAMS,
  };
  await page.route('https://specs.example.test/**', (route) => {
    const body = served[route.request().url()];
    return route.fulfill(body === undefined ? { status: 404 } : { status: 200, body, headers: { 'content-type': 'text/yaml', 'access-control-allow-origin': '*' } });
  });
  await wizard.open();
  await page.getByLabel(/the spec's address/).fill('https://specs.example.test/split/openapi.yaml');
  await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
  const fetched = wizard.requests.filter((r) => r.url.startsWith('https://specs.example.test/')).map((r) => r.url);
  expect(fetched).toEqual(['https://specs.example.test/split/openapi.yaml', 'https://specs.example.test/split/params.yaml']);
});

test('a spec fetched by its address whose $refs name files that cannot be fetched names each one, with the $ref that needs it and why', async ({ page }) => {
  const wizard = new WizardPage(page);
  const entry = ENTRY.replace('      responses:', '      requestBody: {content: {application/json: {schema: {$ref: "schemas/thing.yaml"}}}}\n      responses:');
  await page.route('https://specs.example.test/**', (route) =>
    route.fulfill(route.request().url() === 'https://specs.example.test/split/openapi.yaml' ? { status: 200, body: entry, headers: { 'content-type': 'text/yaml', 'access-control-allow-origin': '*' } } : { status: 404, headers: { 'access-control-allow-origin': '*' } }),
  );
  await wizard.open();
  await page.getByLabel(/the spec's address/).fill('https://specs.example.test/split/openapi.yaml');
  await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  const note = page.getByRole('note', { name: 'Files not uploaded' });
  await expect(note).toContainText("The spec's $refs name 2 files the wizard does not have");
  const items = note.getByRole('listitem');
  await expect(items).toHaveText([
    'params.yaml, which a $ref names, could not be read: specs.example.test answered 404 Not Found (the $ref at openapi.yaml line 9)',
    'schemas/thing.yaml, which a $ref names, could not be read: specs.example.test answered 404 Not Found (the $ref at openapi.yaml line 10)',
  ]);
  await expect(page.getByRole('alert', { name: 'Not publishable' })).toContainText('upload the spec\'s folder with the 2 files they name: params.yaml (the $ref at openapi.yaml:9), schemas/thing.yaml (the $ref at openapi.yaml:10)');
});
