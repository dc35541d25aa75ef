import type { ParseArgsConfig } from 'node:util';

/** Where a command writes; the tests and `main` pass process streams or buffers. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export interface CommandContext {
  positionals: string[];
  options: Record<string, string | boolean | undefined>;
  io: Io;
}

/**
 * One CLI command. `main.ts` holds the table of them; adding one (`convert`) is a file in
 * `commands/` and a line in the table. A command does I/O and calls into `lib/`, no more.
 */
export interface Command {
  name: string;
  /** `validate <skill>` */
  usage: string;
  summary: string;
  /** Longer help, shown by `<command> --help`. */
  help: string;
  options?: NonNullable<ParseArgsConfig['options']>;
  /** Positional arguments: [required, maximum]. */
  positionals: [number, number];
  /** The exit code: 0 done, 1 problems found or call refused, 2 usage or unreadable input. */
  run(ctx: CommandContext): Promise<number>;
}

/** A mistake on the command line, or input that cannot be read at all: one line, exit 2. */
export class UsageError extends Error {}

export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_USAGE = 2;
