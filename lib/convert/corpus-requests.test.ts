import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../core/entries';
import { loadSpec } from '../openapi';
import { parseSkillPackage } from '../skill/package';
import { buildRequest } from '../call/build-request';
import { callableOperation } from '../call/callable';
import { exampleArguments } from '../call/example-arguments';
import { convertSpec } from './convert';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';
import { checkRequestExamples, child, pathItemPointer, siteAt, type Site } from '../../test/request-examples';

/**
 * Calls the vendor corpus's declared operations make. First, an operation whose spec
 * defines a request body, declared with a method that sends one, declares where the body's
 * arguments go (named body fields, or a free-form body); it is never declared as sending no
 * body. Second, every example the spec gives in a declared operation's request schema
 * passes `checkArguments` (`checkRequestExamples` says how each is found and checked), save
 * those the spec's own schema refuses too (its own mistakes: `"true"` for a boolean, a
 * required field left out), which are not the conversion's to fix; against the converter
 * before 8.4, PagerDuty's custom field values (a `oneOf` of overlapping objects) and Box's
 * metadata query (an `allOf` of annotations merged into an object) fail. Third, the
 * arguments the wizard fills a call with (`exampleArguments`) pass the same check: Twilio's
 * ids by pattern, DigitalOcean's one-of-two required fields, Lob's `allOf` of a type and a
 * default. Skipped when
 * `../shared/specs` is absent.
 */
const present = corpusAvailable();
const rows = present ? readManifest() : [];

type Doc = Record<string, unknown>;

/** The operation's parameters, the Path Item's after its own, as sites of the spec. */
function parametersOf(doc: Doc, opPointer: string): Site[] {
  const out: Site[] = [];
  for (const owner of [siteAt(doc, opPointer), siteAt(doc, pathItemPointer(opPointer))]) {
    if (!owner || !Array.isArray(owner.node.parameters)) continue;
    owner.node.parameters.forEach((_, i) => {
      const p = child(doc, owner, 'parameters', i);
      if (p) out.push(p);
    });
  }
  return out;
}

/** Whether the spec's operation (at its pointer) defines a request body: 3.x `requestBody`, Swagger 2.0 `body` or `formData` parameters. */
function definesBody(doc: Doc, opPointer: string): boolean {
  const op = siteAt(doc, opPointer);
  if (!op) return false;
  if (op.node.requestBody !== undefined) return true;
  return parametersOf(doc, opPointer).some((p) => p.node.in === 'body' || p.node.in === 'formData');
}

/**
 * The body holds nothing an argument could send: an object of no properties that allows
 * none (Stripe's DELETEs), or only optional file fields (Swagger 2.0 `formData` of type
 * `file`, which no argument carries and the report names).
 */
function nothingToSend(doc: Doc, opPointer: string): boolean {
  const op = siteAt(doc, opPointer);
  if (!op) return false;
  const rb = op.node.requestBody === undefined ? undefined : child(doc, op, 'requestBody');
  if (rb) {
    const content = isPlainObject(rb.node.content) ? rb.node.content : {};
    const media = Object.keys(content);
    return (
      media.length > 0 &&
      media.every((m) => {
        const schema = child(doc, rb, 'content', m, 'schema')?.node;
        return isPlainObject(schema) && schema.additionalProperties === false && (!isPlainObject(schema.properties) || Object.keys(schema.properties).length === 0);
      })
    );
  }
  const body = parametersOf(doc, opPointer).filter((p) => p.node.in === 'body' || p.node.in === 'formData');
  return body.length > 0 && body.every((p) => p.node.in === 'formData' && p.node.type === 'file' && p.node.required !== true);
}

/** The 3.x operation's `requestBody` is required (Swagger 2.0: its `body` parameter is). */
function bodyRequired(doc: Doc, opPointer: string): boolean {
  const op = siteAt(doc, opPointer);
  if (!op) return false;
  const rb = op.node.requestBody === undefined ? undefined : child(doc, op, 'requestBody');
  if (rb) return rb.node.required === true;
  return parametersOf(doc, opPointer).some((p) => p.node.in === 'body' && p.node.required === true);
}

