import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWizardService, type WizardService } from '../../../lib/wizard/service';
import { spawnCli } from '../../../test/cli';
import { createFitController, toolsFileName } from './target-fit-controller';
import { fitReducer, initialFitState, type FitState } from './target-fit-state';
import type { SendToWorker } from '../worker/worker-client';

// Gemini rejects a type list and takes no `additionalProperties`: adapting for it changes
// the owner tool and logs what it lost.
const SHOP = `openapi: 3.0.3
info: {title: Shop, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /pets:
    post: {operationId: create_pet, summary: Add a pet., requestBody: {content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}}, responses: {'200': {description: ok}}}
  /owners:
    post: {operationId: create_owner, summary: Add an owner., requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Owner'}}}}, responses: {'200': {description: ok}}}
  /health:
    get: {operationId: health, summary: Check the service., responses: {'200': {description: ok}}}
components:
  schemas:
    Owner: {type: object, additionalProperties: {type: string}, properties: {name: {type: string}, phone: {type: string, nullable: true}, tags: {type: array, items: {type: string}, uniqueItems: true}}}
`;

/** The fit controller against the wizard's service itself, one request at a time as the worker takes them. */
async function harness() {
  const service = createWizardService();
  const opened = await service.handle({ type: 'convert', upload: { name: 'shop.yaml', kind: 'files', entries: [{ path: 'shop.yaml', bytes: new TextEncoder().encode(SHOP) }] }, options: {} });
  if (opened.type !== 'opened' || !opened.result.ok) throw new Error(`not opened: ${JSON.stringify(opened).slice(0, 300)}`);
  const sent: string[] = [];
  let line: Promise<unknown> = Promise.resolve();
  const send = ((request: Parameters<WizardService['handle']>[0]) => {
    sent.push(request.type);
    const reply = line.then(() => service.handle(request));
    line = reply;
    return reply;
  }) as SendToWorker;
  let state: FitState = initialFitState;
  const io = { saveBytes: vi.fn(), flushEdits: vi.fn(async () => {}) };
  const fit = createFitController(send, { get: () => state, dispatch: (action) => (state = fitReducer(state, action)) }, io);
  const edit = async (path: string, change: (text: string) => string) => {
    const reply = await service.handle({ type: 'file', path });
    if (reply.type !== 'file' || !reply.file) throw new Error(`no ${path}`);
    const edited = await service.handle({ type: 'edit', path, version: reply.file.version, text: change(reply.file.text) });
    if (edited.type !== 'edited') throw new Error(`not edited: ${JSON.stringify(edited).slice(0, 300)}`);
  };
  return { service, fit, io, sent, edit, state: () => state };
}

