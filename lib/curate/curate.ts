import { declaredSafety } from '../skill/operation-file';
import type { Problem } from '../core/problem';
import type { ConvertResult } from '../convert/model';
import { packageFiles, parseSkillPackage } from '../skill/package';
import { chooseOperations, type CurationChoices } from './choose';
import { removeOperations } from './remove';
import { curatedReport } from './report';

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
  const chosen = chooseOperations(subjects, choices, report.skipped.map((s) => s.path));
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
