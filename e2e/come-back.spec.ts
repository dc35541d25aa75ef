import { expect, test } from '@playwright/test';
import { WizardPage } from './wizard-page';

// A reload comes back to the draft, the file and the fit's choices this tab had.

test('a reload comes back to the open file, with the "Count for" and "Limits of" choices', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await wizard.fitSettled();
  await page.getByRole('combobox', { name: 'Limits of' }).selectOption('cursor');
  await expect(page.getByLabel('Limits of Cursor')).toContainText('of 40 tools');
  await page.getByLabel('Count for').selectOption('claude-sonnet-4-5');
  await expect(page.getByLabel('Token cost')).toContainText('Claude');
  const editor = await wizard.openFile('list_rooms.md');
  const text = await wizard.text(editor);

  await page.reload();
  await expect(page.getByLabel('Contents of list_rooms.md')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => wizard.text(page.getByLabel('Contents of list_rooms.md'))).toBe(text);
  await expect(page.getByLabel('Count for')).toHaveValue('claude-sonnet-4-5');
  await expect(page.getByLabel('Token cost')).toContainText('Claude');
  await page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: /^Import report/ }).click();
  await expect(page.getByRole('combobox', { name: 'Limits of' })).toHaveValue('cursor');
  await expect(page.getByLabel('Limits of Cursor')).toContainText('of 40 tools');

  // What the tab keeps are names: no file's text.
  const kept = await page.evaluate(() => Object.entries(sessionStorage));
  expect(kept).toEqual([['skill-wizard-place', JSON.stringify({ draftId: JSON.parse(kept[0][1]).draftId, file: null, spec: null, model: 'claude-sonnet-4-5', limitTarget: 'cursor' })]]);

  // The start page is where a reload from it goes back to.
  await page.getByRole('button', { name: 'Open another…' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue with hollowbrook-guesthouse' })).toBeVisible();
  expect(wizard.errors).toEqual([]);
});

test('a second tab with the same place (a duplicated tab) is told the draft is open in the first', async ({ page, context }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await wizard.openFile('SKILL.md');
  const place = await page.evaluate(() => sessionStorage.getItem('skill-wizard-place'));
  expect(place).toContain('"file":"SKILL.md"');

  const second = new WizardPage(await context.newPage());
  await second.page.addInitScript((kept) => sessionStorage.setItem('skill-wizard-place', kept), place!);
  await second.page.goto('/');
  await expect(second.drafts.getByRole('listitem').filter({ hasText: 'hollowbrook-guesthouse' })).toContainText('Another tab has this draft open', { timeout: 10_000 });
  await expect(second.status).toHaveCount(0);
  // The first tab still has it, file open.
  await expect(page.getByLabel('Contents of SKILL.md')).toBeVisible();
  expect([...wizard.errors, ...second.errors]).toEqual([]);
});
