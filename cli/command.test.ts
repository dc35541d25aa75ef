import { describe, it } from 'vitest';
import { z } from 'zod';
import { checkOptions, parseArgsOptions, UsageError } from './command';
import { COMMANDS } from './main';

const schema = z.object({
  out: z.string({ error: '--out <folder> is required' }),
  force: z.boolean().default(false),
  quiet: z.boolean().optional(),
  count: z.string().transform(Number).optional(),
  target: z.array(z.string()).default([]),
});

describe('parseArgsOptions', () => {
  it('makes a boolean a flag and anything else an option that takes a value, under any wrapper', ({ expect }) => {
    expect(parseArgsOptions(schema)).toEqual({ out: { type: 'string' }, force: { type: 'boolean' }, quiet: { type: 'boolean' }, count: { type: 'string' }, target: { type: 'string', multiple: true } });
  });

  it("gives every command's table the options its help names", ({ expect }) => {
    for (const command of COMMANDS) {
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
