import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createWizardService, type WizardReply, type WizardRequest, type WizardService } from './service';
import { safetyMarks } from './operation-keys';
import { readSkillZip } from '../bundle/zip';

const SAMPLE = readFileSync(fileURLToPath(new URL('../../public/samples/hollowbrook.openapi.yaml', import.meta.url)));
const upload: WizardRequest = {
  type: 'convert',
  upload: { name: 'hollowbrook.openapi.yaml', kind: 'files', entries: [{ path: 'hollowbrook.openapi.yaml', bytes: new Uint8Array(SAMPLE) }] },
  options: {},
};

async function summaryOf(service: WizardService, request: WizardRequest): Promise<Extract<WizardReply, { type: 'summary' }>> {
  const reply = await service.handle(request);
  if (reply.type !== 'summary') throw new Error(`expected a summary, got ${JSON.stringify(reply).slice(0, 300)}`);
  return reply;
}
const text = async (service: WizardService, path: string) => {
  const reply = await service.handle({ type: 'file', path });
  return reply.type === 'file' ? reply.file?.text : undefined;
};

describe('safetyMarks', () => {
  it('writes no key where the value is the method\'s default, and skips rows without a file', () => {
    const rows = [{ file: 'a.md', method: 'GET' }, { file: 'b.md', method: 'POST' }, { method: 'OPTIONS' }];
    expect(safetyMarks(rows, 'safe')).toEqual([['a.md', null], ['b.md', 'safe']]);
    expect(safetyMarks(rows, 'unsafe')).toEqual([['a.md', 'unsafe'], ['b.md', null]]);
  });
});

describe('set-safety', () => {
  it('marks operations in bulk, counts them in the summary, and undoes to the same text', async () => {
    const service = createWizardService();
    const opened = await service.handle(upload);
    if (opened.type !== 'opened' || !opened.result.ok) throw new Error('not opened');
    expect(opened.result.value.summary.safety).toEqual({ safe: 3, idempotent: 1, unsafe: 1 });
    const before = await text(service, 'create_booking.md');
    const marked = await summaryOf(service, { type: 'set-safety', files: [['create_booking.md', 'safe']] });
    expect(marked.summary.safety).toEqual({ safe: 4, idempotent: 1, unsafe: 0 });
    expect(marked.previous).toEqual([['create_booking.md', null]]);
    expect(marked.refused).toEqual([]);
    expect(await text(service, 'create_booking.md')).toContain('\n  safety: safe\n');
    const undone = await summaryOf(service, { type: 'set-safety', files: marked.previous! });
    expect(undone.summary.safety).toEqual({ safe: 3, idempotent: 1, unsafe: 1 });
    expect(await text(service, 'create_booking.md')).toBe(before);
  });

  it('refuses `unsafe` on a DELETE with the rule\'s message, changing the others', async () => {
    const service = createWizardService();
    await service.handle(upload);
    const before = await text(service, 'cancel_booking.md');
    const reply = await summaryOf(service, { type: 'set-safety', files: [['cancel_booking.md', 'unsafe'], ['list_rooms.md', 'unsafe']] });
    expect(reply.refused).toHaveLength(1);
    expect(reply.refused![0]).toMatchObject({ ruleId: 'safety', severity: 'error', file: 'cancel_booking.md' });
    expect(reply.refused![0].message).toContain('`DELETE` may not be `unsafe`');
    expect(await text(service, 'cancel_booking.md')).toBe(before);
    expect(reply.previous).toEqual([['list_rooms.md', null]]);
    expect(reply.summary.problems.some((p) => p.file === 'list_rooms.md' && p.ruleId === 'safety' && p.severity === 'warning')).toBe(true);
  });
});

describe('a read-only export', () => {
  it('holds the safe operations only, those marked safe included, and says so in generated-with', async () => {
    const service = createWizardService();
    await service.handle(upload);
    await summaryOf(service, { type: 'set-safety', files: [['create_booking.md', 'safe']] });
    const reply = await service.handle({ type: 'export', tools: true, readOnly: true });
    if (reply.type !== 'export') throw new Error(reply.type);
    const zip = readSkillZip(reply.bytes);
    if (!zip.ok) throw new Error('not a zip');
    const names = [...zip.value.files.keys()].sort();
    expect(names.filter((n) => n.endsWith('.md'))).toEqual(['SKILL.md', 'check_availability.md', 'create_booking.md', 'get_booking.md', 'list_rooms.md']);
    const tools = JSON.parse(new TextDecoder().decode(zip.value.files.get('tools.json')));
    expect(tools.map((t: { safety: string }) => t.safety)).toEqual(['safe', 'safe', 'safe', 'safe']);
    expect(new TextDecoder().decode(zip.value.files.get('SKILL.md'))).toContain('generated-with: "{\\"readOnly\\":true}"');
  });
});

describe('set-pick', () => {
  it('writes the fields kept into the file, and takes the key out when none are', async () => {
    const service = createWizardService();
    await service.handle(upload);
    const before = await text(service, 'get_booking.md');
    await summaryOf(service, { type: 'set-pick', path: 'get_booking.md', pick: ['id', 'guest'] });
    expect(await text(service, 'get_booking.md')).toContain('\n  pick: [id, guest]\n');
    await summaryOf(service, { type: 'set-pick', path: 'get_booking.md', pick: [] });
    expect(await text(service, 'get_booking.md')).toBe(before);
  });
});
