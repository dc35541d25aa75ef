import { expect, test } from '@playwright/test';
import { axeViolations as violations } from './axe';
import { WizardPage } from './wizard-page';

// Every view of the wizard, light and dark, wide and on a phone, is checked in
// keyboard-phone-dark.spec.ts; these are the states that walk does not reach.

test('a refused upload and a report with warnings and spec problems meet WCAG 2.1 AA too', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'notes.yaml', buffer: Buffer.from('hello: world\n') }]);
  await expect(page.getByRole('alert', { name: 'Upload refused' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const spec = 'openapi: 3.0.3\ninfo: {title: Warned}\nservers: [{url: /api}]\npaths:\n  /a:\n    get: {operationId: getA, parameters: [{name: f, in: query, style: deepObject, schema: {type: object}}], responses: {"200": {description: ok}}}\n';
  await wizard.uploadSpec([{ name: 'warned.yaml', buffer: Buffer.from(spec) }]);
  await expect(page.getByRole('heading', { name: /Problems in the spec/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Warnings from the conversion/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the still-working bar and the message after a Cancel meet WCAG 2.1 AA too', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.openGetBookingWhileHung();
  const bar = page.getByRole('region', { name: 'Still working' });
  await expect(bar).toBeVisible({ timeout: 10_000 });
  expect(await violations(page)).toEqual([]);
  await bar.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/^Cancelled: opening get_booking\.md\./)).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the list of drafts, with one another tab has and one that cannot be read, meets WCAG 2.1 AA too', async ({ page, context }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await wizard.handWriteDrafts([{ id: 'broken', info: { id: 'broken', folder: 'broken' }, snapshot: { files: 'none' } }]);
  const second = new WizardPage(await context.newPage());
  await second.open();
  await expect(second.drafts.getByRole('listitem')).toHaveCount(2);
  await expect(second.drafts).toContainText('Another tab has this draft open');
  await expect(second.drafts).toContainText('broken cannot be read');
  expect(await violations(second.page)).toEqual([]);
});
