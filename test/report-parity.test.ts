import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_VERSION, reportFileSchema } from '../lib/convert/report';
import { parseSkillPackage, type SkillFiles } from '../lib/skill/package';
import { TARGETS } from '../lib/targets/catalog';
import { REPORT_MODELS, reportTargets } from '../lib/targets/report';
import { skillTools } from '../lib/targets/skill-tools';
import { createWizardService, type WizardService } from '../lib/wizard/service';
import { spawnCli } from './cli';

// A spec split over two files, with something to say at every stage: the upload (an image
// beside the spec is left out), loading (a `$ref` outside the upload is refused), the
// conversion (a relative server) and the publish rules (that server fails operation-url).
const SPEC = `openapi: 3.0.3
info: {title: Parity, version: '1'}
servers: [{url: /api}]
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - $ref: 'parameters.yaml#/limit'
        - $ref: 'https://example.com/shared.yaml#/offset'
      responses: {'200': {description: ok}}
`;
const PARAMETERS = `limit: {name: limit, in: query, schema: {type: integer}}
`;
const FILES: [string, Uint8Array][] = [
  ['openapi.yaml', new TextEncoder().encode(SPEC)],
  ['parameters.yaml', new TextEncoder().encode(PARAMETERS)],
  ['logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00])],
];

/** 41 operations: one over Cursor's 40 tools. */
const MANY = `openapi: 3.0.3
info: {title: Many, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
${Array.from({ length: 41 }, (_, i) => `  /things/${i}:\n    get:\n      operationId: op_${i}\n      summary: Operation ${i}.\n      parameters: [{name: q, in: query, schema: {type: string}}]\n      responses: {'200': {description: ok}}`).join('\n')}
`;

/** The open skill's files as the service holds them now. */
function skillFilesOf(service: WizardService): SkillFiles {
  const s = service.snapshot()!;
  return { folder: s.folder, files: new Map(s.files) };
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-report-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('the import report file', () => {
  it('is the same bytes from the CLI and from the wizard for the same upload, and reads back with its schema', async () => {
    const spec = join(tmp, 'spec');
    await mkdir(spec);
    for (const [path, bytes] of FILES) await writeFile(join(spec, path), bytes);
    const reportPath = join(tmp, 'cli.report.json');
    const run = await spawnCli(['convert', spec, '--out', join(tmp, 'out'), '--report', reportPath]);
    expect(run.code, run.stderr).toBe(1);
    const fromCli = await readFile(reportPath, 'utf8');

    // The wizard's download: the worker's service writes it (components/wizard/state/wizard-controller.ts saves it).
    const service = createWizardService();
    const names = (await readdir(spec)).sort();
    const reply = await service.handle({
      type: 'convert',
      upload: { name: 'spec', kind: 'folder', entries: names.map((path) => ({ path, bytes: FILES.find(([p]) => p === path)![1] })) },
      options: {},
    });
    if (reply.type !== 'opened' || !reply.result.ok) throw new Error(`not opened: ${JSON.stringify(reply).slice(0, 400)}`);
    const written = await service.handle({ type: 'report' });
    if (written.type !== 'report' || written.text === undefined) throw new Error(`no report: ${JSON.stringify(written).slice(0, 400)}`);
    const fromWizard = written.text;

    expect(fromWizard).toBe(fromCli);
    const file = reportFileSchema.parse(JSON.parse(fromCli));
    expect(file.reportVersion).toBe(REPORT_VERSION);
    expect(Object.keys(JSON.parse(fromCli))[0]).toBe('reportVersion');
    // The upload's problem and the loader's are both there, in that order; the publish rules' too.
    expect(file.loadProblems.map((p) => `${p.ruleId} ${p.file}`)).toEqual(['upload-not-text logo.png', 'ref-outside-upload openapi.yaml']);
    expect(file.warnings.map((p) => p.ruleId)).toContain('relative-server');
    expect(file.publishProblems.map((p) => p.ruleId)).toContain('operation-url');
    // The tools' tokens and the fit per target, as `tokens` and `compat` count them.
    expect(file.targets!.tokens.models.map((m) => m.model)).toEqual(REPORT_MODELS.map((m) => m.id));
    expect(file.targets!.tokens.tools.map((t) => t.file)).toEqual(['list_pets.md']);
    expect(file.targets!.compat.map((c) => c.target)).toEqual(TARGETS.map((t) => t.id));
  });

  it('is the same from the CLI and the wizard after edits and curation, with the counts and fit of the skill as it is then', async () => {
    // The wizard's report is of the skill as edited; the CLI's of the skill as generated. Both
    // are made by one builder, so the wizard's report of an edited skill equals one made from
    // fresh counts of that skill's files.
    const service = createWizardService();
    const spec = new TextEncoder().encode(MANY);
    const opened = await service.handle({ type: 'convert', upload: { name: 'many.yaml', kind: 'files', entries: [{ path: 'many.yaml', bytes: spec }] }, options: {} });
    if (opened.type !== 'opened' || !opened.result.ok) throw new Error('not opened');
    const before = await service.handle({ type: 'report' });
    await service.handle({ type: 'remove', paths: ['op_0.md'] });
    const file = await service.handle({ type: 'file', path: 'op_1.md' });
    if (file.type !== 'file' || !file.file) throw new Error('no file');
    await service.handle({ type: 'edit', path: 'op_1.md', version: file.file.version, text: file.file.text.replace('Operation 1.', 'Operation one, described at more length.') });
    const after = await service.handle({ type: 'report' });
    if (before.type !== 'report' || after.type !== 'report') throw new Error('no report');
    const [b, a] = [before, after].map((r) => reportFileSchema.parse(JSON.parse(r.text!)));
    expect(b.targets!.tools).toBe(41);
    expect(a.targets!.tools).toBe(40);
    expect(b.targets!.compat.find((c) => c.target === 'cursor')!.verdict).toBe('does-not-fit');
    expect(a.targets!.compat.find((c) => c.target === 'cursor')!.verdict).toBe('fits');
    const fresh = await reportTargets(skillTools(parseSkillPackage(skillFilesOf(service))).value);
    expect(a.targets).toEqual(fresh);
    expect(a.targets!.tokens.tools.find((t) => t.file === 'op_1.md')!.tokens['gpt-4o']).toBeGreaterThan(b.targets!.tokens.tools.find((t) => t.file === 'op_1.md')!.tokens['gpt-4o']);
  });
});

describe('reportFileSchema', () => {
  const minimal = {
    reportVersion: REPORT_VERSION,
    skill: 's',
    source: { title: 'T', version: '1', format: 'openapi 3.0.3', sha256: 'ab', entry: 'a.yaml' },
    operationCount: 0,
    declared: [],
    proseOnly: [],
    skipped: [],
    sharedTypes: [],
    warnings: [],
    loadProblems: [],
    publishProblems: [],
  };

  it('reads a report file that has every field', () => {
    expect(reportFileSchema.safeParse(minimal).success).toBe(true);
  });

  it.each([
    ['another version', { ...minimal, reportVersion: 2 }],
    ['no version (a report written before versions)', { ...minimal, reportVersion: undefined }],
    ['no publish problems', { ...minimal, publishProblems: undefined }],
    ['a problem without its rule', { ...minimal, loadProblems: [{ severity: 'error', message: 'm', file: 'f' }] }],
    ['a severity that is not one', { ...minimal, warnings: [{ ruleId: 'r', severity: 'fatal', message: 'm', file: 'f' }] }],
    ['a skipped operation of an unknown kind', { ...minimal, skipped: [{ method: 'GET', path: '/', location: { file: 'f', pointer: '' }, kind: 'other', reason: 'r' }] }],
  ])('refuses a report with %s', (_, value) => {
    expect(reportFileSchema.safeParse(value).success).toBe(false);
  });
});
