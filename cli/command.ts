import * as z from '../lib/core/zod';

/** Where a command writes; the tests and `main` pass process streams or buffers. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

/**
 * A command's options, typed once: each key is an option's long name, each value a zod
 * schema of what it takes. A boolean schema is a flag (`--force`); anything else takes a
 * string (`--out <folder>`), which the schema checks and may turn into another value
 * (`--args` into parsed JSON). `main` derives `parseArgs`' table from it and hands `run` the
 * parsed, typed result, so no command re-checks with `typeof`. Messages are the ones printed:
 * give each check a whole sentence (`--out <folder> is required`). The schemas are written
 * in zod's functional form, `zod/mini` (`z.optional`, `.check(z.minLength(…))`, from
 * `lib/core/zod.ts`), the same zod the report and the wizard's messages use.
 */
export type OptionsSchema = z.ZodMiniObject<Record<string, z.ZodMiniType>>;

export interface CommandContext<O = Record<string, unknown>> {
  positionals: string[];
  options: O;
  io: Io;
}

/**
 * One CLI command. `main.ts` holds the table of them; adding one (`convert`) is a file in
 * `commands/` and a line in the table. A command does I/O and calls into `lib/`, no more.
 */
export interface Command<O extends OptionsSchema = OptionsSchema> {
  name: string;
  /** `validate <skill>` */
  usage: string;
  summary: string;
  /** Longer help, shown by `<command> --help`. */
  help: string;
  options: O;
  /** Positional arguments: [required, maximum]. */
  positionals: [number, number];
  /** The exit code: 0 done, 1 problems found or call refused, 2 usage or unreadable input. */
  run(ctx: CommandContext<z.output<O>>): Promise<number>;
}

/** A command, its options' type inferred from its schema. */
export function defineCommand<O extends OptionsSchema>(command: Command<O>): Command<O> {
  return command;
}

/** A command with no options. */
export const NO_OPTIONS = z.object({});

/** What a schema checks under its wrappers (`z.optional`, `z._default`, a `z.pipe` into a transform). */
function unwrap(schema: z.ZodMiniType): string {
  let def = schema._zod.def as { type: string; innerType?: z.ZodMiniType; in?: z.ZodMiniType };
  for (;;) {
    const inner = def.type === 'optional' || def.type === 'default' ? def.innerType : def.type === 'pipe' ? def.in : undefined;
    if (!inner) return def.type;
    def = inner._zod.def as typeof def;
  }
}

/**
 * `node:util` `parseArgs`' option table, from the schema: a boolean is a flag (`--force`, no
 * value), an array an option given as often as wanted (`--target a --target b`), anything
 * else an option that takes one value.
 */
export function parseArgsOptions(schema: OptionsSchema): Record<string, { type: 'string' | 'boolean'; multiple?: true }> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, s]) => {
      const type = unwrap(s);
      return [name, type === 'boolean' ? { type: 'boolean' } : type === 'array' ? { type: 'string', multiple: true } : { type: 'string' }];
    }),
  );
}

/** The typed options, or the first problem as a UsageError (one line, exit 2). */
export function checkOptions<O extends OptionsSchema>(schema: O, values: Record<string, unknown>): z.output<O> {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new UsageError(issue.message.startsWith('--') ? issue.message : `--${issue.path.join('.')}: ${issue.message}`);
}

/** The command's name, as the bin is installed (`package.json` `bin`). */
export const PROGRAM = 'skill-wizard';

/** A mistake on the command line, or input that cannot be read at all: one line, exit 2. */
export class UsageError extends Error {}

export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_USAGE = 2;
/**
 * The skill's files pass every publish rule, but the spec it was generated from has problems
 * that hold it back (references that do not resolve, no operations): `skillVerdict`'s `spec`.
 */
export const EXIT_SPEC = 3;
