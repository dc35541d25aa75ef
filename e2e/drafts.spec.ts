import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { WizardPage } from './wizard-page';

// Every skill its own draft; none replaced by another,
// nor by a second tab; one that cannot be read is listed as such; saving is at once and truthful.

const OTHER = 'openapi: 3.0.3\ninfo: {title: Other Inn, version: "1"}\nservers: [{url: "https://other.example.com"}]\npaths:\n  /rooms:\n    get: {operationId: listRooms, summary: List the rooms of the other inn, responses: {"200": {description: ok}}}\n';

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Types a line at the end of a file of the open skill, and waits for the worker to have it. */
async function addLine(wizard: WizardPage, file: string, line: string): Promise<void> {
  const editor = await wizard.openFile(file);
  await editor.press('Control+End');
  await editor.pressSequentially(line);
  await expect(wizard.status).toContainText('edited');
}

test('a skill with edits is never replaced: an upload, the sample or a second tab each get a draft of their own (BAD-INPUT 24)', async ({ page, context }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await addLine(wizard, 'list_rooms.md', 'Family rooms sleep four.');
  await expect.poll(() => wizard.savedEdits(), { timeout: 10_000 }).toBe(1);

  // An upload from the start page: a second draft, the first kept as it was, without a question.
  await page.getByRole('button', { name: 'Open another…' }).click();
  await expect(wizard.drafts.getByRole('listitem')).toHaveCount(1);
  await expect(wizard.drafts).toContainText('hollowbrook-guesthouse (open here)');
  await expect(wizard.drafts).toContainText('generated from hollowbrook.openapi.yaml on ');
  await wizard.uploadSpec([{ name: 'other.yaml', buffer: Buffer.from(OTHER) }]);
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
  expect(wizard.dialogs).toEqual([]);
  await page.getByRole('button', { name: 'Open another…' }).click();
  await expect(wizard.drafts.getByRole('listitem')).toHaveCount(2);
  await expect(wizard.drafts.getByRole('listitem').filter({ hasText: 'hollowbrook-guesthouse' })).toContainText('1 edited');

  // A second tab: the draft open here is another tab's there, and cannot be continued; the sample there is a third draft.
  const second = new WizardPage(await context.newPage());
  await second.open();
  await expect(second.drafts.getByRole('listitem')).toHaveCount(2);
  const busyThere = second.drafts.getByRole('listitem').filter({ hasText: 'other-inn' });
  await expect(busyThere).toContainText('Another tab has this draft open');
  await expect(busyThere.getByRole('button')).toHaveCount(0);
  await second.page.getByRole('button', { name: 'Continue with hollowbrook-guesthouse' }).click();
  await expect(second.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings · 1 edited');
  await addLine(second, 'SKILL.md', 'Edited in the second tab.');
  await second.page.getByRole('button', { name: 'Open another…' }).click();
  await second.trySample();
  await expect.poll(async () => (await second.savedDrafts()).length, { timeout: 10_000 }).toBe(3);

  // The first tab still has its skill, and the two hollowbrook drafts each keep their own edits.
  await page.getByRole('button', { name: 'Back to other-inn' }).click();
  await expect(wizard.status).toHaveText('2 files · 1 tool · 0 errors · 0 warnings');
  const drafts = await wizard.savedDrafts();
  const text = (d: (typeof drafts)[number], path: string) => d.files.find(([p]) => p === path)![1];
  const edits = drafts
    .filter((d) => d.info.folder === 'hollowbrook-guesthouse')
    .map((d) => [text(d, 'list_rooms.md').includes('Family rooms sleep four.'), text(d, 'SKILL.md').includes('Edited in the second tab.')])
    .sort();
  expect(edits).toEqual([
    [false, false],
    [true, true],
  ]);
  expect(drafts.filter((d) => d.info.folder === 'other-inn')).toHaveLength(1);

  // When the first tab goes, its draft is free in the second.
  await page.close({ runBeforeUnload: false });
  await second.page.getByRole('button', { name: 'Open another…' }).click();
  await expect(second.drafts.getByRole('button', { name: 'Continue with other-inn' })).toBeVisible({ timeout: 10_000 });
  expect(await axe(second.page)).toEqual([]);
  expect([...wizard.errors, ...second.errors]).toEqual([]);
});

test('a draft that cannot be read is listed as such, with its raw data and a Delete, and the rest of the wizard works (BAD-INPUT 25)', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await expect.poll(async () => (await wizard.savedDrafts()).length, { timeout: 10_000 }).toBe(1);
  const [good] = await wizard.savedDrafts();
  const snapshot = await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('skill-wizard-drafts');
      open.onsuccess = () => resolve(open.result);
    });
    const value = await new Promise<unknown>((resolve) => {
      const get = db.transaction('snapshots').objectStore('snapshots').get(id);
      get.onsuccess = () => resolve(get.result);
    });
    db.close();
    return value as Record<string, unknown>;
  }, good.id);
  const info = { ...good.info };
  await wizard.handWriteDrafts([
    { id: 'folder-object', info: { ...info, id: 'folder-object', folder: { a: 1 } }, snapshot },
    { id: 'bad-report', info: { ...info, id: 'bad-report', folder: 'bad-report' }, snapshot: { ...snapshot, report: { skill: 'x', declared: 'all of them' } } },
    { id: 'file-number', info: { ...info, id: 'file-number', folder: 'file-number' }, snapshot: { ...snapshot, files: [['SKILL.md', 42]] } },
    { id: 'climbs-out', info: { ...info, id: 'climbs-out', folder: '../../etc' }, snapshot: { ...snapshot, folder: '../../etc' } },
  ]);
  // From the start page, where a reload comes back to.
  await page.getByRole('button', { name: 'Open another…' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Try the sample spec' })).toBeEnabled();
  const items = wizard.drafts.getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.filter({ hasText: 'draft folder-object cannot be read: its description cannot be read (folder: Invalid input: expected string, received object)' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'bad-report cannot be read: its files cannot be read (report.' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'file-number cannot be read: its files cannot be read (files.0.1: Invalid input: expected string, received number)' })).toHaveCount(1);
  await expect(items.filter({ hasText: '../../etc cannot be read: its description cannot be read (folder: Entry `../../etc/` has a `..` segment' })).toHaveCount(1);
  expect(await axe(page)).toEqual([]);

  // Its raw data, whatever it holds, is one click away.
  const [download] = await Promise.all([page.waitForEvent('download'), items.filter({ hasText: 'file-number' }).getByRole('button', { name: /Download its raw data/ }).click()]);
  expect(download.suggestedFilename()).toBe('file-number.draft.json');
  const raw = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(raw.snapshot.files).toEqual([['SKILL.md', 42]]);

  // The readable draft continues; an unreadable one is deleted; the sample still converts.
  wizard.acceptDialogs = true;
  await items.filter({ hasText: '../../etc' }).getByRole('button', { name: /^Delete/ }).click();
  await expect(items).toHaveCount(4);
  await page.getByRole('button', { name: 'Continue with hollowbrook-guesthouse' }).click();
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings');
  await page.getByRole('button', { name: 'Open another…' }).click();
  await wizard.trySample();
  expect(wizard.errors).toEqual([]);
});

