import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../lib/bundle/bundle';
import type { ImportReport } from '../lib/convert';
import { createWizardService, type WizardReply, type WizardRequest, type WizardService } from '../lib/wizard/service';
import { EMPTY_QUERY, filesNotShown, filterOperations, sortOperations } from '../lib/wizard/operation-query';
import { runHere } from './cli';
import { manyOperationsText } from './many-operations';

const SPEC = manyOperationsText({ tags: 4, actions: 10 });

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-curation-parity-'));
  await writeFile(join(tmp, 'many.json'), SPEC);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function call<T extends WizardReply['type']>(service: WizardService, request: WizardRequest, type: T): Promise<Extract<WizardReply, { type: T }>> {
  const reply = await service.handle(request);
  if (reply.type !== type) throw new Error(`expected a ${type} reply, got ${JSON.stringify(reply).slice(0, 300)}`);
  return reply as Extract<WizardReply, { type: T }>;
}

async function wizardWith(): Promise<{ service: WizardService; report: ImportReport }> {
  const service = createWizardService();
  const reply = await call(service, { type: 'convert', upload: { name: 'many.json', kind: 'files', entries: [{ path: 'many.json', bytes: new TextEncoder().encode(SPEC) }] }, options: {} }, 'opened');
  if (!reply.result.ok) throw new Error('not opened');
  return { service, report: reply.result.value.report! };
}

const exported = async (service: WizardService) => Buffer.from((await call(service, { type: 'export', tools: false }, 'export')).bytes);

describe('curation in the CLI and in the wizard', () => {
  it('gives the same bundle, byte for byte, for the same choices', async () => {
    const zip = join(tmp, 'cli.zip');
    const r = await runHere('convert', join(tmp, 'many.json'), '--out', join(tmp, 'out'), '--include-tags', 'payments', '--exclude-deprecated', '--zip', zip);
    expect(r.code, r.stderr).toBe(0);

    // The wizard, as the operations view does it: the tag filter and "Keep only shown"; then
    // the deprecated ones sorted to the top, selected, "Remove selected".
    const { service } = await wizardWith();
    const rows = (await call(service, { type: 'operations' }, 'operations')).rows;
    const payments = filterOperations(rows, { ...EMPTY_QUERY, tag: 'payments' });
    await call(service, { type: 'remove', paths: filesNotShown(rows, payments) }, 'summary');
    const kept = (await call(service, { type: 'operations' }, 'operations')).rows;
    const deprecated = sortOperations(filterOperations(kept, EMPTY_QUERY), { key: 'deprecated', direction: 'descending' }).filter((r) => r.deprecated);
    expect(deprecated.length).toBeGreaterThan(0);
    await call(service, { type: 'remove', paths: deprecated.map((r) => r.file!) }, 'summary');
    // The CLI's curation is by rule, and recorded in SKILL.md (`metadata.generated-with`) so
    // that an update applies it to the newer spec's operations too; the wizard's removals are
    // the person's own edits. Everything else is the same, byte for byte.
    const fromWizard = importBundle(await exported(service));
    const fromCli = importBundle(await readFile(zip));
    if (!fromWizard.ok || !fromCli.ok) throw new Error('a bundle did not import');
    const record = /^ {2}generated-with: .*\n/m;
    expect(fromCli.value.files.get('SKILL.md')).toMatch(/generated-with: .*includeTags.*excludeDeprecated/);
    expect(fromWizard.value.files.get('SKILL.md')).not.toMatch(record);
    const withoutRecord = (files: ReadonlyMap<string, string>) => new Map([...files].map(([name, text]) => [name, name === 'SKILL.md' ? text.replace(record, '') : text]));
    expect(withoutRecord(fromWizard.value.files)).toEqual(withoutRecord(fromCli.value.files));
    expect(fromWizard.value.folder).toBe(fromCli.value.folder);
  });

  it('survives export and import again, and a reload (snapshot and restore), where everything can still be put back', async () => {
    const { service, report } = await wizardWith();
    const before = await exported(service);
    const others = report.declared.filter((o) => !o.tags.includes('customers')).map((o) => o.file);
    const summary = (await call(service, { type: 'remove', paths: others }, 'summary')).summary;
    expect(summary.removed).toHaveLength(others.length);
    expect([summary.errors, summary.warnings]).toEqual([0, 0]);
    const curated = await exported(service);

    // Exported and opened again: the kept operations, nothing else, and the same bytes out.
    const files = importBundle(new Uint8Array(curated));
    if (!files.ok) throw new Error('the bundle does not import');
    expect([...files.value.files.keys()].filter((f) => f !== 'SKILL.md' && f !== 'types.json').sort()).toEqual(report.declared.filter((o) => o.tags.includes('customers')).map((o) => o.file).sort());
    expect(Object.keys(JSON.parse(files.value.files.get('types.json')!))).toEqual(['Address', 'Customer', 'Money']);
    const reopened = createWizardService();
    await call(reopened, { type: 'open-bundle', name: 'many-operations.zip', bytes: new Uint8Array(curated) }, 'opened');
    expect((await exported(reopened)).equals(curated)).toBe(true);

    // Reloaded: the same skill, and the removed operations (with their types) still there to put back.
    const snapshot = JSON.parse(JSON.stringify(service.snapshot()));
    const reloaded = createWizardService();
    const restored = await call(reloaded, { type: 'restore', snapshot }, 'opened');
    if (!restored.result.ok) throw new Error('not restored');
    expect(restored.result.value.summary.removed).toEqual(summary.removed);
    expect((await exported(reloaded)).equals(curated)).toBe(true);
    const back = (await call(reloaded, { type: 'put-back', paths: others }, 'summary')).summary;
    expect(back.removed).toEqual([]);
    expect(back.files.every((f) => !f.edited)).toBe(true);
    expect((await exported(reloaded)).equals(before)).toBe(true);
  });
});
