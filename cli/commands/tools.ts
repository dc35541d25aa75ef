import * as z from '../../lib/core/zod';
import { isSafeTool, publishTools } from '../../lib/publish/publish';
import { adaptTools } from '../../lib/targets/adapt/adapt';
import { targetToolsFile } from '../../lib/targets/adapt/output';
import { claudeCodePermissions } from '../../lib/targets/adapt/permissions';
import { skillTools } from '../../lib/targets/skill-tools';
import { formatProblem } from '../../lib/core/problem';
import { skillVerdict } from '../../lib/rules/verdict';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, EXIT_SPEC, UsageError } from '../command';
import { loadPublishable } from '../load';
import { chooseTargets } from '../skill-tools';

export const tools = defineCommand({
  name: 'tools',
  usage: 'tools <skill folder or .zip> [--target <id>] [--read-only] [--permissions]',
  summary: 'Print the published tools as JSON (the tools.json array)',
  help: [
    'Prints the {name, alias, description, parameters} tools a model is given, in',
    'file-name order, as the JSON array an export writes to tools.json.',
    'A skill with errors publishes nothing: its errors go to stderr and the exit is 1.',
    'Nor does one whose spec has problems that hold it back (references that did not',
    'resolve, recorded in SKILL.md\'s metadata): they go to stderr and the exit is 3.',
    '',
    '  --target <id>   the tools in that target\'s own request shape (OpenAI tools[].function,',
    '                  Anthropic input_schema, Gemini functionDeclarations, Bedrock toolSpec, an',
    '                  MCP tools/list result for MCP clients), adapted to its rules; every',
    '                  change that loses something goes to stderr, one line per tool. Exits 1',
    '                  when the adapted tools still do not fit (too many, strict-mode totals).',
    '                  Targets: those of `compat`; `openai_strict` writes strict mode.',
    '  --read-only     only the safe tools: what a read-only grant may call.',
    '  --permissions   with --target claude_code: instead of the tools, the permission list',
    '                  that lets Claude Code call the safe tools without asking, as',
    '                  .claude/settings.json takes it ({"permissions": {"allow": […]}}).',
  ].join('\n'),
  options: z.object({ target: z.optional(z.string()), 'read-only': z._default(z.boolean(), false), permissions: z._default(z.boolean(), false) }),
  positionals: [1, 1],
  async run({ positionals: [path], options, io }) {
    const [target] = options.target === undefined ? [] : chooseTargets([options.target]);
    if (target?.applies === 'skill') throw new UsageError(`${target.id} takes the skill folder itself, not a tool list (\`compat --target ${target.id}\` checks it)`);
    if (options.permissions && target?.id !== 'claude_code') throw new UsageError('--permissions writes Claude Code\'s permission list: give it with --target claude_code');
    const pkg = await loadPublishable(path, io);
    if (!pkg) return EXIT_PROBLEMS;
    const verdict = skillVerdict([], pkg.manifest?.data);
    for (const p of verdict.spec) io.err(`spec: ${formatProblem(p)}`);
    if (verdict.kind === 'spec') {
      io.err(`${path}: not publishable (problems in the spec)`);
      return EXIT_SPEC;
    }
    const readOnly = options['read-only'];
    if (!target) {
      const all = publishTools(pkg);
      io.out(JSON.stringify(readOnly ? all.filter(isSafeTool) : all, null, 2));
      return EXIT_OK;
    }
    const input = skillTools(pkg).value;
    if (options.permissions) {
      io.out(JSON.stringify(claudeCodePermissions(adaptTools(input, target!)), null, 2));
      return EXIT_OK;
    }
    const file = targetToolsFile(readOnly ? { ...input, tools: input.tools.filter((e) => isSafeTool(e.tool)) } : input, target);
    // io.out ends the text with its own newline.
    io.out(file.text.slice(0, -1));
    for (const line of file.log) io.err(line);
    return file.fits ? EXIT_OK : EXIT_PROBLEMS;
  },
});
