import { parseArgs } from 'node:util';
import { fitHelp, fitUsage } from './help-text';
import { checkOptions, EXIT_OK, EXIT_USAGE, parseArgsOptions, PROGRAM, UsageError, type Command, type Io } from './command';

/**
 * What the system refused (a file that cannot be written, a full disk, a missing
 * permission), as one line ("EACCES: permission denied, open '/x/y'"): input or output the
 * user can fix, never a bug, so no stack trace. Undefined for anything else.
 */
function systemErrorMessage(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return e instanceof Error && typeof code === 'string' && /^E[A-Z]+$/.test(code) ? e.message : undefined;
}

/**
 * The command table: a new command (`convert`) is one more entry. A command's module is
 * loaded when it runs (every one for `--help`): the bundle keeps each in a chunk of its own,
 * so a run compiles only the code it uses (`convert` never compiles `tokens`' tokenizers).
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  convert: () => import('./commands/convert').then((m) => m.convert),
  validate: () => import('./commands/validate').then((m) => m.validate),
  tools: () => import('./commands/tools').then((m) => m.tools),
  call: () => import('./commands/call').then((m) => m.call),
  compat: () => import('./commands/compat').then((m) => m.compat),
  tokens: () => import('./commands/tokens').then((m) => m.tokens),
  update: () => import('./commands/update').then((m) => m.update),
};

/** Every command, in the table's order. */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(Object.values(COMMANDS).map((load) => load()));
}

function loadCommand(name: string): Promise<Command> | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name]() : undefined;
}

async function usage(): Promise<string> {
  const commands = await loadCommands();
  return [
    `Usage: ${PROGRAM} <command> [arguments]`,
    '',
    'Commands:',
    // Each on two lines, what it takes then what it does: `convert`'s whole usage is 380
    // characters, and the list padded to it was unreadable in a terminal.
    ...commands.flatMap((c) => [`  ${synopsis(c.usage)}`, `      ${c.summary}`]),
    '',
    'A skill is a folder (its name is the skill name) or a .zip bundle holding one.',
    `Exit codes: 0 done, 1 problems found or call refused, 2 bad usage or input.`,
    `Run \`${PROGRAM} <command> --help\` for a command's details.`,
  ].join('\n');
}

/**
 * What `parseArgs` refused, said as the rest of the CLI says things: its own messages name
 * the option in quotes and go on about positional arguments after `--`.
 */
function argumentsMessage(e: Error & { code?: string }): string {
  const option = /'([^']+)'/.exec(e.message)?.[1] ?? '';
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = option.split(/[ ,]+/).find((w) => w.startsWith('--')) ?? option;
    return /does not take/.test(e.message) ? `${name} takes no value` : `${name} needs a value`;
  }
  return e.message;
}

/** A command's usage without its options (`convert <spec …> --out <folder> [options]`); its own --help lists them. */
function synopsis(usage: string): string {
  const at = usage.indexOf(' [');
  return at === -1 ? usage : `${usage.slice(0, at)} [options]`;
}

function commandHelp(c: Command): string {
  return `${fitUsage(`Usage: ${PROGRAM} `, c.usage)}\n\n${fitHelp(`${c.summary}.`)}\n\n${fitHelp(c.help)}`;
}

/** Run the CLI on `argv` (without node and the script); returns the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(await usage());
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? await loadCommand(rest[0] ?? '') : undefined;
    io.out(topic ? commandHelp(topic) : await usage());
    return EXIT_OK;
  }
  const command = await loadCommand(name);
  if (!command) {
    io.err(`${PROGRAM}: unknown command \`${name}\` (commands: ${Object.keys(COMMANDS).join(', ')}; try --help)`);
    return EXIT_USAGE;
  }
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: { ...parseArgsOptions(command.options), help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    } catch (e) {
      throw new UsageError(`${argumentsMessage(e as Error & { code?: string })}; see \`${PROGRAM} ${command.name} --help\``);
    }
    if (parsed.values.help) {
      io.out(commandHelp(command));
      return EXIT_OK;
    }
    const [min, max] = command.positionals;
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw new UsageError(`expected: ${PROGRAM} ${synopsis(command.usage)}; see \`${PROGRAM} ${command.name} --help\``);
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
