import { formatProblem } from '../../lib/core/problem';
import {
  addCredentials,
  answerHead,
  answerHolds,
  buildRequest,
  callCredentials,
  checkResponseBody,
  credentialPlace,
  describeBodyCheck,
  findCallable,
  readOnlyRefusal,
  responseExpectation,
  sendConfirmation,
} from '../../lib/call';
import { publishOperation } from '../../lib/publish/publish';
import * as z from '../../lib/core/zod';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, UsageError } from '../command';
import { loadPublishable } from '../load';
import { isHostProblem } from '../../lib/rules/operation-url';
import { sendRequest } from './call-send';

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

/** `--timeout`: seconds, more than 0. */
const timeoutOption = z._default(
  z.pipe(
    z.string(),
    z.transform((text: string, ctx): number => {
      const n = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || !(n > 0) || n > 600) {
        ctx.issues.push({ code: 'custom', message: `--timeout takes seconds, more than 0 and at most 600, not ${JSON.stringify(text)}`, input: text });
        return z.NEVER;
      }
      return n * 1000;
    }),
  ),
  30_000,
);

export const call = defineCommand({
  name: 'call',
  usage: "call <skill folder or .zip> <operation> [--args '<json>'] [--read-only] [--base-url <url>] [--send] [--yes] [--timeout <seconds>]",
  summary: 'Print the HTTP request a call becomes (or why it is refused), or send it',
  help: [
    '<operation> is the alias (the file base name, create_booking) or the tool name',
    '(hollowbrook_create_booking). --args is the JSON object of arguments; {} when left out.',
    'Prints {method, url, headers, body} as JSON (no body key when there is no body).',
    'Nothing is sent without --send. A refused call prints one problem per offending argument on stderr',
    'and exits 1; so does a skill with errors. A pattern that cannot be matched in linear',
    'time is left to the model, with a warning on stderr.',
    '--read-only refuses an operation that is not safe, as a read-only grant does, naming why.',
    'A host that cannot be the API\'s (this machine, a private network, a metadata address, a',
    'bare number, look-alike letters) is refused; --base-url sends the call to the base URL',
    'you give instead (a local mock, a sandbox), its path before the operation\'s.',
    'Plain http is a warning.',
    '',
    '--send sends the request and prints the answer: status, headers and body on stdout,',
    'its size in bytes and, when the operation declares `returns`, whether the body',
    'matches it on stderr. Exit 0 when the answer is the success status and matches, 1',
    'otherwise. An operation that is not safe (SPEC 8.1: idempotent or unsafe) is sent',
    'only with --yes; without it, nothing is sent and the method and URL are named.',
    'The credential is read from the environment variable Copy as curl names for each',
    "scheme of SKILL.md's Authentication section: the scheme's name in capitals, words",
    'joined by _ (`api_key` and `apiKey` → API_KEY), and goes where that section says.',
    'Redirects are not followed. --timeout is the most seconds an answer may take, 30',
    'when left out.',
  ].join('\n'),
  options: z.object({
    args: jsonArgs,
    'read-only': z._default(z.boolean(), false),
    'base-url': z.optional(z.string()),
    send: z._default(z.boolean(), false),
    yes: z._default(z.boolean(), false),
    timeout: timeoutOption,
  }),
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
    const built = request.value;
    if (!options.send) {
      if (options.yes) throw new UsageError('--yes confirms a call that --send sends: give --send too');
      io.out(JSON.stringify(built, null, 2));
      return EXIT_OK;
    }
    const op = pkg.operations.find((o) => o.file === callable.value.file)!;
    const expect = responseExpectation(op.declaration!, publishOperation(pkg, op)?.tool.returns);
    const confirm = sendConfirmation(built.method, expect.safety, built.url);
    if (confirm && !options.yes) {
      io.err(`${confirm}. Nothing was sent: give --yes to send it.`);
      return EXIT_PROBLEMS;
    }
    const credentials = pkg.manifest ? callCredentials(pkg.manifest.text) : [];
    const values: Record<string, string> = {};
    for (const c of credentials) {
      const v = process.env[c.variable];
      if (v !== undefined && v !== '') values[c.variable] = v;
    }
    if (credentials.length > 0 && Object.keys(values).length === 0) {
      io.err(`No credential sent: set ${credentials.map((c) => `${c.variable} (${credentialPlace(c).replace(/`/g, '')})`).join(' or ')}.`);
    }
    const withCredentials = addCredentials(built, credentials, values);
    if (!withCredentials.ok) {
      for (const p of withCredentials.problems) io.err(formatProblem(p));
      io.err(`${callable.value.tool.name}: refused, nothing was sent`);
      return EXIT_PROBLEMS;
    }
    const sent = await sendRequest(withCredentials.value, options.timeout);
    if (!sent.ok) {
      io.err(sent.why);
      return EXIT_PROBLEMS;
    }
    const { answer } = sent;
    io.out(answerHead(answer) + (answer.body === '' ? '' : `\n\n${answer.body}`));
    const check = checkResponseBody(expect, answer.status, answer.body);
    const size = `${answer.bytes} ${answer.bytes === 1 ? 'byte' : 'bytes'}${answer.cut ? `, cut after the first ${Buffer.byteLength(answer.body)}` : ''}`;
    io.err(`${answer.status}, ${size}. ${describeBodyCheck(check)}`);
    return answerHolds(check) ? EXIT_OK : EXIT_PROBLEMS;
  },
});
