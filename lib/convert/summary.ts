/**
 * The import report as text (SPEC 4.7): what `convert` prints, and the pieces the wizard's
 * report view shares. Apart from report.ts (the report file and its zod schema), so printing
 * the summary loads no schema library.
 */
import { formatProblem, type Problem } from '../core/problem';
import { groupProblems } from '../core/problem-groups';
import { groupDigits } from '../core/numbers';
import { MAX_PARAMETERS_BYTES } from '../publish/expand';
import type { FitStepKind } from './fit';
import type { FittedOperation, ImportReport, SharedTypeEntry, SpecLocation } from './model';

/** Why a type is in types.json rather than written where it is used (SPEC 1.5), in the report's words. */
export const SHARED_TYPE_REASONS: Readonly<Record<SharedTypeEntry['why'], string>> = {
  shared: 'used by more than one operation',
  recursive: 'refers to itself',
  size: 'repeated or nested so deep inside one operation that inlining it would pass the size limit',
  fitted: 'a type as fitting trimmed it, the same in more than one fitted operation',
};

/** A warning given this many times with the same words is printed once, with its count. */
export const FOLD_AT = 4;
const SHOWN_PLACES = 3;

/** Warnings with the same code and message together, each group where its first one was. */
export function groupWarnings(warnings: readonly Problem[]): Problem[][] {
  return groupProblems(warnings).map((g) => g.problems);
}

const STEP_WORDS: Readonly<Record<FitStepKind, (count: number) => string>> = {
  'drop-examples': (c) => `examples dropped in ${c === 1 ? '1 argument' : `${c} arguments`}`,
  'drop-nested-descriptions': (c) => `nested descriptions dropped in ${c === 1 ? '1 argument' : `${c} arguments`}`,
  'first-sentence': (c) => `descriptions cut to their first sentence in ${c === 1 ? '1 argument' : `${c} arguments`}`,
  'replace-object': (c) => (c === 1 ? '1 object given only as `{"type":"object"}`, its fields in the prose' : `${c} objects given only as \`{"type":"object"}\`, their fields in the prose`),
};

/** What fitting did to one operation, in a line: the bytes, each kind of step with its count, the objects replaced. */
export function fittedSummary(f: FittedOperation): string {
  if (!f.fits) return `${groupDigits(f.bytesBefore)} bytes, and it cannot be fitted: ${f.reason ?? 'every step together is not enough'}`;
  const counts = new Map<FitStepKind, number>();
  for (const s of f.steps) counts.set(s.step, (counts.get(s.step) ?? 0) + 1);
  const replaced = f.steps.filter((s) => s.step === 'replace-object').map((s) => s.pointer);
  const shown = replaced.slice(0, 4).join(', ');
  const objects = replaced.length > 0 ? ` (${shown}${replaced.length > 4 ? ` and ${replaced.length - 4} more` : ''})` : '';
  return `${groupDigits(f.bytesBefore)} → ${groupDigits(f.bytesAfter)}; ${[...counts].map(([k, c]) => STEP_WORDS[k](c)).join('; ')}${objects}`;
}

/**
 * The operations the report counts, and, when path items could not be read, that their
 * operations are not among them: a spec that lost some is never summarised as a smaller API.
 */
export function operationsRead(report: Pick<ImportReport, 'operationCount' | 'unreadPathItems'>): string {
  const count = `${report.operationCount} ${report.operationCount === 1 ? 'operation' : 'operations'}`;
  const unread = report.unreadPathItems?.length ?? 0;
  if (unread === 0) return count;
  return `${count} read, and the operations of ${unread === 1 ? '1 path item' : `${unread} path items`} that could not be read`;
}

/** A place in the spec as the report writes it: `file:line`. */
export function specPlace(at: SpecLocation): string {
  return `${at.file}:${at.line ?? 1}`;
}

/** How much of each list the summary gives: all of it unless said otherwise. */
export interface SummaryOptions {
  /** A list longer than this shows its first `listed` items, then `more` of the rest. */
  listed?: number;
  /** The line for the items not shown; by default `… and N more`. */
  more?: (count: number) => string;
}

/**
 * The import report (SPEC 4.7) as text for the CLI: one summary line, then the prose-only
 * operations with their reasons, the skipped ones, the shared types and the warnings, each
 * with its place in the spec. A warning repeated with the same words (Stripe's optional
 * `expand` in 280 operations) is one line with its count; the report's data keeps every one.
 * With `listed`, a longer list gives its first items and a line for the rest (the CLI: 10 of
 * Kubernetes' 401 shared types, and where `--report` writes each).
 */
