import { problem, type Problem } from '../../core/problem';
import { toolName } from '../../publish/tool-name';
import type { SkillTools, TargetRules, ToolEntry } from '../model';
import { isMcpTarget, outputSchema } from '../mcp';
import { fitName, hostName, namePatternFails, nameTooLong } from '../names';
import { NO_MEMO, type CompatMemo } from '../compat/memo';
import { FIXABLE_SCHEMA_RULES } from '../schema-rules';

/** A tool as one target takes it, with the name it had before. */
export interface AdaptedTool extends ToolEntry {
  /** The published name, when the target needed another. */
  renamedFrom?: string;
}

export interface Adapted {
  target: TargetRules;
  input: SkillTools;
  tools: AdaptedTool[];
  /** One problem (severity warning) for each change that loses something, per tool: the import report's log format. */
  log: Problem[];
}

/**
 * The skill's tools rewritten for one target: names the host takes (cut to its
 * length with the host's prefix counted, kept unique), descriptions within a cap the target
 * refuses past, and each schema through the target's checks' fixes (lib/targets/schema-rules).
 * The compatibility report runs the same checks, so what this returns passes every check
 * that has a fix. Every change that loses something is logged, so nothing changes silently.
 */
export function adaptTools(input: SkillTools, target: TargetRules, memo: CompatMemo = NO_MEMO): Adapted {
  if (target.applies === 'skill') return { target, input, tools: input.tools.slice(), log: [] };
  const log: Problem[] = [];
  const taken = new Set<string>();
  const skillPrefix = toolName(input.skill, '');
  const tools: AdaptedTool[] = [];
  for (const source of input.tools) {
    const { file, tool } = source;
    const rule = target.name;
    const name = fitName(rule, input.skill, skillPrefix, tool.name, taken);
    taken.add(hostName(rule, input.skill, name));
    const entry: AdaptedTool = { ...source, tool: { ...tool, name } };
    if (name !== tool.name) {
      entry.renamedFrom = tool.name;
      const why = nameTooLong(rule, input.skill, tool.name) ? 'target-name-length' : namePatternFails(rule, input.skill, tool.name) ? 'target-name-pattern' : 'target-name-unique';
      log.push(problem(why, 'warning', `\`${tool.name}\` renamed \`${name}\` for ${target.id}: map the name back when the model calls it`, file, { pointer: '/name' }));
    }
    const cap = target.description.maxLength;
    if (cap && target.description.overLength === 'error' && tool.description.length > cap.max) {
      entry.tool.description = `${tool.description.slice(0, cap.max - 1)}…`;
      log.push(problem('target-description-length', 'warning', `the description was cut to ${cap.max} characters for ${target.id}`, file, { pointer: '/description' }));
    }
    const minimum = Math.max(target.description.required ? 1 : 0, target.description.minLength?.max ?? 0);
    if (entry.tool.description.trim().length < minimum) entry.tool.description = `Calls ${tool.alias}.`.padEnd(minimum, '.');
    const schema = memo.adapt(tool.parameters, target);
    entry.tool.parameters = schema.schema;
    for (const l of schema.lost) log.push(problem(l.ruleId, 'warning', l.message, file, { pointer: `/parameters${l.pointer}` }));
    if (tool.returns !== undefined && isMcpTarget(target)) {
      // The host takes the output schema with the tool, so it meets the same rules: adapted as `outputSchema`, kept as the tool's `returns` (an object root, which mcpTool writes as it is).
      const output = memo.adapt(outputSchema(tool.returns), target);
      entry.tool.returns = output.schema;
      for (const l of output.lost) log.push(problem(l.ruleId, 'warning', l.message, file, { pointer: `/outputSchema${l.pointer}` }));
    }
    tools.push(entry);
  }
  return { target, input, tools, log };
}

/** The adapted tools as a skill's tools again, to check them with the same rules. */
export function adaptedInput(a: Adapted): SkillTools {
  return { ...a.input, tools: a.tools.map(({ file, tool }) => ({ file, tool })) };
}

const FIXED_BY_NAME = new Set(['target-name-length', 'target-name-pattern', 'target-name-unique', 'target-description-required']);

/**
 * Whether `adaptTools` removes a problem of the compatibility report: names, empty
 * descriptions, a description over a cap the target refuses past, and every schema check
 * with a fix. What is left (too many tools, strict-mode totals and sizes, a parameter name)
 * only curation fixes.
 */
export function fixedByAdapting(p: Problem): boolean {
  if (FIXED_BY_NAME.has(p.ruleId)) return true;
  if (p.ruleId === 'target-description-length') return p.severity === 'error';
  return FIXABLE_SCHEMA_RULES.has(p.ruleId);
}
