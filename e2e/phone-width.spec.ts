import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { corpusAvailable, readManifest, SPECS_DIR } from '../test/corpus';
import { phoneWidthSpec } from '../test/phone-width-spec';
import { axeViolations } from './axe';
import { WizardPage } from './wizard-page';

// A phone, 390 px wide: nothing scrolls sideways on any view, on a spec the size of a large
// vendor's with prose-only rows, and on the vendor specs beside the project; the operations
// grid shows each row's state and tool.

const WIDTH = 390;

/** How wide the page is: the window's width when nothing scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

async function atPhoneWidth(page: Page, scheme: 'light' | 'dark' = 'light'): Promise<WizardPage> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize({ width: WIDTH, height: 844 });
  const wizard = new WizardPage(page);
  await wizard.open();
  return wizard;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}, ${WIDTH} px: a 300-operation spec with prose-only rows scrolls sideways on no view, axe clean, the grid showing state, safety and tool`, async ({ page }) => {
    test.setTimeout(240_000);
    const wizard = await atPhoneWidth(page, scheme);
    const check = async (view: string, axe = true) => {
      expect(await pageWidth(page), `${view}: the page's width`).toBeLessThanOrEqual(WIDTH);
      if (axe) expect(await axeViolations(page), view).toEqual([]);
    };
    await wizard.uploadSpec([{ name: 'phone-width.json', buffer: Buffer.from(JSON.stringify(phoneWidthSpec(), null, 2)) }]);
    await expect(wizard.status).toContainText('150 tools', { timeout: 120_000 });
    await wizard.fitSettled();

    // The operations: each row's method, state, path and tool inside the screen.
    const grid = page.getByRole('grid', { name: 'Operations' });
    await expect(grid).toBeVisible();
    const declared = grid.getByRole('row').filter({ hasText: 'declared' }).first();
    for (const cell of ['.ops-method', '.ops-state', '.ops-safety', '.ops-path', '.ops-tool']) {
      const box = (await declared.locator(`:scope > ${cell}`).boundingBox())!;
      expect(box.width, cell).toBeGreaterThan(0);
      expect(box.x + box.width, cell).toBeLessThanOrEqual(WIDTH);
    }
    await expect(declared.locator(':scope > .ops-tool')).toContainText('_retrieve_');
    const proseOnly = grid.getByRole('row').filter({ hasText: 'prose-only' }).first();
    expect((await proseOnly.locator(':scope > .ops-state').boundingBox())!.x + 10).toBeLessThan(WIDTH);
    // The operations, the report and the fit per target are one page: axe checks it once, as
    // it checks the whole document wherever it is scrolled to.
    await check('operations', false);

    // The report: the prose-only table's places in the spec within the screen.
    const place = page.locator('.report td.where .link').first();
    await place.scrollIntoViewIfNeeded();
    const placeBox = (await place.boundingBox())!;
    expect(placeBox.x + placeBox.width).toBeLessThanOrEqual(WIDTH);
    await check('report', false);

    // The fit per target.
    await page.getByRole('table', { name: 'Fit per target' }).scrollIntoViewIfNeeded();
    await check('operations, report and target fit');

    // A prose-only file in the editor, then a declared one's Call tab.
    await wizard.openFile('update_payment_method_configurations.md');
    await check('editor');
    await wizard.openFile('retrieve_payment_method_configurati_2.md');
    await page.getByRole('tab', { name: 'Call' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Call' })).toBeVisible();
    await check('the Call tab');
    expect(wizard.errors).toEqual([]);
  });
}

/**
 * The vendor specs beside the project: Stripe and Box here (their prose-only tables were
 * the widest), every one under `npm run test:corpus` (PHONE_CORPUS=all), which takes long.
 */
const CORPUS = corpusAvailable() ? readManifest() : [];
const chosen = process.env.PHONE_CORPUS === 'all' ? CORPUS : CORPUS.filter((s) => s.folder === 'stripe-core' || s.folder === 'box-platform');

test('the vendor specs beside the project are there to check', () => {
  test.skip(!corpusAvailable(), `no specs at ${SPECS_DIR}`);
  expect(chosen.length).toBeGreaterThan(0);
});

for (const spec of chosen) {
  test(`${WIDTH} px: ${spec.folder} scrolls sideways on no view`, async ({ page }) => {
    test.setTimeout(300_000);
    const folder = join(SPECS_DIR, spec.folder);
    test.skip(!existsSync(folder), `${folder} is absent`);
    const wizard = await atPhoneWidth(page);
    // One file: the file itself; a spec in several files: its folder.
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(folder, f)).isFile());
    if (files.length === 1) await page.getByLabel('Spec files').setInputFiles(join(folder, files[0]));
    else await page.getByLabel('Spec folder').setInputFiles(folder);
    await expect(wizard.status.or(page.getByRole('alert', { name: 'Upload refused' }))).toBeVisible({ timeout: 240_000 });
    expect(await pageWidth(page), 'report').toBeLessThanOrEqual(WIDTH);
    if (!(await wizard.status.isVisible())) return;
    await wizard.fitSettled();
    expect(await pageWidth(page), 'report and target fit').toBeLessThanOrEqual(WIDTH);
    const operation = page.getByRole('grid', { name: 'Operations' }).getByRole('row').filter({ hasText: 'declared' }).first();
    if ((await operation.count()) === 0) return;
    await operation.click();
    await expect(page.locator('.editor-pane .cm-editor')).toBeVisible();
    expect(await pageWidth(page), 'editor').toBeLessThanOrEqual(WIDTH);
    await page.getByRole('tab', { name: 'Call' }).click();
    expect(await pageWidth(page), 'the Call tab').toBeLessThanOrEqual(WIDTH);
    expect(wizard.errors).toEqual([]);
  });
}
