import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { WizardPage } from './wizard-page';

/** Updating a skill to a newer spec: the report, a conflict settled in the merge view, the edits kept in the download. */

const fixture = (name: string) => readFileSync(new URL(`../lib/update/fixtures/${name}`, import.meta.url));

test('upload, edit, update to the newer spec, settle a conflict, download: the edits are kept, and Undo takes it back', async ({ page }) => {
  test.setTimeout(120_000);
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'shelter-1.yaml', buffer: fixture('shelter-1.yaml') }]);
  await expect(wizard.status).toContainText(' tool', { timeout: 30_000 });

  // One description rewritten (the newer spec rewrites it too), and prose added to another operation.
  const list = await wizard.openFile('list_pets.md');
  await wizard.replaceText(list, (await wizard.text(list)).replace('Returns the pets in the shelter.', 'Returns the pets in the shelter, cats first.'));
  const show = await wizard.openFile('show_pet.md');
  await wizard.replaceText(show, `${await wizard.text(show)}\nAsk for one pet at a time.\n`);

  await page.getByRole('button', { name: 'Update to a newer spec…' }).click();
  await expect(page.getByRole('heading', { name: /Update shelter to a newer spec/ })).toBeFocused();
  expect(await axeViolations(page), 'choosing the newer spec').toEqual([]);
  await page.getByLabel('Choose the newer spec', { exact: true }).setInputFiles({ name: 'shelter-2.yaml', mimeType: 'application/octet-stream', buffer: fixture('shelter-2.yaml') });
  await page.getByRole('button', { name: 'Prepare the update' }).click();

  await expect(page.getByRole('heading', { name: 'From Shelter 1.0.0 to Shelter 2.0.0' })).toBeVisible({ timeout: 30_000 });
  const operations = page.getByRole('region', { name: 'Operations' });
  await expect(operations).toContainText('Added list_owners (GET /owners)');
  await expect(operations).toContainText('Renamed show_pet (GET /pets/{petId}) → show_pet (GET /animals/{id})');
  await expect(operations).toContainText('Removed delete_pet (DELETE /pets/{petId}), breaking');
  await expect(page.getByRole('region', { name: 'Changes for callers' })).toContainText('argument renamed');
  await expect(page.getByRole('region', { name: 'Files' })).toContainText('show_pet.md: changed, your edits kept');

  // The conflict, side by side: yours and the newer spec's.
  const merge = page.getByRole('region', { name: 'list_pets.md: one conflict' });
  await expect(merge.getByLabel('Yours: list_pets.md')).toContainText('cats first');
  await expect(merge.getByLabel('Newer spec: list_pets.md')).toContainText('newest first');
  const apply = page.getByRole('button', { name: 'Apply the update' });
  await expect(apply).toBeDisabled();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeViolations(page), `the update, ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Taking the newer spec's line shows it in the merged text; keeping mine settles the conflict.
  await merge.getByRole('radio', { name: 'Take the newer spec’s' }).check();
  await expect.poll(() => wizard.text(merge.getByLabel('Merged text of list_pets.md'))).toContain('newest first');
  await merge.getByRole('radio', { name: 'Keep mine' }).check();
  await expect.poll(() => wizard.text(merge.getByLabel('Merged text of list_pets.md'))).toContain('cats first');
  await expect(merge.getByRole('status')).toHaveText('Every conflict settled.');
  await apply.click();

  await expect(page.getByText('Updated to the newer spec')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeFocused();
  await expect.poll(() => wizard.fileNames()).toEqual(expect.arrayContaining(['list_owners.md', 'show_pet.md']));
  expect(await wizard.fileNames()).not.toContain('delete_pet.md');
  expect(await axeViolations(page), 'after the update').toEqual([]);
  // The skill as it was is kept as a draft of its own.
  await expect.poll(async () => (await wizard.savedDrafts()).map((d) => (d.info as { origin?: unknown }).origin).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
    { kind: 'spec', name: 'shelter-1.yaml (before the update)' },
    { kind: 'spec', name: 'shelter-2.yaml' },
  ]);

  const files = await WizardPage.unzip((await wizard.download()).bytes);
  const file = (name: string) => files.get(name);
  expect(file('list_pets.md')).toContain('cats first');
  expect(file('show_pet.md')).toContain('Ask for one pet at a time.');
  expect(file('show_pet.md')).toContain('/animals/{id}');
  expect(file('list_owners.md')).toBeDefined();
  expect(file('delete_pet.md')).toBeUndefined();
  expect(wizard.errors).toEqual([]);

  await page.getByRole('button', { name: 'Undo the update' }).click();
  await expect.poll(() => wizard.fileNames()).toContain('delete_pet.md');
  expect(await wizard.fileNames()).not.toContain('list_owners.md');
  await expect.poll(async () => (await wizard.savedDrafts()).map((d) => (d.info as { origin?: unknown }).origin)).toEqual([{ kind: 'spec', name: 'shelter-1.yaml' }]);

  // From the start page too; Cancel changes nothing and gives the focus back to the bar's button.
  await page.getByRole('button', { name: 'Open another…' }).click();
  await page.getByRole('button', { name: 'Update shelter to a newer spec…' }).click();
  await expect(page.getByRole('heading', { name: /Update shelter to a newer spec/ })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Update to a newer spec…' })).toBeFocused();
});

const OPENAI = '/work/shared/specs-versions/openai';

test('a real pair: OpenAI\'s spec at two commits, an edit kept through the update', async ({ page }) => {
  test.skip(!existsSync(join(OPENAI, 'old', 'openapi.yaml')), `${OPENAI} is absent`);
  test.setTimeout(240_000);
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'openai-old.yaml', buffer: readFileSync(join(OPENAI, 'old', 'openapi.yaml')) }]);
  await expect(wizard.status).toContainText(' tool', { timeout: 90_000 });
  await wizard.fitSettled();
  const names = await wizard.fileNames();
  const target = names.find((n) => n.endsWith('.md') && n !== 'SKILL.md')!;
  const editor = await wizard.openFile(target);
  await wizard.replaceText(editor, (await wizard.text(editor)).replace(/\n---\n/, '\n---\nEdited here: check the organization first.\n\n'));

  await page.getByRole('button', { name: 'Update to a newer spec…' }).click();
  await page.getByLabel('Choose the newer spec', { exact: true }).setInputFiles({ name: 'openai-new.yaml', mimeType: 'application/octet-stream', buffer: readFileSync(join(OPENAI, 'new', 'openapi.yaml')) });
  await page.getByRole('button', { name: 'Prepare the update' }).click();
  await expect(page.getByLabel('Update summary')).toContainText('added', { timeout: 120_000 });
  // Whatever conflicts there are, settled with the person's side: one file's, or every file's at once.
  const remaining = page.getByRole('button', { name: 'Keep mine for all remaining' });
  if ((await remaining.count()) > 0) await remaining.click();
  else for (const keep of await page.getByRole('button', { name: /^Keep all mine/ }).all()) await keep.click();
  await page.getByRole('button', { name: 'Apply the update' }).click();
  await expect(page.getByText('Updated to the newer spec')).toBeVisible({ timeout: 120_000 });

  const files = await WizardPage.unzip((await wizard.download()).bytes);
  if (files.has(target)) expect(files.get(target)).toContain('Edited here: check the organization first.');
  expect(files.size).toBeGreaterThan(names.length);
  expect(wizard.errors).toEqual([]);
});

test('on a phone, in the dark: the update and its merge view meet WCAG 2.1 AA and do not scroll sideways', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'shelter-1.yaml', buffer: fixture('shelter-1.yaml') }]);
  await expect(wizard.status).toContainText(' tool', { timeout: 30_000 });
  const list = await wizard.openFile('list_pets.md');
  await wizard.replaceText(list, (await wizard.text(list)).replace('Returns the pets in the shelter.', 'Returns the pets in the shelter, cats first.'));
  await page.getByRole('button', { name: 'Update to a newer spec…' }).click();
  await page.getByLabel('Choose the newer spec', { exact: true }).setInputFiles({ name: 'shelter-2.yaml', mimeType: 'application/octet-stream', buffer: fixture('shelter-2.yaml') });
  await page.getByRole('button', { name: 'Prepare the update' }).click();
  await expect(page.getByRole('region', { name: 'list_pets.md: one conflict' })).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('a skill curated by hand: the new operation waits under New in this version, through a reload and an Undo of keeping it; the drafts tell the versions apart, and one is renamed', async ({ page }) => {
  test.setTimeout(180_000);
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'shelter-1.yaml', buffer: fixture('shelter-1.yaml') }]);
  await expect(wizard.status).toContainText(' tool', { timeout: 30_000 });
  await wizard.openFile('create_pet.md');
  await page.getByRole('button', { name: 'Remove from the skill' }).click();
  await expect.poll(() => wizard.fileNames()).not.toContain('create_pet.md');

  await page.getByRole('button', { name: 'Update to a newer spec…' }).click();
  await page.getByLabel('Choose the newer spec', { exact: true }).setInputFiles({ name: 'shelter-2.yaml', mimeType: 'application/octet-stream', buffer: fixture('shelter-2.yaml') });
  await page.getByRole('button', { name: 'Prepare the update' }).click();
  const operations = page.getByRole('region', { name: 'Operations' });
  await expect(operations).toContainText('One added operation is not kept yet, since you chose the operations by hand: it waits in the operations view under State: New in this version, to be kept there.', { timeout: 30_000 });
  await expect(operations.getByRole('listitem')).toHaveText(['Added list_owners (GET /owners), not kept yet', 'Renamed show_pet (GET /pets/{petId}) → show_pet (GET /animals/{id})', 'Removed delete_pet (DELETE /pets/{petId}), breaking']);
  await page.getByRole('button', { name: 'Apply the update' }).click();
  await expect(page.getByText('Updated to the newer spec')).toBeVisible({ timeout: 30_000 });

  // Apart from the operation the person removed.
  const state = page.getByRole('combobox', { name: 'State' });
  await state.selectOption('new');
  await expect(page.getByRole('grid', { name: 'New operations' })).toContainText('/owners');
  await expect(page.getByText('1 new operation waiting to be kept')).toBeVisible();
  await state.selectOption('removed');
  await expect(page.getByRole('grid', { name: 'Removed operations' })).toContainText('/pets');
  await expect(page.getByRole('grid', { name: 'Removed operations' })).not.toContainText('/owners');
  expect(await axeViolations(page), 'New in this version').toEqual([]);
  await expect.poll(async () => (await wizard.savedDrafts()).length, { timeout: 10_000 }).toBe(2);

  // Two drafts of one folder, told apart by the API's version and the spec file each was generated from.
  await page.getByRole('button', { name: 'Open another…' }).click();
  const items = wizard.drafts.getByRole('listitem');
  await expect(items).toHaveCount(2);
  const newer = items.filter({ hasText: 'Shelter 2.0.0' });
  const older = items.filter({ hasText: 'Shelter 1.0.0' });
  await expect(newer).toContainText('generated from shelter-2.yaml on ');
  await expect(newer).toContainText('2 tools · 3 files');
  await expect(older).toContainText('generated from shelter-1.yaml (before the update) on ');
  await expect(older).toContainText('3 tools · 4 files');
  expect(await axeViolations(page), 'the drafts').toEqual([]);

  // Renamed inline: Enter keeps the name; it names the draft in the list, through a reload.
  await older.getByRole('button', { name: /^Rename/ }).click();
  const name = older.getByRole('textbox', { name: 'Name of this draft' });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('shelter');
  expect(await axeViolations(page), 'renaming a draft').toEqual([]);
  await name.fill('Shelter as it was');
  await name.press('Enter');
  await expect(page.getByRole('button', { name: 'Continue with Shelter as it was' })).toBeVisible();
  await expect(items.filter({ hasText: 'Shelter as it was' })).toContainText('(shelter)');
  // Escape leaves the name as it was, and the focus back on Rename.
  await newer.getByRole('button', { name: /^Rename/ }).click();
  await page.getByRole('textbox', { name: 'Name of this draft' }).fill('Not this');
  await page.getByRole('textbox', { name: 'Name of this draft' }).press('Escape');
  await expect(items.filter({ hasText: 'Not this' })).toHaveCount(0);
  await expect(newer.getByRole('button', { name: /^Rename/ })).toBeFocused();

  // After a reload (the tab comes back to its draft), the name and the waiting operation are still there.
  await page.reload();
  const another = page.getByRole('button', { name: 'Open another…' });
  const renamed = page.getByRole('button', { name: 'Continue with Shelter as it was' });
  await expect(renamed.or(another).first()).toBeVisible({ timeout: 30_000 });
  if (await another.isVisible()) await another.click();
  await expect(renamed).toBeVisible();
  await newer.getByRole('button', { name: 'Continue with shelter' }).click();

  // The new operation still waits in the updated draft, and is kept from there.
  await expect(wizard.status).toContainText(' tool', { timeout: 30_000 });
  await page.getByRole('combobox', { name: 'State' }).selectOption('new');
  const fresh = page.getByRole('grid', { name: 'New operations' });
  const waitingCount = page.getByRole('combobox', { name: 'State' }).locator('option[value="new"]');
  await fresh.getByRole('checkbox', { name: 'Select GET /owners' }).check();
  await page.getByRole('button', { name: 'Keep selected in the skill' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 operation kept' })).toBeVisible();
  await expect.poll(() => wizard.fileNames()).toContain('list_owners.md');
  // Undo: back among the new ones, with the count, not among the removed.
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone: 1 operation back among the new ones waiting to be kept.' })).toBeVisible();
  await expect(fresh).toContainText('/owners');
  await expect(page.getByText('1 new operation waiting to be kept')).toBeVisible();
  await expect(waitingCount).toHaveText('New in this version (1)');
  await expect.poll(() => wizard.fileNames()).not.toContain('list_owners.md');
  // Redo keeps it again; Undo once more takes it back.
  await page.getByRole('status').getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Redone: 1 operation kept again.' })).toBeVisible();
  await expect.poll(() => wizard.fileNames()).toContain('list_owners.md');
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(waitingCount).toHaveText('New in this version (1)');
  await page.getByRole('combobox', { name: 'State' }).selectOption('removed');
  await expect(page.getByRole('grid', { name: 'Removed operations' })).not.toContainText('/owners');
  // Through a reload (leaving accepted, should a save still be on its way), the draft still has it waiting.
  wizard.acceptDialogs = true;
  await page.reload();
  await expect(wizard.status).toContainText(' tool', { timeout: 30_000 });
  wizard.acceptDialogs = false;
  await page.getByRole('combobox', { name: 'State' }).selectOption('new');
  await expect(fresh).toContainText('/owners');
  // Every new one shown kept, then undone, then kept for good.
  await page.getByRole('button', { name: 'Keep every new one shown' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 operation kept' })).toBeVisible();
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(fresh).toContainText('/owners');
  await expect(waitingCount).toHaveText('New in this version (1)');
  await page.getByRole('button', { name: 'Keep every new one shown' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 operation kept' })).toBeVisible();
  await expect.poll(() => wizard.fileNames()).toContain('list_owners.md');
  expect(wizard.errors).toEqual([]);
});

test('a skill opened from a bundle, without its old spec: a two-way review, every difference decided', async ({ page }) => {
  test.setTimeout(120_000);
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'shelter-1.yaml', buffer: fixture('shelter-1.yaml') }]);
  await expect(wizard.status).toContainText(' tool', { timeout: 30_000 });
  const show = await wizard.openFile('show_pet.md');
  await wizard.replaceText(show, `${await wizard.text(show)}\nAsk for one pet at a time.\n`);
  const { bytes } = await wizard.download();

  await page.getByRole('button', { name: 'Open another…' }).click();
  await wizard.openBundle({ name: 'shelter.zip', buffer: bytes });
  await expect(wizard.status).toContainText(' tool', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Update to a newer spec…' }).click();
  await page.getByLabel('Choose the newer spec', { exact: true }).setInputFiles({ name: 'shelter-2.yaml', mimeType: 'application/octet-stream', buffer: fixture('shelter-2.yaml') });
  const prepare = page.getByRole('button', { name: 'Prepare the update' });
  // The old spec, or the review: one of them first.
  await expect(prepare).toBeDisabled();
  await page.getByRole('radio', { name: /I do not: review every difference/ }).check();
  expect(await axeViolations(page), 'choosing a two-way review').toEqual([]);
  await prepare.click();

  await expect(page.getByRole('heading', { name: 'Differences to decide' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('A two-way review')).toBeVisible();
  // One file shown at a time, the others listed to go to.
  const fileList = page.getByRole('navigation', { name: 'Files with differences' });
  await expect(fileList).toContainText(/File 1 of \d+/);
  await fileList.getByRole('button', { name: 'Next file', exact: true }).click();
  await expect(fileList).toContainText(/File 2 of \d+/);
  await fileList.getByRole('button', { name: 'show_pet.md', exact: true }).click();
  const merge = page.getByRole('region', { name: /^show_pet\.md: / });
  await expect(merge.getByLabel('Yours: show_pet.md')).toContainText('Ask for one pet at a time.');
  await expect(merge.getByLabel('Newer spec: show_pet.md')).toContainText('/animals/{id}');
  await expect(page.locator('section.merge')).toHaveCount(1);
  const apply = page.getByRole('button', { name: 'Apply the update' });
  await expect(apply).toBeDisabled();
  expect(await axeViolations(page), 'the two-way review').toEqual([]);
  // Every file's differences: the newer spec's at once, undone in one step, then again.
  const takeRemaining = fileList.getByRole('button', { name: "Take the newer spec's for all remaining" });
  await takeRemaining.click();
  await expect(apply).toBeEnabled();
  await expect(fileList).toContainText('0 left');
  await fileList.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(apply).toBeDisabled();
  await expect(merge.getByRole('radio', { name: 'Take the newer spec’s' }).first()).not.toBeChecked();
  await takeRemaining.click();
  await expect(merge.getByRole('radio', { name: 'Take the newer spec’s' }).first()).toBeChecked();
  // But for the person's prose in show_pet.md: the lines only their side has.
  for (const added of await merge.getByRole('group', { name: /the newer spec's no lines$/ }).all()) await added.getByRole('radio', { name: 'Keep mine' }).check();
  await expect.poll(() => wizard.text(merge.getByLabel('Merged text of show_pet.md'))).toContain('Ask for one pet at a time.');
  // Another file and back: the choices and the merged text are as left.
  await fileList.getByRole('listitem').filter({ hasNotText: 'show_pet.md' }).first().getByRole('button').click();
  await expect(merge).toHaveCount(0);
  await fileList.getByRole('button', { name: 'show_pet.md', exact: true }).click();
  await expect.poll(() => wizard.text(merge.getByLabel('Merged text of show_pet.md'))).toContain('Ask for one pet at a time.');
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByText('Updated to the newer spec')).toBeVisible({ timeout: 30_000 });

  const files = await WizardPage.unzip((await wizard.download()).bytes);
  expect(files.get('show_pet.md')).toContain('Ask for one pet at a time.');
  expect(files.get('show_pet.md')).toContain('/animals/{id}');
  expect(files.has('delete_pet.md')).toBe(false);
  // The new operation waits to be kept.
  await page.getByRole('combobox', { name: 'State' }).selectOption('new');
  await expect(page.getByRole('grid', { name: 'New operations' })).toContainText('/owners');
  expect(wizard.errors).toEqual([]);
});
