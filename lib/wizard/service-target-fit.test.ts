import { describe, expect, it } from 'vitest';
import { parseSkillPackage } from '../skill/package';
import { targetToolsFile } from '../targets/adapt/output';
import { findTarget, TARGETS } from '../targets/catalog';
import { compatReports } from '../targets/compat/check';
import { skillTools } from '../targets/skill-tools';
import { createTokenMeter, TokenMeter } from '../targets/tokens/meter';
import { DEFAULT_MODEL, findTokenModel } from '../targets/tokens/models';
import { loadTokenizer } from '../targets/tokens/tokenizer';
import { createWizardService, type WizardReply, type WizardRequest, type WizardService } from './service';

// Two shared types, each used by two operations, and a fifth operation that uses neither.
const SHOP = `openapi: 3.0.3
info: {title: Shop, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /pets:
    post: {operationId: create_pet, summary: Add a pet., requestBody: {content: {application/json: {schema: {type: object, properties: {pet: {$ref: '#/components/schemas/Pet'}}}}}}, responses: {'200': {description: ok}}}
  /pets/{id}:
    put: {operationId: update_pet, summary: Change a pet., parameters: [{name: id, in: path, required: true, schema: {type: string}}], requestBody: {content: {application/json: {schema: {type: object, properties: {pet: {$ref: '#/components/schemas/Pet'}}}}}}, responses: {'200': {description: ok}}}
  /owners:
    post: {operationId: create_owner, summary: Add an owner., requestBody: {content: {application/json: {schema: {type: object, properties: {owner: {$ref: '#/components/schemas/Owner'}}}}}}, responses: {'200': {description: ok}}}
  /owners/{id}:
    put: {operationId: update_owner, summary: Change an owner., parameters: [{name: id, in: path, required: true, schema: {type: string}}], requestBody: {content: {application/json: {schema: {type: object, properties: {owner: {$ref: '#/components/schemas/Owner'}}}}}}, responses: {'200': {description: ok}}}
  /health:
    get: {operationId: health, summary: Check the service., responses: {'200': {description: ok}}}
components:
  schemas:
    Pet: {type: object, properties: {name: {type: string, description: The pet's name.}, kind: {type: string, enum: [cat, dog]}}}
    Owner: {type: object, properties: {name: {type: string}, phone: {type: [string, 'null']}}}
`;

/** `count` operations with nothing shared: one over Cursor's 40 tools at 41. */
const many = (count: number) => `openapi: 3.0.3
info: {title: Many, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
${Array.from({ length: count }, (_, i) => `  /things/${i}:\n    get:\n      operationId: op_${i}\n      summary: Operation ${i}.\n      parameters: [{name: q, in: query, schema: {type: string}}]\n      responses: {'200': {description: ok}}`).join('\n')}
`;

async function call<T extends WizardReply['type']>(service: WizardService, request: WizardRequest, type: T): Promise<Extract<WizardReply, { type: T }>> {
  const reply = await service.handle(request);
  if (reply.type !== type) throw new Error(`expected a ${type} reply, got ${JSON.stringify(reply).slice(0, 300)}`);
  return reply as Extract<WizardReply, { type: T }>;
}

async function open(text: string): Promise<WizardService> {
  const service = createWizardService();
  const reply = await call(service, { type: 'convert', upload: { name: 'spec.yaml', kind: 'files', entries: [{ path: 'spec.yaml', bytes: new TextEncoder().encode(text) }] }, options: {} }, 'opened');
  if (!reply.result.ok) throw new Error(JSON.stringify(reply.result.problems));
  return service;
}

async function edit(service: WizardService, path: string, change: (text: string) => string): Promise<void> {
  const { file } = await call(service, { type: 'file', path }, 'file');
  const text = change(file!.text);
  expect(text).not.toBe(file!.text);
  await call(service, { type: 'edit', path, version: file!.version, text }, 'edited');
}

