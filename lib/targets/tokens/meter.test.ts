import { describe, expect, it } from 'vitest';
import { providerConstraints } from '../data/provider-constraints';
import type { SkillTools, ToolEntry } from '../model';
import { jsonTokens } from './estimate';
import { createTokenMeter } from './meter';
import { DEFAULT_MODEL, findTokenModel, TOKEN_MODELS } from './models';
import { loadTokenizer } from './tokenizer';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): ToolEntry => ({
  file: `${name}.md`,
  tool: { name, alias: name, description, parameters: { type: 'object', properties } },
});
const skill = (tools: ToolEntry[]): SkillTools => ({ skill: 's', tools });

const gpt4o = findTokenModel('gpt-4o')!;
const sonnet = findTokenModel('Claude Sonnet 4.5')!;
const gemini = findTokenModel('gemini')!;
const meter = await createTokenMeter([gpt4o, sonnet, gemini]);
const o200k = await loadTokenizer('o200k_base');

describe('TOKEN_MODELS', () => {
  it('are the data file\'s: OpenAI\'s formula models with their encodings, each Anthropic model of the overhead table, Gemini', () => {
    const data = providerConstraints as { token_counting: { id: string; formula?: Record<string, Record<string, unknown>> }[] };
    const anthropic = data.token_counting.find((e) => e.id === 'anthropic_documented_overhead')!.formula!;
    const table = Object.entries(anthropic).find(([k]) => k.startsWith('tool_use_system_prompt_tokens'))![1];
    expect(TOKEN_MODELS.filter((m) => m.provider === 'anthropic').map((m) => m.label)).toEqual(Object.keys(table));
    expect(TOKEN_MODELS.filter((m) => m.provider === 'openai').map((m) => `${m.id} ${m.encoding}`)).toEqual(['gpt-4o o200k_base', 'gpt-4o-mini o200k_base', 'gpt-3.5-turbo cl100k_base', 'gpt-4 cl100k_base']);
    expect(sonnet).toMatchObject({ id: 'claude-sonnet-4-5', method: 'estimate', systemPrompt: { auto: 496, any: 588, snapshot: '2026-07-13' } });
    expect(gemini.method).toBe('estimate');
    expect(DEFAULT_MODEL.id).toBe('gpt-4o');
  });
});

describe('TokenMeter', () => {
  const tools = [tool('list_rooms', 'List the rooms.', { limit: { type: 'integer' } }), tool('ping', 'Check that the service answers.')];

  it('adds OpenAI\'s func_end once to the tools\' own counts', () => {
    const c = meter.count(skill(tools), gpt4o);
    expect(c.method).toBe('formula');
    expect(c.tools.map((t) => t.tokens)).toEqual([7 + 6 + 3 + 3 + 4, 7 + 7]);
    expect(c.overhead).toEqual([{ tokens: 12, what: 'func_end, once per tool list' }]);
    expect(c.total).toBe(23 + 14 + 12);
  });

  it('estimates Anthropic models from the tools\' JSON, and adds the model\'s tool-use system prompt', () => {
    const c = meter.count(skill(tools), sonnet);
    expect(c.method).toBe('estimate');
    expect(c.tools.every((t) => !t.exact)).toBe(true);
    const { tool: t } = tools[1];
    expect(c.tools[1].tokens).toBe(o200k.count(JSON.stringify({ name: t.name, description: t.description, input_schema: {} })) + o200k.count(JSON.stringify({ type: 'object', properties: {} })));
    expect(c.overhead[0].tokens).toBe(496);
    expect(c.total).toBe(c.toolTokens + 496);
  });

  it('counts no overhead for a skill with no tools', () => {
    expect(meter.count(skill([]), gpt4o)).toMatchObject({ total: 0, overhead: [] });
    expect(meter.count(skill([]), sonnet)).toMatchObject({ total: 0, overhead: [] });
  });

  it('re-counts only the tool an edit changed; a tool republished unchanged comes from the cache by its text', () => {
    const many = Array.from({ length: 50 }, (_, i) => tool(`op_${i}`, `Operation number ${i}.`, { id: { type: 'string', description: `The id ${i}` } }));
    const first = meter.count(skill(many), gemini);
    expect(first.counted).toBe(50);
    expect(meter.count(skill(many), gemini).counted).toBe(0);
    const edited = many.slice();
    edited[7] = tool('op_7', 'Operation number seven, edited.', { id: { type: 'string', description: 'The id 7' } });
    const second = meter.count(skill(edited), gemini);
    expect(second.counted).toBe(1);
    expect(second.tools.filter((t, i) => t.tokens !== first.tools[i].tokens).map((t) => t.name)).toEqual(['op_7']);
    // Every tool a new object (types.json edited), the same text: nothing counted again.
    expect(meter.count(skill(edited.map((e) => structuredClone(e))), gemini).counted).toBe(0);
  });

  it('estimates a schema in pieces close to the count of its whole JSON', () => {
    const schema = { type: 'object', properties: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field_${i}`, { type: 'array', description: `The ${i}th list of values.`, items: { type: 'object', properties: { a: { type: 'string' } } } }])) };
    const whole = o200k.count(JSON.stringify(schema));
    const pieces = jsonTokens(schema, o200k.count);
    expect(Math.abs(pieces - whole) / whole).toBeLessThan(0.05);
  });
});

describe('TokenMeter with the output schema', () => {
  const returns = { type: 'array', items: { type: 'string' } };
  const withReturns: ToolEntry = { file: 'a.md', tool: { name: 'a', alias: 'a', description: 'List names.', parameters: { type: 'object', properties: {} }, returns } };
  const without = tool('b', 'Check that the service answers.');

  it('adds the outputSchema an MCP client sends, only when asked and only to a tool that has one', () => {
    const plain = meter.count(skill([withReturns, without]), gpt4o);
    const counted = meter.count(skill([withReturns, without]), gpt4o, { withOutputSchema: true });
    const wrapped = { type: 'object', required: ['result'], properties: { result: returns } };
    expect(counted.tools[0].tokens).toBe(plain.tools[0].tokens + o200k.count(',"outputSchema":') + jsonTokens(wrapped, o200k.count));
    expect(counted.tools[0].exact).toBe(false);
    expect(counted.tools[1]).toEqual(plain.tools[1]);
    // Counted apart: the plain count after it is the plain count again.
    const again = meter.count(skill([withReturns, without]), gpt4o);
    expect([again.tools, again.total]).toEqual([plain.tools, plain.total]);
  });
});
