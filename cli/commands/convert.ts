import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as z from '../../lib/core/zod';
import { formatProblem, hasErrors } from '../../lib/core/problem';
import { generateSkill } from '../../lib/generate';
import { importBlockers } from '../../lib/convert/blockers';

/** Blockers that are the spec's problems, not the skill's (`EXIT_SPEC`). */
const SPEC_BLOCKERS = new Set(['unresolved-references', 'no-operations']);
import { formatReportSummary } from '../../lib/convert/summary';
import { parseSkillPackage } from '../../lib/skill/package';
import { checkPackage } from '../../lib/rules';
import type { CurationChoices } from '../../lib/curate';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, EXIT_SPEC, EXIT_USAGE, type Io } from '../command';
import { countProblems, foldedProblemLines } from '../load';
import { readSpecUpload } from '../read-spec';
import { checkForceReplaces, checkOutputFile, checkOutputFolder, checkSkillFolder, writeSkillFolder } from '../write-output';

/** A repeatable option of comma-separated values (`--include-tags a,b --include-tags c`); split in `run`. */
const listOption = (option: string, what: string) =>
  z.optional(z.array(z.string().check(z.refine((v: string) => v.split(',').every((x) => x.trim() !== ''), `--${option} needs ${what} (values are comma-separated)`))));

/** The values of a `listOption`, split at commas. */
const values = (given: readonly string[] | undefined) => given?.flatMap((v) => v.split(',').map((x) => x.trim()));

/** A path option: a string that is not empty. */
const path = (option: string) => z.string().check(z.minLength(1, `--${option} needs a path`));

/** `--server-var name=value`, as often as there are variables: one value per name. */
const serverVars = z.pipe(
  z._default(z.array(z.string().check(z.regex(/^[^=\s]+=/, '--server-var takes name=value: the server variable\'s name, `=`, then its value'))), []).check(
    z.check<string[]>((ctx) => {
      const seen = new Set<string>();
      for (const pair of ctx.value) {
        const name = pair.slice(0, pair.indexOf('='));
        if (seen.has(name)) ctx.issues.push({ code: 'custom', input: ctx.value, message: `--server-var ${name} is given twice: give each server variable one value` });
        seen.add(name);
      }
    }),
  ),
  z.transform((pairs: string[]) => Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]))),
);

const convertOptions = z.object({
  out: z.string({ error: '--out <folder> is required' }).check(z.minLength(1, '--out <folder> is required')),
  name: z.optional(z.string()),
  'base-url': z.optional(z.string()),
  'server-var': serverVars,
  server: z.optional(z.string()),
  zip: z.optional(path('zip')),
  report: z.optional(path('report')),
  'gpt-actions': z.optional(path('gpt-actions')),
  'include-tags': listOption('include-tags', 'a tag'),
  'exclude-tags': listOption('exclude-tags', 'a tag'),
  'include-paths': listOption('include-paths', 'a path'),
  'exclude-paths': listOption('exclude-paths', 'a path'),
  'include-resources': listOption('include-resources', 'a resource'),
  'exclude-resources': listOption('exclude-resources', 'a resource'),
  'exclude-deprecated': z._default(z.boolean(), false),
  'read-only': z._default(z.boolean(), false),
  tools: z._default(z.boolean(), false),
  'no-fit': z._default(z.boolean(), false),
  force: z._default(z.boolean(), false),
  'without-unresolved': z._default(z.boolean(), false),
});

type ConvertOptions = z.output<typeof convertOptions>;

/** Of each list of the printed report (prose-only operations, shared types, …), this many are printed. */
const SUMMARY_LISTED = 10;

