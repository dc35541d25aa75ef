import { isPlainObject } from '../core/entries';
import { sameJson } from '../core/same-json';
import type { ConvertResult } from '../convert/model';
import { declaredSafety, parseOperationFile, type OperationFile } from '../skill/operation-file';
import type { FileConflict } from './merge-file';

/** The version of the update report's JSON shape. */
export const UPDATE_REPORT_VERSION = 1;

/** An operation of a generation, as the update matches it. */
export interface GeneratedOperation {
  file: string;
  method: string;
  path: string;
  operationId?: string;
}

export type ChangeKind =
  | 'argument-added'
  | 'argument-removed'
  | 'argument-renamed'
  | 'required'
  | 'optional'
  | 'type'
  | 'enum-removed'
  | 'enum-added'
  | 'safety'
  | 'declared'
  | 'not-declared';

/** A change to one operation, for its callers; `breaking` when a call valid before is refused now. */
export interface OperationChange {
  operation: string;
  kind: ChangeKind;
  argument?: string;
  from?: unknown;
  to?: unknown;
  breaking: boolean;
}

export interface ReportedOperation {
  /** The operation file's base name (the tool's name). */
  operation: string;
  method: string;
  path: string;
}

/** What an update changed (SPEC 9), as JSON. */
export interface UpdateReport {
  updateReportVersion: typeof UPDATE_REPORT_VERSION;
  from: { title: string; version: string };
  to: { title: string; version: string };
  /** Operations new in the newer spec: `kept` when the skill has them now (else they wait for the person). */
  added: (ReportedOperation & { kept: boolean })[];
  /** Operations in both whose tool name or URL template changed (matched by `operationId`, or a new name): `from` is the old one. */
  renamed: (ReportedOperation & { from: ReportedOperation })[];
  /** Operations gone from the newer spec that the skill had; `edited` when the person's text of it is kept for download. */
  removed: (ReportedOperation & { edited: boolean; breaking: true })[];
  /** Changes to operations in both, the skill's only (not those the person removed). */
  changes: OperationChange[];
  breaking: number;
  conflicts: { file: string; kind: FileConflict['kind']; where: string }[];
}

const base = (file: string) => file.replace(/\.md$/, '');

interface Argument {
  schema: unknown;
  required: boolean;
}

function argumentsOf(f: OperationFile | undefined): Map<string, Argument> | undefined {
  const schema = f?.declaration?.schema;
  if (!isPlainObject(schema)) return undefined;
  const props = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return new Map(Object.entries(props).map(([name, s]) => [name, { schema: s, required: required.has(name) }]));
}

/** An argument's schema without what a caller's values do not depend on. */
function shape(s: unknown): unknown {
  if (!isPlainObject(s)) return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (k !== 'description' && k !== 'examples' && k !== 'example' && k !== 'title') out[k] = isPlainObject(v) || Array.isArray(v) ? shapeDeep(v) : v;
  return out;
}
function shapeDeep(v: unknown): unknown {
  return Array.isArray(v) ? v.map(shapeDeep) : shape(v);
}

/** The types a schema allows, as written (`type`, or the type a `$ref` names). */
function typeOf(s: unknown): string[] {
  if (!isPlainObject(s)) return [];
  if (typeof s.$ref === 'string') return [s.$ref];
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === 'string');
  return [];
}

function enumOf(s: unknown): unknown[] | undefined {
  return isPlainObject(s) && Array.isArray(s.enum) ? s.enum : undefined;
}

