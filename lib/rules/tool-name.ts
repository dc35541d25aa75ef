import { MAX_TOOL_NAME, toolName } from '../publish/tool-name';
import type { OperationFile } from '../skill/operation-file';
import { atKey, type PackageRule, type RuleProblem } from './rule';

const names = new WeakMap<OperationFile, { skill: string; name: string }>();

function nameOf(op: OperationFile, skill: string): string {
  const hit = names.get(op);
  if (hit && hit.skill === skill) return hit.name;
  const name = toolName(skill, op.baseName);
  names.set(op, { skill, name });
  return name;
}

/**
 * SPEC 2: each declared operation's published name `<skill>_<base name>` is at most 64
 * characters and unique in the skill. A clash is reported on each later file, naming the
 * first one.
 */
export const toolNameRule: PackageRule = {
  id: 'tool-name',
  scope: 'package',
  check(pkg, ctx) {
    const problems: RuleProblem[] = [];
    const first = new Map<string, OperationFile>();
    for (const op of pkg.operations) {
      if (!op.declaration) continue;
      const name = nameOf(op, ctx.skillName);
      if (name.length > MAX_TOOL_NAME) {
        problems.push({ ...atKey(op, '/operation', `The tool name \`${name}\` is ${name.length} characters; at most ${MAX_TOOL_NAME} (shorten the file name)`), file: op.file });
      }
      const other = first.get(name);
      if (other) problems.push({ ...atKey(op, '/operation', `The tool name \`${name}\` is also \`${other.file}\`'s: tool names must be unique`), file: op.file });
      else first.set(name, op);
    }
    return problems;
  },
};
