import { expect, test, type Page } from '@playwright/test';
import { axeViolations as violations } from './axe';
import { WizardPage } from './wizard-page';

/** Keyboard, phone and dark: the wizard without a mouse, on a narrow screen, in a dark theme. */


/** How far the page is wider than the window (0: nothing scrolls sideways). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`${scheme}, ${width} px wide: every view meets WCAG 2.1 AA as axe checks it${width === 390 ? ', and nothing scrolls sideways' : ''}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const wizard = new WizardPage(page);
      const check = async (view: string) => {
        expect(await violations(page), view).toEqual([]);
        if (width === 390) expect(await sideways(page), `${view}: px wider than the window`).toBeLessThanOrEqual(0);
      };
      await wizard.open();
      // The theme is the system's: the page and the editor both (the editor's colours are the page's).
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(250, 251, 252)');
      await check('start');

      await wizard.trySample();
      await check('report');

      const editor = await wizard.openFile('create_booking.md');
      expect(await editor.evaluate((el) => getComputedStyle(el.closest('.cm-editor')!).backgroundColor)).toBe(scheme === 'dark' ? 'rgb(22, 27, 34)' : 'rgb(255, 255, 255)');
      if (width === 390) {
        // The panes are stacked: the file list, then the file, then the preview.
        const list = (await page.getByRole('navigation', { name: 'Skill files' }).boundingBox())!;
        const file = (await page.locator('.editor-pane').boundingBox())!;
        const preview = (await page.locator('.side-pane').boundingBox())!;
        expect(file.y).toBeGreaterThanOrEqual(list.y + list.height);
        expect(preview.y).toBeGreaterThanOrEqual(file.y + file.height);
      }
      // Problems: the underline, the gutter mark and the message at the line's end, the list, the badges.
      await wizard.replaceText(editor, (await wizard.text(editor)).replace('method: POST', 'method: POTS').replace('"type": "object",', '"type": "object", "nullable": true,'));
      await expect(wizard.fileProblems('create_booking.md')).not.toHaveCount(0);
      await expect(page.locator('.cm-inline-message').first()).toBeVisible();
      await check('a file with problems');
      // Find and replace open, its fields and buttons in the theme too.
      await editor.press('ControlOrMeta+f');
      await expect(page.getByRole('textbox', { name: 'Find' })).toBeFocused();
      await check('find and replace');
      await page.keyboard.press('Escape');
      for (const tab of ['Call', 'In the bundle']) {
        await page.getByRole('tab', { name: tab }).click();
        await check(`the ${tab} tab`);
      }
      await page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: 'hollowbrook.openapi.yaml' }).click();
      await expect(page.getByLabel('Spec file hollowbrook.openapi.yaml')).toBeVisible();
      await check('the spec');
      expect(wizard.errors).toEqual([]);
    });
  }
}

test('by keyboard: the focus goes to the report after an import, a skip link goes to the editor, the tabs take arrow keys, and a removal leaves the focus on the next row', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await page.getByRole('button', { name: 'Try the sample spec' }).focus();
  await page.keyboard.press('Enter');
  await expect(wizard.status).toContainText(' tool', { timeout: 30_000 });
  const heading = page.getByRole('heading', { name: 'Import report' });
  await expect(heading).toBeFocused();

  // The first Tab stop of the skill's view skips the bar and the file list (Tab from the
  // page's top: a click on its title starts the Tab order there).
  const fromTop = () => page.getByRole('heading', { level: 1, name: 'Skill Wizard' }).click();
  await fromTop();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the report' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Skip to the report' })).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();

  // A file opened from its row by Enter; then the skip link goes into its text.
  await page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: /^get_booking\.md/ }).focus();
  await page.keyboard.press('Enter');
  const editor = page.getByLabel('Contents of get_booking.md');
  await expect(editor).toBeVisible();
  await fromTop();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the editor' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor).toBeFocused();

  // The tabs: one Tab stop (the selected tab); arrows move and wrap, Home and End; the tab is shown as it is focused.
  const tab = (name: string) => page.getByRole('tab', { name });
  await tab('Tool').focus();
  await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  const steps: [string, string][] = [
    ['ArrowRight', 'Call'],
    ['ArrowRight', 'In the bundle'],
    ['ArrowRight', 'Tool'],
    ['ArrowLeft', 'In the bundle'],
    ['Home', 'Tool'],
    ['End', 'In the bundle'],
  ];
  for (const [key, name] of steps) {
    await page.keyboard.press(key);
    await expect(tab(name)).toBeFocused();
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(name)).toHaveAttribute('tabindex', '0');
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  }
  await expect(page.getByLabel('File in the bundle')).toContainText('## The call');
  // Tab leaves the list for the panel's content, not the next tab.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('File in the bundle')).toBeFocused();

  // A removal: the focus is on the row that followed the removed file; Enter opens it.
  const names = await wizard.fileNames();
  const removed = 'get_booking.md';
  const next = names[names.indexOf(removed) + 1];
  await page.getByRole('button', { name: 'Remove from the skill' }).focus();
  await page.keyboard.press('Enter');
  const nextRow = page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: new RegExp(`^${next.replace('.', '\\.')}`) });
  await expect(nextRow).toBeFocused();
  expect(await wizard.fileNames()).not.toContain(removed);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(`Contents of ${next}`)).toBeVisible();

  // The last row removed: the focus goes to the row before it.
  const last = (await wizard.fileNames()).at(-1)!;
  const before = (await wizard.fileNames()).at(-2)!;
  await wizard.openFile(last);
  await page.getByRole('button', { name: 'Remove from the skill' }).click();
  await expect(page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: new RegExp(`^${before.replace('.', '\\.')}`) })).toBeFocused();
  expect(wizard.errors).toEqual([]);
});
