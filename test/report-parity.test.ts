import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReportFile, REPORT_VERSION, reportFileJson, reportFileSchema } from '../lib/convert/report';
import { createWizardService } from '../lib/wizard/service';
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

    // The wizard's download, as components/wizard/report-view.tsx builds it from what the service gives.
    const service = createWizardService();
    const names = (await readdir(spec)).sort();
    const reply = await service.handle({
      type: 'convert',
      upload: { name: 'spec', kind: 'folder', entries: names.map((path) => ({ path, bytes: FILES.find(([p]) => p === path)![1] })) },
      options: {},
    });
    if (reply.type !== 'opened' || !reply.result.ok) throw new Error(`not opened: ${JSON.stringify(reply).slice(0, 400)}`);
    const { report, specProblems, summary } = reply.result.value;
    const fromWizard = reportFileJson(buildReportFile(report!, specProblems, summary.problems));

    expect(fromWizard).toBe(fromCli);
    const file = reportFileSchema.parse(JSON.parse(fromCli));
    expect(file.reportVersion).toBe(REPORT_VERSION);
    expect(Object.keys(JSON.parse(fromCli))[0]).toBe('reportVersion');
    // The upload's problem and the loader's are both there, in that order; the publish rules' too.
    expect(file.loadProblems.map((p) => `${p.ruleId} ${p.file}`)).toEqual(['upload-not-text logo.png', 'ref-outside-upload openapi.yaml']);
    expect(file.warnings.map((p) => p.ruleId)).toContain('relative-server');
    expect(file.publishProblems.map((p) => p.ruleId)).toContain('operation-url');
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
