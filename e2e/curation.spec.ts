import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SPECS_DIR } from '../test/corpus';
import { matchesPathQuery } from '../lib/curate/choose';
import { WizardPage } from './wizard-page';

// Keeping Stripe's payment intents, refunds and customers (a spec without tags, 452
// operations), counted in a person's actions once the skill is open: each click, each key
// pressed alone, each text typed.
const STRIPE = join(SPECS_DIR, 'stripe-core/spec3.yaml');
const QUERY = '/v1/payment_intents/** | /v1/refunds/** | /v1/customers/**';
const KEPT = 63;
const ALL = 452;

test.describe.configure({ timeout: 180_000 });

// A bulk action on Stripe's skill is answered once the worker has done what was asked
// before it (a download, the draft's save after it): seconds on a loaded machine.
const BULK = { timeout: 20_000 };

async function openStripe(page: Page): Promise<WizardPage> {
  test.skip(!existsSync(STRIPE), `${SPECS_DIR} is absent (a fresh clone): the vendor corpus is third-party data, read in place`);
  const wizard = new WizardPage(page);
  await wizard.open();
  await page.getByLabel('Spec files').setInputFiles(STRIPE);
  await expect(wizard.status).toContainText(' tools', { timeout: 60_000 });
  await expect(page.getByText(`${ALL} of ${ALL} operations shown`)).toBeVisible({ timeout: 30_000 });
  return wizard;
}

/** The paths of a downloaded bundle's operation files, read from their operation blocks or, for prose-only ones, their names. */
async function keptFiles(wizard: WizardPage): Promise<string[]> {
  const files = await WizardPage.unzip((await wizard.download()).bytes);
  return [...files.keys()].filter((f) => f.endsWith('.md') && f !== 'SKILL.md');
}

test('by mouse: the three resources kept in three actions, put back in bulk at once, and Keep selected beside Remove selected', async ({ page }) => {
  const wizard = await openStripe(page);
  const filter = page.getByRole('searchbox', { name: 'Filter operations' });
  // Stripe has no tag: resources are offered instead, the path up to its first parameter.
  const resource = page.getByRole('combobox', { name: 'Resource' });
  await expect(resource.locator('option', { hasText: /^\/v1\/customers \(\d+\)$/ })).toHaveCount(1);

  await filter.click(); // 1
  await filter.fill(QUERY); // 2
  await expect(page.getByText(`${KEPT} of ${ALL} operations shown`)).toBeVisible();
  await page.getByRole('button', { name: 'Keep only shown' }).click(); // 3
  await expect(page.getByRole('status').filter({ hasText: 'Kept the' })).toContainText(`Kept the ${KEPT} operations shown; ${ALL - KEPT} operations removed, listed under State: Removed.`, BULK);
  const kept = await keptFiles(wizard);
  expect(kept).toHaveLength(KEPT);

  // Every row left is of the three resources.
  await filter.fill('');
  await expect(page.getByText(`${KEPT} of ${KEPT} operations shown`)).toBeVisible();
  const paths = await page.getByRole('grid', { name: 'Operations' }).locator('span.ops-path').allInnerTexts();
  for (const path of paths) expect(['/v1/payment_intents/**', '/v1/refunds/**', '/v1/customers/**'].some((q) => matchesPathQuery(q, path)), path).toBe(true);

  // The 389 removed ones back at once.
  await page.getByRole('combobox', { name: 'State' }).selectOption('removed');
  await page.getByRole('checkbox', { name: /^Select all/ }).check();
  const started = Date.now();
  await page.getByRole('button', { name: 'Put back selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'put back' })).toContainText(`${ALL - KEPT} operations put back`, BULK);
  test.info().annotations.push({ type: 'put back 389, click to status', description: `${Date.now() - started} ms` });
  await page.getByRole('combobox', { name: 'State' }).selectOption('');
  await expect(page.getByText(`${ALL} of ${ALL} operations shown`)).toBeVisible();

  // Keep selected: one resource chosen, its rows selected, the rest removed.
  await resource.selectOption('/v1/refunds');
  const refunds = Number(/\((\d+)\)/.exec(await resource.locator('option:checked').innerText())![1]);
  await page.getByRole('checkbox', { name: /^Select all/ }).check();
  await page.getByRole('button', { name: 'Keep selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kept the' })).toContainText(`Kept the ${refunds} operations selected; ${ALL - refunds} operations removed`, BULK);
  await resource.selectOption('');
  await expect(page.getByText(`${refunds} of ${refunds} operations shown`)).toBeVisible();
  expect(wizard.errors).toEqual([]);
});

test('by keyboard: / to the filter, the alternatives typed, Alt+K keeps them: three actions', async ({ page }) => {
  const wizard = await openStripe(page);
  await page.locator('body').focus();
  await page.keyboard.press('/'); // 1
  await expect(page.getByRole('searchbox', { name: 'Filter operations' })).toBeFocused();
  await page.keyboard.type(QUERY); // 2
  await expect(page.getByText(`${KEPT} of ${ALL} operations shown`)).toBeVisible();
  await page.keyboard.press('Alt+K'); // 3
  await expect(page.getByRole('status').filter({ hasText: 'Kept the' })).toContainText(`Kept the ${KEPT} operations shown; ${ALL - KEPT} operations removed`, BULK);
  expect(await keptFiles(wizard)).toHaveLength(KEPT);

  // A path typed is that path exactly; nothing matching one says how to widen it.
  await page.keyboard.press('/');
  await page.keyboard.type('/v1/refu');
  await expect(page.getByText('No operation matches.')).toContainText('/v1/refu* finds the paths that start with /v1/refu');
  expect(wizard.errors).toEqual([]);
});
