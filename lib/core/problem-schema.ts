import { z } from 'zod';
import type { Problem } from './problem';

/** The one problem shape (problem.ts), checked where problems come from outside the code that made them: the worker, a saved draft. */
export const problemSchema: z.ZodType<Problem> = z.object({
  ruleId: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  file: z.string(),
  line: z.number().optional(),
  column: z.number().optional(),
  pointer: z.string().optional(),
  missingFile: z.string().optional(),
});
