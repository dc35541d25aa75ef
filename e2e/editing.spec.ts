import { expect, test, type Locator, type Page } from '@playwright/test';
import { manyOperationsText } from '../test/many-operations';
import { WizardPage } from './wizard-page';

// Editing prose and schemas as a day's work does: long prose lines, Enter inside a schema,
// a JSON error's place, and file names that read apart.

const around = (page: Page, editor: Locator) => page.locator('.cm-editor').filter({ has: editor });

async function goToLine(page: Page, line: number): Promise<void> {
  await page.keyboard.press('Control+Alt+g');
  await page.getByLabel('Go to line').fill(String(line));
  await page.keyboard.press('Enter');
}

test('a long prose line wraps instead of scrolling sideways; JSON keeps its lines unless asked', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const booking = await wizard.openFile('create_booking.md');
  const view = around(page, booking);
  await booking.click();
  await goToLine(page, 21);
  await page.keyboard.press('End');
  await page.keyboard.type(' Then say so to the guest, in a sentence long enough to pass the edge of the editor at any width the page is given.'.repeat(3));
  await expect(view.locator('.cm-content')).toHaveClass(/cm-lineWrapping/);
  expect(await view.locator('.cm-scroller').evaluate((el) => el.scrollLeft)).toBe(0);
  // The line's start is still in view: its first words are drawn where the line begins.
  await expect(view.locator('.cm-line', { hasText: 'Book a room for a guest.' })).toBeInViewport();

  // A skill with shared types: types.json is JSON, and keeps its long lines whole unless asked.
  await page.getByRole('button', { name: 'Open another…' }).click();
  await wizard.uploadSpec([{ name: 'many.json', buffer: Buffer.from(manyOperationsText({ tags: 1, actions: 1 })) }]);
  await expect(wizard.status).toContainText(' tools');
  const types = await wizard.openFile('types.json');
  const typesView = around(page, types);
  await expect(typesView.locator('.cm-content')).not.toHaveClass(/cm-lineWrapping/);
  await page.getByRole('checkbox', { name: 'Wrap long lines' }).check();
  await expect(typesView.locator('.cm-content')).toHaveClass(/cm-lineWrapping/);
  expect(wizard.errors).toEqual([]);
});

test('Enter in a schema keeps the JSON\'s indentation, and a JSON error is placed by the file\'s line and column', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const booking = await wizard.openFile('create_booking.md');
  await booking.click();
  // Line 10: `        "room_id": {"type": "string"},` inside `schema: |`.
  await goToLine(page, 10);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('"floor": {"type": "integer"},');
  await expect.poll(async () => (await wizard.text(booking)).split('\n')[10]).toBe('        "floor": {"type": "integer"},');
  await expect(wizard.status).toContainText('0 errors');

  // A comma too many: the problem names the file's line and column, where the gutter marks it.
  await page.keyboard.press('End');
  await page.keyboard.type(',');
  const problem = wizard.fileProblems('create_booking.md').first();
  await expect(problem).toContainText(/The schema is not JSON: .*, at line 11, column \d+/);
  await expect(problem).not.toContainText('position');
  await expect(around(page, booking).locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('11');
  expect(wizard.errors).toEqual([]);
});

const LONG_NAMES = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Intents', version: '1' },
  servers: [{ url: 'https://api.intents.example.com' }],
  paths: Object.fromEntries(
    ['capture', 'cancel', 'confirm'].map((action) => [
      `/v1/payment_intents/{intent}/${action}`,
      { post: { operationId: `PostPaymentIntentsIntent${action[0].toUpperCase()}${action.slice(1)}`, parameters: [{ name: 'intent', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'Done.' } } } },
    ]),
  ),
});

test('long file names keep their distinguishing end visible in a narrow list', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'intents.json', buffer: Buffer.from(LONG_NAMES) }]);
  await expect(wizard.status).toContainText('3 tools');
  const list = page.getByRole('navigation', { name: 'Skill files' });
  await list.evaluate((el) => ((el as HTMLElement).style.width = '12rem'));
  for (const action of ['capture', 'cancel', 'confirm']) {
    const name = `post_payment_intents_intent_${action}.md`;
    const row = list.getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) });
    await expect(row).toBeVisible();
    // Too wide for the list: the start is cut, the end, where the names differ, is drawn inside the row.
    const shown = await row.locator('.name').evaluate((el) => {
      const text = el.querySelector('bdi')!.firstChild!;
      const range = document.createRange();
      range.setStart(text, text.textContent!.length - 10);
      range.setEnd(text, text.textContent!.length);
      const end = range.getBoundingClientRect();
      range.setStart(text, 0);
      range.setEnd(text, 5);
      const start = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { overflows: el.scrollWidth > el.clientWidth, endInside: end.left >= box.left - 1 && end.right <= box.right + 1, startInside: start.left >= box.left - 1 };
    });
    expect(shown).toEqual({ overflows: true, endInside: true, startInside: false });
  }
  expect(await wizard.fileNames()).toContain('post_payment_intents_intent_capture.md');
  expect(wizard.errors).toEqual([]);
});
