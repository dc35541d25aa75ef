import { expect, test, type Locator, type Page } from '@playwright/test';
import { WizardPage } from './wizard-page';

// The editor is CodeMirror, with what a code editor has.

/** The CodeMirror editor around a file's text box. */
const around = (page: Page, editor: Locator) => page.locator('.cm-editor').filter({ has: editor });

test('the editor highlights, shows each problem on its line, finds and replaces, goes to a line, folds, and keeps each file\'s own undo', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const booking = await wizard.openFile('get_booking.md');
  const bookingText = await wizard.text(booking);
  const view = around(page, booking);

  // Frontmatter keys and prose are told apart by colour.
  const key = view.locator('.cm-line', { hasText: 'method: GET' }).locator('span', { hasText: /^method$/ });
  const prose = view.locator('.cm-line').filter({ hasNotText: ':' }).filter({ hasText: /\w/ }).first();
  const colour = (l: Locator) => l.evaluate((el) => getComputedStyle(el).color);
  expect(await colour(key)).not.toBe(await colour(prose));

  // Go to line 3, and break it: the problem is written on its line and marked in the gutter.
  await booking.click();
  await page.keyboard.press('Control+Alt+g');
  await page.getByLabel('Go to line').fill('3');
  await page.keyboard.press('Enter');
  await expect(view.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('3');
  await expect(booking).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type('X');
  await expect(wizard.fileProblems('get_booking.md')).toHaveCount(1);
  await expect(view.locator('.cm-inline-message-error')).toHaveText(await wizard.fileProblems('get_booking.md').locator('.message').innerText());
  await expect(view.locator('.cm-lint-marker-error')).toHaveCount(1);
  // From the problem's column to the end of its line.
  await expect(view.locator('.cm-lintRange-error')).toHaveText('method: GETX');

  // Another file, edited, then back: each file undoes its own typing.
  const rooms = await wizard.openFile('list_rooms.md');
  const roomsText = await wizard.text(rooms);
  await rooms.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Quiet.');
  await expect(wizard.status).toContainText('2 edited');
  await wizard.openFile('get_booking.md');
  await expect.poll(() => wizard.text(booking)).toBe(bookingText.replace('method: GET', 'method: GETX'));
  await booking.click();
  await page.keyboard.press('Control+z');
  await expect.poll(() => wizard.text(booking)).toBe(bookingText);
  await expect(wizard.fileProblems('get_booking.md')).toHaveCount(0);
  await expect(view.locator('.cm-inline-message')).toHaveCount(0);
  await wizard.openFile('list_rooms.md');
  await expect.poll(() => wizard.text(rooms)).toBe(`${roomsText}Quiet.`);
  await rooms.click();
  await page.keyboard.press('Control+z');
  await expect.poll(() => wizard.text(rooms)).toBe(roomsText);
  await expect(wizard.status).not.toContainText('edited');

  // Find and replace, all at once, and undone as one change.
  await wizard.openFile('get_booking.md');
  await booking.click();
  await page.keyboard.press('Control+f');
  await page.getByRole('textbox', { name: 'Find' }).pressSequentially('booking_id');
  await expect(view.locator('.cm-searchMatch').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Replace' }).pressSequentially('reservation_id');
  await page.getByRole('button', { name: 'replace all' }).click();
  await expect.poll(() => wizard.text(booking)).toBe(bookingText.replaceAll('booking_id', 'reservation_id'));
  await expect(wizard.status).toContainText('1 edited');
  await booking.click();
  await page.keyboard.press('Control+z');
  await expect.poll(() => wizard.text(booking)).toBe(bookingText);

  // The operation block folds to one line and unfolds.
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  const lines = await view.locator('.cm-line').count();
  // As a keyboard sends it: Shift+[ is "{" (Playwright's "Control+Shift+[" would send "[").
  await page.keyboard.press('Control+Shift+BracketLeft');
  await expect(view.locator('.cm-foldPlaceholder')).toHaveCount(1);
  expect(await view.locator('.cm-line').count()).toBeLessThan(lines);
  await page.keyboard.press('Control+Shift+BracketRight');
  await expect(view.locator('.cm-foldPlaceholder')).toHaveCount(0);
  expect(wizard.errors).toEqual([]);
});

test('a file with CRLF line endings stays CRLF, byte for byte, through typing, a new line and a paste', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const { bytes } = await wizard.download();
  const files = await WizardPage.unzip(bytes);
  const { writeSkillZip } = await import('../lib/bundle/zip');
  // SKILL.md: no generated section for the import to take out.
  const crlf = files.get('SKILL.md')!.replaceAll('\n', '\r\n');
  files.set('SKILL.md', crlf);
  await page.getByRole('button', { name: 'Open another…' }).click();
  await wizard.openBundle({ name: 'crlf.zip', buffer: Buffer.from(writeSkillZip('hollowbrook-guesthouse', files)) });
  const manifest = await wizard.openFile('SKILL.md');
  const before = await wizard.text(manifest);
  expect(before).toBe(crlf);

  await manifest.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Quiet rooms face the garden.');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Pasted\nfrom a Unix clipboard.');
  const expected = `${before}Quiet rooms face the garden.\r\nPasted\r\nfrom a Unix clipboard.`;
  await expect.poll(() => wizard.text(manifest)).toBe(expected);
  await expect(wizard.status).toContainText('1 edited');
  const zipped = await WizardPage.unzip((await wizard.download()).bytes);
  expect(zipped.get('SKILL.md')).toBe(expected);
});
