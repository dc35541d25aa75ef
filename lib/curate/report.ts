import type { ImportReport, LeftOutOperation, ReportOperation } from '../convert/model';

/**
 * The import report once operations are left out (SPEC 4.7): each goes from `declared` or
 * `proseOnly` to `leftOut` with its reasons, and the shared types pruned with them leave
 * `sharedTypes` (its weak descriptions leave `weakDescriptions`, its fitting `fitted`). The CLI's curated conversion and the wizard's report download write it.
 */
export function curatedReport(report: ImportReport, leftOut: ReadonlyMap<string, readonly string[]>, prunedTypes: Iterable<string> = []): ImportReport {
  if (leftOut.size === 0) return report;
  const pruned = new Set(prunedTypes);
  const out: LeftOutOperation[] = [...report.leftOut];
  const take = <T extends ReportOperation & { file: string }>(entries: readonly T[], was: LeftOutOperation['was']): T[] =>
    entries.filter((e) => {
      const reasons = leftOut.get(e.file);
      if (!reasons) return true;
      const { method, path, operationId, tags, deprecated, location, file } = e;
      out.push({ method, path, operationId, tags, ...(deprecated ? { deprecated } : {}), location, file, was, reasons: [...reasons] });
      return false;
    });
  const declared = take(report.declared, 'declared');
  const proseOnly = take(report.proseOnly, 'prose-only');
  return {
    ...report,
    declared,
    proseOnly,
    leftOut: out,
    sharedTypes: report.sharedTypes.filter((t) => !pruned.has(t.name)),
    fitted: report.fitted.filter((f) => !leftOut.has(f.file)),
    weakDescriptions: report.weakDescriptions.filter((w) => !leftOut.has(w.file)),
  };
}

/** Why the report lists an operation removed in the wizard as left out. */
export const REMOVED_REASON = 'it was removed in the wizard';

/**
 * The import report of a skill curated in the wizard (SPEC 4.7): the operations removed
 * there moved to `leftOut`, and the types that went with them out of `sharedTypes`, as the
 * CLI's curation writes it. The report view draws it from the session's summary; the report
 * download writes it.
 */
export function reportAsCurated(report: ImportReport, removed: readonly string[], prunedTypes: readonly string[] = []): ImportReport {
  return curatedReport(report, new Map(removed.map((file) => [file, [REMOVED_REASON]])), prunedTypes);
}