export const convert = defineCommand({
  name: 'convert',
  usage:
    'convert <spec file | folder | .zip> --out <folder> [--name <skill>] [--base-url <url>] [--server-var <name=value>]… [--server <url>] [--include-tags <tags>] [--exclude-tags <tags>] [--include-paths <paths>] [--exclude-paths <paths>] [--include-resources <resources>] [--exclude-resources <resources>] [--exclude-deprecated] [--read-only] [--zip <file>] [--report <file.json>] [--gpt-actions <file.json>] [--tools] [--no-fit] [--without-unresolved] [--force]',
  summary: 'Generate a skill from an OpenAPI or Swagger spec; print the import report',
  help: [
    'Writes the skill into <out>/<skill name>/ (SKILL.md, types.json when there are shared',
    'types, one .md per operation), whole or not at all. Refuses to write into a folder that',
    'is not empty unless --force is given, so no edit of yours is overwritten by accident;',
    'with --force the skill\'s files (SKILL.md, types.json, every .md) are replaced, and',
    'anything else in the folder is kept. --force replaces only files an earlier convert',
    'wrote (its SKILL.md lists them): a folder holding the spec, or a skill file convert did',
    'not write, is refused, named.',
    '',
    '  --name <skill>      the skill name (default: from info.title)',
    '  --base-url <url>    the API\'s base URL: replaces every absolute server URL of the',
    '                      spec (a sandbox, a proxy) and resolves every relative one',
    '  --server-var <name=value>',
    '                      a server variable\'s value (repeat for each); until it is given',
    '                      the URLs use its default, and a default that is an example',
    '                      (`your…`, `subdomain`) leaves the skill with errors',
    '  --server <url>      of several servers the spec lists, the one to use (as the spec',
    '                      writes its URL; the report names them); default: the first',
    '  --zip <file>        also writes the bundle, with "The call" generated into each file',
    '  --tools             adds tools.json to the bundle',
    '  --report <file>     writes the import report as JSON, with each tool\'s tokens and',
    '                      the skill\'s fit per target (as `tokens` and `compat` count them)',
    '  --gpt-actions <file>',
    '                      writes an OpenAPI document for OpenAI GPT Actions: the spec\'s',
    '                      operations the skill keeps, each named as its tool,',
    '                      x-openai-isConsequential true unless it is safe, the servers',
    '                      the skill\'s. OpenAPI 3.x only: Swagger 2.0 is refused',
    '  --no-fit            keeps every operation\'s full schema: one whose parameters pass',
    '                      the 24,576-byte limit then fails expanded-size. By default it is',
    '                      fitted (examples, nested descriptions and long sentences dropped,',
    '                      then its largest optional objects given as {"type":"object"} with',
    '                      their fields in its prose), each step in the report',
    '  --without-unresolved',
    '                      goes on without what the spec\'s unresolved $refs name (whole',
    '                      path items\' operations, fields, bodies): the skill is then',
    '                      publishable without them; the report still names each',
    '',
    'A spec file whose relative $refs name other files is read with them, from its folder',
    '(nothing above it, no links), as that folder uploaded would be.',
    '',
    'Curation: which operations the skill keeps (each option repeatable, values comma-separated).',
    'An operation left out is listed in the report with the reason; the shared types only it',
    'used are not written. The wizard\'s "Remove selected" and "Keep only shown" remove the same way.',
    '',
    '  --include-tags <tags>    keep only operations with one of these tags',
    '  --exclude-tags <tags>    leave out operations with any of these tags',
    '  --include-paths <paths>  keep only operations whose path matches one of these',
    '  --exclude-paths <paths>  leave out operations whose path matches any of these',
    '  --include-resources <resources>',
    '                           keep only operations of one of these resources',
    '  --exclude-resources <resources>',
    '                           leave out operations of any of these resources',
    '  --exclude-deprecated     leave out deprecated operations',
    '  --read-only              keep only the safe operations (what a read-only grant may call)',
    '',
    'A path is a prefix ending at a segment (/pets matches /pets and /pets/{id}, not /petstore)',
    'or a glob over the whole path (* within a segment, ** across segments, ? one character).',
    'A resource is a path up to its first parameter (/v1/customers/{customer}/sources is of',
    '/v1/customers); a path without one is of the resource it lies under (/v1/customers/search),',
    'else its own. For specs without tags: the wizard\'s Resource filter groups the same way.',
    '',
    'Prints the import report (of a list longer than 10, the first 10: --report writes',
    'each), then the publish problems of the generated package (a kind found more than 10',
    'times, such as one URL error per operation, as its first 3 and a count: `validate`',
    'lists each), then',
    'what else keeps it from being published (references that do not resolve, no',
    'operations, a server variable to set). Exits 0 when there is none of these and no',
    'publish error; 1 on a publish error, a server variable to set, or when the spec is',
    'refused (what is wrong is printed on stderr); 2 on a usage problem; 3 when only the',
    'spec\'s own problems hold the skill back (references that do not resolve, no',
    'operations): `validate` and `tools` give the same exit for the written skill, whose',
    'SKILL.md metadata records the unresolved references.',
  ].join('\n'),
  options: convertOptions,
  positionals: [1, 1],
  run: ({ positionals: [specPath], options, io }) => convertWith(specPath, options, io),
});

