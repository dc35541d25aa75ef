import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { longDescriptionSpec, manyOperationsDeepFiles } from '../test/hostile';
import { WizardPage } from './wizard-page';

// BAD-INPUT 33: specs within the upload limits but far beyond what a skill
// should be. The work is the worker's: the page answers all along, says what it is doing,
// and offers Cancel; what a bundle could never hold is refused before it is converted.

test('a 100,000-operation spec is refused once parsed, before the files it refers to are read, naming the count and the limit, and the page answers all along (BAD-INPUT 33, 36)', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // The folder's other files nest 1,200 deep: read, they would refuse it for that instead.
  const folder = testInfo.outputPath('many');
  mkdirSync(folder, { recursive: true });
  for (const f of manyOperationsDeepFiles(100_000)) writeFileSync(join(folder, f.path), f.text);
  const wizard = new WizardPage(page);
  await wizard.open();
  await page.getByLabel('Spec folder').setInputFiles(folder);
  // The page is not held while the worker reads 12 MB: the address field takes typing.
  const address = page.getByLabel(/the spec's address/);
  await address.fill('https://example.com/typed-while-it-works.yaml');
  await expect(address).toHaveValue('https://example.com/typed-while-it-works.yaml');
  const alert = page.getByRole('alert', { name: 'Upload refused' });
  await expect(alert).toContainText(
    'The spec has 100,000 operations: a skill bundle holds at most 5,000 files (SPEC 6), room for 4,997 operations. Convert a part of it',
    { timeout: 100_000 },
  );
  await expect(alert).not.toContainText('nest');
  // Answering still: the sample opens.
  await wizard.trySample();
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  expect(wizard.errors).toEqual([]);
});

test('a spec with a 48 MB description: "Still working" with Cancel, typing answered meanwhile, and Cancel gives the start page back at once, keeping the open skill (BAD-INPUT 33)', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const long = testInfo.outputPath('long.json');
  writeFileSync(long, longDescriptionSpec(48_000_000));
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await page.getByRole('button', { name: 'Open another…' }).click();
  await page.getByLabel('Spec files').setInputFiles(long);
  const working = page.getByRole('region', { name: 'Still working' });
  await expect(working).toContainText('Still working on converting long.json…', { timeout: 30_000 });
  const address = page.getByLabel(/the spec's address/);
  await address.fill('typed while it works');
  await expect(address).toHaveValue('typed while it works');
  await working.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled: converting long.json. The wizard started again from the last saved copy, with your typing kept.')).toBeVisible({ timeout: 30_000 });
  // The skill that was open is open still.
  await expect(page.getByRole('button', { name: 'Try the sample spec' })).toBeEnabled();
  await page.getByRole('button', { name: 'Back to hollowbrook-guesthouse' }).click();
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  expect(wizard.errors).toEqual([]);
});
