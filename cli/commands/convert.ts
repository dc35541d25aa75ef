import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { formatProblem, hasErrors } from '../../lib/core/problem';
import { loadSpec } from '../../lib/openapi';
import { convertSpec, formatReportSummary } from '../../lib/convert';
import { parseSkillPackage } from '../../lib/skill/package';
import { checkPackage } from '../../lib/rules';
import { exportBundle } from '../../lib/bundle/bundle';
import { z } from 'zod';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, UsageError } from '../command';
import { countProblems } from '../load';
import { readSpecUpload } from '../read-spec';

export const convert = defineCommand({
  name: 'convert',
  usage: 'convert <spec file | folder | .zip> --out <folder> [--name <skill>] [--base-url <url>] [--zip <file>] [--report <file.json>] [--tools] [--force]',
  summary: 'Generate a skill from an OpenAPI or Swagger spec; print the import report',
  help: [
    'Writes the skill into <out>/<skill name>/ (SKILL.md, types.json when there are shared',
    'types, one .md per operation). Refuses to write into a folder that is not empty unless',
    '--force is given, so no edit of yours is overwritten by accident.',
    '',
    '  --name <skill>      the skill name (default: from info.title)',
    '  --base-url <url>    resolves a relative server URL',
    '  --zip <file>        also writes the bundle, with "The call" generated into each file',
    '  --tools             adds tools.json to the bundle',
    '  --report <file>     writes the import report as JSON',
    '',
    'Prints the report summary, then every publish problem of the generated package.',
    'Exits 0 when the package has no publish errors, 1 when it has or when the spec is',
    'refused (what is wrong is printed on stderr), 2 on a usage problem.',
  ].join('\n'),
  options: z.object({
    out: z.string({ error: '--out <folder> is required' }).min(1, '--out <folder> is required'),
    name: z.string().optional(),
    'base-url': z.string().optional(),
    zip: z.string().optional(),
    report: z.string().optional(),
    tools: z.boolean().default(false),
    force: z.boolean().default(false),
  }),
  positionals: [1, 1],
  async run({ positionals: [specPath], options, io }) {
    const { out } = options;
    const upload = await readSpecUpload(specPath);
    if (!upload.ok) {
      for (const p of upload.problems) io.err(formatProblem(p));
      return EXIT_PROBLEMS;
    }
    for (const p of upload.value.problems) io.err(formatProblem(p));
    const loaded = await loadSpec(upload.value.files, { entry: upload.value.entry });
    if (!loaded.ok) {
      for (const p of loaded.problems) io.err(formatProblem(p));
      io.err(`${specPath}: not converted`);
      return EXIT_PROBLEMS;
    }
    const result = convertSpec(loaded.value, { name: options.name, baseUrl: options['base-url'] });
    const dir = resolve(out, result.folder);
    const existing = await readdir(dir).catch(() => [] as string[]);
    if (existing.length > 0 && !options.force) throw new UsageError(`${join(out, result.folder)} is not empty; choose another --out or pass --force`);
    await mkdir(dir, { recursive: true });
    // Written while the rules run: the files are final, and a conversion is mostly waiting on the disk otherwise.
    const written = Promise.all([...result.files].map(([path, text]) => writeFile(join(dir, path), text)));

    const pkg = parseSkillPackage({ folder: result.folder, files: result.files });
    const problems = checkPackage(pkg);
    if (options.zip !== undefined) await writeFile(resolve(options.zip), exportBundle(pkg, { tools: options.tools }));
    if (options.report !== undefined) {
      const report = { ...result.report, loadProblems: loaded.problems, publishProblems: problems };
      await writeFile(resolve(options.report), `${JSON.stringify(report, null, 2)}\n`);
    }
    await written;
    io.out(formatReportSummary(result.report).trimEnd());
    if (loaded.problems.length > 0) {
      io.out('');
      io.out('Problems in the spec:');
      for (const p of loaded.problems) io.out(`  ${formatProblem(p)}`);
    }
    for (const p of problems) io.out(formatProblem({ ...p, file: join(result.folder, p.file) }));
    io.out(`Wrote ${result.files.size} files to ${join(out, result.folder)}; publish rules: ${countProblems(problems)}`);
    return hasErrors(problems) ? EXIT_PROBLEMS : EXIT_OK;
  },
});
