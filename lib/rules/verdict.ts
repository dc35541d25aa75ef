import { isPlainObject } from '../core/entries';
import { problem, type Problem } from '../core/problem';

/**
 * SKILL.md's `metadata` key holding how many of the spec's references did not resolve when
 * the skill was generated (absent when all did): what used them (a field, a body, whole
 * operations) is missing from the skill, which its files alone cannot show.
 */
export const UNRESOLVED_METADATA = 'source-unresolved-references';
/** Present (`"true"`) when the user chose to go on without what those references name. */
export const WITHOUT_UNRESOLVED_METADATA = 'source-without-unresolved';

/** The skill's verdict, the one every command and the wizard show. */
export interface Verdict {
  /** `publishable`: no error and nothing held against the spec; `spec`: the skill's files pass, the spec it came from does not; `skill`: the skill has errors. */
  kind: 'publishable' | 'spec' | 'skill';
  /** The skill's own errors (publish rules). */
  errors: Problem[];
  /** Problems of the spec the skill was generated from, each named as the spec's. */
  spec: Problem[];
}

/**
 * One verdict for "publishable": the publish rules' errors make the skill unpublishable;
 * past them, the spec's unresolved references recorded in SKILL.md's metadata hold it back
 * (kind `spec`, an error about the spec) until the user goes on without them, when they stay
 * a warning about the spec. `convert`, `validate`, `tools` and the wizard read the same
 * files, so they give the same verdict.
 */
export function skillVerdict(problems: readonly Problem[], manifestData: Record<string, unknown> | undefined): Verdict {
  const errors = problems.filter((p) => p.severity === 'error');
  const spec = specProblems(manifestData);
  const kind = errors.length > 0 ? 'skill' : spec.some((p) => p.severity === 'error') ? 'spec' : 'publishable';
  return { kind, errors, spec };
}

/** The spec's problems SKILL.md's metadata records. */
export function specProblems(manifestData: Record<string, unknown> | undefined): Problem[] {
  const metadata = manifestData?.metadata;
  if (!isPlainObject(metadata)) return [];
  const raw = metadata[UNRESOLVED_METADATA];
  const count = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : 0;
  if (count === 0) return [];
  const accepted = metadata[WITHOUT_UNRESOLVED_METADATA] === 'true';
  const what = count === 1 ? 'a reference that does not resolve' : `${count} references that do not resolve`;
  const lost = `what ${count === 1 ? 'it names' : 'they name'} (fields, bodies, whole operations) is missing from the skill`;
  return [
    problem(
      'spec-unresolved-references',
      accepted ? 'warning' : 'error',
      accepted
        ? `The spec this skill was generated from has ${what}, and it was generated without them: ${lost}`
        : `The spec this skill was generated from has ${what}: ${lost}; generate it again from the spec's whole folder, or go on without ${count === 1 ? 'it' : 'them'}`,
      'SKILL.md',
      { line: 1, column: 1 },
    ),
  ];
}
