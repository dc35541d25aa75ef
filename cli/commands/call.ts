import { formatProblem } from '../../lib/core/problem';
import { buildRequest, findCallable, readOnlyRefusal } from '../../lib/call';
import * as z from 'zod';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, UsageError } from '../command';
import { loadPublishable } from '../load';
import { isHostProblem } from '../../lib/rules/operation-url';

/** `--args`: the JSON text of the arguments, parsed; `{}` when left out. */
const jsonArgs = z._default(
  z.pipe(
    z.string(),
    z.transform((text: string, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch (e) {
        ctx.issues.push({ code: 'custom', message: `--args is not JSON: ${(e as Error).message}`, input: text });
        return z.NEVER;
      }
    }),
  ),
  {},
);

export const call = defineCommand({
  name: 'call',
  usage: "call <skill folder or .zip> <operation> [--args '<json>'] [--read-only] [--base-url <url>]",
  summary: 'Print the HTTP request a call becomes, or why it is refused',
  help: [
    '<operation> is the alias (the file base name, create_booking) or the tool name',
    '(hollowbrook_create_booking). --args is the JSON object of arguments; {} when left out.',
    'Prints {method, url, headers, body} as JSON (no body key when there is no body).',
    'Nothing is sent. A refused call prints one problem per offending argument on stderr',
    'and exits 1; so does a skill with errors. A pattern that cannot be matched in linear',
    'time is left to the model, with a warning on stderr.',
    '--read-only refuses an operation that is not safe, as a read-only grant does, naming why.',
    'A host that cannot be the API\'s (this machine, a private network, a metadata address, a',
    'bare number, look-alike letters) is refused; --base-url sends the call to the base URL',
    'you give instead (a local mock, a sandbox), its path before the operation\'s.',
    'Plain http is a warning.',
  ].join('\n'),
  options: z.object({ args: jsonArgs, 'read-only': z._default(z.boolean(), false), 'base-url': z.optional(z.string()) }),
  positionals: [2, 2],
  async run({ positionals: [path, name], options, io }) {
    const baseUrl = options['base-url'];
    // The user's base URL replaces the skill's host, so what the rules say of that host is moot.
    const pkg = await loadPublishable(path, io, baseUrl === undefined ? undefined : isHostProblem);
    if (!pkg) return EXIT_PROBLEMS;
    const callable = findCallable(pkg, name);
    if (!callable.ok) {
      if (callable.problems.some((p) => p.ruleId === 'call-unknown-operation')) throw new UsageError(callable.problems[0].message);
      for (const p of callable.problems) io.err(formatProblem(p));
      return EXIT_PROBLEMS;
    }
    if (options['read-only']) {
      const d = pkg.operations.find((op) => op.file === callable.value.file)?.declaration;
      const refusal = d ? readOnlyRefusal(d) : undefined;
      if (refusal) {
        io.err(`${callable.value.file}: ${refusal}`);
        io.err(`${callable.value.tool.name}: refused, nothing would be sent`);
        return EXIT_PROBLEMS;
      }
    }
    const request = buildRequest(callable.value, options.args, baseUrl === undefined ? {} : { baseUrl });
    if (!request.ok) {
      for (const p of request.problems) io.err(formatProblem(p));
      io.err(`${callable.value.tool.name}: refused, nothing would be sent`);
      return EXIT_PROBLEMS;
    }
    for (const p of request.problems) io.err(formatProblem(p));
    io.out(JSON.stringify(request.value, null, 2));
    return EXIT_OK;
  },
});
