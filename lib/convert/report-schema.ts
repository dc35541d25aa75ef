import * as z from '../core/zod';
import { problemSchema } from '../core/problem-schema';
import { REQUEST_FEATURES, type ImportReport } from './model';

/** A place in the uploaded spec (`SpecLocation`). */
export const specLocationSchema = z.object({ file: z.string(), line: z.optional(z.number()), column: z.optional(z.number()), pointer: z.string() });
const location = specLocationSchema;
// Tags and leftOut were added later: a report saved before them reads as untagged and uncurated.
const operation = { method: z.string(), path: z.string(), operationId: z.optional(z.string()), tags: z._default(z.array(z.string()), []), deprecated: z.optional(z.literal(true)), location };

/**
 * The import report (SPEC 4.7, `model.ts`) as data checked when it comes back from outside
 * the converter: the wizard's worker, a draft saved in the browser.
 */
export const importReportSchema: z.ZodMiniType<ImportReport> = z.object({
  skill: z.string(),
  source: z.object({ title: z.string(), version: z.string(), format: z.string(), sha256: z.string(), entry: z.string() }),
  operationCount: z.number(),
  // Absent from reports saved before SPEC 7, and from operations sections 1 to 6 declare already.
  declared: z.array(
    z.object({
      ...operation,
      file: z.string(),
      tool: z.string(),
      requestFeatures: z.optional(z.array(z.enum(REQUEST_FEATURES))),
      safety: z.optional(z.object({ value: z.enum(['safe', 'idempotent', 'unsafe']), from: z.string() })),
      suggestedSafe: z.optional(z.array(z.string())),
    }),
  ),
  proseOnly: z.array(z.object({ ...operation, file: z.string(), reasons: z.array(z.string()) })),
  skipped: z.array(z.object({ ...operation, kind: z.enum(['method', 'invalid', 'webhook', 'callback']), reason: z.string() })),
  unreadPathItems: z.optional(z.array(z.object({ path: z.string(), ref: z.string(), location }))),
  leftOut: z._default(z.array(z.object({ ...operation, file: z.string(), was: z.enum(['declared', 'prose-only']), reasons: z.array(z.string()) })), []),
  sharedTypes: z.array(z.object({ name: z.string(), why: z.enum(['shared', 'recursive', 'size', 'fitted']), operations: z.number(), location })),
  // Absent from reports saved before servers were reported, where they read as empty.
  servers: z._default(
    z.object({
      baseUrl: z.optional(z.string()),
      listed: z.array(z.object({ url: z.string(), description: z.optional(z.string()), used: z.boolean(), alternative: z.boolean(), location })),
      variables: z.array(
        z.object({
          name: z.string(),
          description: z.optional(z.string()),
          default: z.optional(z.string()),
          enum: z.optional(z.array(z.string())),
          value: z.optional(z.string()),
          given: z.boolean(),
          placeholder: z.boolean(),
          hosts: z.optional(z.array(z.object({ url: z.string(), operations: z.number(), examples: z.array(z.string()) }))),
          location,
        }),
      ),
    }),
    { listed: [], variables: [] },
  ),
  weakDescriptions: z._default(z.array(z.object({ file: z.string(), message: z.string(), sameAs: z.optional(z.string()), location })), []),
  fitted: z._default(
    z.array(
      z.object({
        ...operation,
        file: z.string(),
        tool: z.string(),
        fits: z.boolean(),
        bytesBefore: z.number(),
        bytesAfter: z.number(),
        steps: z.array(z.object({ step: z.enum(['drop-examples', 'drop-nested-descriptions', 'first-sentence', 'replace-object']), pointer: z.string(), bytes: z.number() })),
        reason: z.optional(z.string()),
      }),
    ),
    [],
  ),
  warnings: z.array(problemSchema),
});
