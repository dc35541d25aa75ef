import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSkillZip } from '../bundle/zip';
import { checkPackage } from '../rules';
import { skillVerdict, WITHOUT_UNRESOLVED_METADATA } from '../rules/verdict';
import { parseSkillPackage } from '../skill/package';
import { createWizardService, type WizardReply, type WizardRequest, type WizardService } from './service';

// The spec alone: its `$ref`s to schemas/ do not resolve.
const SPEC = readFileSync(fileURLToPath(new URL('../convert/fixtures/missing-file/openapi.yaml', import.meta.url)));
const upload: WizardRequest = {
  type: 'convert',
  upload: { name: 'openapi.yaml', kind: 'files', entries: [{ path: 'openapi.yaml', bytes: new Uint8Array(SPEC) }] },
  options: {},
};

async function call<T extends WizardReply['type']>(service: WizardService, request: WizardRequest, type: T): Promise<Extract<WizardReply, { type: T }>> {
  const reply = await service.handle(request);
  if (reply.type !== type) throw new Error(`expected a ${type} reply, got ${JSON.stringify(reply).slice(0, 300)}`);
  return reply as Extract<WizardReply, { type: T }>;
}

const manifest = async (service: WizardService) => (await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!.text;

/** The exported bundle as `validate` judges it: its files' problems, then the verdict over them and SKILL.md. */
async function validateExport(service: WizardService) {
  const zip = readSkillZip((await call(service, { type: 'export', tools: false }, 'export')).bytes);
  if (!zip.ok) throw new Error('export does not read back');
  const pkg = parseSkillPackage({ folder: zip.value.folder, files: new Map([...zip.value.files].map(([k, v]) => [k, new TextDecoder().decode(v)])) });
  return skillVerdict(checkPackage(pkg), pkg.manifest?.data);
}

describe('"Go on without them" is the verdict\'s choice, written into SKILL.md', () => {
  it('holds the skill back for the spec until ticked; ticked, SKILL.md records it and the wizard and the exported bundle are publishable; unticked, as generated', async () => {
    const service = createWizardService();
    const reply = await call(service, upload, 'opened');
    if (!reply.result.ok) throw new Error('not opened');
    const generated = await manifest(service);
    expect(reply.result.value.summary.verdict.kind).toBe('spec');
    expect(reply.result.value.summary.verdict.spec.map((p) => [p.ruleId, p.severity])).toEqual([['spec-unresolved-references', 'error']]);
    expect(reply.result.value.summary.withoutUnresolved).toBe(false);
    expect((await validateExport(service)).kind).toBe('spec');

    const ticked = await call(service, { type: 'set-without-unresolved', on: true }, 'summary');
    expect(ticked.refused).toEqual([]);
    expect(ticked.summary.withoutUnresolved).toBe(true);
    expect(ticked.summary.verdict).toMatchObject({ kind: 'publishable', spec: [{ ruleId: 'spec-unresolved-references', severity: 'warning' }] });
    const text = await manifest(service);
    expect(text).toContain(`  ${WITHOUT_UNRESOLVED_METADATA}: "true"\n`);
    // One line added after the count, every other byte as generated.
    expect(text.replace(`  ${WITHOUT_UNRESOLVED_METADATA}: "true"\n`, '')).toBe(generated);
    expect(ticked.summary.files.find((f) => f.path === 'SKILL.md')?.edited).toBe(true);
    const exported = await validateExport(service);
    expect(exported.kind).toBe('publishable');
    expect(exported.errors).toEqual([]);

    // A reload: the choice is in the draft's files.
    const again = createWizardService();
    const restored = await call(again, { type: 'restore', snapshot: service.snapshot() }, 'opened');
    if (!restored.result.ok) throw new Error('not restored');
    expect(restored.result.value.summary).toMatchObject({ withoutUnresolved: true, verdict: { kind: 'publishable' } });

    const unticked = await call(service, { type: 'set-without-unresolved', on: false }, 'summary');
    expect(unticked.summary).toMatchObject({ withoutUnresolved: false, verdict: { kind: 'spec' } });
    expect(await manifest(service)).toBe(generated);
    expect(unticked.summary.files.find((f) => f.path === 'SKILL.md')?.edited).toBe(false);
    expect((await validateExport(service)).kind).toBe('spec');
  });

  it('leaves a skill whose references all resolve as it is', async () => {
    const service = createWizardService();
    const whole: WizardRequest = {
      ...upload,
      upload: {
        ...(upload as Extract<WizardRequest, { type: 'convert' }>).upload,
        entries: [
          { path: 'openapi.yaml', bytes: new Uint8Array(SPEC) },
          { path: 'schemas/product.yaml', bytes: new Uint8Array(readFileSync(fileURLToPath(new URL('../convert/fixtures/missing-file/schemas/product.yaml', import.meta.url)))) },
          { path: 'schemas/address.yaml', bytes: new TextEncoder().encode('type: object\nproperties:\n  street: {type: string}\n') },
        ],
      },
    };
    const reply = await call(service, whole, 'opened');
    if (!reply.result.ok) throw new Error('not opened');
    expect(reply.result.value.summary).toMatchObject({ withoutUnresolved: false, verdict: { kind: 'publishable', spec: [] } });
  });
});
