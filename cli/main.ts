import { parseArgs } from 'node:util';
import { checkOptions, EXIT_OK, EXIT_USAGE, parseArgsOptions, UsageError, type Command, type Io } from './command';
import { call } from './commands/call';
import { compat } from './commands/compat';
import { convert } from './commands/convert';
import { tokens } from './commands/tokens';
import { tools } from './commands/tools';
import { validate } from './commands/validate';

/**
 * What the system refused (a file that cannot be written, a full disk, a missing
 * permission), as one line ("EACCES: permission denied, open '/x/y'"): input or output the
 * user can fix, never a bug, so no stack trace. Undefined for anything else.
 */
function systemErrorMessage(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return e instanceof Error && typeof code === 'string' && /^E[A-Z]+$/.test(code) ? e.message : undefined;
}

/** The command table: a new command (`convert`) is one more entry. */
export const COMMANDS: readonly Command[] = [convert, validate, tools, call, compat, tokens];

export const PROGRAM = 'skill-wizard';

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.usage.length));
  return [
    `Usage: ${PROGRAM} <command> [arguments]`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'A skill is a folder (its name is the skill name) or a .zip bundle holding one.',
    `Exit codes: 0 done, 1 problems found or call refused, 2 usage or unreadable input.`,
    `Run \`${PROGRAM} <command> --help\` for a command's details.`,
  ].join('\n');
}

function commandHelp(c: Command): string {
  return `Usage: ${PROGRAM} ${c.usage}\n\n${c.summary}.\n\n${c.help}`;
}

/** Run the CLI on `argv` (without node and the script); returns the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(usage());
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.out(topic ? commandHelp(topic) : usage());
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`${PROGRAM}: unknown command \`${name}\` (commands: ${COMMANDS.map((c) => c.name).join(', ')}; try --help)`);
    return EXIT_USAGE;
  }
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: { ...parseArgsOptions(command.options), help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (parsed.values.help) {
      io.out(commandHelp(command));
      return EXIT_OK;
    }
    const [min, max] = command.positionals;
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw new UsageError(`expected: ${PROGRAM} ${command.usage}`);
    }
    const values: Record<string, unknown> = { ...parsed.values };
    delete values.help;
    return await command.run({ positionals: parsed.positionals, options: checkOptions(command.options, values), io });
  } catch (e) {
    const message = e instanceof UsageError ? e.message : systemErrorMessage(e);
    if (message === undefined) throw e;
    io.err(`${PROGRAM} ${command.name}: ${message.split('\n')[0]}`);
    return EXIT_USAGE;
  }
}
