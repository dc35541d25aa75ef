import { expect, test } from '@playwright/test';
import { WizardPage } from './wizard-page';

// Nothing hangs, nothing is lost. Each case is in docs/bad-input.md ("The wizard's cases").

test('a file opened while the worker is busy never shows, nor saves, another file\'s text under its name (BAD-INPUT 26)', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const booking = await wizard.text(await wizard.openFile('get_booking.md'));
  await wizard.blockWorker(2_000);
  await page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: /^list_rooms\.md/ }).click();
  const rooms = page.getByLabel('Contents of list_rooms.md');
  await expect(rooms).toBeVisible({ timeout: 10_000 });
  const text = await wizard.text(rooms);
  expect(text).not.toBe(booking);
  expect(text).toContain('url: http://outturn-hollowbrook:8084/rooms\n');
  await rooms.press('Control+End');
  await rooms.pressSequentially('Quiet rooms face the garden.');
  await expect(wizard.status).toContainText('1 edited');
  const files = WizardPage.unzip((await wizard.download()).bytes);
  const zipped = await files;
  expect(zipped.get('list_rooms.md')).toContain('url: http://outturn-hollowbrook:8084/rooms\n');
  expect(zipped.get('list_rooms.md')).toContain('Quiet rooms face the garden.');
  expect(zipped.get('get_booking.md')).not.toContain('Quiet rooms');
  expect(zipped.get('get_booking.md')).toContain('url: http://outturn-hollowbrook:8084/bookings/{booking_id}');
  expect(wizard.errors).toEqual([]);
});

test('a request that hangs shows "still working" with Cancel, which starts the wizard again from the last saved copy, keeping every edit (BAD-INPUT 23)', async ({ page, context }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  // An edit saved before the hang…
  const rooms = await wizard.openFile('list_rooms.md');
  await rooms.press('Control+End');
  await rooms.pressSequentially('Saved before the hang.');
  await expect.poll(() => wizard.savedEdits(), { timeout: 10_000 }).toBe(1);
  // …one applied (saved or not: the worker may hang before its save)…
  const manifest = await wizard.openFile('SKILL.md');
  await manifest.press('Control+End');
  await manifest.pressSequentially('Applied before the hang.');
  await expect(wizard.status).toContainText('2 edited');
  await wizard.blockWorker();
  // …and typing while it hangs, which the worker never takes.
  await manifest.pressSequentially(' Typed while it hung.');
  const bar = page.getByRole('region', { name: 'Still working' });
  // The request in progress is the edit, the tool preview that follows the edit before it, or
  // the token count that follows its summary (the typing waits out the gap between edits).
  await expect(bar).toContainText(/Still working on ((checking your edit to|the tool preview of) SKILL\.md|counting the tools' tokens)…/, { timeout: 10_000 });
  await bar.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('The wizard started again from the last saved copy, with your typing kept.')).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect.poll(() => wizard.text(manifest)).toMatch(/Applied before the hang\. Typed while it hung\.$/);
  await expect(wizard.status).toContainText('2 edited');
  // The new worker holds all of it: in the bundle, and kept in the browser after the tab is gone.
  const files = await WizardPage.unzip((await wizard.download()).bytes);
  expect(files.get('SKILL.md')).toMatch(/Applied before the hang\. Typed while it hung\.$/);
  expect(files.get('list_rooms.md')).toContain('Saved before the hang.\n');
  // Saved again by the new worker.
  await expect.poll(() => wizard.savedFile('SKILL.md'), { timeout: 10_000 }).toMatch(/Applied before the hang\. Typed while it hung\.$/);
  expect(wizard.errors).toEqual([]);
  await page.close({ runBeforeUnload: false });

  const next = new WizardPage(await context.newPage());
  await next.open();
  await next.page.getByRole('button', { name: 'Continue with hollowbrook-guesthouse' }).click();
  expect(await next.text(await next.openFile('SKILL.md'))).toMatch(/Applied before the hang\. Typed while it hung\.$/);
});

test('a file that hangs as it opens can be cancelled, and another one opened', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.openGetBookingWhileHung();
  await expect(page.getByText('Loading…').first()).toBeVisible();
  await page.getByRole('region', { name: 'Still working' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Contents of get_booking.md')).toBeVisible();
  await expect(page.getByText(/^Cancelled: opening get_booking\.md\./)).toBeVisible();
  await wizard.openFile('list_rooms.md');
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  expect(wizard.errors).toEqual([]);
});
