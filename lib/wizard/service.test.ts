import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSkillZip } from '../bundle/zip';
import { createWizardService, type Opened, type WizardReply, type WizardRequest, type WizardService } from './service';
import { EXPECTED_SKILL, expectedBytes, expectedSkillFiles } from '../../test/expected';
import { manyOperationsDeepFiles, manyOperationsSpec } from '../../test/hostile';
import { MAX_BUNDLE_OPERATIONS } from '../convert/operation-count';
import { reportFileSchema } from '../convert/report';
import { reportAsCurated, REMOVED_REASON } from '../curate/report';

const SAMPLE = readFileSync(fileURLToPath(new URL('../../public/samples/hollowbrook.openapi.yaml', import.meta.url)));
const FIT = readFileSync(fileURLToPath(new URL('../convert/fixtures/fit/openapi.yaml', import.meta.url)));
const bytes = (text: string) => new TextEncoder().encode(text);

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

/** The user's text for a file, typed over the version the service last gave for it. */
async function edit(service: WizardService, path: string, text: string): Promise<Extract<WizardReply, { type: 'edited' }>> {
  const { file } = await call(service, { type: 'file', path }, 'file');
  return call(service, { type: 'edit', path, version: file!.version, text }, 'edited');
}

const sampleUpload: WizardRequest = {
  type: 'convert',
  upload: { name: 'hollowbrook.openapi.yaml', kind: 'files', entries: [{ path: 'hollowbrook.openapi.yaml', bytes: new Uint8Array(SAMPLE) }] },
  options: {},
};

