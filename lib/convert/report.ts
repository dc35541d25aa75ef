import { formatProblem } from '../core/problem';
import type { ImportReport, SpecLocation } from './model';

function where(at: SpecLocation): string {
  return `${at.file}:${at.line ?? 1}`;
}

/**
 * The import report (SPEC 4.7) as text for the CLI: one summary line, then the prose-only
 * operations with their reasons, the skipped ones, the shared types and the warnings, each
 * with its place in the spec.
 */
export function formatReportSummary(report: ImportReport): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const skippedPaths = report.skipped.filter((s) => s.kind === 'method' || s.kind === 'invalid').length;
  const lines = [
    `Imported ${JSON.stringify(report.source.title)} (${report.source.format}) as the skill \`${report.skill}\`: ` +
      `${n(report.operationCount, 'operation')}, ${report.declared.length} declared as tools, ${report.proseOnly.length} prose-only, ${skippedPaths} skipped; ` +
      `${n(report.skipped.length - skippedPaths, 'webhook or callback', 'webhooks and callbacks')} not generated; ${n(report.sharedTypes.length, 'shared type')}; ${n(report.warnings.length, 'warning')}.`,
  ];
  if (report.proseOnly.length > 0) {
    lines.push('', 'Prose-only (no operation block):');
    for (const p of report.proseOnly) lines.push(`  ${p.file} (${p.method} ${p.path}) ${where(p.location)}: ${p.reasons.join('; ')}`);
  }
  if (report.skipped.length > 0) {
    lines.push('', 'Skipped:');
    for (const s of report.skipped) lines.push(`  ${s.method} ${s.path} ${where(s.location)}: ${s.reason}`);
  }
  if (report.sharedTypes.length > 0) {
    lines.push('', 'Shared types (types.json):');
    for (const t of report.sharedTypes) {
      const why = t.why === 'recursive' ? 'refers to itself' : t.why === 'size' ? 'repeated inside one operation past the size limit' : 'used by more than one operation';
      lines.push(`  ${t.name} ${where(t.location)}: ${why}`);
    }
  }
  if (report.warnings.length > 0) {
    lines.push('', 'Warnings:');
    for (const w of report.warnings) lines.push(`  ${formatProblem(w)}`);
  }
  return `${lines.join('\n')}\n`;
}