/** The changes for callers between two texts of one operation: `before` as callers know it, `after` as it would be. */
export function compareOperation(name: string, before: OperationFile | undefined, after: OperationFile | undefined, out: OperationChange[]): void {
  const b = argumentsOf(before);
  const a = argumentsOf(after);
  if (b && !a) out.push({ operation: name, kind: 'not-declared', breaking: true });
  if (!b && a) out.push({ operation: name, kind: 'declared', breaking: false });
  if (before?.declaration && after?.declaration) {
    const sb = declaredSafety(before.declaration);
    const sa = declaredSafety(after.declaration);
    if (sb !== sa) out.push({ operation: name, kind: 'safety', from: sb, to: sa, breaking: false });
  }
  if (!b || !a) return;
  const removed = [...b.keys()].filter((k) => !a.has(k));
  const added = [...a.keys()].filter((k) => !b.has(k));
  // A renamed argument: one gone and one new of the same shape.
  for (const r of [...removed]) {
    const same = added.filter((n) => sameJson(shape(a.get(n)!.schema), shape(b.get(r)!.schema)));
    if (same.length === 1) {
      out.push({ operation: name, kind: 'argument-renamed', argument: same[0], from: r, to: same[0], breaking: true });
      removed.splice(removed.indexOf(r), 1);
      added.splice(added.indexOf(same[0]), 1);
    }
  }
  for (const r of removed) out.push({ operation: name, kind: 'argument-removed', argument: r, breaking: true });
  for (const n of added) out.push({ operation: name, kind: 'argument-added', argument: n, ...(a.get(n)!.required ? { to: 'required' } : {}), breaking: a.get(n)!.required });
  for (const [arg, was] of b) {
    const now = a.get(arg);
    if (!now) continue;
    if (!was.required && now.required) out.push({ operation: name, kind: 'required', argument: arg, breaking: true });
    if (was.required && !now.required) out.push({ operation: name, kind: 'optional', argument: arg, breaking: false });
    const tb = typeOf(was.schema);
    const ta = typeOf(now.schema);
    if (!sameJson(tb, ta)) out.push({ operation: name, kind: 'type', argument: arg, from: tb, to: ta, breaking: !(ta.length > 0 && tb.length > 0 && tb.every((t) => ta.includes(t))) && ta.length > 0 });
    const eb = enumOf(was.schema);
    const ea = enumOf(now.schema);
    const gone = ea === undefined ? [] : (eb ?? []).filter((v) => !ea.some((x) => sameJson(x, v)));
    const fresh = eb === undefined ? [] : (ea ?? []).filter((v) => !eb.some((x) => sameJson(x, v)));
    if ((eb === undefined && ea !== undefined) || gone.length > 0) out.push({ operation: name, kind: 'enum-removed', argument: arg, from: eb ?? null, to: ea, breaking: true });
    else if (fresh.length > 0 || (eb !== undefined && ea === undefined)) out.push({ operation: name, kind: 'enum-added', argument: arg, from: eb, to: ea ?? null, breaking: false });
  }
}

export function titleOf(r: ConvertResult): { title: string; version: string } {
  const m = /\n {2}source-title: (.*)\n(?: {2}source-version: (.*)\n)?/.exec(r.files.get('SKILL.md') ?? '');
  const unquote = (s: string | undefined) => (s === undefined ? '' : s.startsWith('"') ? (JSON.parse(s) as string) : s);
  return { title: unquote(m?.[1]), version: unquote(m?.[2]) };
}

