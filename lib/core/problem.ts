import { compareStrings } from './entries';

/** One problem shape everywhere: rules, parse errors, import report, CLI output. */
export type Severity = 'error' | 'warning';

export interface Problem {
  /** Rule id (SPEC 5) or a loader/parser code such as `yaml-syntax`, `ref-outside-upload`. */
  ruleId: string;
  severity: Severity;
  message: string;
  /** Path of the file the problem is in, relative to the skill folder or the upload root. */
  file: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  /** JSON pointer into the file's data (a spec, a types.json, a frontmatter). */
  pointer?: string;
  /** A `$ref` naming a file the upload does not hold (`ref-unresolved`): that file, as a path in the upload. */
  missingFile?: string;
}

export function problem(
  ruleId: string,
  severity: Severity,
  message: string,
  file: string,
  at?: { line?: number; column?: number; pointer?: string },
): Problem {
  const p: Problem = { ruleId, severity, message, file };
  if (at?.line !== undefined) p.line = at.line;
  if (at?.column !== undefined) p.column = at.column;
  if (at?.pointer !== undefined) p.pointer = at.pointer;
  return p;
}

/** Stable order: file, line, column, rule id, message. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      compareStrings(a.file, b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compareStrings(a.ruleId, b.ruleId) ||
      compareStrings(a.message, b.message),
  );
}

export function formatProblem(p: Problem): string {
  const loc = `${p.file}:${p.line ?? 1}:${p.column ?? 1}`;
  return `${loc} ${p.ruleId} ${p.severity === 'warning' ? '(warning) ' : ''}${p.message}`;
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
