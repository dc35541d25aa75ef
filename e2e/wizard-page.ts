import { expect, type Download, type Locator, type Page } from '@playwright/test';

/**
 * The whole text in an editor, as the file holds it (line endings included): a textarea's
 * value, or the CodeMirror document's, which the page does not lay out beyond the lines in
 * view. CodeMirror keeps its view on its content element (`cmTile`, what
 * `EditorView.findFromDOM` reads); if a new version moves it, this throws.
 */
export async function editorTextIn(editor: Locator): Promise<string> {
  return editor.evaluate((el) => {
    if (el instanceof HTMLTextAreaElement) return el.value;
    const content = (el.closest('.cm-editor')?.querySelector('.cm-content') ?? el) as Element & { cmTile?: { root?: { view?: { state: { sliceDoc(): string } } } } };
    const view = content.cmTile?.root?.view;
    if (!view) throw new Error('not a textarea, nor a CodeMirror editor whose view can be found');
    return view.state.sliceDoc();
  });
}

/** The wizard as a person uses it: by the names on its buttons, fields and lists. */
export class WizardPage {
  readonly requests: { method: string; url: string }[] = [];
  readonly dialogs: string[] = [];
  readonly errors: string[] = [];
  /** Questions the page asks (Delete this draft?) are answered yes when set, no otherwise. */
  acceptDialogs = false;

