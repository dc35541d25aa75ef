import { expect, test, type Locator, type Page } from '@playwright/test';
import { manyOperationsSpec, manyOperationsText } from '../test/many-operations';
import { WizardPage } from './wizard-page';

// Curating a 300-operation API. The spec is generated (test/many-operations.ts): 331
// operations over six tags, 55 a tag (two of each tag's actions also tagged `admin`) and
// GET /health untagged.
const spec = manyOperationsSpec() as { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'];
const all = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([method, op]) => ({ method: method.toUpperCase(), path, tags: op.tags ?? [] })),
);
const customers = all.filter((o) => o.tags.includes('customers'));

test.describe.configure({ timeout: 120_000 });

async function upload(page: Page): Promise<WizardPage> {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'many.json', buffer: Buffer.from(manyOperationsText()) }]);
  await expect(wizard.status).toContainText(' tool', { timeout: 60_000 });
  await expect(page.getByRole('grid', { name: 'Operations' })).toBeVisible();
  await expect(page.getByText(`${all.length} of ${all.length} operations shown`)).toBeVisible();
  return wizard;
}

/** The operation files of a downloaded bundle, as `METHOD /path` read from their operation blocks. */
async function operationsInZip(bytes: Buffer): Promise<{ operations: string[]; files: Map<string, string> }> {
  const files = await WizardPage.unzip(bytes);
  const operations: string[] = [];
  for (const [path, text] of files) {
    if (path === 'SKILL.md' || !path.endsWith('.md')) continue;
    const method = /^ {2}method: (\w+)$/m.exec(text)?.[1];
    const url = /^ {2}url: '?(\S+?)'?$/m.exec(text)?.[1];
    if (!method || !url) throw new Error(`${path} has no operation block`);
    operations.push(`${method} ${new URL(url.replace(/[{}]/g, (c) => (c === '{' ? '%7B' : '%7D'))).pathname.replace(/%7B/g, '{').replace(/%7D/g, '}')}`);
  }
  return { operations: operations.sort(), files };
}

const expectedCustomers = customers.map((o) => `${o.method} ${o.path}`).sort();

