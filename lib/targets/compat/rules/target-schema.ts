import { problem } from '../../../core/problem';
import type { CompatRule } from '../rule';

/**
 * Every schema node against the target's keyword checks (lib/targets/schema-rules): a
 * keyword refused or ignored, a type list, enum values, open objects and optional
 * properties in strict modes, parameter names. Each problem keeps its own rule id.
 */
export const targetSchema: CompatRule = {
  id: 'target-schema',
  applies: 'tools',
  check({ input, target, memo }) {
    return input.tools.flatMap(({ file, tool }) =>
      memo.findings(tool.parameters, target).map((f) => problem(f.ruleId, f.severity, f.message, file, { pointer: `/parameters${f.pointer}` })),
    );
  },
};
