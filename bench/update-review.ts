/**
 * The update's review in Chromium (SPEC 9), on the real Stripe pair: a bundle of the older
 * spec's skill, every operation file with an `operation:` block edited (a line of prose, a
 * description in the schema), opened in the wizard and updated to the newer spec, three ways
 * (the old spec given: the conflicts) and two ways (without it: every difference). Part of
 * bench/browser.ts; measures, per mode:
 *
 * - update: from the click on "Prepare the update" to the worker's answer arriving in the page
 *   (reading the two specs, generating both, merging: the worker's time);
 * - review: from that answer to the first frame painted with the review and its first file's
 *   side-by-side view (the page's time: reading the answer, drawing it);
 * - next file: from the click on "Next file" to the next file's side-by-side view painted;
 * - heap: the page's JS heap once the review is shown, after a collection;
 * - typing: keydown to paint, a key every 100 ms typed into the first operation file's merged
 *   text.
 */
import type { Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exportBundle } from '../lib/bundle/bundle';
import { convertSpec } from '../lib/convert';
import { loadSpec } from '../lib/openapi';
import { parseSkillPackage } from '../lib/skill/package';
import { readSpecUpload } from '../cli/read-spec';
import { timeKeys } from './key-latency';

export const UPDATE_PAIR = '/work/shared/specs-versions/stripe';
/** Keys typed into a merged text a run. */
const MERGE_KEYS = 20;

export type ReviewMode = 'three-way' | 'two-way';

export interface ReviewRun {
  updateMs: number;
  reviewMs: number;
  /** Absent when the review has no "Next file" (every file drawn at once). */
  nextFileMs?: number;
  heapMb: number;
  keys: number[];
  files: number;
}

/** The edited skill of the older spec as a bundle, written to a temporary folder; undefined without the pair. */
export async function editedStripeBundle(): Promise<{ bundle: string; older: string; newer: string; edited: number } | undefined> {
  if (!existsSync(UPDATE_PAIR)) return undefined;
  const older = join(UPDATE_PAIR, 'old/spec3.yaml');
  const read = await readSpecUpload(older);
  if (!read.ok) throw new Error(`${older} cannot be read`);
  const loaded = await loadSpec(read.value.files, { entry: read.value.entry, validate: false });
  if (!loaded.ok) throw new Error(`${older} does not load`);
  const converted = convertSpec(loaded.value, { sha256: read.value.entrySha256?.hex });
  const files = new Map(converted.files);
  let edited = 0;
  for (const [path, text] of files) {
    if (path === 'SKILL.md' || !path.endsWith('.md') || !text.startsWith('---\noperation:')) continue;
    files.set(path, text.replace(/\n---\n/, '\n---\nEdited: read the account notes first.\n\n').replace('"description": "', '"description": "Edited. '));
    edited++;
  }
  const bundle = join(mkdtempSync(join(tmpdir(), 'bench-review-')), `${converted.folder}.zip`);
  writeFileSync(bundle, exportBundle(parseSkillPackage({ folder: converted.folder, files })));
  return { bundle, older, newer: join(UPDATE_PAIR, 'new/spec3.yaml'), edited };
}

export function removeBundle(bundle: string): void {
  rmSync(dirname(bundle), { recursive: true, force: true });
}

/** Set before the page's scripts: the time each worker answer of an update arrives. */
export const WORKER_CLOCK = `
  (() => {
    const Native = globalThis.Worker;
    if (!Native) return;
    globalThis.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          if (e.data && e.data.reply && e.data.reply.type === 'update') globalThis.__updateAnsweredAt = performance.now();
        });
      }
    };
  })();
`;

/** Resolves once a frame is painted after `ready()` holds, with that time (performance.now()). */
const paintedWhen = (page: Page, ready: string, key: string) =>
  page.evaluate(
    ({ ready, key }) => {
      const holds = new Function(`return (${ready})`) as () => boolean;
      (window as unknown as Record<string, Promise<number>>)[key] = new Promise<number>((done) => {
        const poll = () => {
          if (holds()) {
            const ch = new MessageChannel();
            ch.port1.onmessage = () => done(performance.now());
            requestAnimationFrame(() => ch.port2.postMessage(null));
          } else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      });
    },
    { ready, key },
  );

/** The promise's value, or an error naming what did not come within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms / 1000} s for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Notes the time of the next click in the page (its event's timestamp). */
const clickClock = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { clickAt?: number };
    delete w.clickAt;
    document.addEventListener('click', (e) => (w.clickAt = e.timeStamp), { capture: true, once: true });
  });