async function convertWith(specPath: string, options: ConvertOptions, io: Io): Promise<number> {
  const { out, zip, report } = options;
  const gptActions = options['gpt-actions'];
  // Where the output goes is checked before the spec is read: a wrong path fails at once.
  await checkOutputFolder(out);
  if (zip !== undefined) await checkOutputFile('zip', zip);
  if (report !== undefined) await checkOutputFile('report', report);
  if (gptActions !== undefined) await checkOutputFile('gpt-actions', gptActions);
  const upload = await readSpecUpload(specPath);
  if (!upload.ok) {
    for (const p of upload.problems) io.err(formatProblem(p));
    return EXIT_PROBLEMS;
  }
  for (const p of upload.value.problems) io.err(formatProblem(p));
  const choices: CurationChoices = {
    includeTags: values(options['include-tags']),
    excludeTags: values(options['exclude-tags']),
    includePaths: values(options['include-paths']),
    excludePaths: values(options['exclude-paths']),
    includeResources: values(options['include-resources']),
    excludeResources: values(options['exclude-resources']),
    excludeDeprecated: options['exclude-deprecated'],
    readOnly: options['read-only'],
  };
  // node:crypto's SHA-256 for metadata.source-sha256 (lib/ hashes in plain JavaScript, for the browser): the same digest.
  // The entry file's, made from its bytes when it was read (readSpecUpload), when the entry is that file's text.
  const read = upload.value.entrySha256;
  const sha256 = (text: string) => (read && read.text === text ? read.hex : createHash('sha256').update(text, 'utf8').digest('hex'));
  // A bundle holds at most 4,997 operations: with --zip, more are refused once the spec is
  // parsed, and again once loaded (a path item in another file); a folder has no limit.
  const generated = await generateSkill(upload.value, {
    name: options.name,
    baseUrl: options['base-url'],
    serverVariables: options['server-var'],
    server: options.server,
    fit: !options['no-fit'],
    curation: choices,
    bundleLimit: zip !== undefined,
    sha256,
    withoutUnresolved: options['without-unresolved'],
  });
  if (!generated.ok) {
    for (const p of generated.problems) io.err(formatProblem(p));
    io.err(`${specPath}: not converted${generated.problems.some((p) => p.ruleId === 'too-many-operations') ? ' (without --zip, the skill is written as a folder, which has no such limit)' : ''}`);
    return EXIT_PROBLEMS;
  }
  for (const p of generated.value.curationProblems) io.err(`warning: ${p.message}`);
  const { result, loadProblems } = generated.value;
  if (result.report.leftOut.length > 0 && result.report.declared.length + result.report.proseOnly.length === 0) {
    io.err(`${specPath}: the curation options leave out every operation; nothing was written`);
    return EXIT_USAGE;
  }
  // Refused at once (a link, a file, a folder not empty without --force), before the rules and the counts.
  checkSkillFolder(out, result.folder, { force: options.force });
  if (options.force) checkForceReplaces(out, result.folder, specPath);
  // The rules, the bundle and the report are all made before anything is written: during this
  // synchronous work no signal handler is installed, so Ctrl-C ends the process at once with
  // nothing on disk (writeSkillFolder). The folder, the bundle and the report are then put in
  // place once all three are written, so a failure leaves none of them, or half of one.
  const pkg = parseSkillPackage({ folder: result.folder, files: result.files }, result.read);
  // What the conversion measured is not measured again (the package is its own, unchanged).
  const problems = checkPackage(pkg, { converted: result.converted });
  const extra = new Map<string, string | Uint8Array>();
  // The zip writer, the report's schema (zod) and the targets are loaded only when asked for: a plain convert never compiles them.
  if (zip !== undefined) {
    const { exportBundle } = await import('../../lib/bundle/bundle');
    extra.set(zip, exportBundle(pkg, { tools: options.tools }));
  }
  if (report !== undefined) {
    const [{ buildReportFile, reportFileJson }, { reportTargets }, { skillTools }] = await Promise.all([import('../../lib/convert/report'), import('../../lib/targets/report'), import('../../lib/targets/skill-tools')]);
    const targets = await reportTargets(skillTools(pkg).value);
    extra.set(report, reportFileJson(buildReportFile(result.report, [...upload.value.problems, ...loadProblems], problems, targets)));
  }
  let gptActionsCount: number | undefined;
  if (gptActions !== undefined) {
    const { gptActionsExport } = await import('../../lib/targets/gpt-actions');
    const exported = gptActionsExport(generated.value.spec, pkg);
    if (!exported.ok) {
      for (const p of exported.problems) io.err(formatProblem(p));
      io.err(`${specPath}: --gpt-actions: nothing was written`);
      return EXIT_PROBLEMS;
    }
    for (const file of exported.value.unmatched) io.err(`warning: --gpt-actions: ${file} matches no operation of the spec; left out`);
    extra.set(gptActions, exported.value.json);
    gptActionsCount = exported.value.actions.length;
  }
  await writeSkillFolder(out, result.folder, result.files, { force: options.force }, extra);
  // A list of the report longer than a screen gives its first ones: --report writes each (Kubernetes: 401 shared types).
  io.out(formatReportSummary(result.report, { listed: SUMMARY_LISTED, more: (n) => `… and ${n} more (\`--report <file.json>\` writes each)` }).trimEnd());
  if (loadProblems.length > 0) {
    io.out('');
    io.out('Problems in the spec:');
    for (const p of loadProblems) io.out(`  ${formatProblem(p)}`);
  }
  if (problems.length > 0) {
    io.out('');
    io.out('Publish problems:');
    for (const line of foldedProblemLines(problems, result.folder, join(out, result.folder))) io.out(line);
  }
  io.out(`Wrote ${result.files.size} files to ${join(out, result.folder)}; publish rules: ${countProblems(problems)}`);
  if (gptActions !== undefined) io.out(`Wrote the GPT Actions document (${gptActionsCount} operations) to ${gptActions}`);
  // Unresolved references, no operations or an error in the report leave the skill unpublishable, whatever the rules say.
  const withoutUnresolved = options['without-unresolved'];
  const blockers = importBlockers(result.report, loadProblems, { withoutUnresolved });
  const waived = withoutUnresolved ? importBlockers(result.report, loadProblems).filter((b) => b.ruleId === 'unresolved-references') : [];
  for (const w of waived) io.out(`Gone on without what unresolved references name (--without-unresolved): ${w.message.replace(/; or go on without .*$/, '')}`);
  if (blockers.length > 0) {
    io.out('Not publishable:');
    for (const b of blockers) io.out(`  ${formatProblem(b)}`);
  }
  // The spec's own problems (its references, no operations) are told apart from the skill's: their own exit code.
  if (hasErrors(problems) || blockers.some((b) => !SPEC_BLOCKERS.has(b.ruleId))) return EXIT_PROBLEMS;
  return blockers.length > 0 ? EXIT_SPEC : EXIT_OK;
}
