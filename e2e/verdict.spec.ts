import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SPLIT_ENTRY as ENTRY } from './split-spec';
import { WizardPage } from './wizard-page';

// One verdict: "Go on without them" is written into SKILL.md, so the wizard and `validate` of
// the downloaded bundle say the same of a spec whose references do not resolve.

/** `validate` of a downloaded bundle (named as a .zip, as `validate` tells a bundle from a folder): its exit code. */
async function validate(path: string): Promise<number | null> {
  const zip = join(mkdtempSync(join(tmpdir(), 'verdict-')), 'bundle.zip');
  copyFileSync(path, zip);
  return spawnSync(process.execPath, ['dist/cli.mjs', 'validate', zip], { encoding: 'utf8' }).status;
}

test('"Go on without them" writes its choice into SKILL.md: publishable in the wizard and for validate, after a reload too; unticked, held back again', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'openapi.yaml', buffer: Buffer.from(ENTRY) }]);
  const blocked = page.getByRole('alert', { name: 'Not publishable' });
  await expect(blocked).toContainText('params.yaml');
  const choice = page.getByRole('checkbox', { name: /Go on without them/ });
  await expect(choice).not.toBeChecked();
  const notice = page.locator('p.notice', { hasText: 'Not publishable for the spec it came from' });
  await expect(notice).toBeVisible();
  const held = await wizard.download();
  expect(await validate((await held.download.path())!)).toBe(3);

  await choice.check();
  await expect(blocked).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  await expect(page.locator('p.verdict.ok')).toContainText('Publishable.');
  const editor = await wizard.openFile('SKILL.md');
  expect(await wizard.text(editor)).toContain('  source-without-unresolved: "true"\n');
  const { download, bytes } = await wizard.download();
  expect((await WizardPage.unzip(bytes)).get('SKILL.md')).toContain('source-without-unresolved: "true"');
  expect(await validate((await download.path())!)).toBe(0);
  await expect.poll(() => wizard.savedFile('SKILL.md')).toContain('source-without-unresolved: "true"');

  await page.reload();
  await expect(page.getByLabel('Contents of SKILL.md')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: /^Import report/ }).click();
  await expect(choice).toBeChecked();
  await expect(blocked).toHaveCount(0);

  await choice.uncheck();
  await expect(blocked).toContainText('params.yaml');
  await expect(notice).toBeVisible();
  await wizard.openFile('SKILL.md');
  expect(await wizard.text(page.getByLabel('Contents of SKILL.md'))).not.toContain('source-without-unresolved');
  expect(wizard.errors).toEqual([]);
});
