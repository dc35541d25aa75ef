import { expect, test } from '@playwright/test';
import { WizardPage } from './wizard-page';

// Issue 7: nothing hangs, nothing is lost. Each case is in docs/bad-input.md ("Cases found later").

test('a file opened while the worker is busy never shows, nor saves, another file\'s text under its name (BAD-INPUT 26)', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const booking = await (await wizard.openFile('get_booking.md')).inputValue();
  await wizard.blockWorker(2_000);
  await page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: /^list_rooms\.md/ }).click();
  const rooms = page.getByLabel('Contents of list_rooms.md');
  await expect(rooms).toBeVisible({ timeout: 10_000 });
  const text = await rooms.inputValue();
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
