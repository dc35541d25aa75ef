import { formatProblem, hasErrors } from '../../lib/core/problem';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, NO_OPTIONS } from '../command';
import { countProblems, loadSkill } from '../load';

export const validate = defineCommand({
  name: 'validate',
  usage: 'validate <skill folder or .zip>',
  summary: 'Run every publish rule; print each problem and a count',
  help: [
    'Prints one line per problem, sorted by file, line and column:',
    '  file:line:column rule-id [(warning)] message',
    'where file is relative to the skill folder, then a count such as "2 errors, 1 warning".',
    'Exits 1 when there is an error, 0 when there are only warnings or none.',
  ].join('\n'),
  options: NO_OPTIONS,
  positionals: [1, 1],
  async run({ positionals: [path], io }) {
    const { problems } = await loadSkill(path);
    for (const p of problems) io.out(formatProblem(p));
    io.out(countProblems(problems));
    return hasErrors(problems) ? EXIT_PROBLEMS : EXIT_OK;
  },
});
