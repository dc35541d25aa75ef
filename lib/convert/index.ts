/**
 * OpenAPI to skill (SPEC 4): `convertSpec` turns a loaded spec into the skill's files and
 * the import report; `formatReportSummary` writes the report as text.
 */
export { convertSpec } from './convert';
export { formatReportSummary, groupWarnings, FOLD_AT, SHARED_TYPE_REASONS } from './report';
export type {
  ConvertOptions,
  ConvertResult,
  DeclaredOperation,
  ImportReport,
  ProseOnlyOperation,
  ReportOperation,
  SharedTypeEntry,
  SkippedOperation,
  SpecInput,
  SpecLocation,
} from './model';
export { skillName, snakeCase, methodPathName } from './naming';
export { safeMarkdown } from './text';
export { specInputFromDocument } from './spec-input';
