import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wizardReplySchema, wizardRequestSchema } from './messages';
import { createWizardService, type Opened, type UpdatePreview, type WizardReply, type WizardRequest, type WizardService } from './service';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../update/fixtures/${name}`, import.meta.url)));
const OLD = fixture('shelter-1.yaml');
const NEW = fixture('shelter-2.yaml');
const upload = (name: string, bytes: Buffer) => ({ name, kind: 'files' as const, entries: [{ path: name, bytes: new Uint8Array(bytes) }] });

async function call<T extends WizardReply['type']>(service: WizardService, request: WizardRequest, type: T): Promise<Extract<WizardReply, { type: T }>> {
  const reply = await service.handle(request);
  if (reply.type !== type) throw new Error(`expected a ${type} reply, got ${JSON.stringify(reply).slice(0, 300)}`);
  return reply as Extract<WizardReply, { type: T }>;
}

async function opened(service: WizardService, request: WizardRequest): Promise<Opened> {
  const reply = await call(service, request, 'opened');
  if (!reply.result.ok) throw new Error(`not opened: ${JSON.stringify(reply.result.problems)}`);
  return reply.result.value;
}

async function text(service: WizardService, path: string): Promise<string | undefined> {
  return (await call(service, { type: 'file', path }, 'file')).file?.text;
}

async function edit(service: WizardService, path: string, change: (text: string) => string): Promise<void> {
  const { file } = await call(service, { type: 'file', path }, 'file');
  await call(service, { type: 'edit', path, version: file!.version, text: change(file!.text) }, 'edited');
}

async function prepared(service: WizardService, request: Extract<WizardRequest, { type: 'update' }>): Promise<UpdatePreview> {
  const reply = await call(service, request, 'update');
  if (!reply.result.ok) throw new Error(`not prepared: ${JSON.stringify(reply.result.problems)}`);
  return reply.result.value;
}

/** The shelter's first version, with one description edited (upstream rewrote it too) and prose added to another operation. */
async function editedShelter(): Promise<WizardService> {
  const service = createWizardService();
  await opened(service, { type: 'convert', upload: upload('shelter-1.yaml', OLD), options: {} });
  await edit(service, 'list_pets.md', (t) => t.replace('Returns the pets in the shelter.', 'Returns the pets in the shelter, cats first.'));
  await edit(service, 'show_pet.md', (t) => `${t}\nAsk for one pet at a time.\n`);
  return service;
}

describe('the wizard service, updating to a newer spec', () => {
  it('shows the report, the files and the conflicts, and changes nothing until applied', async () => {
    const service = await editedShelter();
    const before = service.snapshot();
    const preview = await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW) });
    expect(service.snapshot()).toEqual(before);
    expect(preview.report.from.version).toBe('1.0.0');
    expect(preview.report.to.version).toBe('2.0.0');
    expect(preview.report.added).toEqual([expect.objectContaining({ operation: 'list_owners', kept: true })]);
    expect(preview.report.renamed).toEqual([expect.objectContaining({ operation: 'show_pet', path: '/animals/{id}', from: expect.objectContaining({ path: '/pets/{petId}' }) })]);
    expect(preview.report.removed).toEqual([expect.objectContaining({ operation: 'delete_pet', edited: false })]);
    expect(preview.files).toEqual(expect.arrayContaining([{ path: 'list_owners.md', change: 'added' }, { path: 'delete_pet.md', change: 'removed' }, { path: 'create_pet.md', change: 'changed' }]));
    expect(preview.keptEdits).toContain('show_pet.md');
    expect(preview.conflicts.map((c) => c.path)).toEqual(['list_pets.md']);
    const [conflict] = preview.conflicts;
    expect(conflict.mine).toContain('cats first');
    expect(conflict.newer).toContain('newest first');
    expect(conflict.where).toEqual([expect.stringMatching(/^line \d+$/)]);
    // What the worker posts the page, and what the page posts it, read as they are.
    expect(wizardReplySchema.safeParse({ type: 'update', result: { ok: true, value: preview, problems: [] } }).success).toBe(true);
    expect(wizardRequestSchema.safeParse({ type: 'apply-update', settled: [['list_pets.md', conflict.mine]] }).success).toBe(true);
    expect(wizardRequestSchema.safeParse({ type: 'update', upload: upload('shelter-2.yaml', NEW), from: upload('shelter-1.yaml', OLD) }).success).toBe(true);
  });

  it('applies with the conflicts settled as the person chose, keeping the edits, and undoes in one step', async () => {
    const service = await editedShelter();
    const edited = { list: await text(service, 'list_pets.md'), show: await text(service, 'show_pet.md') };
    const preview = await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW) });
    const refused = await call(service, { type: 'apply-update', settled: [] }, 'error');
    expect(refused.message).toMatch(/Settle the conflicts in list_pets\.md/);
    const settled = preview.conflicts[0].newer.replace('newest first.', 'newest first, cats first.');
    const after = await opened(service, { type: 'apply-update', settled: [['list_pets.md', settled]] });
    expect(after.summary.origin).toEqual({ kind: 'spec', name: 'shelter-2.yaml' });
    expect(after.summary.files.map((f) => f.path)).toEqual(['SKILL.md', 'create_pet.md', 'list_owners.md', 'list_pets.md', 'show_pet.md']);
    expect(await text(service, 'list_pets.md')).toBe(settled);
    const show = await text(service, 'show_pet.md');
    expect(show).toContain('Ask for one pet at a time.');
    expect(show).toContain('/animals/{id}');
    // Edited is measured against the newer spec: the kept edits and the settled file only.
    expect(after.summary.files.filter((f) => f.edited).map((f) => f.path)).toEqual(['list_pets.md', 'show_pet.md']);
    expect(after.summary.errors).toBe(0);
    expect(service.lastUpload()?.name).toBe('shelter-2.yaml');
    // Reverting a file now takes it back to the newer spec's generation.
    await call(service, { type: 'revert', path: 'show_pet.md' }, 'summary');
    expect(await text(service, 'show_pet.md')).not.toContain('Ask for one pet');

    const back = await opened(service, { type: 'undo-update' });
    expect(back.summary.files.map((f) => f.path)).toContain('delete_pet.md');
    expect(await text(service, 'list_pets.md')).toBe(edited.list);
    expect(await text(service, 'show_pet.md')).toBe(edited.show);
    expect(service.lastUpload()?.name).toBe('shelter-1.yaml');
    expect((await call(service, { type: 'undo-update' }, 'error')).message).toMatch(/no update to undo/);
  });

  it('refuses to apply an update prepared before the skill changed', async () => {
    const service = await editedShelter();
    await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW) });
    await edit(service, 'create_pet.md', (t) => `${t}\nOne more line.\n`);
    expect((await call(service, { type: 'apply-update', settled: [['list_pets.md', 'x']] }, 'error')).message).toMatch(/changed since the update was prepared/);
  });

  it('keeps operations removed by hand removed, and new ones wait apart, as new in this version, to be kept', async () => {
    const service = createWizardService();
    await opened(service, { type: 'convert', upload: upload('shelter-1.yaml', OLD), options: {} });
    await call(service, { type: 'remove', paths: ['create_pet.md'] }, 'summary');
    const preview = await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW) });
    expect(preview.conflicts).toEqual([]);
    expect(preview.report.added).toEqual([expect.objectContaining({ operation: 'list_owners', kept: false })]);
    const after = await opened(service, { type: 'apply-update', settled: [] });
    expect(after.summary.files.map((f) => f.path)).toEqual(['SKILL.md', 'list_pets.md', 'show_pet.md']);
    expect(after.summary.removed).toEqual(['create_pet.md', 'list_owners.md']);
    expect(after.summary.waiting).toEqual(['list_owners.md']);
    const rows = (await call(service, { type: 'operations' }, 'operations')).rows;
    expect(rows.filter((r) => r.removed).map((r) => [r.file, r.waiting ?? false])).toEqual([
      ['create_pet.md', false],
      ['list_owners.md', true],
    ]);
    // Kept across a reload: the draft's snapshot holds the set.
    const reloaded = createWizardService();
    const restored = await opened(reloaded, { type: 'restore', snapshot: JSON.parse(JSON.stringify(service.snapshot())) });
    expect(restored.summary.waiting).toEqual(['list_owners.md']);
    // SKILL.md lists only what is kept, as after any removal; no operation file is edited.
    expect(after.summary.files.filter((f) => f.edited).map((f) => f.path)).toEqual(['SKILL.md']);
    const put = await call(service, { type: 'put-back', paths: ['list_owners.md'] }, 'summary');
    expect(put.summary.files.map((f) => f.path)).toContain('list_owners.md');
    expect(put.summary.errors).toBe(0);
    expect(put.summary.waiting).toBeUndefined();
    // Removed again, it is the person's removal: no longer new and waiting.
    const again = await call(service, { type: 'remove', paths: ['list_owners.md'] }, 'summary');
    expect(again.summary.removed).toContain('list_owners.md');
    expect(again.summary.waiting).toBeUndefined();
  });

  it('takes a kept new operation back to waiting on Undo, exactly as before, and keeps it again on Redo', async () => {
    const service = createWizardService();
    await opened(service, { type: 'convert', upload: upload('shelter-1.yaml', OLD), options: {} });
    await call(service, { type: 'remove', paths: ['create_pet.md'] }, 'summary');
    await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW) });
    const after = await opened(service, { type: 'apply-update', settled: [] });
    const before = { snapshot: service.snapshot(), rows: (await call(service, { type: 'operations' }, 'operations')).rows };

    const kept = await call(service, { type: 'put-back', paths: ['list_owners.md'] }, 'summary');
    expect(kept.summary.waiting).toBeUndefined();
    const keptSnapshot = service.snapshot();

    // Undo: back among the new ones, not among those the person removed.
    const undone = await call(service, { type: 'remove', paths: ['list_owners.md'], waiting: true }, 'summary');
    expect(undone.summary).toEqual(after.summary);
    expect(undone.summary.waiting).toEqual(['list_owners.md']);
    expect((await call(service, { type: 'operations' }, 'operations')).rows).toEqual(before.rows);
    expect(service.snapshot()).toEqual(before.snapshot);
    // The journal replays the request after a reload as it was sent.
    expect(wizardRequestSchema.parse({ type: 'remove', paths: ['list_owners.md'], waiting: true })).toEqual({ type: 'remove', paths: ['list_owners.md'], waiting: true });

    // A reload after the Undo: still waiting.
    const reloaded = createWizardService();
    const restored = await opened(reloaded, { type: 'restore', snapshot: JSON.parse(JSON.stringify(service.snapshot())) });
    expect(restored.summary.waiting).toEqual(['list_owners.md']);
    expect(restored.summary.removed).toEqual(['create_pet.md', 'list_owners.md']);

    // Redo: kept again, as the first time.
    const redone = await call(service, { type: 'put-back', paths: ['list_owners.md'] }, 'summary');
    expect(redone.summary).toEqual(kept.summary);
    expect(service.snapshot()).toEqual(keptSnapshot);

    // Only files that leave the skill join the set: one already out, or one not there, does not.
    await call(service, { type: 'remove', paths: ['create_pet.md', 'no_such.md'], waiting: true }, 'summary');
    expect(service.snapshot()?.waiting).toBeUndefined();
  });

  it('asks a skill opened from a bundle for the spec it was generated from', async () => {
    const maker = createWizardService();
    await opened(maker, { type: 'convert', upload: upload('shelter-1.yaml', OLD), options: {} });
    const { bytes } = await call(maker, { type: 'export', tools: false }, 'export');
    const service = createWizardService();
    await opened(service, { type: 'open-bundle', name: 'shelter.zip', bytes });
    const refused = await call(service, { type: 'update', upload: upload('shelter-2.yaml', NEW) }, 'update');
    expect(refused.result.ok).toBe(false);
    expect(refused.result.problems[0]).toMatchObject({ ruleId: 'update-needs-old-spec' });
    const preview = await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW), from: upload('shelter-1.yaml', OLD) });
    expect(preview.report.added.map((a) => a.operation)).toEqual(['list_owners']);
    const after = await opened(service, { type: 'apply-update', settled: [] });
    expect(after.summary.files.map((f) => f.path)).toContain('list_owners.md');
  });
});

describe('the old spec kept from the generation', () => {
  it('gives the update a service reading the old spec again gives', async () => {
    const service = await editedShelter();
    const kept = await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW) });
    // After a reload: only the draft's snapshot and its upload, nothing loaded.
    const reloaded = createWizardService();
    await opened(reloaded, { type: 'restore', snapshot: structuredClone(service.snapshot()), upload: structuredClone(service.lastUpload()) });
    expect(await prepared(reloaded, { type: 'update', upload: upload('shelter-2.yaml', NEW) })).toEqual(kept);
    // And once applied, the next update starts from the newer spec as kept.
    await opened(service, { type: 'apply-update', settled: kept.conflicts.map((c) => [c.path, c.mine]) });
    const again = await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW) });
    expect(again.files).toEqual([]);
    expect(again.conflicts).toEqual([]);
  });
});

describe('a skill opened from a bundle, without its old spec', () => {
  it('is offered a two-way review: every difference to decide, the new operations waiting to be kept', async () => {
    const maker = createWizardService();
    await opened(maker, { type: 'convert', upload: upload('shelter-1.yaml', OLD), options: {} });
    await edit(maker, 'show_pet.md', (t) => `${t}\nAsk for one pet at a time.\n`);
    const { bytes } = await call(maker, { type: 'export', tools: false }, 'export');
    const service = createWizardService();
    await opened(service, { type: 'open-bundle', name: 'shelter.zip', bytes });
    const preview = await prepared(service, { type: 'update', upload: upload('shelter-2.yaml', NEW), review: true });
    expect(preview.review).toBe(true);
    expect(preview.report.added).toEqual([expect.objectContaining({ operation: 'list_owners', kept: false })]);
    const show = preview.conflicts.find((c) => c.path === 'show_pet.md')!;
    expect(show.mine).toContain('Ask for one pet at a time.');
    expect(show.newer).not.toContain('Ask for one pet at a time.');
    // Nothing changes until applied; then each file as decided.
    expect(await text(service, 'show_pet.md')).toContain('Ask for one pet at a time.');
    const settled = preview.conflicts.map((c): [string, string] => [c.path, c.path === 'show_pet.md' ? c.mine : c.newer]);
    const after = await opened(service, { type: 'apply-update', settled });
    expect(after.summary.waiting).toEqual(['list_owners.md']);
    expect(await text(service, 'show_pet.md')).toContain('Ask for one pet at a time.');
    expect(after.summary.files.map((f) => f.path)).not.toContain('delete_pet.md');
    expect(after.summary.errors).toBe(0);
  });
});

describe('what tells a draft apart', () => {
  it('is the API\'s title and version as SKILL.md records them, and the tools', async () => {
    const service = createWizardService();
    expect(service.facts()).toBeUndefined();
    const skill = await opened(service, { type: 'convert', upload: upload('shelter-1.yaml', OLD), options: {} });
    expect(service.facts()).toEqual({ title: 'Shelter', version: '1.0.0', tools: skill.summary.tools });
  });
});
