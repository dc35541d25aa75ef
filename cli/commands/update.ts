import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import * as z from '../../lib/core/zod';
import { formatProblem } from '../../lib/core/problem';
import type { SpecInput } from '../../lib/convert/model';
import { loadSpec } from '../../lib/openapi';
import { updateSkill } from '../../lib/update/update';
import { formatUpdateReport } from '../../lib/update/report';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, UsageError, type Io } from '../command';
import { readSkillFolder } from '../read-skill';
import { readSpecUpload } from '../read-spec';
import { checkOutputFile, writeSkillFolder } from '../write-output';

const updateOptions = z.object({
  from: z.optional(z.string().check(z.minLength(1, '--from needs the spec the skill was generated from'))),
  to: z.string({ error: '--to <newer spec> is required' }).check(z.minLength(1, '--to <newer spec> is required')),
  report: z.optional(z.string().check(z.minLength(1, '--report needs a path'))),
  ours: z._default(z.boolean(), false),
  theirs: z._default(z.boolean(), false),
});

async function readSpec(path: string, io: Io): Promise<{ spec: SpecInput; sha256?: string } | undefined> {
  const upload = await readSpecUpload(path);
  if (!upload.ok) {
    for (const p of upload.problems) io.err(formatProblem(p));
    return undefined;
  }
  const loaded = await loadSpec(upload.value.files, { entry: upload.value.entry, validate: false });
  if (!loaded.ok) {
    for (const p of loaded.problems) io.err(formatProblem(p));
    io.err(`${path}: not read`);
    return undefined;
  }
  const read = upload.value.entrySha256;
  return { spec: loaded.value, ...(read && read.text === loaded.value.entryText ? { sha256: read.hex } : {}) };
}

export const update = defineCommand({
  name: 'update',
  usage: 'update <skill folder> --from <old spec> --to <newer spec> [--report <file.json>] [--ours | --theirs]',
  summary: 'Update an edited skill to a newer spec; print what changed',
  help: [
    'Merges three versions of each file: the skill generated from the old spec (rebuilt with',
    'the options SKILL.md records in metadata.generated-with), the skill as it is now, and the',
    'skill generated from the newer spec. A change on one side is taken; different changes',
    'to the same lines or values are conflicts. Operations you removed stay removed; one gone',
    'from the newer spec leaves (if you had edited it, the report says so); one new in it is',
    'kept unless you curated the skill by hand without filters, when it is listed as new.',
    '',
    '  --from <spec>       the spec the skill was generated from (required: without it, what',
    '                      you changed cannot be told from what the spec changed)',
    '  --to <spec>         the newer spec',
    '  --report <file>     also writes the update report as JSON (updateReportVersion 1)',
    '  --ours              settles every conflict with your version',
    '  --theirs            settles every conflict with the newer spec\'s',
    '',
    'Prints the update report: operations added and removed, arguments added, removed or',
    'renamed, required-ness, type, enum and safety changes, each change after which a call',
    'valid before is refused marked BREAKING. With conflicts and neither --ours nor --theirs,',
    'writes nothing, lists them and exits 1. Otherwise writes the skill\'s files in place',
    '(other files in the folder are kept) and exits 0; 2 on a usage problem.',
  ].join('\n'),
  options: updateOptions,
  positionals: [1, 1],
  async run({ positionals: [skillPath], options, io }) {
    if (options.from === undefined) throw new UsageError('--from <old spec> is required: the update merges your edits against the skill generated from the spec it came from, and without it your edits cannot be told from the spec\'s changes');
    if (options.ours && options.theirs) throw new UsageError('give --ours or --theirs, not both');
    const dir = resolve(skillPath);
    if (!(await stat(dir).catch(() => undefined))?.isDirectory()) throw new UsageError(`${skillPath}: expected a skill folder (it is updated in place)`);
    if (options.report !== undefined) await checkOutputFile('report', options.report);
    const skill = await readSkillFolder(dir);
    if (!skill.ok) {
      for (const p of skill.problems) io.err(formatProblem(p));
      return EXIT_PROBLEMS;
    }
    const from = await readSpec(options.from, io);
    const to = from && (await readSpec(options.to, io));
    if (!from || !to) return EXIT_PROBLEMS;
    const settle = options.ours ? 'mine' : options.theirs ? 'newer' : undefined;
    const result = updateSkill({ skill: skill.value, from: from.spec, to: to.spec, fromSha256: from.sha256, toSha256: to.sha256, settle });
    for (const p of result.problems) io.err(formatProblem(p));
    if (result.problems.some((p) => p.severity === 'error')) return EXIT_PROBLEMS;
    io.out(formatUpdateReport(result.report).trimEnd());
    if (result.conflicts.length > 0 && settle === undefined) {
      io.err(`${result.conflicts.length} conflicts; nothing was written (settle them with --ours or --theirs, or in the wizard):`);
      for (const c of result.conflicts) io.err(`  ${c.file} ${c.kind === 'lines' ? `line ${c.line}` : c.pointer}`);
      return EXIT_PROBLEMS;
    }
    const extra = new Map<string, string>();
    if (options.report !== undefined) extra.set(options.report, `${JSON.stringify(result.report, null, 2)}\n`);
    for (const [path, text] of result.editedRemoved) extra.set(resolve(dirname(dir), `${basename(dir)}.removed-${path}`), text);
    await writeSkillFolder(dirname(dir), basename(dir), result.files, { force: true }, extra);
    if (result.editedRemoved.size > 0) io.err(`kept your text of operations gone from the newer spec beside the folder: ${[...result.editedRemoved.keys()].map((p) => `${basename(dir)}.removed-${p}`).join(', ')}`);
    return EXIT_OK;
  },
});