/** The update report (SPEC 9): operations added and removed, and each change to the skill's operations, breaking ones marked. */
export function updateReport(input: {
  from: ConvertResult;
  to: ConvertResult;
  pairs: ReadonlyMap<string, string>;
  kept: (file: string) => boolean;
  handRemoved: ReadonlySet<string>;
  editedRemoved: readonly string[];
  conflicts: readonly ({ file: string } & FileConflict)[];
}): UpdateReport {
  const ops = (r: ConvertResult) => [...r.report.declared, ...r.report.proseOnly];
  const paired = new Set(input.pairs.values());
  const edited = new Set(input.editedRemoved);
  const read = (r: ConvertResult, file: string) => r.read.get(file) ?? (r.files.has(file) ? parseOperationFile(file, r.files.get(file)!) : undefined);
  const added = ops(input.to)
    .filter((o) => !paired.has(o.file))
    .map((o) => ({ operation: base(o.file), method: o.method, path: o.path, kept: input.kept(o.file) }));
  const removed = ops(input.from)
    .filter((o) => !input.pairs.has(o.file) && !input.handRemoved.has(o.file))
    .map((o) => ({ operation: base(o.file), method: o.method, path: o.path, edited: edited.has(o.file), breaking: true as const }));
  const newerByFile = new Map(ops(input.to).map((o) => [o.file, o]));
  const renamed: UpdateReport['renamed'] = [];
  for (const o of ops(input.from)) {
    const n = newerByFile.get(input.pairs.get(o.file) ?? '');
    if (!n || input.handRemoved.has(o.file)) continue;
    if (n.file !== o.file || n.method !== o.method || n.path.replace(/\{[^}]*\}/g, '{}') !== o.path.replace(/\{[^}]*\}/g, '{}')) {
      renamed.push({ operation: base(n.file), method: n.method, path: n.path, from: { operation: base(o.file), method: o.method, path: o.path } });
    }
  }
  const changes: OperationChange[] = [];
  for (const o of ops(input.from)) {
    const n = input.pairs.get(o.file);
    if (n === undefined || input.handRemoved.has(o.file)) continue;
    compareOperation(base(n), read(input.from, o.file), read(input.to, n), changes);
  }
  return {
    updateReportVersion: UPDATE_REPORT_VERSION,
    from: titleOf(input.from),
    to: titleOf(input.to),
    added,
    renamed,
    removed,
    changes,
    breaking: removed.length + changes.filter((c) => c.breaking).length,
    conflicts: input.conflicts.map((c) => ({ file: c.file, kind: c.kind, where: c.kind === 'lines' ? `line ${c.line}` : c.pointer })),
  };
}

const KIND_TEXT: Record<ChangeKind, string> = {
  'argument-added': 'argument added',
  'argument-removed': 'argument removed',
  'argument-renamed': 'argument renamed',
  required: 'now required',
  optional: 'now optional',
  type: 'type changed',
  'enum-removed': 'enum values removed',
  'enum-added': 'enum values added',
  safety: 'safety changed',
  declared: 'now declared as a tool',
  'not-declared': 'no longer declared as a tool',
};

/** The report as text, one line per fact, breaking ones marked `BREAKING`. */
export function formatUpdateReport(r: UpdateReport): string {
  const out: string[] = [];
  const ver = (v: { title: string; version: string }) => `${v.title}${v.version ? ` ${v.version}` : ''}`;
  out.push(`Update from ${ver(r.from)} to ${ver(r.to)}: ${r.added.length} operations added, ${r.removed.length} removed, ${r.changes.length} changed, ${r.breaking} breaking, ${r.conflicts.length} conflicts`);
  for (const a of r.added) out.push(`  added: ${a.operation} (${a.method} ${a.path})${a.kept ? '' : ' - new, not kept: the skill is curated by hand'}`);
  for (const x of r.renamed) out.push(`  renamed: ${x.from.operation} (${x.from.method} ${x.from.path}) -> ${x.operation} (${x.method} ${x.path})`);
  for (const x of r.removed) out.push(`  BREAKING removed: ${x.operation} (${x.method} ${x.path})${x.edited ? ' - you had edited it: your text is kept apart' : ''}`);
  for (const c of r.changes) {
    const what = c.kind === 'argument-renamed' ? `${String(c.from)} -> ${String(c.to)}` : [c.argument, c.from !== undefined || c.to !== undefined ? `${JSON.stringify(c.from ?? null)} -> ${JSON.stringify(c.to ?? null)}` : ''].filter(Boolean).join(' ');
    out.push(`  ${c.breaking ? 'BREAKING ' : ''}${c.operation}: ${KIND_TEXT[c.kind]}${what ? ` ${what}` : ''}`);
  }
  for (const c of r.conflicts) out.push(`  conflict: ${c.file} ${c.where}`);
  return out.join('\n') + '\n';
}
