/**
 * The wizard's messages between the page and its worker, checked on arrival: a
 * worker's reply is data from another realm, and a request is whatever was posted to it.
 * The types are `service.ts`'s; these schemas must accept exactly them, which the
 * annotations make the compiler check.
 */
import * as z from '../core/zod';
import { SAFETY_VALUES } from '../skill/operation-file';
import { problemSchema } from '../core/problem-schema';
import { importReportSchema, specLocationSchema } from '../convert/report-schema';
import type { BodyCheck, HttpRequest } from '../call';
import type { Result } from '../core/result';
import type { UpdatePreview, WizardReply, WizardRequest } from './service';
import type { UpdateReport } from '../update/report';
import type { TargetDetail, TargetRow, TokensView } from './target-fit';
import type { SessionSummary, ToolPreview } from './session';
import type { OperationRow } from './operations';
import type { ResponsePreview } from './response-preview';

export { describeIssues } from '../core/describe-issues';

const bytes = z.instanceof(Uint8Array);
const options = z.object({
  name: z.optional(z.string()),
  baseUrl: z.optional(z.string()),
  // The values of server variables by name, and which of several servers.
  serverVariables: z.optional(z.record(z.string(), z.string())),
  server: z.optional(z.string()),
});
const path = z.string();
const upload = z.object({ name: z.string(), kind: z.enum(['files', 'folder']), entries: z.array(z.object({ path, bytes })), problems: z.optional(z.array(problemSchema)) });

export const wizardRequestSchema: z.ZodMiniType<WizardRequest> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('convert'), upload, options }),
  z.object({ type: z.literal('update'), upload, from: z.optional(upload), review: z.optional(z.boolean()) }),
  z.object({ type: z.literal('apply-update'), settled: z.array(z.tuple([path, z.string()])) }),
  z.object({ type: z.literal('undo-update') }),
  z.object({ type: z.literal('regenerate'), options }),
  z.object({ type: z.literal('open-bundle'), name: z.string(), bytes }),
  z.object({ type: z.literal('edit'), path, version: z.number(), text: z.string() }),
  z.object({ type: z.literal('revert'), path }),
  z.object({ type: z.literal('file'), path }),
  z.object({ type: z.literal('tool'), path }),
  z.object({ type: z.literal('call'), path, args: z.string(), baseUrl: z.optional(z.string()) }),
  z.object({ type: z.literal('check-answer'), path, status: z.number(), body: z.string() }),
  z.object({ type: z.literal('export'), tools: z.boolean(), readOnly: z.optional(z.boolean()) }),
  // Checked by `restoreSession` itself.
  z.object({ type: z.literal('restore'), snapshot: z.unknown(), upload: z.optional(z.unknown()) }),
  z.object({ type: z.literal('spec-file'), path }),
  z.object({ type: z.literal('exported'), path }),
  z.object({ type: z.literal('operations') }),
  z.object({ type: z.literal('remove'), paths: z.array(path), waiting: z.optional(z.literal(true)) }),
  z.object({ type: z.literal('put-back'), paths: z.array(path) }),
  z.object({ type: z.literal('set-safety'), files: z.array(z.tuple([path, z.nullable(z.enum(SAFETY_VALUES))])) }),
  z.object({ type: z.literal('set-pick'), path, pick: z.array(z.string()) }),
  z.object({ type: z.literal('set-without-unresolved'), on: z.boolean() }),
  z.object({ type: z.literal('response'), path }),
  z.object({ type: z.literal('full-schema'), path }),
  z.object({ type: z.literal('tokens'), model: z.optional(z.string()) }),
  z.object({ type: z.literal('compat') }),
  z.object({ type: z.literal('compat-detail'), target: z.string() }),
  z.object({ type: z.literal('target-tools'), target: z.string() }),
  z.object({ type: z.literal('report') }),
  z.object({ type: z.literal('gpt-actions'), readOnly: z.optional(z.boolean()) }),
]);

const origin = z.object({ kind: z.enum(['spec', 'bundle']), name: z.string() });

