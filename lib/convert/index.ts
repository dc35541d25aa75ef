/**
 * OpenAPI to skill (SPEC 4): `convertSpec` turns a loaded spec into the skill's files and
 * the import report; `formatReportSummary` writes the report as text.
 */
export { convertSpec } from './convert';
export { buildReportFile, REPORT_VERSION, reportFileJson, reportFileSchema, type ReportFile } from './report';
export { formatReportSummary, groupWarnings, FOLD_AT, SHARED_TYPE_REASONS } from './summary';
export type {
  ConvertOptions,
  ConvertResult,
  DeclaredOperation,
  ImportReport,
  ListedServer,
  ProseOnlyOperation,
  ReportOperation,
  SharedTypeEntry,
  ServersReport,
  ServerVariableEntry,
  SkippedOperation,
  SpecInput,
  SpecLocation,
  WeakDescription,
} from './model';
export { skillName, snakeCase, methodPathName } from './naming';
export { safeMarkdown } from './text';
export { specInputFromDocument } from './spec-input';
export { exampleDefault } from './servers';
export { importBlockers, missingFiles, type MissingFile } from './blockers';
