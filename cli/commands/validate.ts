import { formatProblem, hasErrors } from '../../lib/core/problem';
import { skillVerdict } from '../../lib/rules/verdict';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, EXIT_SPEC, NO_OPTIONS } from '../command';
import { countProblems, loadSkill } from '../load';

export const validate = defineCommand({
  name: 'validate',
  usage: 'validate <skill folder or .zip>',
  summary: 'Run every publish rule; print each problem and a count',
  help: [
    'Prints one line per problem, sorted by file, line and column:',
    '  file:line:column rule-id [(warning)] message',
    'where file is relative to the skill folder, then a count such as "2 errors, 1 warning".',
    'Then the problems of the spec the skill was generated from that its metadata records',
    '(references that did not resolve: what they name is missing from the skill), under',
    '"Problems in the spec:".',
    'Exits 1 when there is an error, 3 when the skill has none but the spec\'s problems hold',
    'it back (generate it again from the whole spec, or with --without-unresolved), 0 when',
    'there are only warnings or none.',
  ].join('\n'),
  options: NO_OPTIONS,
  positionals: [1, 1],
  async run({ positionals: [path], io }) {
    const { pkg, problems } = await loadSkill(path);
    for (const p of problems) io.out(formatProblem(p));
    io.out(countProblems(problems));
    const verdict = skillVerdict(problems, pkg?.manifest?.data);
    if (verdict.spec.length > 0) {
      io.out('Problems in the spec:');
      for (const p of verdict.spec) io.out(`  ${formatProblem(p)}`);
    }
    return hasErrors(problems) ? EXIT_PROBLEMS : verdict.kind === 'spec' ? EXIT_SPEC : EXIT_OK;
  },
});