const tokens = async (service: WizardService, model = 'gpt-4o') => (await call(service, { type: 'tokens', model }, 'tokens')).tokens;

/** The open skill's tools, read afresh from its files: what a count or check from scratch sees. */
function freshTools(service: WizardService) {
  const s = service.snapshot()!;
  return skillTools(parseSkillPackage({ folder: s.folder, files: new Map(s.files) })).value;
}

describe('the wizard service: tokens', () => {
  it('counts every tool for the chosen model, the same as a meter counting from scratch', async () => {
    const service = await open(SHOP);
    const t = await tokens(service);
    expect(t.model).toEqual({ id: 'gpt-4o', label: 'gpt-4o', method: 'formula' });
    expect(t.tools.map((x) => x.file)).toEqual(['create_owner.md', 'create_pet.md', 'health.md', 'update_owner.md', 'update_pet.md']);
    expect(t.counted).toBe(5);
    const fresh = (await createTokenMeter([DEFAULT_MODEL])).count(freshTools(service), DEFAULT_MODEL);
    expect(t.tools).toEqual(fresh.tools);
    expect(t.total).toBe(fresh.total);
    expect(t.models.map((m) => m.id)).toContain('claude-sonnet-4-5');

    // What a model reads beside the tools: SKILL.md, and the file of the operation it calls.
    const o200k = await loadTokenizer('o200k_base');
    const files = new Map(service.snapshot()!.files);
    expect(t.manifest).toBe(o200k.count(files.get('SKILL.md')!));
    expect(Object.keys(t.files!).sort()).toEqual([...files.keys()].filter((f) => f.endsWith('.md') && f !== 'SKILL.md').sort());
    expect(t.files!['create_pet.md']).toBe(o200k.count(files.get('create_pet.md')!));

    const claude = await tokens(service, 'claude-sonnet-4-5');
    expect(claude.model.method).toBe('estimate');
    expect(claude.overhead[0].what).toMatch(/tool-use system prompt/);
    // An unknown model is counted for the default one.
    expect((await tokens(service, 'gpt-17')).model.id).toBe('gpt-4o');
  });

  it('loads another encoding only when a model needs it (GPT-4 counts with cl100k_base)', async () => {
    const service = await open(SHOP);
    const t = await tokens(service, 'gpt-4');
    const cl100k = await loadTokenizer('cl100k_base');
    const fresh = new TokenMeter(new Map([['cl100k_base', cl100k]]));
    expect(t.model.id).toBe('gpt-4');
    expect(t.total).toBe(fresh.count(freshTools(service), findTokenModel('gpt-4')!).total);
  });

  it('re-counts only the tools an edit changed: one for an operation file, those using the changed type for types.json', async () => {
    const service = await open(SHOP);
    expect((await tokens(service)).counted).toBe(5);
    expect((await tokens(service)).counted).toBe(0);

    await edit(service, 'health.md', (t) => t.replace('Check the service.', 'Check that the service answers, and how fast.'));
    const afterOne = await tokens(service);
    expect(afterOne.counted).toBe(1);

    // Pet is used by create_pet and update_pet only: every tool is published again, two are counted.
    await edit(service, 'types.json', (t) => t.replace("The pet's name.", 'The name the pet answers to, as its owner spells it.'));
    const afterTypes = await tokens(service);
    expect(afterTypes.counted).toBe(2);
    const changed = afterTypes.tools.filter((x, i) => x.tokens !== afterOne.tools[i].tokens).map((x) => x.file);
    expect(changed).toEqual(['create_pet.md', 'update_pet.md']);

    // Removing an operation counts nothing again; putting it back gives back the file as read, whose count is still known.
    await call(service, { type: 'remove', paths: ['health.md'] }, 'summary');
    const removed = await tokens(service);
    expect([removed.counted, removed.tools.length]).toEqual([0, 4]);
    expect(removed.total).toBeLessThan(afterTypes.total);
    await call(service, { type: 'put-back', paths: ['health.md'] }, 'summary');
    const back = await tokens(service);
    expect([back.counted, back.total]).toEqual([0, afterTypes.total]);
  });
});

