import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { parseSkillPackage } from '../lib/skill/package';
import { TARGETS } from '../lib/targets/catalog';
import { skillTools } from '../lib/targets/skill-tools';
import { createTokenMeter } from '../lib/targets/tokens/meter';
import { findTokenModel } from '../lib/targets/tokens/models';
import { runHere, spawnCli } from '../test/cli';
import { readSkillFolder } from './read-skill';

const EXAMPLE = 'examples/hollowbrook';

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

let tmp: string;
/** A skill of 41 small tools: one over Cursor's 40. */
let big: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-targets-'));
  big = join(tmp, 'many');
  await mkdir(big);
  const ops = Array.from({ length: 41 }, (_, i) => `op_${String(i).padStart(2, '0')}`);
  await writeFile(join(big, 'SKILL.md'), `---\nname: many\ndescription: Many small operations.\n---\n# Many\n\n## Operations\n${ops.map((o) => `- \`${o}\`: Do thing ${o}.`).join('\n')}\n`);
  for (const o of ops) await writeFile(join(big, `${o}.md`), `---\noperation:\n  method: GET\n  url: https://api.example.com/${o}\n---\nDo thing ${o}.\n`);
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe.concurrent('cli compat', () => {
  it('prints a row for every target of the data and exits 0 when no target is named', async ({ expect }) => {
    const r = await runHere('compat', EXAMPLE);
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toBe('hollowbrook: 4 tools');
    for (const t of TARGETS) expect(out.some((l) => new RegExp(`^${t.id} +(fits|fits with changes|does not fit) +\\d`).test(l)), t.id).toBe(true);
    expect(out.find((l) => l.startsWith('openai_strict '))).toMatch(/fits with changes/);
    expect(r.stdout).toContain('target-optional-property (error) × 1');
  });

  it('exits 1 when a named target does not fit, saying why and that curation must fix it', async ({ expect }) => {
    const r = await runHere('compat', big, '--target', 'cursor', '--target', 'openai');
    expect(r.code).toBe(1);
    const out = lines(r.stdout);
    expect(out.filter((l) => /^(cursor|openai) {2,}/.test(l)).map((l) => l.split(' ')[0])).toEqual(['cursor', 'openai']);
    expect(out.find((l) => l.startsWith('cursor '))).toMatch(/does not fit/);
    expect(out.find((l) => l.startsWith('openai '))).toMatch(/ fits /);
    expect(r.stdout).toContain('Left after adapting (curation must fix):');
    expect(r.stdout).toContain("SKILL.md:1:1 target-tool-count 41 tools, 1 over cursor's limit of 40");
    expect((await runHere('compat', big, '--target', 'openai,claude_code')).code).toBe(0);
  });

  it('prints the whole report as JSON with --json', async ({ expect }) => {
    const r = await runHere('compat', big, '--target', 'cursor', '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { skill: string; tools: number; targets: { target: string; verdict: string; remaining: { ruleId: string }[] }[] };
    expect(report).toMatchObject({ skill: 'many', tools: 41, targets: [{ target: 'cursor', verdict: 'does-not-fit', remaining: [{ ruleId: 'target-tool-count' }] }] });
  });

  it('refuses an unknown target with exit 2, listing the known ones', async ({ expect }) => {
    const r = await runHere('compat', EXAMPLE, '--target', 'chatgpt');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^skill-wizard compat: unknown target `chatgpt` \(targets: anthropic, anthropic_strict, openai/);
  });
});

describe.concurrent('cli tokens', () => {
  it('prints each tool\'s count, the overhead and the total for GPT-4o by default, the same as the meter', async ({ expect }) => {
    const r = await runHere('tokens', EXAMPLE);
    expect(r.code).toBe(0);
    const read = await readSkillFolder(EXAMPLE);
    if (!read.ok) throw new Error('the example does not read');
    const input = skillTools(parseSkillPackage(read.value)).value;
    const model = findTokenModel('gpt-4o')!;
    const counted = (await createTokenMeter([model])).count(input, model);
    const out = lines(r.stdout);
    expect(out[0]).toMatch(/^tool +gpt-4o$/);
    for (const t of counted.tools) expect(out).toContain(`${t.name.padEnd(out[0].indexOf('gpt-4o') - 2)}  ${String(t.tokens).padStart(6)}`);
    expect(out).toContain(`${'overhead'.padEnd(out[0].indexOf('gpt-4o') - 2)}  ${String(model.constants!.func_end).padStart(6)}`);
    expect(out.at(-1)).toBe(`hollowbrook: 4 tools · ${counted.total} tokens for gpt-4o`);
  });

  it('labels estimates and adds Anthropic\'s tool-use system prompt from the data', async ({ expect }) => {
    const r = await runHere('tokens', EXAMPLE, '--model', 'claude-sonnet-4-5', '--model', 'gpt-4o');
    expect(r.code).toBe(0);
    expect(lines(r.stdout)[0]).toMatch(/^tool +claude-sonnet-4-5 \(estimate\) +gpt-4o$/);
    expect(r.stdout).toMatch(/claude-sonnet-4-5: an estimate: .*overhead 496 for the tool-use system prompt, tool_choice auto or none \(588 for any or tool; snapshot 2026-07-13\)/);
    expect(lines(r.stdout).at(-1)).toMatch(/^hollowbrook: 4 tools · [\d,]+ tokens for Claude Sonnet 4\.5 \(estimate\) · [\d,]+ tokens for gpt-4o$/);
  });

  it('prints every count as JSON with --json', async ({ expect }) => {
    const r = await runHere('tokens', EXAMPLE, '--model', 'gemini', '--json');
    const out = JSON.parse(r.stdout) as { models: { model: string; method: string; tools: { tokens: number }[]; total: number }[] };
    expect(out.models[0]).toMatchObject({ model: 'gemini', method: 'estimate' });
    expect(out.models[0].total).toBe(out.models[0].tools.reduce((n, t) => n + t.tokens, 0));
  });

  it('refuses an unknown model with exit 2, listing the known ones', async ({ expect }) => {
    const r = await runHere('tokens', EXAMPLE, '--model', 'gpt-5');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown model `gpt-5` \(models: gpt-4o, gpt-4o-mini, /);
  });

  it('counts with the tokenizer the shipped bundle loads on demand', async ({ expect }) => {
    const [bundled, here] = await Promise.all([spawnCli(['tokens', EXAMPLE, '--model', 'gpt-4,claude-haiku-4-5']), runHere('tokens', EXAMPLE, '--model', 'gpt-4,claude-haiku-4-5')]);
    expect(bundled.code).toBe(0);
    expect(bundled.stdout).toBe(here.stdout);
  });
});

describe.concurrent('cli tools --target', () => {
  it('writes the tools in the target\'s request shape', async ({ expect }) => {
    const r = await runHere('tools', EXAMPLE, '--target', 'gemini');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: { functionDeclarations: { name: string; parameters: unknown }[] }[] };
    expect(out.tools[0].functionDeclarations.map((f) => f.name)).toEqual(['hollowbrook_cancel_booking', 'hollowbrook_check_availability', 'hollowbrook_create_booking', 'hollowbrook_list_rooms']);
    expect(r.stderr).toBe('');
  });

  it('writes OpenAI\'s strict mode, and logs each change that loses something on stderr', async ({ expect }) => {
    const r = await runHere('tools', EXAMPLE, '--target', 'openai_strict');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: { type: string; function: { strict: boolean; parameters: { additionalProperties: boolean } } }[] };
    for (const t of out.tools) expect(t).toMatchObject({ type: 'function', function: { strict: true, parameters: { additionalProperties: false } } });
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^check_availability\.md:1:1 target-optional-property \(warning\) `room_id`, `guests` at the root made required and nullable/), '1 change for openai_strict']);
  });

  it('writes the tools and exits 1 when they still do not fit', async ({ expect }) => {
    const r = await runHere('tools', big, '--target', 'cursor');
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { tools: unknown[] }).tools).toHaveLength(41);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/target-tool-count 41 tools, 1 over cursor's limit of 40/), '0 changes for cursor; does not fit: 1 error left']);
  });

  it('refuses Agent Skills, which takes the skill folder itself, with exit 2', async ({ expect }) => {
    const r = await runHere('tools', EXAMPLE, '--target', 'agent_skills');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/agent_skills takes the skill folder itself, not a tool list/);
  });
});

