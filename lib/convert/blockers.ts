import { problem, type Problem } from '../core/problem';
import type { ImportReport } from './model';

/** The loader's codes for a `$ref` that does not lead anywhere (lib/openapi/resolve). */
const UNRESOLVED = new Set(['ref-unresolved', 'ref-outside-upload', 'ref-invalid']);

/** A `ref-unresolved` problem that names a file the upload does not hold (`no file "x.yaml" in the upload`). */
export const MISSING_FILE = /no file "([^"]+)" in the upload/;

/**
 * Why a generated skill is not publishable even where its files pass every publish rule
 * (issue 8.6), each an error naming where: the spec's references that do not resolve (the
 * operations that use them are incomplete: a field, a parameter or a whole body is
 * missing), a spec with no operations (nothing to call), and the import report's own errors
 * (a server variable the URLs cannot do without). The CLI's `convert` exits 1 for any of
 * them, and the wizard does not call such a skill publishable.
 */
export function importBlockers(report: ImportReport, loadProblems: readonly Problem[]): Problem[] {
  const out: Problem[] = [];
  const entry = report.source.entry;
  const unresolved = loadProblems.filter((p) => UNRESOLVED.has(p.ruleId));
  if (unresolved.length > 0) {
    const [first] = unresolved;
    const missing = new Set(unresolved.map((p) => MISSING_FILE.exec(p.message)?.[1]).filter((f) => f !== undefined));
    const more = unresolved.length === 1 ? 'A reference in the spec does not resolve' : `${unresolved.length} references in the spec do not resolve`;
    const fix = missing.size > 0 ? `: upload the spec's folder with ${missing.size === 1 ? 'the file it names' : `the ${missing.size} files they name`}` : '';
    out.push(problem('unresolved-references', 'error', `${more} (${first.file}:${first.line ?? 1}: ${first.message}), so what uses ${unresolved.length === 1 ? 'it' : 'them'} is incomplete${fix}`, first.file, { line: first.line, column: first.column, pointer: first.pointer }));
  }
  if (report.operationCount === 0) out.push(problem('no-operations', 'error', 'The spec has no operations under `paths`: the skill has nothing to call', entry));
  for (const e of report.warnings) if (e.severity === 'error') out.push(e);
  return out;
}
