import * as z from '../core/zod';
import type { Problem } from '../core/problem';
import { problemSchema } from '../core/problem-schema';
import type { ImportReport } from './model';
import { reportTargetsSchema, type ReportTargets } from '../targets/report-schema';
import { importReportSchema } from './report-schema';

/** The version of the report file's shape; raised when a field changes meaning or goes. */
export const REPORT_VERSION = 1;

/**
 * The import report as a file (SPEC 4.7): what the CLI's `--report` writes and the wizard's
 * download saves, one shape for both. The conversion's report, `loadProblems` (everything
 * said about the upload and the spec before conversion: a file left out of the upload, a
 * `$ref` refused, a validation error) and `publishProblems` (the generated package's rules).
 */
export const reportFileSchema = z.intersection(
  z.object({
    reportVersion: z.literal(REPORT_VERSION),
    loadProblems: z.array(problemSchema),
    publishProblems: z.array(problemSchema),
    // Added without a new version (a field added, none changed): absent from reports written before it.
    targets: z.optional(reportTargetsSchema),
  }),
  importReportSchema,
);

export type ReportFile = z.infer<typeof reportFileSchema>;

/**
 * The one builder of the report file (`reportFileSchema`), for the CLI and the wizard alike:
 * `targets` is the skill's token counts and fit per target as it is now (`buildReportTargets`).
 */
export function buildReportFile(report: ImportReport, loadProblems: readonly Problem[], publishProblems: readonly Problem[], targets: ReportTargets): ReportFile {
  return { reportVersion: REPORT_VERSION, ...report, loadProblems: [...loadProblems], publishProblems: [...publishProblems], targets };
}

/** The report file as its JSON text: two-space indent, a final newline. */
export function reportFileJson(file: ReportFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

export { FOLD_AT, fittedSummary, formatReportSummary, groupWarnings, SHARED_TYPE_REASONS, specPlace } from './summary';
