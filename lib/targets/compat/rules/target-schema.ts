import { problem } from '../../../core/problem';
import { isMcpTarget, outputSchema } from '../../mcp';
import type { CompatRule } from '../rule';

/**
 * Every schema node against the target's keyword checks (lib/targets/schema-rules): a
 * keyword refused or ignored, a type list, enum values, open objects and optional
 * properties in strict modes, parameter names. Each problem keeps its own rule id. An MCP
 * host takes a tool's `outputSchema` with it (SPEC 8.2): checked too, where the tool has one.
 */
export const targetSchema: CompatRule = {
  id: 'target-schema',
  applies: 'tools',
  check({ input, target, memo }) {
    const mcp = isMcpTarget(target);
    return input.tools.flatMap(({ file, tool }) => {
      const found = memo.findings(tool.parameters, target).map((f) => problem(f.ruleId, f.severity, f.message, file, { pointer: `/parameters${f.pointer}` }));
      if (!mcp || tool.returns === undefined) return found;
      const output = memo.findings(outputSchema(tool.returns), target).map((f) => problem(f.ruleId, f.severity, f.message, file, { pointer: `/outputSchema${f.pointer}` }));
      return output.length === 0 ? found : [...found, ...output];
    });
  },
};
