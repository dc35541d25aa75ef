import * as z from './zod';
import type { Problem } from './problem';

/** The one problem shape (problem.ts), checked where problems come from outside the code that made them: the worker, a saved draft. */
export const problemSchema: z.ZodMiniType<Problem> = z.object({
  ruleId: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  file: z.string(),
  line: z.optional(z.number()),
  column: z.optional(z.number()),
  pointer: z.optional(z.string()),
  missingFile: z.optional(z.string()),
});