describe('the wizard service: fit per target', () => {
  it('gives a line per target, the same as the report from scratch, and follows edits and curation', async () => {
    const service = await open(many(41));
    const rows = (await call(service, { type: 'compat' }, 'compat')).targets;
    expect(rows.map((r) => r.target)).toEqual(TARGETS.map((t) => t.id));
    const cursor = rows.find((r) => r.target === 'cursor')!;
    expect(cursor).toMatchObject({ verdict: 'does-not-fit', tools: 41, maxTools: 40, errors: 1, remaining: 1, reasons: [{ ruleId: 'target-tool-count', severity: 'error', count: 1 }] });
    const check = () => {
      const fresh = compatReports(freshTools(service));
      return fresh.map((r) => [r.target, r.verdict, r.problems.length, r.changes.length, r.remaining.length]);
    };
    expect(rows.map((r) => [r.target, r.verdict, r.errors + r.warnings, r.changes, r.remaining])).toEqual(check());

    await call(service, { type: 'remove', paths: ['op_7.md'] }, 'summary');
    const after = (await call(service, { type: 'compat' }, 'compat')).targets;
    expect(after.find((r) => r.target === 'cursor')).toMatchObject({ verdict: 'fits', tools: 40, errors: 0 });
    expect(after.map((r) => [r.target, r.verdict, r.errors + r.warnings, r.changes, r.remaining])).toEqual(check());

    // An edit that breaks Gemini's name pattern: a name starting with a digit once the skill is renamed.
    await edit(service, 'SKILL.md', (t) => t.replace('name: many', 'name: 1many'));
    const renamed = (await call(service, { type: 'compat' }, 'compat')).targets;
    expect(renamed.map((r) => [r.target, r.verdict, r.errors + r.warnings, r.changes, r.remaining])).toEqual(check());
    expect(renamed.find((r) => r.target === 'gemini')!.verdict).toBe('fits-with-changes');
  });

  it('opens one target\'s reasons in full', async () => {
    const service = await open(SHOP);
    const { detail } = await call(service, { type: 'compat-detail', target: 'gemini' }, 'compat-detail');
    const fresh = compatReports(freshTools(service), [findTarget('gemini')!], { countTokens: (await loadTokenizer('o200k_base')).count })[0];
    expect(detail).toEqual({ target: 'gemini', title: fresh.title, verdict: fresh.verdict, problems: fresh.problems, remaining: fresh.remaining });
    expect(detail!.problems.map((p) => p.file)).toContain('create_owner.md');
    expect((await call(service, { type: 'compat-detail', target: 'nope' }, 'compat-detail')).detail).toBeUndefined();
  });

  it('gives the tools adapted for a target, as `tools --target` writes them, and none for Agent Skills', async () => {
    const service = await open(SHOP);
    const reply = await call(service, { type: 'target-tools', target: 'gemini' }, 'target-tools');
    expect(reply.folder).toBe('shop');
    expect(reply.file).toEqual(targetToolsFile(freshTools(service), findTarget('gemini')!));
    expect(JSON.parse(reply.file!.text)).toHaveProperty('tools.0.functionDeclarations');
    expect((await call(service, { type: 'target-tools', target: 'agent_skills' }, 'target-tools')).file).toBeUndefined();
  });

  it('answers every request of this kind with an error when no skill is open', async () => {
    const service = createWizardService();
    for (const request of [{ type: 'tokens', model: 'gpt-4o' }, { type: 'compat' }, { type: 'compat-detail', target: 'openai' }, { type: 'target-tools', target: 'openai' }, { type: 'report' }] as WizardRequest[]) {
      expect((await service.handle(request)).type).toBe('error');
    }
  });
});