describe('createWizardService', () => {
  it("gives the same skill when it is given the platform's SHA-256 to hash the spec with", async () => {
    const hashed: string[] = [];
    const native = createWizardService({
      async sha256(text) {
        hashed.push(text);
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
        return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
      },
    });
    const plain = createWizardService();
    await opened(native, sampleUpload);
    await opened(plain, sampleUpload);
    expect(hashed).toEqual([SAMPLE.toString('utf8')]);
    expect(native.snapshot()).toEqual(plain.snapshot());
    expect(native.snapshot()!.files.find(([p]) => p === 'SKILL.md')![1]).toMatch(/source-sha256: [0-9a-f]{64}/);
  });

  it('generates a skill from a spec upload: the summary lists SKILL.md first, then every operation, with no problem', async () => {
    const service = createWizardService();
    const { summary, report } = await opened(service, sampleUpload);
    expect(summary.folder).toBe('hollowbrook-guesthouse');
    expect(summary.files.map((f) => f.path)).toEqual(['SKILL.md', 'types.json', 'cancel_booking.md', 'check_availability.md', 'create_booking.md', 'get_booking.md', 'list_rooms.md']);
    expect(summary.files.every((f) => !f.edited && f.errors === 0)).toBe(true);
    expect([summary.errors, summary.warnings, summary.tools]).toEqual([0, 0, 5]);
    expect(report?.declared).toHaveLength(5);
  });

  it('re-checks on every edit: a broken file shows its error at its line, and fixing it clears it', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const { file } = await call(service, { type: 'file', path: 'get_booking.md' }, 'file');
    const text = file!.text;
    const broken = text.replace(/method: GET/, 'method: FETCH');
    expect(broken).not.toBe(text);
    const after = (await edit(service, 'get_booking.md', broken)).summary;
    const row = after.files.find((f) => f.path === 'get_booking.md')!;
    expect(row).toMatchObject({ edited: true });
    expect(row.errors).toBeGreaterThan(0);
    const problem = after.problems.find((p) => p.file === 'get_booking.md' && p.severity === 'error')!;
    expect(broken.split('\n')[problem.line! - 1]).toContain('FETCH');
    const fixed = (await edit(service, 'get_booking.md', text)).summary;
    expect(fixed.files.find((f) => f.path === 'get_booking.md')).toMatchObject({ edited: false, errors: 0 });
  });

  it('reverts a file to its generated text', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const { file } = await call(service, { type: 'file', path: 'SKILL.md' }, 'file');
    await edit(service, 'SKILL.md', `${file!.text}\nMore notes.\n`);
    const reverted = (await call(service, { type: 'revert', path: 'SKILL.md' }, 'summary')).summary;
    expect(reverted.files[0]).toMatchObject({ path: 'SKILL.md', edited: false });
    expect((await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!.text).toBe(file!.text);
  });

  it('renames the folder, and so the tool names, when a valid name is typed into SKILL.md', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const manifest = (await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!.text;
    const renamed = (await edit(service, 'SKILL.md', manifest.replace('name: hollowbrook-guesthouse', 'name: guesthouse'))).summary;
    expect([renamed.folder, renamed.errors]).toEqual(['guesthouse', 0]);
    expect((await call(service, { type: 'tool', path: 'get_booking.md' }, 'tool')).tool).toMatchObject({ ok: true, tool: { name: 'guesthouse_get_booking' } });
    const invalid = (await edit(service, 'SKILL.md', manifest.replace('name: hollowbrook-guesthouse', 'name: Guest House'))).summary;
    expect(invalid.folder).toBe('guesthouse');
    expect(invalid.problems.some((p) => p.ruleId === 'skill-name')).toBe(true);
  });

  it('shows the tool as a model gets it, starts the call from example arguments, and shows the request or the refusal', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const { file } = await call(service, { type: 'file', path: 'get_booking.md' }, 'file');
    expect(file!.tool).toMatchObject({ ok: true, tool: { name: 'hollowbrook-guesthouse_get_booking', alias: 'get_booking' } });
    const args = JSON.parse(file!.exampleArgs!);
    expect(args).toEqual({ booking_id: 'booking_id' });
    const sent = (await call(service, { type: 'call', path: 'get_booking.md', args: '{"booking_id": "bk 1"}' }, 'call')).request;
    expect(sent).toMatchObject({ ok: true, value: { method: 'GET', url: 'http://outturn-hollowbrook:8084/bookings/bk%201' } });
    const refused = (await call(service, { type: 'call', path: 'get_booking.md', args: '{"nope": 1}' }, 'call')).request;
    expect(refused.ok).toBe(false);
    expect(refused.problems.map((p) => p.ruleId).sort()).toEqual(['call-missing-argument', 'call-unknown-argument']);
    const notJson = (await call(service, { type: 'call', path: 'get_booking.md', args: '{id:' }, 'call')).request;
    expect(notJson.problems[0].message).toMatch(/^The arguments are not JSON: /);
    const manifest = (await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!;
    expect(manifest.tool).toMatchObject({ ok: false });
    expect(manifest.exampleArgs).toBeUndefined();
  });

  it('sends the call to the base URL the person gives, checked as `call --base-url` checks it, and keeps nothing of it in the skill', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const before = service.snapshot();
    const args = '{"booking_id": "bk 1"}';
    const request = async (baseUrl?: string) => (await call(service, { type: 'call', path: 'get_booking.md', args, ...(baseUrl === undefined ? {} : { baseUrl }) }, 'call')).request;
    // A mock on this machine, a path before the operation's, plain http: the person chose it, so nothing is refused or warned of.
    expect(await request('http://127.0.0.1:4010/mock/')).toEqual({ ok: true, value: { method: 'GET', url: 'http://127.0.0.1:4010/mock/bookings/bk%201', headers: {} }, problems: [] });
    expect(await request(' https://staging.hollowbrook.example ')).toMatchObject({ ok: true, value: { url: 'https://staging.hollowbrook.example/bookings/bk%201' } });
    // Blank is the operation's own URL, with the warning it has there.
    for (const blank of [undefined, '', '   ']) {
      expect(await request(blank)).toMatchObject({ ok: true, value: { url: 'http://outturn-hollowbrook:8084/bookings/bk%201' }, problems: [{ ruleId: 'call-http' }] });
    }
    for (const [baseUrl, why] of [
      ['localhost:4010', 'is not an absolute URL (`https://host` or `http://host:port`)'],
      ['ftp://files.example', 'is not http or https'],
      ['https://user:pw@staging.example', 'carries credentials (`user@`): the gateway attaches them'],
      ['https://staging.example/?env=1', 'has a query string or a fragment'],
    ]) {
      expect(await request(baseUrl)).toEqual({
        ok: false,
        problems: [{ ruleId: 'call-base-url', severity: 'error', message: `The base URL \`${baseUrl}\` ${why}`, file: 'get_booking.md' }],
      });
    }
    expect(service.snapshot()).toEqual(before);
    expect(JSON.stringify(service.snapshot())).not.toContain('127.0.0.1:4010');
  });

  it('shows the committed expected skill files for the sample, and exports the committed bundles with and without tools.json', async () => {
    const service = createWizardService();
    const { summary } = await opened(service, sampleUpload);
    const shown = new Map<string, string>();
    for (const f of summary.files) shown.set(f.path, (await call(service, { type: 'file', path: f.path }, 'file')).file!.text);
    expect(new Map([...shown].sort(([a], [b]) => (a < b ? -1 : 1)))).toEqual(expectedSkillFiles());
    for (const [tools, name] of [[false, `${EXPECTED_SKILL}.zip`], [true, `${EXPECTED_SKILL}.tools.zip`]] as const) {
      const { bytes: zip } = await call(service, { type: 'export', tools }, 'export');
      expect(Buffer.from(zip).equals(expectedBytes(name)), `${name} differs from test/expected/hollowbrook/${name}`).toBe(true);
    }
  });

  it('exports a bundle that opens again to the same files and exports to the same bytes', async () => {
    const service = createWizardService();
    const first = await opened(service, sampleUpload);
    const inBundle = (await call(service, { type: 'exported', path: 'get_booking.md' }, 'exported')).text!;
    expect(inBundle).toContain('## The call');
    expect((await call(service, { type: 'file', path: 'get_booking.md' }, 'file')).file!.text).not.toContain('## The call');
    const { bytes: zip, folder } = await call(service, { type: 'export', tools: true }, 'export');
    expect(folder).toBe('hollowbrook-guesthouse');
    const again = createWizardService();
    const reopened = await opened(again, { type: 'open-bundle', name: 'hollowbrook-guesthouse.zip', bytes: zip });
    expect(reopened.summary.origin).toEqual({ kind: 'bundle', name: 'hollowbrook-guesthouse.zip' });
    expect(reopened.summary.files.map((f) => f.path)).toEqual(first.summary.files.map((f) => f.path));
    for (const f of first.summary.files) {
      expect((await call(again, { type: 'file', path: f.path }, 'file')).file!.text).toBe((await call(service, { type: 'file', path: f.path }, 'file')).file!.text);
    }
    expect(Buffer.from((await call(again, { type: 'export', tools: true }, 'export')).bytes).equals(Buffer.from(zip))).toBe(true);
  });

  it('generates again with the name and base URL the user sets', async () => {
    const service = createWizardService();
    const spec = "openapi: 3.0.3\ninfo: {title: Rel, version: '1'}\nservers: [{url: /v1}]\npaths:\n  /a:\n    get: {operationId: getA, responses: {'200': {description: ok}}}\n";
    const first = await opened(service, { type: 'convert', upload: { name: 'rel.yaml', kind: 'files', entries: [{ path: 'rel.yaml', bytes: bytes(spec) }] }, options: {} });
    expect(first.summary.errors).toBe(1);
    const second = await opened(service, { type: 'regenerate', options: { name: 'my-api', baseUrl: ' https://api.example.com ' } });
    expect([second.summary.folder, second.summary.errors]).toEqual(['my-api', 0]);
    expect((await call(service, { type: 'file', path: 'get_a.md' }, 'file')).file!.text).toContain('url: https://api.example.com/v1/a');
  });

  it('generates again with the server variables and the server the user chose, blanks meaning not set', async () => {
    const service = createWizardService();
    const spec = [
      'openapi: 3.0.3',
      "info: {title: Tenant, version: '1'}",
      'servers:',
      "  - {url: 'https://{tenant}.api.test', variables: {tenant: {default: your-tenant, description: Your tenant.}}}",
      "  - {url: 'https://sandbox.api.test', description: Sandbox}",
      'paths:',
      '  /a:',
      "    get: {operationId: getA, responses: {'200': {description: ok}}}",
      '',
    ].join('\n');
    const first = await opened(service, { type: 'convert', upload: { name: 't.yaml', kind: 'files', entries: [{ path: 't.yaml', bytes: bytes(spec) }] }, options: {} });
    expect(first.summary.errors).toBe(1);
    expect(first.report!.servers.variables).toMatchObject([{ name: 'tenant', default: 'your-tenant', placeholder: true, given: false }]);
    expect(first.report!.servers.listed.map((l) => l.url)).toEqual(['https://{tenant}.api.test', 'https://sandbox.api.test']);
    const blank = await opened(service, { type: 'regenerate', options: { serverVariables: { tenant: '  ' } } });
    expect(blank.summary.errors).toBe(1);
    const set = await opened(service, { type: 'regenerate', options: { serverVariables: { tenant: ' acme ' } } });
    expect(set.summary.errors).toBe(0);
    expect((await call(service, { type: 'file', path: 'get_a.md' }, 'file')).file!.text).toContain('url: https://acme.api.test/a');
    const sandbox = await opened(service, { type: 'regenerate', options: { server: 'https://sandbox.api.test' } });
    expect([sandbox.summary.errors, sandbox.report!.servers.variables.length]).toEqual([0, 0]);
    expect((await call(service, { type: 'file', path: 'get_a.md' }, 'file')).file!.text).toContain('url: https://sandbox.api.test/a');
  });

  it('reads a folder upload, leaving hidden files out, and resolves references between its files', async () => {
    const service = createWizardService();
    const entry = "openapi: 3.0.3\ninfo: {title: Folder, version: '1'}\nservers: [{url: 'https://x.example'}]\npaths:\n  /a:\n    get:\n      operationId: getA\n      parameters: [{$ref: 'parts/params.yaml#/Q'}]\n      responses: {'200': {description: ok}}\n";
    const result = await opened(service, {
      type: 'convert',
      upload: { name: 'api', kind: 'folder', entries: [{ path: 'openapi.yaml', bytes: bytes(entry) }, { path: 'parts/params.yaml', bytes: bytes('Q: {name: q, in: query, schema: {type: string}}\n') }, { path: '.git/config', bytes: bytes('x') }] },
      options: {},
    });
    expect(result.summary.tools).toBe(1);
    expect((await call(service, { type: 'file', path: 'get_a.md' }, 'file')).file!.text).toContain('"q": {"type": "string"}');
    expect(result.specFiles).toEqual(['openapi.yaml', 'parts/params.yaml']);
    expect(await call(service, { type: 'spec-file', path: 'parts/params.yaml' }, 'spec-file')).toEqual({ type: 'spec-file', path: 'parts/params.yaml', text: 'Q: {name: q, in: query, schema: {type: string}}\n' });
    expect((await call(service, { type: 'spec-file', path: '.git/config' }, 'spec-file')).text).toBeUndefined();
  });

  it('refuses what is not a spec with problems naming the file, and keeps the skill that was open', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const bad = await call(service, { type: 'convert', upload: { name: 'notes.yaml', kind: 'files', entries: [{ path: 'notes.yaml', bytes: bytes('hello: world\n') }] }, options: {} }, 'opened');
    expect(bad.result.ok).toBe(false);
    expect(bad.result.problems[0].file).toBe('notes.yaml');
    const zipRefused = await call(service, { type: 'open-bundle', name: 'skill.zip', bytes: bytes('not a zip') }, 'opened');
    expect(zipRefused.result.ok).toBe(false);
    expect(zipRefused.result.problems[0].file).not.toBe('');
    // The refused upload replaced nothing: the spec beside the skill, and what "Generate again" reads, are the open skill's.
    expect((await call(service, { type: 'spec-file', path: 'hollowbrook.openapi.yaml' }, 'spec-file')).text).toBe(SAMPLE.toString('utf8'));
    expect((await opened(service, { type: 'regenerate', options: {} })).summary.folder).toBe('hollowbrook-guesthouse');
    expect((await edit(service, 'SKILL.md', '')).summary.folder).toBe('hollowbrook-guesthouse');
  });

  it('refuses a spec with more operations than a bundle holds before converting it, keeping the skill that was open (BAD-INPUT 33)', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const many = manyOperationsSpec(MAX_BUNDLE_OPERATIONS + 1);
    const refused = await call(service, { type: 'convert', upload: { name: 'many.json', kind: 'files', entries: [{ path: 'many.json', bytes: bytes(many) }] }, options: {} }, 'opened');
    expect(refused.result.ok).toBe(false);
    expect(refused.result.problems).toEqual([expect.objectContaining({ ruleId: 'too-many-operations', severity: 'error', file: 'many.json' })]);
    expect(refused.result.problems[0].message).toMatch(/^The spec has 4,998 operations: a skill bundle holds at most 5,000 files/);
    expect((await opened(service, { type: 'regenerate', options: {} })).summary.folder).toBe('hollowbrook-guesthouse');
  });

  it('refuses 4,998 operations as soon as the entry is parsed, before the files it refers to are read (BAD-INPUT 36)', async () => {
    const service = createWizardService();
    // The files info.contact leads through nest 1,200 deep: read, they would refuse the spec for that.
    const entries = manyOperationsDeepFiles(MAX_BUNDLE_OPERATIONS + 1).map((f) => ({ path: f.path, bytes: bytes(f.text) }));
    const refused = await call(service, { type: 'convert', upload: { name: 'many', kind: 'folder', entries }, options: {} }, 'opened');
    expect(refused.result.problems.map((p) => `${p.ruleId} ${p.file}`)).toEqual(['too-many-operations openapi.json']);
  });

  it('reports a $ref outside the upload among the spec problems, reading nothing', async () => {
    const service = createWizardService();
    const spec = "openapi: 3.0.3\ninfo: {title: Ref, version: '1'}\nservers: [{url: 'https://x.example'}]\npaths:\n  /a:\n    get:\n      operationId: getA\n      parameters: [{$ref: 'file:///etc/passwd'}]\n      responses: {'200': {description: ok}}\n";
    const result = await opened(service, { type: 'convert', upload: { name: 'ref.yaml', kind: 'files', entries: [{ path: 'ref.yaml', bytes: bytes(spec) }] }, options: {} });
    expect(result.specProblems.map((p) => `${p.ruleId} ${p.file}:${p.line}`)).toContain('ref-outside-upload ref.yaml:8');
  });

  it('changes only the shared type when the user edits it in types.json, and every tool that uses it follows (BAD-INPUT 20)', async () => {
    const service = createWizardService();
    const spec = [
      'openapi: 3.0.3',
      "info: {title: Shared, version: '1'}",
      "servers: [{url: 'https://x.example'}]",
      'paths:',
      '  /a:',
      "    post: {operationId: makeA, requestBody: {content: {application/json: {schema: {type: object, properties: {who: {$ref: '#/components/schemas/Person'}}}}}}, responses: {'200': {description: ok}}}",
      '  /b:',
      "    post: {operationId: makeB, requestBody: {content: {application/json: {schema: {type: object, properties: {owner: {$ref: '#/components/schemas/Person'}}}}}}, responses: {'200': {description: ok}}}",
      'components:',
      '  schemas:',
      '    Person: {type: object, properties: {name: {type: string, description: The name.}}}',
      '',
    ].join('\n');
    await opened(service, { type: 'convert', upload: { name: 'shared.yaml', kind: 'files', entries: [{ path: 'shared.yaml', bytes: bytes(spec) }] }, options: {} });
    const unzip = async () => {
      const zip = readSkillZip((await call(service, { type: 'export', tools: false }, 'export')).bytes);
      if (!zip.ok) throw new Error('export does not read back');
      return new Map([...zip.value.files].map(([k, v]) => [k, new TextDecoder().decode(v)]));
    };
    const before = await unzip();
    const types = (await call(service, { type: 'file', path: 'types.json' }, 'file')).file!.text;
    expect(types).toContain('The name.');
    const summary = (await edit(service, 'types.json', types.replace('The name.', 'The full name, as on a passport.'))).summary;
    expect(summary.files.filter((f) => f.edited).map((f) => f.path)).toEqual(['types.json']);
    expect(summary.errors).toBe(0);
    const after = await unzip();
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect([...after.keys()].filter((k) => after.get(k) !== before.get(k))).toEqual(['types.json']);
    for (const path of ['make_a.md', 'make_b.md']) {
      const tool = (await call(service, { type: 'tool', path }, 'tool')).tool;
      expect(JSON.stringify(tool.ok && tool.tool.parameters)).toContain('The full name, as on a passport.');
    }
  });

  it('restores a snapshot as it was left: the edited files still edited, the report, and generating again', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const text = (await call(service, { type: 'file', path: 'list_rooms.md' }, 'file')).file!.text;
    await edit(service, 'list_rooms.md', `${text}\nAsk before booking a family room.\n`);
    // What IndexedDB would give back: a structured clone.
    const snapshot = structuredClone(service.snapshot());
    const upload = structuredClone(service.lastUpload());
    const again = createWizardService();
    const restored = await opened(again, { type: 'restore', snapshot, upload });
    expect(restored.summary.files.filter((f) => f.edited).map((f) => f.path)).toEqual(['list_rooms.md']);
    expect(restored.report?.declared).toHaveLength(5);
    expect((await call(again, { type: 'file', path: 'list_rooms.md' }, 'file')).file!.text).toContain('Ask before booking a family room.');
    expect((await call(again, { type: 'revert', path: 'list_rooms.md' }, 'summary')).summary.files.some((f) => f.edited)).toBe(false);
    const regenerated = await opened(again, { type: 'regenerate', options: { name: 'inn' } });
    expect(regenerated.summary.folder).toBe('inn');
    expect(await again.handle({ type: 'restore', snapshot: { version: 99 } })).toMatchObject({ type: 'opened', result: { ok: false, problems: [{ ruleId: 'draft-unreadable' }] } });
  });

  it('writes the GPT Actions document of the skill as it is now: removed operations out, a safety marked in the wizard', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const paths = (text: string) => Object.entries((JSON.parse(text) as { paths: Record<string, Record<string, { operationId: string; 'x-openai-isConsequential': boolean }>> }).paths).flatMap(([, item]) => Object.values(item).filter((op) => op.operationId !== undefined).map((op) => [op.operationId, op['x-openai-isConsequential']]));
    const whole = paths((await call(service, { type: 'gpt-actions' }, 'gpt-actions')).text);
    expect(whole).toHaveLength(5);
    expect(whole).toContainEqual(['hollowbrook-guesthouse_cancel_booking', true]);
    await call(service, { type: 'remove', paths: ['cancel_booking.md'] }, 'summary');
    await call(service, { type: 'set-safety', files: [['create_booking.md', 'safe']] }, 'summary');
    const curated = paths((await call(service, { type: 'gpt-actions' }, 'gpt-actions')).text);
    expect(curated).toHaveLength(4);
    expect(curated).not.toContainEqual(['hollowbrook-guesthouse_cancel_booking', true]);
    expect(curated).toContainEqual(['hollowbrook-guesthouse_create_booking', false]);
    // A description the person rewrote is the operation's; the others stay the spec's.
    const { file } = await call(service, { type: 'file', path: 'list_rooms.md' }, 'file');
    const prose = file!.text.indexOf('\n---\n') + 5;
    await edit(service, 'list_rooms.md', `${file!.text.slice(0, prose)}\nEvery room of the guesthouse, with its price per night.\n\n${file!.text.slice(prose)}`);
    const described = JSON.parse((await call(service, { type: 'gpt-actions' }, 'gpt-actions')).text) as { paths: Record<string, Record<string, { operationId?: string; description?: string }>> };
    const ops = Object.values(described.paths).flatMap((item) => Object.values(item));
    expect(ops.find((op) => op.operationId === 'hollowbrook-guesthouse_list_rooms')?.description).toBe('Every room of the guesthouse, with its price per night.');
    expect(ops.filter((op) => op.description === 'Every room of the guesthouse, with its price per night.')).toHaveLength(1);
    // Read-only: the safe operations only (SPEC 8.2).
    const safe = paths((await call(service, { type: 'gpt-actions', readOnly: true }, 'gpt-actions')).text);
    expect(safe.length).toBeGreaterThan(0);
    expect(safe.every(([, consequential]) => consequential === false)).toBe(true);
    // A skill opened from a bundle has no spec to make it from.
    const { bytes: zip } = await call(service, { type: 'export', tools: false }, 'export');
    const fromBundle = createWizardService();
    await opened(fromBundle, { type: 'open-bundle', name: 'skill.zip', bytes: zip });
    expect(await fromBundle.handle({ type: 'gpt-actions' })).toMatchObject({ type: 'error', message: expect.stringContaining('not generated from one') });
  });

  it('reports the skill as curated: the removed operations left out, the types that went with them out of the shared ones', async () => {
    const service = createWizardService();
    const { report } = await opened(service, sampleUpload);
    const spec = reportFileSchema.parse(JSON.parse((await call(service, { type: 'report' }, 'report')).text!));
    const removed = (await call(service, { type: 'remove', paths: ['cancel_booking.md'] }, 'summary')).summary;
    const curated = reportFileSchema.parse(JSON.parse((await call(service, { type: 'report' }, 'report')).text!));
    expect(curated.declared).toHaveLength(spec.declared.length - 1);
    expect(curated.leftOut).toEqual([expect.objectContaining({ file: 'cancel_booking.md', was: 'declared', reasons: [REMOVED_REASON] })]);
    expect(curated.sharedTypes.map((t) => t.name)).toEqual(spec.sharedTypes.map((t) => t.name).filter((n) => !(removed.prunedTypes ?? []).includes(n)));
    // The page draws the same from the report it was given and the summary.
    expect(reportAsCurated(report!, removed.removed, removed.prunedTypes).leftOut).toEqual(curated.leftOut);
    const back = (await call(service, { type: 'put-back', paths: ['cancel_booking.md'] }, 'summary')).summary;
    expect(back.prunedTypes).toBeUndefined();
    expect(reportFileSchema.parse(JSON.parse((await call(service, { type: 'report' }, 'report')).text!))).toEqual(spec);
  });

  it('removes an operation file with its Operations entry, keeping the skill consistent, and puts it back', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const manifest = (await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!.text;
    const removed = (await call(service, { type: 'remove', paths: ['cancel_booking.md'] }, 'summary')).summary;
    expect(removed.files.map((f) => f.path)).not.toContain('cancel_booking.md');
    expect([removed.tools, removed.errors, removed.warnings, removed.removed]).toEqual([4, 0, 0, ['cancel_booking.md']]);
    const trimmed = (await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!.text;
    expect(trimmed).not.toContain('`cancel_booking`');
    expect(trimmed.split('\n')).toHaveLength(manifest.split('\n').length - 1);
    const back = (await call(service, { type: 'put-back', paths: ['cancel_booking.md'] }, 'summary')).summary;
    expect([back.tools, back.errors, back.warnings, back.removed]).toEqual([5, 0, 0, []]);
    expect((await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!.text).toContain('`cancel_booking`');
    // Put back with its own text, its entry at the end of the list (where it was: SKILL.md is as generated again).
    expect(back.files.find((f) => f.path === 'cancel_booking.md')).toMatchObject({ edited: false });
    expect((await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!.text).toBe(manifest);
  });

  it('keeps curation across a reload (a snapshot restored) and an export opened again: the same operations in, the same out', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    await call(service, { type: 'remove', paths: ['cancel_booking.md', 'list_rooms.md'] }, 'summary');
    const removedRows = async (s: WizardService) => (await call(s, { type: 'operations' }, 'operations')).rows.filter((r) => r.removed).map((r) => r.file);

    // A reload: the snapshot as IndexedDB gives it back, restored in a fresh worker.
    const again = createWizardService();
    const restored = await opened(again, { type: 'restore', snapshot: structuredClone(service.snapshot()), upload: structuredClone(service.lastUpload()) });
    expect(restored.summary.removed).toEqual(['cancel_booking.md', 'list_rooms.md']);
    expect(restored.summary.tools).toBe(3);
    expect(await removedRows(again)).toEqual(await removedRows(service));

    // The download holds only the kept operations; opened again, it is that skill, and exports the same bytes.
    const { bytes: zip } = await call(again, { type: 'export', tools: false }, 'export');
    const reopened = createWizardService();
    const fromZip = await opened(reopened, { type: 'convert', upload: { name: 'inn.zip', kind: 'files', entries: [{ path: 'inn.zip', bytes: zip }] }, options: {} });
    expect(fromZip.summary.files.map((f) => f.path)).not.toContain('cancel_booking.md');
    expect(fromZip.summary.files.map((f) => f.path)).not.toContain('list_rooms.md');
    expect(fromZip.summary.tools).toBe(3);
    expect((await call(reopened, { type: 'export', tools: false }, 'export')).bytes).toEqual(zip);
  });

  it('opens a skill bundle given where a spec goes, saying so', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const { bytes: zip } = await call(service, { type: 'export', tools: false }, 'export');
    const again = createWizardService();
    const result = await opened(again, { type: 'convert', upload: { name: 'skill.zip', kind: 'files', entries: [{ path: 'skill.zip', bytes: zip }] }, options: {} });
    expect(result.summary.origin).toEqual({ kind: 'bundle', name: 'skill.zip' });
    expect(result.summary.tools).toBe(5);
    expect(result.specProblems.map((p) => p.message)).toEqual(['skill.zip is a skill bundle, not a spec: it was opened as a bundle']);
  });

  it('answers an edit before anything is open with an error', async () => {
    expect(await createWizardService().handle({ type: 'edit', path: 'SKILL.md', version: 0, text: '' })).toEqual({ type: 'error', message: 'No skill is open: upload a spec or open a bundle first' });
  });

  it('refuses an edit typed over another version of the file, or over a file it does not hold, changing nothing', async () => {
    const service = createWizardService();
    await opened(service, sampleUpload);
    const booking = (await call(service, { type: 'file', path: 'get_booking.md' }, 'file')).file!;
    const rooms = (await call(service, { type: 'file', path: 'list_rooms.md' }, 'file')).file!;
    // The page showed get_booking.md's text under list_rooms.md's name: the versions tell them apart.
    expect(booking.version).toBe(rooms.version);
    const accepted = await call(service, { type: 'edit', path: 'get_booking.md', version: booking.version, text: `${booking.text}x` }, 'edited');
    expect(accepted.version).not.toBe(booking.version);
    const stale = await call(service, { type: 'edit', path: 'get_booking.md', version: booking.version, text: 'typed over the old text' }, 'stale');
    expect(stale.message).toContain('get_booking.md changed since this text was typed over it');
    expect((await call(service, { type: 'file', path: 'get_booking.md' }, 'file')).file!.text).toBe(`${booking.text}x`);
    // A revert, a removal and a put-back each make a new version; an edit over the one before is refused.
    const before = (await call(service, { type: 'file', path: 'get_booking.md' }, 'file')).file!.version;
    await call(service, { type: 'revert', path: 'get_booking.md' }, 'summary');
    await call(service, { type: 'edit', path: 'get_booking.md', version: before, text: 'x' }, 'stale');
    const manifest = (await call(service, { type: 'file', path: 'SKILL.md' }, 'file')).file!.version;
    await call(service, { type: 'remove', paths: ['cancel_booking.md'] }, 'summary');
    await call(service, { type: 'edit', path: 'SKILL.md', version: manifest, text: 'x' }, 'stale');
    await call(service, { type: 'edit', path: 'cancel_booking.md', version: 0, text: 'x' }, 'stale');
    expect((await call(service, { type: 'file', path: 'cancel_booking.md' }, 'file')).file).toBeUndefined();
    // A version of another skill's file is refused in the next skill, even for a file of the same name.
    const old = (await call(service, { type: 'file', path: 'list_rooms.md' }, 'file')).file!.version;
    await opened(service, sampleUpload);
    await call(service, { type: 'edit', path: 'list_rooms.md', version: old, text: 'x' }, 'stale');
    expect((await call(service, { type: 'file', path: 'list_rooms.md' }, 'file')).file!.text).toBe(rooms.text);
  });
});