test('a skill is kept the moment it is generated: a reload at once comes back to it', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  // The page reloads itself the moment the skill's status shows: well under the half second
  // after which a save used to come.
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[aria-label="Skill status"]')) return;
      observer.disconnect();
      location.reload();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Try the sample spec' }).click()]);
  await expect(wizard.status).toHaveText('7 files · 5 tools · 0 errors · 0 warnings', { timeout: 30_000 });
  expect(wizard.errors).toEqual([]);
});

test('a download marks the edits as in a downloaded bundle, and leaving asks nothing once they are saved', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await addLine(wizard, 'SKILL.md', 'Ask before booking.');
  await expect(page.getByText('Saved in this browser')).toBeVisible();
  await page.getByRole('button', { name: 'Open another…' }).click();
  await expect(wizard.drafts).toContainText('1 edited · edits not in a downloaded bundle yet');
  await page.getByRole('button', { name: 'Back to hollowbrook-guesthouse' }).click();
  await wizard.download();
  await expect.poll(async () => {
    const info = await wizard.savedInfo();
    return (info?.downloadedAt ?? 0) >= (info?.changedAt ?? Infinity);
  }).toBe(true);
  await page.getByRole('button', { name: 'Open another…' }).click();
  await expect(wizard.drafts).toContainText('1 edited · every edit in a downloaded bundle');
  // Saved: a reload asks nothing.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Try the sample spec' })).toBeEnabled();
  expect(wizard.dialogs).toEqual([]);
});

test('typing still on the page when it reloads is saved with the skill: pagehide posts it before the save (the gap between edits)', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.trySample();
  await addLine(wizard, 'SKILL.md', 'First.');
  // Typed right after the worker answered: it waits out the gap between edits on the page, and
  // leaving asks (accepted) as it does while a change is unsaved.
  wizard.acceptDialogs = true;
  await page.getByLabel('Contents of SKILL.md').press('X');
  await page.reload();
  // Back to the file it was typed in.
  await expect(wizard.status).toContainText('1 edited', { timeout: 30_000 });
  const editor = page.getByLabel('Contents of SKILL.md');
  await expect(editor).toBeVisible();
  // The file as it holds it: wrapped lines put its end below what the editor draws.
  await expect.poll(() => wizard.text(editor)).toContain('First.X');
  expect(wizard.errors).toEqual([]);
});