test('a 331-operation spec: search by request line and tag, keep one tag in a few actions, and the zip holds exactly those', async ({ page }) => {
  const wizard = await upload(page);
  const grid = page.getByRole('grid', { name: 'Operations' });
  const filter = page.getByRole('searchbox', { name: 'Filter operations' });

  await filter.fill('POST /v2/payments/**');
  // Only POST operations at or under /v2/payments: create and the odd-numbered actions (25).
  const posts = all.filter((o) => o.method === 'POST' && o.path.startsWith('/v2/payments'));
  await expect(page.getByText(`${posts.length} of ${all.length} operations shown`)).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).toContainText('POST');
  await expect(grid.getByRole('row').nth(1)).toContainText('/v2/payments');
  await filter.fill('CreateInvoice');
  await expect(page.getByText(`1 of ${all.length} operations shown`)).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).toContainText('many-operations_create_invoice');
  // A request's path typed in (`pay_1` for `{id}`) is told the template it fits.
  await filter.fill('/v2/payments/pay_1');
  await expect(page.getByText('No operation matches.')).toContainText("Paths are the spec's templates, and /v2/payments/pay_1 fits /v2/payments/{id}.");
  await filter.fill('');

  // Keep only one tag: choose it, "Keep only shown", download. Three actions.
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('customers');
  await expect(page.getByText(`${customers.length} of ${all.length} operations shown`)).toBeVisible();
  await page.getByRole('button', { name: 'Keep only shown' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kept the' })).toContainText(`${all.length - customers.length} operations removed`);
  const { bytes } = await wizard.download();

  const { operations, files } = await operationsInZip(bytes);
  expect(operations).toEqual(expectedCustomers);
  // Shared types no kept operation uses are not written: Customer, Money and Address stay.
  expect(Object.keys(JSON.parse(files.get('types.json')!) as object).sort()).toEqual(['Address', 'Customer', 'Money']);

  // The removed operations are listed under Removed, and come back in bulk.
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('');
  await page.getByRole('combobox', { name: 'State' }).selectOption('removed');
  await expect(page.getByText(`${all.length - customers.length} removed operations shown`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('payments');
  await page.getByRole('checkbox', { name: /^Select all/ }).check();
  await page.getByRole('button', { name: 'Put back selected' }).click();
  await page.getByRole('combobox', { name: 'State' }).selectOption('');
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('');
  const kept = customers.length + all.filter((o) => o.tags.includes('payments')).length;
  await expect(page.getByText(`${kept} of ${kept} operations shown`)).toBeVisible();
  expect(wizard.errors).toEqual([]);
});

/**
 * Presses Tab (Shift+Tab when the target comes before the focused element) until the target
 * has focus, at most `max` times: the keyboard's way there, however many stops it takes.
 */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error(`no ${target.toString()}`);
  const before = await handle.evaluate((el) => {
    const active = document.activeElement;
    return !!active && active !== document.body && (el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  for (let i = 0; i < max; i++) {
    if (await handle.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(before ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses never reached ${target.toString()}`);
}

test('the same with the keyboard alone: filter, keep one tag, download, then arrow keys and Enter open a row', async ({ page }) => {
  const wizard = await upload(page);
  const filter = page.getByRole('searchbox', { name: 'Filter operations' });
  const grid = page.getByRole('grid', { name: 'Operations' });
  await page.locator('body').focus();
  await tabTo(page, filter, 400);
  await page.keyboard.type('post /v2/customers/**');
  const posts = all.filter((o) => o.method === 'POST' && o.path.startsWith('/v2/customers'));
  await expect(page.getByText(`${posts.length} of ${all.length} operations shown`)).toBeVisible();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');

  // A closed select takes arrow keys: step down to the tag.
  const tag = page.getByRole('combobox', { name: 'Tag' });
  await tabTo(page, tag);
  const options = await tag.locator('option').allInnerTexts();
  const steps = options.findIndex((o) => o.startsWith('customers'));
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByText(`${customers.length} of ${all.length} operations shown`)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Keep only shown' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Kept the' })).toBeVisible();
  // Focus stays in the table (the first row shown), not dropped to the page.
  await expect(grid.getByRole('row').nth(1)).toBeFocused();

  const download = page.waitForEvent('download');
  await tabTo(page, page.getByRole('button', { name: 'Download bundle' }), 400);
  await page.keyboard.press('Enter');
  const { readFile } = await import('node:fs/promises');
  const { operations } = await operationsInZip(await readFile((await (await download).path())!));
  expect(operations).toEqual(expectedCustomers);

  // Into the table again: the row with the tab stop; arrows move, Enter opens its file.
  await tabTo(page, grid.getByRole('row').nth(1), 200);
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('row').nth(2)).toBeFocused();
  await expect(grid.getByRole('row').nth(2)).toContainText('POST');
  await page.keyboard.press('ArrowUp');
  await expect(grid.getByRole('row').nth(1)).toContainText('GET');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Contents of list_customers.md')).toBeVisible();
  expect(wizard.errors).toEqual([]);
});

test('Copy as curl and Copy as fetch give the call preview request, the credential as $API_KEY', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await upload(page);
  await page.getByRole('searchbox', { name: 'Filter operations' }).fill('CreateCustomer');
  await page.getByRole('grid', { name: 'Operations' }).getByRole('row').nth(1).click();
  await expect(page.getByLabel('Contents of create_customer.md')).toBeVisible();
  await page.getByRole('tab', { name: 'Call' }).click();
  await expect(page.getByLabel('HTTP request')).toContainText('POST https://api.many.example.com/v2/customers');

  await page.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = page.getByLabel('The request as curl');
  await expect(curl).toContainText(`curl -X POST 'https://api.many.example.com/v2/customers'`);
  await expect(curl).toContainText(`-H "X-Many-Key: $API_KEY"`);
  await expect(page.getByRole('status').filter({ hasText: 'Copied as curl' })).toContainText('Set $API_KEY first');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await curl.innerText());

  await page.getByRole('button', { name: 'Copy as fetch' }).click();
  await expect(page.getByLabel('The request as fetch')).toContainText('"X-Many-Key": process.env.API_KEY');
});

test('the tools\' tokens are a sortable column, and a target\'s tool limit is measured as one curates: over, then under after Keep only shown', async ({ page }) => {
  const wizard = await upload(page);
  const grid = page.getByRole('grid', { name: 'Operations' });

  // Tokens: every published tool has a count; sorted descending, the first is the largest.
  await expect(page.getByLabel('Token cost')).toContainText(/tools · [\d,]+ tokens for/);
  await grid.getByRole('button', { name: 'Tokens' }).click();
  await grid.getByRole('button', { name: 'Tokens' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Tokens' })).toHaveAttribute('aria-sort', 'descending');
  const tokenCells = grid.locator('.ops-body .ops-tokens');
  const firstTwo = (await tokenCells.allInnerTexts()).slice(0, 2).map((t) => Number(t.replace(/,/g, '')));
  expect(firstTwo[0]).toBeGreaterThan(0);
  expect(firstTwo[0]).toBeGreaterThanOrEqual(firstTwo[1]);

  // Cursor takes 40 tools: the whole skill is over, in red.
  await page.getByRole('combobox', { name: 'Limits of' }).selectOption('cursor');
  const limits = page.getByLabel('Limits of Cursor');
  await expect(limits).toContainText(/^[\d,]+ of 40 tools · does not fit/);
  const toolCount = Number((await limits.innerText()).split(' of ')[0].replace(/,/g, ''));
  expect(toolCount).toBeGreaterThan(40);
  await expect(limits.locator('.over').first()).toHaveText(`${toolCount.toLocaleString('en-US')} of 40 tools`);

  // A filter says what the operations shown would come to; Keep only shown brings the skill under the limit.
  const gets = customers.filter((o) => o.method === 'GET');
  expect(gets.length).toBeLessThanOrEqual(40);
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('customers');
  await page.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await expect(limits).toContainText(`the ${gets.length} tools shown`);
  await expect(limits).toContainText(/tokens for [^)]+\) fit/);
  await page.getByRole('button', { name: 'Keep only shown' }).click();
  await expect(limits).toContainText(new RegExp(`^${gets.length} of 40 tools · (fits|fits with changes)`));
  await expect(limits.locator('.over')).toHaveCount(0);
  expect(wizard.errors).toEqual([]);
});
