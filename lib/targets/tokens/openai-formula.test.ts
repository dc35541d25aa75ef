import { describe, expect, it } from 'vitest';
import { findTokenModel } from './models';
import { functionTokens } from './openai-formula';
import { loadTokenizer } from './tokenizer';

const o200k = await loadTokenizer('o200k_base');
const cl100k = await loadTokenizer('cl100k_base');

// openai-cookbook examples/How_to_count_tokens_with_tiktoken.ipynb @ c81359c, section 7: one
// tool and two messages, which the API counted as 101 prompt tokens for gpt-4o and
// gpt-4o-mini, and 105 for gpt-3.5-turbo and gpt-4.
const COOKBOOK_TOOL = {
  name: 'get_current_weather',
  description: 'Get the current weather in a given location',
  parameters: {
    type: 'object',
    properties: {
      location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
      unit: { type: 'string', description: 'The unit of temperature to return', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['location'],
  },
};
const COOKBOOK_MESSAGES = [
  { role: 'system', content: 'You are a helpful assistant that can answer to questions about the weather.' },
  { role: 'user', content: "What's the weather like in San Francisco?" },
];

/** The cookbook's num_tokens_from_messages: 3 per message, its role and content, 3 to prime the reply. */
function messageTokens(count: (s: string) => number): number {
  return COOKBOOK_MESSAGES.reduce((n, m) => n + 3 + count(m.role) + count(m.content), 0) + 3;
}

describe('functionTokens', () => {
  it.each([
    ['gpt-4o', o200k, 101],
    ['gpt-4o-mini', o200k, 101],
    ['gpt-4', cl100k, 105],
    ['gpt-3.5-turbo', cl100k, 105],
  ] as const)('reproduces the API\'s recorded count of the cookbook example for %s (%d with the messages)', (id, tokenizer, recorded) => {
    const model = findTokenModel(id)!;
    expect(model.encoding).toBe(tokenizer.encoding);
    const tool = functionTokens(COOKBOOK_TOOL, model.constants!, tokenizer.count);
    expect(tool.exact).toBe(true);
    expect(messageTokens(tokenizer.count) + tool.tokens + model.constants!.func_end).toBe(recorded);
  });

  const gpt4o = findTokenModel('gpt-4o')!.constants!;

  it('counts a tool without properties as func_init plus `name:description`, one trailing period dropped', () => {
    // 'ping' ':' 'Check' ' that' ' the' ' service' ' answers': 7 tokens.
    expect(o200k.count('ping:Check that the service answers')).toBe(7);
    expect(functionTokens({ name: 'ping', description: 'Check that the service answers.', parameters: { type: 'object', properties: {} } }, gpt4o, o200k.count)).toEqual({ tokens: 7 + 7, exact: true });
  });

  it('counts each property, its enum values and its `key:type:description` line', () => {
    // 'list' '_rooms' ':' 'List' ' the' ' rooms' (6); 'status' ':string' ':' 'Only' ' rooms' ' with' ' this' ' status' (8);
    // 'available' (1); 'book' 'ed' (2); 'limit' ':' 'integer' ':' (4).
    const tool = {
      name: 'list_rooms',
      description: 'List the rooms.',
      parameters: {
        type: 'object',
        properties: {
          status: { type: 'string', description: 'Only rooms with this status.', enum: ['available', 'booked'] },
          limit: { type: 'integer' },
        },
      },
    };
    const byHand = 7 + 6 + 3 + (3 - 3 + (3 + 1) + (3 + 2) + 8) + (3 + 4);
    expect(byHand).toBe(40);
    expect(functionTokens(tool, gpt4o, o200k.count)).toEqual({ tokens: 40, exact: true });
  });

  it('counts a nested object\'s properties by the same rule, and says the count is then not exact', () => {
    // 'guest' ':' 'object' ':' 'Who' ' stays' (6); 'name' ':string' ':' (3).
    const tool = {
      name: 'ping',
      description: 'Check that the service answers',
      parameters: { type: 'object', properties: { guest: { type: 'object', description: 'Who stays', properties: { name: { type: 'string' } } } } },
    };
    expect(functionTokens(tool, gpt4o, o200k.count)).toEqual({ tokens: 7 + 7 + 3 + (3 + 6) + (3 + 3 + 3), exact: false });
  });

  it('counts text that spells a special token as text', () => {
    const tool = { name: 'x', description: 'Stops at <|endoftext|> markers', parameters: { type: 'object' } };
    expect(functionTokens(tool, gpt4o, o200k.count).tokens).toBeGreaterThan(gpt4o.func_init + 3);
  });
});