describe('the wizard page: the fit controller', () => {
  it('counts for the default model, then the one chosen, and after an edit counts only the tool it changed', async () => {
    const h = await harness();
    await h.fit.refreshTokens();
    const first = h.state().tokens!;
    expect(first.model.id).toBe('gpt-4o');
    expect(first.tools.map((t) => t.file)).toEqual(['create_owner.md', 'create_pet.md', 'health.md']);
    expect(first.counted).toBe(3);

    await h.edit('health.md', (t) => t.replace('Check the service.', 'Check that the service answers, and how fast it does.'));
    await h.fit.refreshTokens();
    const after = h.state().tokens!;
    expect(after.counted).toBe(1);
    expect(after.tools.filter((t, i) => t.tokens !== first.tools[i].tokens).map((t) => t.file)).toEqual(['health.md']);
    expect(after.total).toBeGreaterThan(first.total);

    await h.fit.chooseModel('claude-sonnet-4-5');
    expect(h.state().model).toBe('claude-sonnet-4-5');
    expect(h.state().tokens!.model).toMatchObject({ id: 'claude-sonnet-4-5', method: 'estimate' });
    expect(h.state().tokens!.overhead[0].what).toMatch(/tool-use system prompt/);
  });

  it('asks once more after a burst of changes, not once per change, and drops a count for a model no longer chosen', async () => {
    const h = await harness();
    await Promise.all([h.fit.refreshTokens(), h.fit.refreshTokens(), h.fit.refreshTokens(), h.fit.refreshTokens()]);
    expect(h.sent.filter((t) => t === 'tokens')).toHaveLength(2);
    // The user picks a model while GPT-4o is being counted: the count of GPT-4o is not shown for it.
    const counting = h.fit.refreshTokens();
    const choosing = h.fit.chooseModel('gemini');
    await Promise.all([counting, choosing]);
    const gpt = { ...h.state().tokens!, model: { id: 'gpt-4o', label: 'gpt-4o', method: 'formula' as const } };
    const chosen = { ...h.state() };
    expect(fitReducer(chosen, { type: 'tokens', tokens: gpt })).toBe(chosen);
    expect(h.state().tokens!.model.id).toBe('gemini');
  });

  it('gives the table, opens a target\'s reasons with the tool each concerns, and follows curation', async () => {
    const h = await harness();
    await h.fit.refreshTargets();
    const gemini = h.state().targets!.find((t) => t.target === 'gemini')!;
    expect(gemini).toMatchObject({ verdict: 'fits-with-changes', applies: 'tools', tools: 3 });
    expect(h.state().targets!.find((t) => t.target === 'agent_skills')!.applies).toBe('skill');

    await h.fit.toggleReasons('gemini');
    const detail = h.state().open!.detail!;
    expect(detail.target).toBe('gemini');
    expect(detail.problems.length).toBe(gemini.errors + gemini.warnings);
    expect(new Set(detail.problems.map((p) => p.file))).toEqual(new Set(['create_owner.md']));

    // Curation: the owner operation taken out, the table and the open reasons are of the skill without it.
    await h.service.handle({ type: 'remove', paths: ['create_owner.md'] });
    await h.fit.refreshTargets();
    expect(h.state().targets!.find((t) => t.target === 'gemini')).toMatchObject({ verdict: 'fits', tools: 2 });
    expect(h.state().open).toMatchObject({ target: 'gemini', detail: { verdict: 'fits', problems: [] } });

    await h.fit.toggleReasons('gemini');
    expect(h.state().open).toBeNull();
  });

  it('says why when there is no skill to count', async () => {
    let state: FitState = initialFitState;
    const service = createWizardService();
    const fit = createFitController(((r: Parameters<WizardService['handle']>[0]) => service.handle(r)) as SendToWorker, { get: () => state, dispatch: (a) => (state = fitReducer(state, a)) }, { saveBytes: vi.fn(), flushEdits: async () => {} });
    await fit.refreshTokens();
    expect(state.tokens).toBeNull();
    expect(state.error).toMatch(/^The tokens could not be counted: No skill is open/);
  });
});

describe('"Download tools for…"', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'skill-fit-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  /** The open skill's files written to a folder, as a user would have them after downloading the bundle and unzipping it. */
  async function writeSkill(service: WizardService, name: string): Promise<string> {
    const snapshot = service.snapshot()!;
    const dir = join(tmp, name, snapshot.folder);
    for (const [path, text] of snapshot.files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    return dir;
  }

  it.each(['gemini', 'openai_strict', 'anthropic', 'mcp', 'bedrock_converse'])('saves for %s the bytes `tools --target` prints, after an edit too, with its log', async (target) => {
    const h = await harness();
    await h.edit('create_pet.md', (t) => t.replace('Add a pet.', 'Add a pet to the shop, with its name as the owner spells it.'));
    await h.fit.refreshTargets();
    await h.fit.downloadTools(target);
    expect(h.io.flushEdits).toHaveBeenCalled();
    expect(h.io.saveBytes).toHaveBeenCalledTimes(1);
    const [bytes, fileName, type] = h.io.saveBytes.mock.calls[0] as [Uint8Array, string, string];
    expect([fileName, type]).toEqual([toolsFileName('shop', target), 'application/json']);
    expect(fileName).toBe(`shop.${target}.tools.json`);

    const run = await spawnCli(['tools', await writeSkill(h.service, target), '--target', target]);
    expect(run.code, run.stderr).toBe(0);
    // The CLI prints the file's text and its own final newline: the same bytes.
    expect(Buffer.from(bytes).equals(Buffer.from(run.stdout, 'utf8'))).toBe(true);
    expect(new TextDecoder().decode(bytes)).toContain('Add a pet to the shop');
    const download = h.state().download!;
    expect(download.log).toEqual(run.stderr.split('\n').filter((l) => l !== ''));
    expect(download.fits).toBe(true);
    expect(download.title).toBe(h.state().targets!.find((t) => t.target === target)!.title);
  });

  it('logs what adapting for Gemini lost, as the CLI does', async () => {
    const h = await harness();
    await h.fit.downloadTools('gemini');
    const { log } = h.state().download!;
    expect(log.length).toBeGreaterThan(1);
    expect(log.slice(0, -1).every((l) => l.startsWith('create_owner.md'))).toBe(true);
    expect(log.at(-1)).toMatch(/^\d+ changes? for gemini$/);
  });

  it('saves nothing for Agent Skills, which takes the skill folder, and says so', async () => {
    const h = await harness();
    await h.fit.downloadTools('agent_skills');
    expect(h.io.saveBytes).not.toHaveBeenCalled();
    expect(h.state().error).toBe('agent_skills takes no tool list');
  });
});