/** The named fields of a 3.x operation's JSON body, as the spec writes them. */
function bodyFieldNames(doc: Doc, opPointer: string): string[] {
  const op = siteAt(doc, opPointer);
  const rb = op && op.node.requestBody !== undefined ? child(doc, op, 'requestBody') : undefined;
  const content = rb && isPlainObject(rb.node.content) ? rb.node.content : {};
  const json = Object.keys(content).find((m) => /json/i.test(m));
  const schema = rb && json !== undefined ? child(doc, rb, 'content', json, 'schema') : undefined;
  return schema && isPlainObject(schema.node.properties) ? Object.keys(schema.node.properties) : [];
}

/**
 * Operations whose example arguments the call check refuses, each for a reason a value built
 * from the schema alone cannot meet.
 */
const EXAMPLE_REFUSED = new Set([
  // Its parameters hold `enum: []`, which no value meets and Ajv will not compile.
  'discord-api/action_guild_join_request.md',
  // `messages` asks for two items or more, all different (`uniqueItems`); examples repeat one.
  'discord-api/bulk_delete_messages.md',
]);

describe.skipIf(!present)('declared operations of the vendor corpus', () => {
  for (const row of rows) {
    it(`declares where the body goes whenever the spec defines one, takes the spec's examples, and builds a request from the example arguments, when converting ${row.folder}`, async () => {
      const loaded = await loadSpec(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), { entry: row.entry });
      if (!loaded.ok) throw new Error(`${row.folder} did not load: ${loaded.problems[0]?.message}`);
      const result = convertSpec(loaded.value, { baseUrl: 'https://api.example.com/' });
      const pkg = parseSkillPackage({ folder: result.folder, files: result.files });
      const doc = loaded.value.document as Doc;
      const bodiless: string[] = [];
      for (const d of result.report.declared) {
        if (d.method === 'GET' || d.method === 'HEAD' || !definesBody(doc, d.location.pointer) || nothingToSend(doc, d.location.pointer)) continue;
        const op = pkg.operations.find((o) => o.file === d.file)!;
        const callable = callableOperation(pkg, op);
        if (!callable.ok) continue; // Not published (size): the corpus test holds the report to that.
        const c = callable.value;
        if (c.body.length > 0 || c.extraBody) continue;
        // An optional body whose every field shares its name with a path or query parameter is left out, and the report says so (SPEC 4.2).
        const names = bodyFieldNames(doc, d.location.pointer);
        if (!bodyRequired(doc, d.location.pointer) && names.length > 0 && names.every((n) => c.path.includes(n) || c.query.includes(n))) continue;
        bodiless.push(`${d.file} (${d.method} ${d.path})`);
      }
      expect(bodiless).toEqual([]);

      // The second check (see the top): the spec's examples pass, save those its own schema refuses too.
      const oas31 = loaded.value.format.kind === 'openapi' && /^3\.1/.test(loaded.value.format.version);
      const { failures } = checkRequestExamples(doc, result.report.declared, pkg, oas31);
      expect(failures.filter((f) => f.specAccepts)).toEqual([]);

      // Third: the arguments the wizard's Call tab starts from build a request, save the few named below.
      const refused: string[] = [];
      for (const op of pkg.operations) {
        const callable = callableOperation(pkg, op);
        if (!callable.ok || EXAMPLE_REFUSED.has(`${row.folder}/${op.file}`)) continue;
        const built = buildRequest(callable.value, exampleArguments(callable.value.tool.parameters));
        if (!built.ok) refused.push(`${op.file}: ${built.problems.map((p) => p.message).join('; ')}`);
      }
      expect(refused).toEqual([]);
    });
  }
});

