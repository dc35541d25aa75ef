/**
 * Keys of an operation block the wizard sets for the person (SPEC 8.1): `safety` in bulk from
 * the operations view, `pick` from the Call tab's "Keep only these fields". Each is an edit of
 * the file's text (`setOperationKey`: everything else in the file stays as it was), checked by
 * the rules like any other edit.
 */
import { problem, type Problem } from '../core/problem';
import { MANIFEST_FILE } from '../skill/manifest';
import { setManifestMetadata, setOperationKey } from '../skill/operation-edit';
import { WITHOUT_UNRESOLVED_METADATA } from '../rules/verdict';
import { methodSafety, SAFETY_VALUES, type Safety } from '../skill/operation-file';
import { editFile, fileText, type WizardSession } from './session';

/** A file's `safety` as the wizard writes it: a value, or null for none (the method's default, SPEC 8.1). */
export type SafetyMark = [path: string, safety: Safety | null];

/**
 * What "Mark safe / idempotent / unsafe" writes for each operation: the value, or no key
 * when the value is the method's default (a generated file writes `safety` only where it
 * differs, and a `GET` marked safe is left as generated).
 */
export function safetyMarks(rows: readonly { file?: string; method: string }[], safety: Safety): SafetyMark[] {
  return rows.filter((r) => r.file !== undefined && r.method !== '').map((r): SafetyMark => [r.file!, methodSafety(r.method) === safety ? null : safety]);
}

export interface SafetySet {
  session: WizardSession;
  /** Each file changed, with what it held before: marking these again undoes the change. */
  previous: SafetyMark[];
  /** The files left as they were, each with why: the `safety` rule's error (`PUT` may not be `unsafe`), or a file that cannot take the key. */
  refused: Problem[];
}

/**
 * The session with each file's `safety` set. A file the `safety` rule would then find in
 * error (a `PUT` or `DELETE` marked `unsafe`) is left as it was, the rule's message saying
 * why; the others are changed.
 */
export function setSafety(session: WizardSession, marks: readonly SafetyMark[]): SafetySet {
  let next = session;
  const previous: SafetyMark[] = [];
  const refused: Problem[] = [];
  for (const [path, safety] of marks) {
    const op = next.pkg.operations.find((o) => o.file === path);
    const text = fileText(next, path);
    if (!op?.declaration || text === undefined) {
      refused.push(problem('safety', 'error', `${path} has no \`operation:\` block to mark`, path));
      continue;
    }
    const raw = op.declaration.raw.safety;
    const before: Safety | null = typeof raw === 'string' && (SAFETY_VALUES as readonly string[]).includes(raw) ? (raw as Safety) : null;
    if (before === safety && (safety !== null || raw === undefined)) continue;
    const written = setOperationKey(path, text, 'safety', safety ?? undefined);
    if (!written.ok) {
      refused.push(...written.problems);
      continue;
    }
    const edited = editFile(next, path, written.value);
    const error = edited.check.problems.find((p) => p.file === path && p.ruleId === 'safety' && p.severity === 'error');
    if (error) {
      refused.push(error);
      continue;
    }
    next = edited;
    previous.push([path, before]);
  }
  return { session: next, previous, refused };
}

/**
 * The session with a file's `pick` set to these fields, in the order given; none takes
 * the key out (the whole response goes to the model). Refused when the file cannot take it.
 */
export function setPick(session: WizardSession, path: string, pick: readonly string[]): { session: WizardSession; refused: Problem[] } {
  const text = fileText(session, path);
  if (text === undefined) return { session, refused: [problem('pick', 'error', `${path} is not a file of the open skill`, path)] };
  const written = setOperationKey(path, text, 'pick', pick.length === 0 ? undefined : pick);
  if (!written.ok) return { session, refused: written.problems };
  return { session: written.value === text ? session : editFile(session, path, written.value), refused: [] };
}

/**
 * The session with SKILL.md's `source-without-unresolved` set (`"true"`: the user goes on
 * without what the spec's unresolved references name) or taken out: the choice the verdict
 * reads (`skillVerdict`), so the exported skill carries it and `validate` agrees. An edit of
 * SKILL.md's text like any other, every other byte kept; refused when the file cannot take it.
 */
export function setWithoutUnresolved(session: WizardSession, on: boolean): { session: WizardSession; refused: Problem[] } {
  const text = fileText(session, MANIFEST_FILE);
  if (text === undefined) return { session, refused: [problem('frontmatter', 'error', `The skill has no ${MANIFEST_FILE} to record the choice in`, MANIFEST_FILE)] };
  const written = setManifestMetadata(MANIFEST_FILE, text, WITHOUT_UNRESOLVED_METADATA, on ? 'true' : undefined);
  if (!written.ok) return { session, refused: written.problems };
  return { session: written.value === text ? session : editFile(session, MANIFEST_FILE, written.value), refused: [] };
}