  constructor(readonly page: Page) {
    page.on('request', (r) => this.requests.push({ method: r.method(), url: r.url() }));
    page.on('dialog', (d) => {
      this.dialogs.push(d.message());
      void (this.acceptDialogs ? d.accept() : d.dismiss());
    });
    page.on('pageerror', (e) => this.errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') this.errors.push(m.text());
    });
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Skill Wizard' })).toBeVisible();
    // Hydrated: the buttons answer clicks.
    await expect(this.page.getByRole('button', { name: 'Try the sample spec' })).toBeEnabled();
  }

  async trySample(): Promise<void> {
    await this.page.getByRole('button', { name: 'Try the sample spec' }).click();
    await expect(this.status).toContainText(' tool', { timeout: 30_000 });
  }

  async uploadSpec(files: { name: string; mimeType?: string; buffer: Buffer }[]): Promise<void> {
    await this.page.getByLabel('Spec files').setInputFiles(files.map((f) => ({ mimeType: 'application/octet-stream', ...f })));
  }

  async openBundle(file: { name: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel('Skill bundle').setInputFiles({ mimeType: 'application/zip', ...file });
  }

  get status(): Locator {
    return this.page.getByLabel('Skill status');
  }

  /** The report and the skill's files (the spec's own files, listed below them, left out). */
  get files(): Locator {
    return this.page.getByRole('navigation', { name: 'Skill files' }).locator(':scope > button');
  }

  async fileNames(): Promise<string[]> {
    return (await this.files.allInnerTexts()).map((t) => t.split('\n')[0].trim());
  }

  async openFile(name: string): Promise<Locator> {
    await this.page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) }).click();
    const editor = this.page.getByLabel(`Contents of ${name}`);
    // The worker answers in turn: after a large spec, the file waits for work asked before it.
    await expect(editor).toBeVisible({ timeout: 15_000 });
    return editor;
  }

  /** The text in an editor (`openFile`'s), as the file holds it. */
  text(editor: Locator): Promise<string> {
    return editorTextIn(editor);
  }

  /** Replaces the whole text in an editor as a person would: select all, then type (here, paste) the new text. */
  async replaceText(editor: Locator, text: string): Promise<void> {
    await editor.click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.insertText(text);
    await expect.poll(() => editorTextIn(editor)).toBe(text);
  }

  /** The skill's token count is in (for the skill as it is now), and the table of targets too when the report's page shows it. */
  async fitSettled(): Promise<void> {
    if (!(await this.status.isVisible())) return;
    const tokens = this.page.getByLabel('Token cost');
    await expect(tokens).toContainText('tokens for', { timeout: 30_000 });
    await expect(tokens).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    if (await this.page.getByRole('heading', { name: 'Fit per model and agent' }).isVisible()) {
      await expect(this.page.getByRole('table', { name: 'Fit per target' })).toBeVisible({ timeout: 30_000 });
    }
  }

  fileProblems(name: string): Locator {
    return this.page.getByRole('list', { name: `Problems in ${name}` }).getByRole('listitem');
  }

  /** The sample, saved, then its worker hung and `get_booking.md` asked for: what a Cancel is tried on. */
  async openGetBookingWhileHung(): Promise<void> {
    await this.open();
    await this.trySample();
    await expect.poll(async () => (await this.savedInfo())?.folder, { timeout: 10_000 }).toBe('hollowbrook-guesthouse');
    await this.blockWorker();
    await this.page.getByRole('navigation', { name: 'Skill files' }).getByRole('button', { name: /^get_booking\.md/ }).click();
  }

  /**
   * Keeps the wizard's worker busy, as a request that takes long would: a loop run in the
   * worker itself, for `ms` or (undefined) until the worker is stopped. Nothing in the app
   * is made for this; the page only sees a worker that does not answer. The page's own
   * questions after an open (the tokens, and the table of targets on the report's page) are
   * answered first, so the request that hangs is the one the test makes next.
   */
  async blockWorker(ms?: number): Promise<void> {
    await this.fitSettled();
    const worker = this.page.workers().at(-1);
    if (!worker) throw new Error('the wizard has no worker');
    void worker
      .evaluate((until) => {
        const end = until === null ? Infinity : Date.now() + until;
        while (Date.now() < end);
      }, ms ?? null)
      .catch(() => undefined);
    // The loop has started before the page's next message is taken.
    await this.page.waitForTimeout(100);
  }

  /** The drafts kept in this browser as IndexedDB holds them now: each one's description and files (no check made). */
  savedDrafts(): Promise<{ id: string; info: { folder?: unknown; edited?: number; savedAt?: number; downloadedAt?: number; changedAt?: number }; files: [string, string][] }[]> {
    return this.page.evaluate(async () => {
      // Opened only once the wizard made it, so this probe never makes it first.
      if (!(await indexedDB.databases()).some((d) => d.name === 'skill-wizard-drafts')) return [];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('skill-wizard-drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      const all = <T,>(store: string) =>
        new Promise<{ keys: IDBValidKey[]; values: T[] }>((resolve, reject) => {
          const tx = db.transaction(store);
          const keys = tx.objectStore(store).getAllKeys();
          const values = tx.objectStore(store).getAll();
          tx.oncomplete = () => resolve({ keys: keys.result, values: values.result as T[] });
          tx.onerror = () => reject(tx.error);
        });
      const infos = await all<Record<string, unknown>>('drafts');
      const snapshots = await all<{ files?: [string, string][] }>('snapshots');
      db.close();
      return infos.keys.map((key, i) => ({
        id: String(key),
        info: infos.values[i],
        files: snapshots.values[snapshots.keys.indexOf(key)]?.files ?? [],
      }));
    });
  }

  /** The newest draft's description, or undefined when none is kept. */
  async savedInfo(): Promise<{ folder?: unknown; edited?: number; savedAt?: number; downloadedAt?: number; changedAt?: number } | undefined> {
    const drafts = await this.savedDrafts();
    return drafts.sort((a, b) => (b.info.savedAt ?? 0) - (a.info.savedAt ?? 0))[0]?.info;
  }

  /** A file's text in the newest draft, as IndexedDB holds it now. */
  async savedFile(path: string): Promise<string | undefined> {
    const drafts = await this.savedDrafts();
    const [newest] = drafts.sort((a, b) => (b.info.savedAt ?? 0) - (a.info.savedAt ?? 0));
    return newest?.files.find(([p]) => p === path)?.[1];
  }

  /** How many edited files the newest draft holds. */
  async savedEdits(): Promise<number> {
    return (await this.savedInfo())?.edited ?? 0;
  }

  /** Drafts written by hand past the wizard, as a user with the developer tools, or another version, could. */
  async handWriteDrafts(entries: { id: string; info: unknown; snapshot: unknown }[]): Promise<void> {
    await this.page.evaluate(async (entries) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        // Whatever version the wizard made; a new database gets the stores of the first.
        const open = indexedDB.open('skill-wizard-drafts');
        open.onupgradeneeded = () => {
          for (const store of ['drafts', 'snapshots', 'uploads']) if (!open.result.objectStoreNames.contains(store)) open.result.createObjectStore(store);
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(['drafts', 'snapshots'], 'readwrite');
        for (const { id, info, snapshot } of entries) {
          tx.objectStore('drafts').put(info, id);
          tx.objectStore('snapshots').put(snapshot, id);
        }
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, entries);
  }

  /** The list of drafts on the start page. */
  get drafts(): Locator {
    return this.page.getByRole('region', { name: 'Kept in this browser' });
  }

  /** The files of a downloaded bundle, by path inside its folder. */
  static async unzip(bytes: Buffer): Promise<Map<string, string>> {
    const { readSkillZip } = await import('../lib/bundle/zip');
    const read = readSkillZip(new Uint8Array(bytes));
    if (!read.ok) throw new Error(`the bundle does not read back: ${read.problems[0].message}`);
    return new Map([...read.value.files].map(([path, data]) => [path, new TextDecoder().decode(data)]));
  }

  async download(): Promise<{ download: Download; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Download bundle' }).click()]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    return { download, bytes: await readFile(path) };
  }
}
