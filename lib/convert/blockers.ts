import { problem, type Problem } from '../core/problem';
import type { ImportReport } from './model';

/** The loader's codes for a `$ref` that does not lead anywhere (lib/openapi/resolve). */
export const UNRESOLVED = new Set(['ref-unresolved', 'ref-outside-upload', 'ref-invalid']);

/** A file the spec's `$ref`s name that the upload does not hold, with every reference that needs it. */
export interface MissingFile {
  /** Its path in the upload. */
  file: string;
  /** The `ref-unresolved` problems of the references naming it, each at its `$ref`, in the order given. */
  refs: Problem[];
  /** Why it is not there when it was looked for and could not be read (fetched by address, or read by the CLI): `referenced-file-unread`. */
  unread?: Problem;
}

/**
 * The files the spec's `$ref`s name that the upload does not hold,
 * in the order their first reference comes, read from the problems' `missingFile`.
 */
export function missingFiles(loadProblems: readonly Problem[]): MissingFile[] {
  const byFile = new Map<string, MissingFile>();
  for (const p of loadProblems) {
    if (p.missingFile === undefined) continue;
    const known = byFile.get(p.missingFile);
    if (known) known.refs.push(p);
    else byFile.set(p.missingFile, { file: p.missingFile, refs: [p] });
  }
  for (const p of loadProblems) {
    const m = p.ruleId === 'referenced-file-unread' ? byFile.get(p.file) : undefined;
    if (m) m.unread = p;
  }
  return [...byFile.values()];
}

/** Where a problem is, as `file:line`. */
const place = (p: Problem) => `${p.file}:${p.line ?? 1}`;

/** The files named in a message, each with its first `$ref`: a few, then how many more. */
const MISSING_NAMED = 5;

/** How the user says to go on without what unresolved references name, in the CLI and the wizard. */
export const GO_ON_WITHOUT = '--without-unresolved, or the wizard\'s "Go on without them"';

/** Blockers the user may lift, each a choice they make knowing what it costs. */
export interface BlockerChoices {
  /**
   * Go on without what the spec's unresolved references name (operations, fields, bodies):
   * the skill is then publishable as far as they go, the report still naming each.
   */
  withoutUnresolved?: boolean;
}

/**
 * Why a generated skill is not publishable even where its files pass every publish rule,
 * each an error naming where: the spec's references that do not resolve (the
 * operations that use them are incomplete: a field, a parameter or a whole body is
 * missing; each file the upload lacks is named with the `$ref` that needs it), a spec with
 * no operations (nothing to call), and the import report's own errors (a server variable
 * the URLs cannot do without). The CLI's `convert` exits 1 for any of them, and the wizard
 * does not call such a skill publishable. Unresolved references are the one blocker the
 * user may lift (`choices.withoutUnresolved`): what they lose is named, and it may be all
 * they can get (a vendor's file that is not public).
 */
export function importBlockers(report: ImportReport, loadProblems: readonly Problem[], choices: BlockerChoices = {}): Problem[] {
  const out: Problem[] = [];
  const entry = report.source.entry;
  const unresolved = loadProblems.filter((p) => UNRESOLVED.has(p.ruleId));
  if (unresolved.length > 0 && choices.withoutUnresolved !== true) {
    const [first] = unresolved;
    const missing = missingFiles(unresolved);
    const more = unresolved.length === 1 ? 'A reference in the spec does not resolve' : `${unresolved.length} references in the spec do not resolve`;
    const named = missing.slice(0, MISSING_NAMED).map((m) => `${m.file} (the $ref at ${place(m.refs[0])}${m.refs.length > 1 ? ` and ${m.refs.length - 1} more` : ''})`);
    const rest = missing.length > MISSING_NAMED ? `, and ${missing.length - MISSING_NAMED} more` : '';
    // One reference names its file and place already; more are listed, each file with its first $ref.
    const list = unresolved.length > 1 ? `: ${named.join(', ')}${rest}` : '';
    const fix = missing.length > 0 ? `: upload the spec's folder with ${missing.length === 1 ? 'the file it names' : `the ${missing.length} files they name`}${list}` : '';
    const unread = report.unreadPathItems?.length ?? 0;
    const lost = unread === 0 ? '' : `; the operations of ${unread === 1 ? '1 path item' : `${unread} path items`} (${report.unreadPathItems!.slice(0, MISSING_NAMED).map((u) => u.path).join(', ')}${unread > MISSING_NAMED ? ', …' : ''}) are missing from the skill`;
    out.push(
      problem(
        'unresolved-references',
        'error',
        `${more} (${place(first)}: ${first.message}), so what uses ${unresolved.length === 1 ? 'it' : 'them'} is incomplete${lost}${fix}; or go on without ${unresolved.length === 1 ? 'it' : 'them'} (${GO_ON_WITHOUT})`,
        first.file,
        { line: first.line, column: first.column, pointer: first.pointer },
      ),
    );
  }
  if (report.operationCount === 0) out.push(problem('no-operations', 'error', 'The spec has no operations under `paths`: the skill has nothing to call', entry));
  for (const e of report.warnings) if (e.severity === 'error') out.push(e);
  return out;
}