export function formatReportSummary(report: ImportReport, options: SummaryOptions = {}): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const skippedPaths = report.skipped.filter((s) => s.kind === 'method' || s.kind === 'invalid').length;
  const errors = report.warnings.filter((w) => w.severity === 'error').length;
  const lines = [
    `Imported ${JSON.stringify(report.source.title)} (${report.source.format}) as the skill \`${report.skill}\`: ` +
      `${operationsRead(report)}, ${report.declared.length} declared as tools, ${report.proseOnly.length} prose-only, ${skippedPaths} skipped` +
      `${report.leftOut.length > 0 ? `, ${report.leftOut.length} left out by curation` : ''}; ` +
      `${n(report.skipped.length - skippedPaths, 'webhook or callback', 'webhooks and callbacks')} not generated; ${n(report.sharedTypes.length, 'shared type')}; ${n(report.weakDescriptions.length, 'description', 'descriptions')} a model cannot choose by; ${errors > 0 ? `${n(errors, 'error')}, ` : ''}${n(report.warnings.length - errors, 'warning')}` +
      `${report.fitted.length > 0 ? `; ${n(report.fitted.filter((f) => f.fits).length, 'operation')} fitted to the size limit` : ''}.`,
  ];
  const listed = options.listed ?? Number.POSITIVE_INFINITY;
  /** A section's items, each a line; past `listed`, the first ones and what `more` says of the rest. */
  const list = <T>(items: readonly T[], line: (item: T) => string) => {
    const shown = items.length > listed ? items.slice(0, listed) : items;
    for (const item of shown) lines.push(`  ${line(item)}`);
    if (shown.length < items.length) lines.push(`  ${(options.more ?? ((count) => `… and ${count} more`))(items.length - shown.length)}`);
  };
  const unread = report.unreadPathItems ?? [];
  if (unread.length > 0) {
    lines.push('', 'Path items not read (their $ref does not resolve), so their operations are missing from the skill:');
    list(unread, (u) => `${u.path} ${specPlace(u.location)}: $ref ${JSON.stringify(u.ref)}`);
  }
  if (report.proseOnly.length > 0) {
    lines.push('', 'Prose-only (no operation block):');
    list(report.proseOnly, (p) => `${p.file} (${p.method} ${p.path}) ${specPlace(p.location)}: ${p.reasons.join('; ')}`);
  }
  if (report.fitted.length > 0) {
    lines.push('', `Fitted to the ${groupDigits(MAX_PARAMETERS_BYTES)}-byte limit (bytes of the published parameters, before and after):`);
    list(report.fitted, (f) => `${f.file} (${f.method} ${f.path}) ${specPlace(f.location)}: ${fittedSummary(f)}`);
  }
  if (report.leftOut.length > 0) {
    lines.push('', 'Left out by curation:');
    list(report.leftOut, (o) => `${o.file} (${o.method} ${o.path}) ${specPlace(o.location)}: ${o.reasons.join('; ')}`);
  }
  if (report.skipped.length > 0) {
    lines.push('', 'Skipped:');
    list(report.skipped, (s) => `${s.method} ${s.path} ${specPlace(s.location)}: ${s.reason}`);
  }
  if (report.sharedTypes.length > 0) {
    lines.push('', 'Shared types (types.json):');
    list(report.sharedTypes, (t) => `${t.name} ${specPlace(t.location)}: ${SHARED_TYPE_REASONS[t.why]}`);
  }
  if (report.weakDescriptions.length > 0) {
    lines.push('', 'Descriptions a model cannot choose by (description-quality):');
    list(report.weakDescriptions, (d) => `${d.file} ${specPlace(d.location)}: ${d.message}`);
  }
  if (report.warnings.length > 0) {
    lines.push('', errors > 0 ? 'Errors and warnings:' : 'Warnings:');
    for (const group of groupWarnings(report.warnings)) {
      const [first] = group;
      if (group.length < FOLD_AT) {
        for (const w of group) lines.push(`  ${formatProblem(w)}`);
        continue;
      }
      const places = group.slice(0, SHOWN_PLACES).map((w) => `${w.file}:${w.line ?? 1}`);
      lines.push(
        `  ${first.ruleId} (${first.severity}) ${first.message}: in ${group.length} places, ${places.join(', ')} and ${group.length - places.length} more`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