export const sessionSummarySchema: z.ZodMiniType<SessionSummary> = z.object({
  folder: z.string(),
  origin,
  files: z.array(
    z.object({
      path,
      kind: z.enum(['manifest', 'types', 'operation', 'other']),
      declared: z.boolean(),
      errors: z.number(),
      warnings: z.number(),
      edited: z.boolean(),
    }),
  ),
  problems: z.array(problemSchema),
  errors: z.number(),
  warnings: z.number(),
  tools: z.number(),
  removed: z.array(path),
  prunedTypes: z.optional(z.array(z.string())),
  waiting: z.optional(z.array(path)),
  credentials: z.array(z.object({ scheme: z.string(), in: z.enum(['header', 'query', 'cookie']), name: z.string(), prefix: z.string(), variable: z.string() })),
  safety: z.object({ safe: z.number(), idempotent: z.number(), unsafe: z.number() }),
  verdict: z.object({ kind: z.enum(['publishable', 'spec', 'skill']), spec: z.array(problemSchema) }),
  withoutUnresolved: z.boolean(),
});

const sizes = z.optional(z.array(z.object({ name: z.string(), bytes: z.number(), required: z.boolean() })));
const operationRowSchema: z.ZodMiniType<OperationRow> = z.object({
  id: z.string(),
  file: z.optional(z.string()),
  method: z.string(),
  path: z.string(),
  operationId: z.optional(z.string()),
  tags: z.array(z.string()),
  resource: z.string(),
  tool: z.optional(z.string()),
  summary: z.string(),
  state: z.enum(['declared', 'fitted', 'prose-only', 'error', 'skipped']),
  removed: z.boolean(),
  waiting: z.optional(z.literal(true)),
  errors: z.number(),
  warnings: z.number(),
  bytes: z.optional(z.number()),
  safety: z.optional(z.enum(SAFETY_VALUES)),
  deprecated: z.boolean(),
  location: z.optional(specLocationSchema),
});

const toolPreview: z.ZodMiniType<ToolPreview> = z.union([
  z.object({
    ok: z.literal(true),
    tool: z.object({
      name: z.string(),
      alias: z.string(),
      description: z.string(),
      parameters: z.record(z.string(), z.unknown()),
      safety: z.optional(z.enum(SAFETY_VALUES)),
      returns: z.optional(z.unknown()),
    }),
    bytes: z.number(),
    sizes,
    fitted: z.optional(z.object({ bytesBefore: z.number(), bytesAfter: z.number(), steps: z.number() })),
    mcp: z.record(z.string(), z.unknown()),
  }),
  z.object({ ok: z.literal(false), reason: z.string(), sizes }),
]);

const bodyCheck: z.ZodMiniType<BodyCheck> = z.union([
  z.object({ kind: z.literal('matches') }),
  z.object({ kind: z.literal('differs'), reasons: z.array(z.string()) }),
  z.object({ kind: z.literal('not-success'), expected: z.number() }),
  z.object({ kind: z.literal('not-json'), reason: z.string() }),
  z.object({ kind: z.literal('undeclared') }),
  z.object({ kind: z.literal('unchecked'), reason: z.string() }),
]);

const severity = z.enum(['error', 'warning']);
const modelChoice = z.object({ id: z.string(), label: z.string(), method: z.enum(['formula', 'estimate']) });

const tokensView: z.ZodMiniType<TokensView> = z.object({
  model: modelChoice,
  tools: z.array(z.object({ file: path, name: z.string(), tokens: z.number(), exact: z.boolean() })),
  toolTokens: z.number(),
  overhead: z.array(z.object({ tokens: z.number(), what: z.string() })),
  total: z.number(),
  counted: z.number(),
  manifest: z.optional(z.number()),
  files: z.optional(z.record(path, z.number())),
  models: z.array(modelChoice),
});

const verdict = z.enum(['fits', 'fits-with-changes', 'does-not-fit']);

const targetRow: z.ZodMiniType<TargetRow> = z.object({
  target: z.string(),
  title: z.string(),
  kind: z.enum(['api', 'protocol', 'format', 'client']),
  applies: z.enum(['tools', 'skill']),
  strict: z.boolean(),
  verified: z.boolean(),
  verdict,
  tools: z.number(),
  maxTools: z.optional(z.number()),
  errors: z.number(),
  warnings: z.number(),
  changes: z.number(),
  remaining: z.number(),
  reasons: z.array(z.object({ ruleId: z.string(), severity, count: z.number() })),
});

const targetDetail: z.ZodMiniType<TargetDetail> = z.object({
  target: z.string(),
  title: z.string(),
  verdict,
  problems: z.array(problemSchema),
  remaining: z.array(problemSchema),
});

function result<T>(value: z.ZodMiniType<T>): z.ZodMiniType<Result<T>> {
  return z.union([
    z.object({ ok: z.literal(true), value, problems: z.array(problemSchema) }),
    z.object({ ok: z.literal(false), problems: z.array(problemSchema) }),
  ]);
}

const httpRequest: z.ZodMiniType<HttpRequest> = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.optional(z.string()),
});

