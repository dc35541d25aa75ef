import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../core/entries';
import { linearRegExpEngine } from '../core/linear-regexp';
import { isJsonMediaType } from '../core/media-type';
import { loadSpec } from '../openapi';
import { publishOperation } from '../publish/publish';
import { parseSkillPackage } from '../skill/package';
import { convertSpec } from './convert';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';
import { RETURNS_ALLOWED, type ReturnsAllowed } from '../../test/returns-allowed';

/**
 * What an operation promises to answer, against what its spec shows it answering (SPEC 8.3):
 * every JSON example the spec gives of a declared operation's success response (the
 * response `returns` is read from: the declared `status`, else 200) is accepted by the
 * published `returns`, save those test/returns-allowed.ts lists, each with the spec's
 * contradiction that explains it. Examples are read where OpenAPI puts them: the media
 * type's `example` and `examples` (their `value`), the response schema's own `example`, and
 * Swagger 2.0's `examples` by media type. `format` is an annotation here, as it is for
 * arguments. Skipped when `../shared/specs` is absent.
 */
const present = corpusAvailable();
const rows = present ? readManifest().filter((r) => r.operations > 0) : [];

type Doc = Record<string, unknown>;

/** The node a local `$ref` chain lands on (at most 16 hops); the node itself when it is none. */
function resolved(doc: Doc, node: unknown): unknown {
  for (let hops = 0; isPlainObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && hops < 16; hops++) {
    let target: unknown = doc;
    for (const raw of node.$ref.slice(2).split('/')) {
      const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isPlainObject(target) || Array.isArray(target) ? (target as Doc)[token] : undefined;
    }
    node = target;
  }
  return node;
}

/** The spec's JSON examples of one response, each with where it was found. */
function responseExamples(doc: Doc, response: unknown): { where: string; value: unknown }[] {
  const out: { where: string; value: unknown }[] = [];
  const r = resolved(doc, response);
  if (!isPlainObject(r)) return out;
  const fromSchema = (schema: unknown, where: string) => {
    const s = resolved(doc, schema);
    if (isPlainObject(s) && Object.hasOwn(s, 'example')) out.push({ where: `${where} schema example`, value: s.example });
  };
  if (isPlainObject(r.content)) {
    for (const [mediaType, m] of Object.entries(r.content)) {
      const media = resolved(doc, m);
      if (!isJsonMediaType(mediaType) || !isPlainObject(media)) continue;
      if (Object.hasOwn(media, 'example')) out.push({ where: `${mediaType} example`, value: media.example });
      if (isPlainObject(media.examples)) {
        for (const [name, e] of Object.entries(media.examples)) {
          const ex = resolved(doc, e);
          if (isPlainObject(ex) && Object.hasOwn(ex, 'value')) out.push({ where: `${mediaType} examples.${name}`, value: ex.value });
        }
      }
      fromSchema(media.schema, mediaType);
    }
  } else {
    // Swagger 2.0: one schema, examples by media type.
    if (isPlainObject(r.examples)) for (const [mediaType, value] of Object.entries(r.examples)) if (isJsonMediaType(mediaType)) out.push({ where: `examples.${mediaType}`, value });
    fromSchema(r.schema, 'response');
  }
  return out;
}

let ajv: Ajv2020 | undefined;
function compile(schema: unknown): ValidateFunction | Error {
  ajv ??= new Ajv2020({ strict: false, allErrors: false, validateFormats: false, validateSchema: false, code: { regExp: linearRegExpEngine() } });
  try {
    return ajv.compile(schema as object);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

/** Ajv's first error, with the JSON type of the value it is about: `where: /a/0 must be string (null)`. */
function finding(where: string, value: unknown, validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  const path = error?.instancePath ?? '';
  let at: unknown = value;
  for (const raw of path.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    at = isPlainObject(at) || Array.isArray(at) ? (at as Doc)[token] : undefined;
  }
  const type = at === null ? 'null' : Array.isArray(at) ? 'array' : typeof at === 'number' && Number.isInteger(at) ? 'integer' : typeof at;
  return `${where}: ${path || '/'} ${error?.message ?? ''} (${type})`;
}

/** The allow-list entry explaining a refusal, if one does. */
function allowedBy(entries: readonly ReturnsAllowed[], operation: string, finding: string): ReturnsAllowed | undefined {
  return entries.find((e) => (typeof e.operation === 'string' ? e.operation === operation || e.operation === '*' : e.operation.test(operation)) && e.rule.test(finding));
}

describe.skipIf(!present)("the spec's example responses and `returns`", () => {
  for (const row of rows) {
    it(`every example response of ${row.folder} is accepted by its returns`, { timeout: 10 * 60_000 }, async () => {
      const loaded = await loadSpec(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), { entry: row.entry, validate: false });
      if (!loaded.ok) throw new Error(`${row.folder} did not load: ${loaded.problems[0]?.message}`);
      const doc = loaded.value.document;
      const result = convertSpec(loaded.value, { baseUrl: 'https://api.example.com/' });
      const pkg = parseSkillPackage({ folder: result.folder, files: result.files });
      const byFile = new Map(pkg.operations.map((o) => [o.file, o]));
      const entries = RETURNS_ALLOWED.filter((a) => a.spec === row.folder);
      const used = new Map<ReturnsAllowed, number>();
      const unexplained: string[] = [];
      let checked = 0;
      let accepted = 0;
      for (const d of result.report.declared) {
        const op = byFile.get(d.file);
        const returns = op && publishOperation(pkg, op)?.tool.returns;
        if (!op?.declaration || returns === undefined) continue;
        const paths = isPlainObject(doc.paths) ? doc.paths : {};
        const item = resolved(doc, paths[d.path]);
        const specOp = isPlainObject(item) ? item[d.method.toLowerCase()] : undefined;
        const responses = isPlainObject(specOp) && isPlainObject(specOp.responses) ? specOp.responses : {};
        const status = typeof op.declaration.raw.status === 'number' ? String(op.declaration.raw.status) : '200';
        const examples = responseExamples(doc, responses[status] ?? (status === '200' ? undefined : responses[`${status[0]}XX`]));
        if (examples.length === 0) continue;
        const validate = compile(returns);
        const operation = `${d.method} ${d.path}`;
        for (const { where, value } of examples) {
          checked++;
          const found = validate instanceof Error ? `returns does not compile: ${validate.message}` : validate(value) ? undefined : finding(where, value, validate);
          if (found === undefined) {
            accepted++;
            continue;
          }
          const entry = allowedBy(entries, operation, found);
          if (entry) used.set(entry, (used.get(entry) ?? 0) + 1);
          else unexplained.push(`${operation} (${d.file}) ${found}`);
        }
      }
      console.log(`${row.folder}: ${checked} example responses of declared operations, ${accepted} accepted by returns, ${checked - accepted - unexplained.length} allow-listed`);
      expect(unexplained).toEqual([]);
      // Each entry explains exactly the findings it says: one more is a new contradiction (or a `returns` gone wrong) to look at, one fewer a stale entry.
      const miscounted = entries.filter((e) => (used.get(e) ?? 0) !== e.findings).map((e) => `${e.spec} ${e.operation} ${e.rule}: explains ${used.get(e) ?? 0}, says ${e.findings}`);
      expect(miscounted).toEqual([]);
    });
  }
});
