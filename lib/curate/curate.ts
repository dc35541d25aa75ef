import { declaredSafety } from '../skill/operation-file';
import type { Problem } from '../core/problem';
import type { ConvertResult, ImportReport, LeftOutOperation, ReportOperation } from '../convert/model';
import { packageFiles, parseSkillPackage } from '../skill/package';
import { chooseOperations, type CurationChoices } from './choose';
import { removeOperations } from './remove';

/**
 * The import report once operations are left out (SPEC 4.7): each goes from `declared` or
 * `proseOnly` to `leftOut` with its reasons, and the shared types pruned with them leave
 * `sharedTypes` (its weak descriptions leave `weakDescriptions`). The CLI's curated conversion and the wizard's report download write it.
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
    weakDescriptions: report.weakDescriptions.filter((w) => !leftOut.has(w.file)),
  };
}

/**
 * A conversion curated by the spec's facts (`convert --include-tags …`): the
 * operations the choices leave out are removed by `removeOperations`, the one function the
 * wizard removes with too, so the same choices there give the same files. `problems` are the
 * choices that matched nothing (warnings).
 */
export function curateConversion(result: ConvertResult, choices: CurationChoices): { result: ConvertResult; problems: Problem[] } {
  const { report } = result;
  const subjects = [
    ...report.declared.map((d) => {
      const declaration = result.read.get(d.file)?.declaration;
      return declaration ? { ...d, safetyInForce: declaredSafety(declaration) } : d;
    }),
    ...report.proseOnly,
  ];
  const chosen = chooseOperations(subjects, choices);
  if (chosen.leftOut.size === 0) return { result, problems: chosen.problems };
  const removal = removeOperations(parseSkillPackage({ folder: result.folder, files: result.files }, result.read), chosen.leftOut.keys());
  return {
    result: {
      folder: result.folder,
      files: packageFiles(removal.pkg).files,
      // Operation files the removal did not rewrite keep their model (parseSkillPackage checks each one's text).
      read: result.read,
      // Measured against the types.json the conversion wrote: once the removal prunes it, the rules measure again.
      converted: result.converted,
      report: curatedReport(report, chosen.leftOut, removal.prunedTypes.keys()),
    },
    problems: chosen.problems,
  };
}