const reported = { operation: z.string(), method: z.string(), path: z.string() };
const version = z.object({ title: z.string(), version: z.string() });
const updateReport: z.ZodMiniType<UpdateReport> = z.object({
  updateReportVersion: z.literal(1),
  from: version,
  to: version,
  added: z.array(z.object({ ...reported, kept: z.boolean() })),
  renamed: z.array(z.object({ ...reported, from: z.object(reported) })),
  removed: z.array(z.object({ ...reported, edited: z.boolean(), breaking: z.literal(true) })),
  changes: z.array(
    z.object({
      operation: z.string(),
      kind: z.enum(['argument-added', 'argument-removed', 'argument-renamed', 'required', 'optional', 'type', 'enum-removed', 'enum-added', 'safety', 'declared', 'not-declared']),
      argument: z.optional(z.string()),
      from: z.optional(z.unknown()),
      to: z.optional(z.unknown()),
      breaking: z.boolean(),
    }),
  ),
  breaking: z.number(),
  conflicts: z.array(z.object({ file: path, kind: z.enum(['lines', 'value']), where: z.string() })),
});

const updatePreview: z.ZodMiniType<UpdatePreview> = z.object({
  report: updateReport,
  files: z.array(z.object({ path, change: z.enum(['added', 'removed', 'changed']) })),
  conflicts: z.array(z.object({ path, mine: z.string(), newer: z.string(), where: z.array(z.string()) })),
  editedRemoved: z.array(z.tuple([path, z.string()])),
  problems: z.array(problemSchema),
  keptEdits: z.array(path),
  review: z.optional(z.literal(true)),
});

const measure = { text: z.string(), bytes: z.number(), tokens: z.number() };
const responsePreviewSchema: z.ZodMiniType<ResponsePreview> = z.union([
  z.object({
    ok: z.literal(true),
    source: z.enum(['spec', 'sampled']),
    example: z.string(),
    whole: z.object(measure),
    mismatches: z.array(z.string()),
    fields: z.array(z.string()),
    pick: z.array(z.string()),
    picked: z.optional(z.object({ ...measure, example: z.string() })),
  }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);

export const wizardReplySchema: z.ZodMiniType<WizardReply> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('update'), result: result(updatePreview) }),
  z.object({
    type: z.literal('opened'),
    result: result(
      z.object({ summary: sessionSummarySchema, report: z.optional(importReportSchema), specProblems: z.array(problemSchema), specFiles: z.array(path) }),
    ),
  }),
  z.object({
    type: z.literal('summary'),
    summary: sessionSummarySchema,
    refused: z.optional(z.array(problemSchema)),
    previous: z.optional(z.array(z.tuple([path, z.nullable(z.enum(SAFETY_VALUES))]))),
  }),
  z.object({ type: z.literal('edited'), path, version: z.number(), summary: sessionSummarySchema }),
  z.object({ type: z.literal('stale'), path, message: z.string() }),
  z.object({
    type: z.literal('file'),
    file: z.union([z.object({ path, text: z.string(), version: z.number(), tool: toolPreview, exampleArgs: z.optional(z.string()) }), z.undefined()]),
  }),
  z.object({ type: z.literal('tool'), tool: toolPreview }),
  z.object({ type: z.literal('call'), request: result(httpRequest) }),
  z.object({ type: z.literal('answer-check'), check: bodyCheck }),
  z.object({ type: z.literal('export'), folder: z.string(), bytes }),
  z.object({ type: z.literal('spec-file'), path, text: z.union([z.string(), z.undefined()]) }),
  z.object({ type: z.literal('exported'), path, text: z.union([z.string(), z.undefined()]) }),
  z.object({ type: z.literal('tokens'), tokens: tokensView }),
  z.object({ type: z.literal('compat'), targets: z.array(targetRow) }),
  z.object({ type: z.literal('compat-detail'), detail: z.union([targetDetail, z.undefined()]) }),
  z.object({
    type: z.literal('target-tools'),
    folder: z.string(),
    target: z.string(),
    file: z.union([z.object({ text: z.string(), log: z.array(z.string()), fits: z.boolean() }), z.undefined()]),
  }),
  z.object({ type: z.literal('report'), folder: z.string(), text: z.union([z.string(), z.undefined()]) }),
  z.object({ type: z.literal('gpt-actions'), folder: z.string(), text: z.string() }),
  z.object({ type: z.literal('operations'), rows: z.array(operationRowSchema) }),
  z.object({ type: z.literal('response'), path, preview: responsePreviewSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
