import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { EXPECTED_SKILL, expectedSkillFiles } from '../test/expected';
import { WizardPage } from './wizard-page';

/** The sample's skill as the CLI writes it, its tools, counted and adapted by the same code `tokens` and `tools --target` run. */
async function expectedFit() {
  const { parseSkillPackage } = await import('../lib/skill/package');
  const { skillTools } = await import('../lib/targets/skill-tools');
  const { createTokenMeter } = await import('../lib/targets/tokens/meter');
  const { DEFAULT_MODEL } = await import('../lib/targets/tokens/models');
  const { TARGETS, findTarget } = await import('../lib/targets/catalog');
  const { targetToolsFile } = await import('../lib/targets/adapt/output');
  const tools = skillTools(parseSkillPackage({ folder: EXPECTED_SKILL, files: expectedSkillFiles() })).value;
  const meter = await createTokenMeter([DEFAULT_MODEL]);
  return {
    total: meter.count(tools, DEFAULT_MODEL).total,
    targets: TARGETS.map((t) => t.title),
    geminiTools: targetToolsFile(tools, findTarget('gemini')!).text,
  };
}

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const tokenCount = async (page: Page) => Number((await page.getByLabel('Token cost').innerText()).match(/· ([\d,]+) tokens/)![1].replace(/,/g, ''));

test('the skill summary counts its tools\' tokens for a chosen model, in the tool preview too, and follows an edit', async ({ page }) => {
  const expected = await expectedFit();
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  // The same count as `tokens` gives for the skill the CLI writes from the sample.
  await expect(page.getByLabel('Token cost')).toHaveText(new RegExp(`^5 tools · ${expected.total.toLocaleString('en-US')} tokens for gpt-4o · SKILL\\.md [\\d,]+$`));

  await page.getByLabel('Count for').selectOption('claude-sonnet-4-5');
  await expect(page.getByLabel('Token cost')).toHaveText(/^5 tools · [\d,]+ tokens for Claude Sonnet 4\.5 \(estimate\) · SKILL\.md [\d,]+$/);
  await page.getByLabel('Count for').selectOption('gpt-4o');
  await expect(page.getByLabel('Token cost')).toHaveText(new RegExp(`^5 tools · ${expected.total.toLocaleString('en-US')} tokens for gpt-4o · SKILL\\.md [\\d,]+$`));

  const editor = await wizard.openFile('get_booking.md');
  await expect(page.getByLabel('Tool tokens')).toHaveText(/^[\d,]+ tokens for gpt-4o, of the skill's [\d,]+\. A call also has the model read \S+\.md \([\d,]+ tokens\) after SKILL\.md \([\d,]+\)\.$/);
  const toolBefore = Number((await page.getByLabel('Tool tokens').innerText()).match(/^([\d,]+)/)![1].replace(/,/g, ''));
  expect(await violations(page)).toEqual([]);

  // A longer description costs more tokens: the tool's count and the skill's follow the edit.
  const text = await wizard.text(editor);
  const first = text.split('\n---\n')[1].split('\n').find((l) => l.trim() !== '')!;
  await wizard.replaceText(editor, text.replace(first, `${first} It answers with the booking's dates, its room, its guest and what was paid so far.`));
  await expect.poll(() => tokenCount(page)).toBeGreaterThan(expected.total);
  const grown = (await tokenCount(page)) - expected.total;
  await expect(page.getByLabel('Tool tokens')).toHaveText(new RegExp(`^${toolBefore + grown} tokens for gpt-4o`));
  // Another edit of the file, which changes nothing its summary says (it is edited already, with no problems): counted again too.
  await wizard.replaceText(editor, text.replace(first, `${first} It answers with the booking's dates, its room, its guest and what was paid so far, in the guest's currency.`));
  await expect.poll(() => tokenCount(page)).toBeGreaterThan(expected.total + grown);
  await expect(page.getByLabel('Token cost')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Revert to generated' }).click();
  await expect.poll(() => tokenCount(page)).toBe(expected.total);
  expect(wizard.errors).toEqual([]);
});

test('the table of targets opens each reason with the tool it concerns, follows an edit and curation, and downloads the tools shaped for a target', async ({ page }) => {
  const expected = await expectedFit();
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  const table = page.getByRole('table', { name: 'Fit per target' });
  await expect(table).toBeVisible();
  await expect(table.locator('tbody th')).toHaveText(expected.targets.map((t) => new RegExp(`^${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));
  expect(await violations(page)).toEqual([]);

  // Gemini takes one type, not a list: create_booking's `note` is adapted.
  const gemini = table.getByRole('row', { name: /^Google Gemini/ });
  await expect(gemini.getByRole('cell').nth(2)).toHaveText('1 error fixed by adapting');
  await gemini.getByRole('button', { name: '1 error fixed by adapting' }).click();
  const reasons = page.getByRole('region', { name: /^Reasons for Google Gemini/ });
  await expect(reasons).toContainText('target-type-array');
  await expect(reasons.getByRole('button', { name: 'create_booking.md' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // "Download tools for…": the same bytes `tools --target gemini` prints for the skill.
  await page.getByText('Download tools for…').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('list', { name: 'Download tools for' }).getByRole('button', { name: /^Google Gemini/ }).click()]);
  expect(download.suggestedFilename()).toBe(`${EXPECTED_SKILL}.gemini.tools.json`);
  expect(readFileSync(await download.path(), 'utf8')).toBe(expected.geminiTools);
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded the tools for Google Gemini' })).toBeVisible();

  // A reason's tool opens; an edit giving `note` one type makes Gemini fit as it is, and
  // its reasons, still open, say so.
  await reasons.getByRole('button', { name: 'create_booking.md' }).click();
  const editor = page.getByLabel('Contents of create_booking.md');
  await expect(editor).toBeVisible();
  const text = await wizard.text(editor);
  await wizard.replaceText(editor, text.replace('"note": {"type": ["string", "null"]}', '"note": {"type": "string"}'));
  await expect(wizard.status).toContainText('1 edited');
  await page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: 'Import report' }).click();
  await expect(table.getByRole('row', { name: /^Google Gemini/ }).getByRole('cell').nth(1)).toHaveText('fits');
  await expect(reasons).toContainText('Nothing to change');

  // Curation: taking create_booking out of the skill counts and checks the four tools left.
  await wizard.openFile('create_booking.md');
  await page.getByRole('button', { name: 'Remove from the skill' }).click();
  await expect(page.getByLabel('Token cost')).toHaveText(/^4 tools · /);
  await expect(table.getByRole('row', { name: /^Cursor/ }).getByRole('cell').first()).toHaveText('4 of 40');
  expect(await violations(page)).toEqual([]);
  expect(wizard.errors).toEqual([]);
});