describe('createWizardService, fitting', () => {
  const fitUpload: WizardRequest = { type: 'convert', upload: { name: 'fit.yaml', kind: 'files', entries: [{ path: 'fit.yaml', bytes: new Uint8Array(FIT) }] }, options: { name: 'fitted' } };

  it('shows a fitted operation\'s size by argument, largest first, and restores its full schema on request, keeping the options', async () => {
    const service = createWizardService();
    const first = await opened(service, fitUpload);
    expect(first.report?.fitted.find((f) => f.file === 'create_archive.md')).toMatchObject({ fits: true, method: 'POST', path: '/archives' });
    const { tool } = await call(service, { type: 'tool', path: 'create_archive.md' }, 'tool');
    if (!tool.ok) throw new Error(tool.reason);
    expect(tool.fitted).toEqual({ bytesBefore: 41_126, bytesAfter: 179, steps: 3 });
    expect(tool.sizes!.map((s) => s.bytes)).toEqual([...tool.sizes!.map((s) => s.bytes)].sort((a, b) => b - a));
    expect(tool.sizes![0].name).toBe('index');
    // An operation that was not fitted shows no sizes.
    const ping = (await call(service, { type: 'tool', path: 'ping.md' }, 'tool')).tool;
    expect(ping.ok && ping.sizes).toBe(undefined);

    const restored = await opened(service, { type: 'full-schema', path: 'create_archive.md' });
    expect(restored.summary.folder).toBe('fitted');
    expect(restored.report?.fitted.map((f) => f.file)).not.toContain('create_archive.md');
    expect(restored.report?.warnings.find((w) => w.message.startsWith('`create_archive`'))?.message).toContain('(it was not fitted: its full schema was asked for)');
    expect(restored.summary.problems.filter((p) => p.ruleId === 'expanded-size').map((p) => p.file)).toEqual(['create_archive.md', 'create_ledger.md']);
    // Over the limit now: why, and the size by argument, the full index first.
    const over = (await call(service, { type: 'tool', path: 'create_archive.md' }, 'tool')).tool;
    if (over.ok) throw new Error('create_archive.md still fits');
    expect(over.reason).toMatch(/pass the 24,576-byte limit/);
    expect(over.sizes![0]).toMatchObject({ name: 'index' });
    expect(over.sizes![0].bytes).toBeGreaterThan(24_576);

    // Generating again (another name) keeps the full schema asked for; another operation can be restored too.
    const again = await opened(service, { type: 'regenerate', options: { name: 'again' } });
    expect(again.report?.fitted.map((f) => f.file)).not.toContain('create_archive.md');
    const both = await opened(service, { type: 'full-schema', path: 'create_note.md' });
    expect(both.summary.folder).toBe('again');
    expect(both.report?.fitted.filter((f) => f.fits).map((f) => f.file).sort()).toEqual(['create_folder.md', 'create_samples.md']);
    // The options, the full schemas among them, are kept with the upload for after a reload.
    expect(service.lastUpload()?.options).toEqual({ name: 'again', keepFull: ['POST /archives', 'POST /notes'] });
  });

  it('refuses to restore the full schema of an operation that was not fitted', async () => {
    const service = createWizardService();
    await opened(service, fitUpload);
    expect(await service.handle({ type: 'full-schema', path: 'ping.md' })).toEqual({ type: 'error', message: 'ping.md was not fitted to the size limit: it has its full schema already' });
  });
});