const clickedAt = async (page: Page) => {
  await page.waitForFunction(() => (window as unknown as { clickAt?: number }).clickAt !== undefined);
  return page.evaluate(() => (window as unknown as { clickAt: number }).clickAt);
};

/** One run in a fresh page: the bundle opened, the update prepared, the review measured. */
export async function reviewRun(page: Page, base: string, input: { bundle: string; older: string; newer: string }, mode: ReviewMode, timeout: number): Promise<ReviewRun> {
  await page.goto(base);
  await page.getByRole('button', { name: 'Try the sample spec' }).waitFor();
  await page.getByLabel('Skill bundle').setInputFiles({ name: 'stripe.zip', mimeType: 'application/zip', buffer: readFileSync(input.bundle) });
  await page.getByLabel('Skill status').filter({ hasText: ' tool' }).waitFor({ timeout });
  await page.getByRole('button', { name: 'Update to a newer spec…' }).click();
  await page.getByLabel('Choose the newer spec', { exact: true }).setInputFiles(input.newer);
  if (mode === 'three-way') await page.getByLabel('Choose the old spec', { exact: true }).setInputFiles(input.older);
  else await page.getByRole('radio', { name: /I do not: review every difference/ }).check();
  await page.waitForTimeout(500);
  // The review is shown: its first file's side by side drawn.
  await paintedWhen(page, `document.querySelector('section.merge .merge-sides .cm-line') !== null`, 'reviewAt');
  await clickClock(page);
  await page.getByRole('button', { name: 'Prepare the update' }).click();
  const t0 = await clickedAt(page);
  const shownAt = await within(page.evaluate(() => (window as unknown as { reviewAt: Promise<number> }).reviewAt), timeout, `the ${mode} review`);
  const answeredAt = await page.evaluate(() => (window as unknown as { __updateAnsweredAt?: number }).__updateAnsweredAt ?? Number.NaN);
  const summary = (await page.getByLabel('Update summary').textContent()) ?? '';
  const files = /one file with/.test(summary) ? 1 : Number(/(\d+) files with/.exec(summary)?.[1] ?? 0);

  // The heap with the review shown, after a collection.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();

  // The next file's side by side, where the review shows one file at a time.
  let nextFileMs: number | undefined;
  const next = page.getByRole('button', { name: 'Next file', exact: true });
  if ((await next.count()) > 0) {
    const first = await page.locator('section.merge h4 code').first().textContent();
    await paintedWhen(page, `(() => { const c = document.querySelector('section.merge h4 code'); return c !== null && c.textContent !== ${JSON.stringify(first)} && document.querySelector('section.merge .merge-sides .cm-line') !== null; })()`, 'nextAt');
    await clickClock(page);
    await next.click();
    const n0 = await clickedAt(page);
    nextFileMs = (await within(page.evaluate(() => (window as unknown as { nextAt: Promise<number> }).nextAt), timeout, 'the next file')) - n0;
    await page.getByRole('button', { name: 'Previous file', exact: true }).click();
  }

  // Typing into an operation file's merged text: the first listed, where the review lists them
  // (SKILL.md, first in a two-way review, costs a key what it costs in the file editor).
  const operation = page.locator('.merge-file-list li button').filter({ hasText: /^(?!SKILL\.md$).+\.md$/ }).first();
  if ((await operation.count()) > 0) {
    await operation.click();
    await page.locator('section.merge .merge-sides .cm-line').first().waitFor();
  }
  const merged = page.locator('section.merge').first().getByLabel(/^Merged text of /);
  await merged.evaluate((el) => {
    type View = { state: { doc: { lines: number; line(n: number): { to: number } } }; dispatch(spec: object): void; focus(): void };
    const view = (el as unknown as { cmTile: { root: { view: View } } }).cmTile.root.view;
    view.focus();
    const line = view.state.doc.line(Math.max(1, view.state.doc.lines >> 1));
    view.dispatch({ selection: { anchor: line.to }, scrollIntoView: true });
  });
  await page.waitForTimeout(300);
  await timeKeys(page);
  const words = 'settled by hand';
  for (let i = 0; i < MERGE_KEYS; i++) {
    const ch = words[i % words.length];
    await page.keyboard.press(ch === ' ' ? 'Space' : ch);
    await page.waitForFunction((n) => (window as unknown as { keyMs: number[] }).keyMs.length >= n, i + 1);
    await page.waitForTimeout(100);
  }
  const keys = await page.evaluate(() => (window as unknown as { keyMs: number[] }).keyMs);
  return { updateMs: answeredAt - t0, reviewMs: shownAt - answeredAt, nextFileMs, heapMb: heap.usedSize / 1_048_576, keys, files };
}
