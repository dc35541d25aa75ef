import type { ImportReport, LeftOutOperation, ReportOperation, SpecLocation, WeakDescription } from '../convert/model';
import type { Problem } from '../core/problem';
import { pointerWithin } from '../core/json-pointer';
import { clashMessageNaming } from '../rules/description-quality';

/**
 * The import report once operations are left out (SPEC 4.7): each goes from `declared` or
 * `proseOnly` to `leftOut` with its reasons, and the shared types pruned with them leave
 * `sharedTypes` (its weak descriptions leave `weakDescriptions`, its fitting `fitted`, and
 * the warnings placed inside it or inside those types leave `warnings`). The CLI's curated
 * conversion and the wizard's report download write it.
 * A tool whose description was the same as a left-out one's names another that is still
 * in the skill, or leaves `weakDescriptions` when none is.
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
  const sharedTypes = report.sharedTypes.filter((t) => !pruned.has(t.name));
  const gone = [...out.map((o) => o.location), ...report.sharedTypes.filter((t) => pruned.has(t.name)).map((t) => t.location)];
  const kept = [...declared, ...proseOnly, ...sharedTypes].map((k) => k.location);
  return {
    ...report,
    declared,
    proseOnly,
    leftOut: out,
    sharedTypes,
    fitted: report.fitted.filter((f) => !leftOut.has(f.file)),
    weakDescriptions: keptWeakDescriptions(report.weakDescriptions, leftOut),
    warnings: report.warnings.filter((w) => !gone.some((place) => within(w, place)) || kept.some((place) => within(w, place))),
  };
}

/**
 * Whether a warning is placed inside the operation or type at `place`: in its file, at its
 * pointer or below it (a whole file, for an operation that is its file's root). A warning
 * elsewhere (a schema an operation uses but that is not a shared type, the servers) cannot
 * be told to be a left-out operation's alone, and stays.
 */
function within(warning: Problem, place: SpecLocation): boolean {
  if (warning.file !== place.file) return false;
  return pointerWithin(warning.pointer ?? '', place.pointer);
}

/**
 * The weak descriptions of the tools still in the skill. Tools whose descriptions are the
 * same are one clash, joined by `sameAs`, as `descriptionFindings` names them: the first one
 * names the second, and every later one names the first. Told again among the tools kept.
 */
function keptWeakDescriptions(weak: readonly WeakDescription[], leftOut: ReadonlyMap<string, readonly string[]>): WeakDescription[] {
  const order = new Map(weak.map((w, i) => [w.file, i]));
  // Each `sameAs` joins a tool to the first of its clash, or the first to the second: the earlier of the two is the first.
  const firstOf = (file: string, sameAs: string) => ((order.get(sameAs) ?? Infinity) < order.get(file)! ? sameAs : file);
  const kept = new Map<string, string[]>();
  for (const w of weak) {
    if (w.sameAs === undefined || leftOut.has(w.file)) continue;
    const first = firstOf(w.file, w.sameAs);
    const files = kept.get(first);
    if (files) files.push(w.file);
    else kept.set(first, [w.file]);
  }
  const out: WeakDescription[] = [];
  for (const w of weak) {
    if (leftOut.has(w.file)) continue;
    if (w.sameAs === undefined || !leftOut.has(w.sameAs)) {
      out.push(w);
      continue;
    }
    const files = kept.get(firstOf(w.file, w.sameAs))!;
    if (files.length < 2) continue;
    const sameAs = files[0] === w.file ? files[1] : files[0];
    out.push({ ...w, message: clashMessageNaming(w.message, w.sameAs, sameAs), sameAs });
  }
  return out;
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