describe('cli tools --read-only', () => {
  const PROMISES = 'lib/convert/fixtures/promises/expected/promises';
  it('prints only the safe tools, plain and in a target shape with their annotations', async ({ expect }) => {
    const plain = await runHere('tools', PROMISES, '--read-only');
    expect(plain.code).toBe(0);
    const tools = JSON.parse(plain.stdout) as { alias: string; safety: string }[];
    expect(tools.map((t) => t.alias)).toEqual(['check_name', 'count_accounts', 'list_accounts', 'preview_statement']);
    expect(new Set(tools.map((t) => t.safety))).toEqual(new Set(['safe']));
    const mcp = await runHere('tools', PROMISES, '--read-only', '--target', 'claude_code');
    expect(mcp.code).toBe(0);
    const listed = (JSON.parse(mcp.stdout) as { tools: { name: string; annotations: { readOnlyHint: boolean }; outputSchema?: unknown }[] }).tools;
    expect(listed.map((t) => t.name)).toEqual(['promises_check_name', 'promises_count_accounts', 'promises_list_accounts', 'promises_preview_statement']);
    expect(listed.every((t) => t.annotations.readOnlyHint)).toBe(true);
    expect(listed[0].outputSchema).toEqual({ type: 'object', required: ['result'], properties: { result: { type: 'boolean' } } });
  });

  it('checks and counts only the safe tools with compat and tokens --read-only', async ({ expect }) => {
    const all = JSON.parse((await runHere('compat', PROMISES, '--target', 'openai', '--json')).stdout) as { tools: number };
    const compat = await runHere('compat', PROMISES, '--target', 'openai', '--read-only', '--json');
    expect(compat.code).toBe(0);
    expect(all.tools).toBeGreaterThan(4);
    expect((JSON.parse(compat.stdout) as { tools: number }).tools).toBe(4);
    const tokens = await runHere('tokens', PROMISES, '--read-only', '--json');
    expect(tokens.code).toBe(0);
    const counted = (JSON.parse(tokens.stdout) as { models: { tools: { name: string }[] }[] }).models[0].tools.map((t) => t.name);
    expect(counted).toEqual(['promises_check_name', 'promises_count_accounts', 'promises_list_accounts', 'promises_preview_statement']);
  });

  it('prints the Claude Code permission list of the safe tools, and refuses it for another target', async ({ expect }) => {
    const r = await runHere('tools', PROMISES, '--target', 'claude_code', '--permissions');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      permissions: { allow: ['mcp__promises__promises_check_name', 'mcp__promises__promises_count_accounts', 'mcp__promises__promises_list_accounts', 'mcp__promises__promises_preview_statement'] },
    });
    const other = await runHere('tools', PROMISES, '--target', 'cursor', '--permissions');
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--permissions writes Claude Code's permission list: give it with --target claude_code/);
  });
});
