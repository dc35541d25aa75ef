import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWizardService, type UploadRequest, type WizardReply, type WizardRequest, type WizardService } from './service';

/** Stripe's spec at two commits (third-party data, read in place; the test skips without it). */
const VERSIONS = '/work/shared/specs-versions';
const present = existsSync(join(VERSIONS, 'stripe', 'old', 'spec3.yaml'));
const upload = (side: 'old' | 'new'): UploadRequest => ({ name: `stripe-${side}.yaml`, kind: 'files', entries: [{ path: `stripe-${side}.yaml`, bytes: new Uint8Array(readFileSync(join(VERSIONS, 'stripe', side, 'spec3.yaml'))) }] });

async function call<T extends WizardReply['type']>(service: WizardService, request: WizardRequest, type: T): Promise<Extract<WizardReply, { type: T }>> {
  const reply = await service.handle(request);
  if (reply.type !== type) throw new Error(`expected a ${type} reply, got ${JSON.stringify(reply).slice(0, 300)}`);
  return reply as Extract<WizardReply, { type: T }>;
}

const EDIT = 'Edited here: check the account first.';

describe.skipIf(!present)('the wizard service on a real pair of versions', () => {
  it('updates a curated Stripe skill with 20 edited files to the next version, keeping the edits', async () => {
    const service = createWizardService();
    const opened = await call(service, { type: 'convert', upload: upload('old'), options: {} }, 'opened');
    if (!opened.result.ok) throw new Error('not opened');
    const ops = opened.result.value.summary.files.filter((f) => f.kind === 'operation').map((f) => f.path);
    // Curated by hand: ten operations removed.
    const removed = ops.filter((_, i) => i % 40 === 1);
    await call(service, { type: 'remove', paths: removed }, 'summary');
    // Prose added to 20 operations.
    const edited = ops.filter((f, i) => i % 20 === 0 && !removed.includes(f)).slice(0, 20);
    expect(edited).toHaveLength(20);
    const texts = new Map<string, string>();
    for (const path of edited) {
      const { file } = await call(service, { type: 'file', path }, 'file');
      const text = file!.text.replace(/\n---\n/, `\n---\n${EDIT}\n\n`);
      texts.set(path, text);
      await call(service, { type: 'edit', path, version: file!.version, text }, 'edited');
    }

    const started = performance.now();
    const prepared = await call(service, { type: 'update', upload: upload('new') }, 'update');
    const ms = performance.now() - started;
    console.log(`the wizard service prepared the Stripe update with 20 edited files in ${Math.round(ms)} ms`);
    if (!prepared.result.ok) throw new Error(JSON.stringify(prepared.result.problems));
    const preview = prepared.result.value;
    expect(preview.report.removed.length).toBeGreaterThan(0);
    // Curated by hand: what is new waits to be kept.
    expect(preview.report.added.every((a) => !a.kept)).toBe(true);

    const settled = preview.conflicts.map((c): [string, string] => [c.path, c.mine]);
    const after = await call(service, { type: 'apply-update', settled }, 'opened');
    if (!after.result.ok) throw new Error('not applied');
    const { summary } = after.result.value;
    const files = new Set(summary.files.map((f) => f.path));
    for (const r of preview.report.removed) expect(files.has(`${r.operation}.md`), r.operation).toBe(false);
    for (const a of preview.report.added) expect(summary.removed, a.operation).toContain(`${a.operation}.md`);
    for (const f of removed) expect(files.has(f), f).toBe(false);
    // Every edit of an operation still there is kept.
    for (const path of edited) {
      if (!files.has(path)) continue;
      const { file } = await call(service, { type: 'file', path }, 'file');
      expect(file!.text, path).toContain(EDIT);
      expect(summary.files.find((f) => f.path === path)?.edited, path).toBe(true);
    }
  }, 240_000);
});
