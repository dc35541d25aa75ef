import type { SessionSummary } from '../../../lib/wizard/session';

/** `1 file`, `3 files`. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The skill's status line: files, tools, errors, warnings, and the edited files when there are any. */
export function skillCounts(summary: SessionSummary): string {
  const edited = summary.files.filter((f) => f.edited).length;
  const parts = [count(summary.files.length, 'file'), count(summary.tools, 'tool'), count(summary.errors, 'error'), count(summary.warnings, 'warning')];
  if (edited > 0) parts.push(`${edited} edited`);
  return parts.join(' · ');
}

/** The operations by safety (SPEC 8.1), `4 safe · 1 idempotent · 0 unsafe`; undefined when none has an operation block. */
export function safetyCounts(summary: SessionSummary): string | undefined {
  const { safe, idempotent, unsafe } = summary.safety;
  return safe + idempotent + unsafe === 0 ? undefined : `${safe} safe · ${idempotent} idempotent · ${unsafe} unsafe`;
}

/** A size in decimal megabytes, one decimal: `4.2 MB`. */
export function megabytes(chars: number): string {
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}

/** A count of bytes as a person reads it: `512 bytes`, `12.3 KB`, `4.2 MB` (decimal). */
export function byteSize(bytes: number): string {
  if (bytes < 1_000) return count(bytes, 'byte');
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} KB`;
  return megabytes(bytes);
}

/** What the drafts list says of a draft: its tools and files, its edits and whether they are in a downloaded bundle. */
export function draftFacts(info: { files: number; tools?: number; edited: number; changedAt: number; downloadedAt?: number }): string {
  const parts = info.tools === undefined ? [] : [count(info.tools, 'tool')];
  parts.push(count(info.files, 'file'));
  if (info.edited === 0) parts.push('no edits');
  else {
    parts.push(`${info.edited} edited`);
    parts.push(info.downloadedAt !== undefined && info.downloadedAt >= info.changedAt ? 'every edit in a downloaded bundle' : 'edits not in a downloaded bundle yet');
  }
  return parts.join(' · ');
}

/** The API a draft is of, as the list names it: `Stripe API 2024-06-20`; undefined for a draft that records neither. */
export function draftApi(info: { title?: string; specVersion?: string }): string | undefined {
  if (info.title === undefined) return info.specVersion === undefined ? undefined : `version ${info.specVersion}`;
  return info.specVersion === undefined ? info.title : `${info.title} ${info.specVersion}`;
}

/** Where a draft's skill came from and when: `generated from stripe.json on 6 Dec 2026, 23:04`; a bundle's `opened from a.zip`. */
export function draftSource(info: { origin: { kind: 'spec' | 'bundle'; name: string }; generatedAt?: number }, when: (ms: number) => string): string {
  if (info.origin.kind === 'bundle') return `opened from ${info.origin.name}`;
  return info.generatedAt === undefined ? `generated from ${info.origin.name}` : `generated from ${info.origin.name} on ${when(info.generatedAt)}`;
}
