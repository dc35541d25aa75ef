import * as z from '../core/zod';
import { problemSchema } from '../core/problem-schema';

const verdict = z.enum(['fits', 'fits-with-changes', 'does-not-fit']);

/**
 * What the import report file says of the skill's cost in a model's context and of its fit
 * with each target: token counts per tool and in total for `REPORT_MODELS`, and
 * for each target its verdict, its reasons counted by rule, and every error left after
 * adapting (what only curation fixes). `compat --json` lists every reason and change.
 */
export const reportTargetsSchema = z.object({
  tools: z.number(),
  tokens: z.object({
    models: z.array(
      z.object({
        model: z.string(),
        label: z.string(),
        method: z.enum(['formula', 'estimate']),
        encoding: z.string(),
        toolTokens: z.number(),
        overhead: z.array(z.object({ tokens: z.number(), what: z.string() })),
        total: z.number(),
      }),
    ),
    /** Per tool, in file-name order: its tokens for each model; `inexact` names the formula models whose count of it is partly estimated (nested schemas). */
    tools: z.array(z.object({ file: z.string(), name: z.string(), tokens: z.record(z.string(), z.number()), inexact: z.optional(z.array(z.string())) })),
  }),
  compat: z.array(
    z.object({
      target: z.string(),
      title: z.string(),
      verdict,
      errors: z.number(),
      warnings: z.number(),
      changes: z.number(),
      reasons: z.array(z.object({ ruleId: z.string(), severity: z.enum(['error', 'warning']), count: z.number() })),
      remaining: z.array(problemSchema),
    }),
  ),
});

export type ReportTargets = z.infer<typeof reportTargetsSchema>;
