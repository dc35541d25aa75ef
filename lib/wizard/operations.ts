/**
 * Every operation of the open skill as one row each (the operations view): the spec's
 * facts from the import report (path, tags, operationId, deprecated; the skipped ones too)
 * joined with the files as they are now (method, tool name, description, state, problems,
 * published size), and the removed ones. Pure; the worker builds the rows on request.
 */
import { compareStrings } from '../core/entries';
import type { ImportReport, ReportOperation, SpecLocation } from '../convert/model';
import { publishOperation } from '../publish/publish';
import { declaredSafety, parseOperationFile, type OperationFile, type Safety } from '../skill/operation-file';
import type { SkillPackage } from '../skill/package';
import { firstParagraph } from '../skill/prose';
import { toolName } from '../publish/tool-name';
import { urlPath } from '../skill/url-template';
import { operationResources } from '../curate/resources';
import type { Problem } from '../core/problem';

/**
 * What became of an operation: a tool (`declared`; `fitted` when conversion cut its
 * parameters down to the size limit), a file without an operation block (`prose-only`), a file
 * with a publish error or whose tool does not publish (`error`, whatever else it is: what
 * blocks publishing is what a reviewer looks for first), or no file (`skipped`).
 */
export type OperationState = 'declared' | 'fitted' | 'prose-only' | 'error' | 'skipped';

export interface OperationRow {
  /** Unique among the rows: the operation file, or `METHOD path` for one without a file. */
  id: string;
  /** The operation file; absent for a skipped operation. */
  file?: string;
  method: string;
  /** The path template as the spec writes it; for a skill opened from a bundle, the URL's path. */
  path: string;
  operationId?: string;
  tags: string[];
  /** The path up to its first parameter, as curation groups operations (`operationResources`): what a spec without tags is filtered by. */
  resource: string;
  /** The published tool's name, for a file with an operation block. */
  tool?: string;
  /** The tool's description (the first paragraph of the prose), or why it was skipped. */
  summary: string;
  state: OperationState;
  /** The published tool's tokens for the chosen model: the page joins them from the token meter; absent until counted, or for a file that does not publish. */
  tokens?: number;
  /** Taken out of the skill, and can be put back. */
  removed: boolean;
  /** Removed because it is new in the spec the skill was updated to, and waits to be kept ("New in this version"). */
  waiting?: true;
  errors: number;
  warnings: number;
  /** The safety in force (SPEC 8.1), for a file with an operation block. */
  safety?: Safety;
  /** UTF-8 bytes of the published parameters (SPEC 2), when they expand within the limit. */
  bytes?: number;
  deprecated: boolean;
  /** Its place in the uploaded spec, for a generated skill. */
  location?: SpecLocation;
}

/** Each file's errors and warnings. */
export function countByFile(problems: readonly Problem[]): Map<string, { errors: number; warnings: number }> {
  const counts = new Map<string, { errors: number; warnings: number }>();
  for (const p of problems) {
    const c = counts.get(p.file) ?? { errors: 0, warnings: 0 };
    if (p.severity === 'error') c.errors++;
    else c.warnings++;
    counts.set(p.file, c);
  }
  return counts;
}

interface Facts {
  report?: ImportReport;
  /** Files removed from the skill, with their text. */
  removed: ReadonlyMap<string, { text: string; read?: OperationFile }>;
  problems: readonly Problem[];
  /** Removed files new in the last update, waiting to be kept. */
  waiting?: ReadonlySet<string>;
}

/**
 * The rows, in the spec's order (by place in the spec; a bundle's by file name), removed
 * ones included (`removed: true`).
 */
export function listOperations(pkg: SkillPackage, facts: Facts): OperationRow[] {
  const counts = countByFile(facts.problems);
  const spec = new Map<string, ReportOperation>();
  const { report } = facts;
  if (report) for (const o of [...report.declared, ...report.proseOnly, ...report.leftOut]) spec.set(o.file, o);
  // Fitted on import; a file restored to its full schema is generated again without the entry.
  const fitted = new Set(report?.fitted.filter((f) => f.fits).map((f) => f.file));

  const skill = typeof pkg.manifest?.data.name === 'string' ? pkg.manifest.data.name : pkg.folder;
  const rows: Omit<OperationRow, 'resource'>[] = [];
  const fromFile = (op: OperationFile, removed: boolean) => {
    const known = spec.get(op.file);
    const d = op.declaration;
    // A removed file is not published; its row says what it was.
    const publication = !removed && d ? publishOperation(pkg, op) : undefined;
    const { errors, warnings } = removed ? { errors: 0, warnings: 0 } : (counts.get(op.file) ?? { errors: 0, warnings: 0 });
    const bytes = publication?.expansion.ok ? publication.expansion.size : undefined;
    const fails = errors > 0 || (!removed && d !== undefined && !publication?.expansion.ok);
    const state: OperationState = fails ? 'error' : !d ? 'prose-only' : fitted.has(op.file) ? 'fitted' : 'declared';
    rows.push({
      id: op.file,
      file: op.file,
      method: d?.method ? d.method.toUpperCase() : (known?.method ?? ''),
      path: known?.path ?? (d?.url ? urlPath(d.url) : ''),
      operationId: known?.operationId,
      tags: known?.tags ?? [],
      tool: publication?.tool.name ?? (d ? toolName(skill, op.baseName) : undefined),
      summary: firstParagraph(op.prose),
      state,
      removed,
      ...(removed && facts.waiting?.has(op.file) ? { waiting: true as const } : {}),
      errors,
      warnings,
      ...(bytes === undefined ? {} : { bytes }),
      ...(d ? { safety: declaredSafety(d) } : {}),
      deprecated: known?.deprecated === true,
      ...(known ? { location: known.location } : {}),
    });
  };
  for (const op of pkg.operations) fromFile(op, false);
  for (const [file, gone] of facts.removed) fromFile(gone.read?.text === gone.text ? gone.read : parseOperationFile(file, gone.text), true);
  const ids = new Set<string>();
  for (const s of report?.skipped ?? []) {
    // Two callbacks may share a method and an expression: the second is `… (2)`.
    let id = `${s.method} ${s.path}`;
    for (let n = 2; ids.has(id); n++) id = `${s.method} ${s.path} (${n})`;
    ids.add(id);
    rows.push({
      id,
      method: s.method,
      path: s.path,
      operationId: s.operationId,
      tags: s.tags,
      summary: s.reason,
      state: 'skipped',
      removed: false,
      errors: 0,
      warnings: 0,
      deprecated: s.deprecated === true,
      location: s.location,
    });
  }
  const resources = operationResources(rows.map((r) => r.path));
  return rows.map((r): OperationRow => ({ ...r, resource: resources.get(r.path)! })).sort(
    (a, b) =>
      compareStrings(a.location?.file ?? '', b.location?.file ?? '') ||
      (a.location?.line ?? 0) - (b.location?.line ?? 0) ||
      (a.location?.column ?? 0) - (b.location?.column ?? 0) ||
      compareStrings(a.id, b.id),
  );
}
