import { groupDigits } from '../../../core/numbers';
import { problem } from '../../../core/problem';
import { MANIFEST_FILE } from '../../../skill/manifest';
import { cite, type CompatRule } from '../rule';

const WHAT = {
  'strict-tools': 'strict tools in one request',
  'optional-parameters': 'optional parameters across the strict schemas',
  'union-parameters': 'parameters with a union type (anyOf or a type list) across the strict schemas',
  fields: 'fields across all tools (with strict_tools on)',
} as const;

/** Limits summed over every tool of one request (Anthropic's strict mode; Cohere's strict_tools). Curation fixes them, adapting cannot. */
export const targetRequestLimit: CompatRule = {
  id: 'target-request-limit',
  applies: 'tools',
  check({ input, target, memo }) {
    if (target.requestLimits.length === 0) return [];
    const measures = input.tools.map(({ tool }) => memo.measure(tool.parameters));
    const sum = (f: (m: (typeof measures)[number]) => number) => measures.reduce((n, m) => n + f(m), 0);
    const totals = {
      'strict-tools': input.tools.length,
      'optional-parameters': sum((m) => m.optionalParameters),
      'union-parameters': sum((m) => m.unionParameters),
      fields: sum((m) => m.properties),
    };
    return target.requestLimits
      .filter((l) => totals[l.kind] > l.max)
      .map((l) => problem('target-request-limit', l.severity, `${groupDigits(totals[l.kind])} ${WHAT[l.kind]}, over ${target.id}'s ${groupDigits(l.max)} ${cite(l.source)}`, MANIFEST_FILE));
  },
};
