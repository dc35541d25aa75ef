import { beforeAll, describe, expect, it } from 'vitest';
import { isPlainObject } from '../core/entries';
import { loadSpec } from '../openapi';
import { parseSkillPackage } from '../skill/package';
import { convertSpec } from './convert';
import type { ImportReport } from './model';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';

/**
 * How much of the vendor corpus (`../shared/specs`, read in place) is declared (SPEC 7.3):
 * at least 98% of every operation, Stripe at least 445 of 452, Twilio 190 of 197, Slack 170
 * of 174, and every Kubernetes PATCH that sends a body declared as
 * `application/merge-patch+json`. An operation still prose-only is so for one of the
 * reasons SPEC 7.3 keeps (a required file part, a body in no JSON, form or multipart type,
 * the same method and URL template twice, a name clash), or a path parameter no URL
 * template can hold (ReadMe's style fixture). Prints each spec's figure. Skipped when the
 * corpus is absent.
 */
const present = corpusAvailable();

interface Converted {
  folder: string;
  report: ImportReport;
  /** Kubernetes: method and `content-type` (absent: `application/json`) of each declared operation, by file. */
  declarations: Map<string, { method: string; contentType?: string; bodyArguments: number }>;
  document: Record<string, unknown>;
}

/** Why an operation may stay prose-only, each with where the corpus has it. */
const KEPT_REASONS: { why: string; pattern: RegExp }[] = [
  // OpenAI's uploads, Okta's, Box's and PagerDuty's: a model cannot send a file.
  { why: 'a required file part', pattern: /^the required body field `[^`]+` is a file, which a model cannot send$/ },
  // Lob's upload file: a required body whose one field, optional by itself, is a file.
  { why: 'a required file part', pattern: /^the request body is required and its only fields? `[^`]+`(, `[^`]+`)* (is a file|are files), which a model cannot send$/ },
  // Xero's attachments (`application/octet-stream`), Netlify's deploys, the petstore's image upload, Okta's certificates.
  { why: 'a body in no JSON, form or multipart type', pattern: /^the request body is `[^`]+`( or `[^`]+`)*, not JSON(, form-encoded or multipart)?$/ },
  // Xero: the same path and method under two operationIds.
  { why: 'the same method and URL template twice', pattern: /^it has the same method and URL as `[^`]+`, and a skill declares each request once$/ },
  // PagerDuty, Spotify, DigitalOcean: a required body field named as a path or query parameter.
  { why: 'a name clash', pattern: /^the required body field `[^`]+` has the same name as a (path|query|header) parameter$/ },
  // ReadMe's parameter-style fixture: objects and matrix style in the path.
  { why: 'a path parameter no URL template holds', pattern: /^the path parameter `[^`]+` is (an object|matrix-style .*)$/ },
];

describe.skipIf(!present)('how much of the vendor corpus is declared', () => {
  const converted: Converted[] = [];

  beforeAll(async () => {
    for (const row of readManifest()) {
      const loaded = await loadSpec(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), { entry: row.entry });
      if (!loaded.ok) throw new Error(`${row.folder} did not load: ${loaded.problems[0]?.message}`);
      const result = convertSpec(loaded.value, { baseUrl: 'https://api.example.com/' });
      const declarations = new Map<string, { method: string; contentType?: string; bodyArguments: number }>();
      if (row.folder === 'kubernetes-core') {
        for (const op of parseSkillPackage({ folder: result.folder, files: result.files }).operations) {
          const d = op.declaration;
          if (d) declarations.set(op.file, { method: d.method, contentType: d.contentType, bodyArguments: d.lists.body.length + (d.bodyArgument !== undefined ? 1 : 0) + (isPlainObject(d.schema) && bodyFieldsInSchema(d.schema, d.lists, d.url) > 0 ? 1 : 0) });
        }
      }
      converted.push({ folder: row.folder, report: result.report, declarations, document: loaded.value.document as Record<string, unknown> });
    }
    const lines = converted.map(({ folder, report: r }) => `${folder.padEnd(28)} ${String(r.declared.length).padStart(4)} of ${String(r.operationCount).padStart(4)} declared, ${String(r.proseOnly.length).padStart(3)} prose-only${whyProseOnly(r)}`);
    const total = converted.reduce((n, c) => n + c.report.declared.length, 0);
    const all = converted.reduce((n, c) => n + c.report.operationCount, 0);
    console.info(`${lines.join('\n')}\n${'all'.padEnd(28)} ${total} of ${all} declared (${((100 * total) / all).toFixed(2)}%)`);
  }, 600_000);

  const of = (folder: string) => converted.find((c) => c.folder === folder)!.report;

  it('declares at least 98% of every operation of the corpus', () => {
    const declared = converted.reduce((n, c) => n + c.report.declared.length, 0);
    const all = converted.reduce((n, c) => n + c.report.operationCount, 0);
    expect(all).toBe(readManifest().reduce((n, r) => n + r.operations, 0));
    expect(declared / all).toBeGreaterThanOrEqual(0.98);
  });

  it.each([
    ['stripe-core', 445, 452],
    ['twilio-api-v2010', 190, 197],
    ['slack-web', 170, 174],
  ])('declares at least the target share of %s (%i of %i)', (folder, target, operations) => {
    const r = of(folder);
    expect(r.operationCount).toBe(operations);
    expect(r.declared.length, r.proseOnly.map((p) => `${p.file}: ${p.reasons.join('; ')}`).join('\n')).toBeGreaterThanOrEqual(target);
  });

  it('declares every Kubernetes PATCH that sends a body as a merge patch', () => {
    const k8s = converted.find((c) => c.folder === 'kubernetes-core')!;
    const withBody = patchesWithBody(k8s.document);
    expect(withBody.size).toBeGreaterThanOrEqual(100);
    const byPointer = new Map(k8s.report.declared.map((d) => [d.location?.pointer, d.file]));
    expect(k8s.report.proseOnly.filter((p) => p.method === 'PATCH').map((p) => p.file)).toEqual([]);
    for (const pointer of withBody) {
      const file = byPointer.get(pointer);
      expect(file, pointer).toBeDefined();
      const d = k8s.declarations.get(file!)!;
      expect(d.method, file).toBe('PATCH');
      expect(d.contentType, file).toBe('application/merge-patch+json');
      expect(d.bodyArguments, file).toBeGreaterThan(0);
    }
  });

  it('keeps an operation prose-only only for a reason SPEC 7.3 keeps', () => {
    const other = converted.flatMap((c) => c.report.proseOnly.flatMap((p) => p.reasons.filter((why) => !KEPT_REASONS.some((k) => k.pattern.test(why))).map((why) => `${c.folder}/${p.file}: ${why}`)));
    expect(other).toEqual([]);
  });
});

/** The prose-only operations by the kept reason of their first reason: ` (3 a required file part, 1 a name clash)`. */
function whyProseOnly(report: ImportReport): string {
  const counts = new Map<string, number>();
  for (const p of report.proseOnly) {
    const why = KEPT_REASONS.find((k) => k.pattern.test(p.reasons[0] ?? ''))?.why ?? 'another reason';
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return counts.size === 0 ? '' : ` (${[...counts].map(([why, n]) => `${n} ${why}`).join(', ')})`;
}

/** Body fields a schema-form declaration names (its root properties that are not path, query or header arguments), and one for a free-form body. */
function bodyFieldsInSchema(schema: Record<string, unknown>, lists: Record<string, string[]>, url: string): number {
  const props = isPlainObject(schema.properties) ? Object.keys(schema.properties) : [];
  const elsewhere = new Set([...[...url.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]), ...lists.query, ...lists.header]);
  return props.filter((p) => !elsewhere.has(p)).length + (schema.additionalProperties !== undefined && schema.additionalProperties !== false ? 1 : 0);
}

/** The JSON pointers of the Swagger 2.0 PATCH operations that have a `body` parameter (their own, or their path item's, perhaps by a local `$ref`). */
function patchesWithBody(doc: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const paths = isPlainObject(doc.paths) ? doc.paths : {};
  const shared = isPlainObject(doc.parameters) ? doc.parameters : {};
  const isBody = (p: unknown): boolean => isPlainObject(p) && (p.in === 'body' || (typeof p.$ref === 'string' && p.$ref.startsWith('#/parameters/') && isBody(shared[p.$ref.slice('#/parameters/'.length)])));
  for (const [path, item] of Object.entries(paths)) {
    if (!isPlainObject(item) || !isPlainObject(item.patch)) continue;
    const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(item.patch.parameters) ? item.patch.parameters : [])];
    if (params.some(isBody)) out.add(`/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/patch`);
  }
  return out;
}
