import { describe, it } from 'vitest';
import * as z from '../lib/core/zod';
import { checkOptions, parseArgsOptions, UsageError } from './command';
import { loadCommands } from './main';

const schema = z.object({
  out: z.string({ error: '--out <folder> is required' }),
  force: z._default(z.boolean(), false),
  quiet: z.optional(z.boolean()),
  count: z.optional(z.pipe(z.string(), z.transform(Number))),
  target: z._default(z.array(z.string()), []),
});

describe('parseArgsOptions', () => {
  it('makes a boolean a flag and anything else an option that takes a value, under any wrapper', ({ expect }) => {
    expect(parseArgsOptions(schema)).toEqual({ out: { type: 'string' }, force: { type: 'boolean' }, quiet: { type: 'boolean' }, count: { type: 'string' }, target: { type: 'string', multiple: true } });
  });

  it("gives every command's table the options its help names", async ({ expect }) => {
    for (const command of await loadCommands()) {
      for (const name of Object.keys(parseArgsOptions(command.options))) expect(`${command.usage}\n${command.help}`, command.name).toContain(`--${name}`);
    }
  });
});

describe('checkOptions', () => {
  it('returns the typed values, defaults filled in and values transformed, when they are valid', ({ expect }) => {
    expect(checkOptions(schema, { out: 'x', count: '3' })).toEqual({ out: 'x', force: false, count: 3, target: [] });
    expect(checkOptions(schema, { out: 'x', target: ['a', 'b'] })).toMatchObject({ target: ['a', 'b'] });
  });

  it("throws the schema's own sentence as a UsageError when an option is missing", ({ expect }) => {
    expect(() => checkOptions(schema, {})).toThrow(new UsageError('--out <folder> is required'));
  });

  it('names the option when the message is zod’s own', ({ expect }) => {
    expect(() => checkOptions(schema, { out: 'x', force: 'yes' })).toThrow(/^--force: /);
  });
});
