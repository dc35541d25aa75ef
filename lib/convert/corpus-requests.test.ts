import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../core/entries';
import { pointerTokens } from '../core/json-pointer';
import { loadSpec } from '../openapi';
import { parseSkillPackage } from '../skill/package';
import { callableOperation } from '../call/callable';
import { convertSpec } from './convert';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';

/**
 * Calls the vendor corpus's declared operations make (issue 8.3): an operation whose spec
 * defines a request body, declared with a method that sends one, declares where the body's
 * arguments go (named body fields, or a free-form body); it is never declared as sending no
 * body. Skipped when `../shared/specs` is absent.
 */
const present = corpusAvailable();
const rows = present ? readManifest() : [];

type Doc = Record<string, unknown>;

/** The value at a JSON pointer, following a `#/…` reference there (a chain of them). */
function at(doc: Doc, pointer: string): unknown {
  let node: unknown = doc;
  for (const t of pointerTokens(pointer)) node = isPlainObject(node) || Array.isArray(node) ? (node as Doc)[t] : undefined;
  return deref(doc, node);
}

function deref(doc: Doc, node: unknown): unknown {
  for (let i = 0; i < 16 && isPlainObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#'); i++) node = at(doc, node.$ref.slice(1));
  return node;
}

/** Whether the spec's operation (at its pointer) defines a request body: 3.x `requestBody`, Swagger 2.0 `body` or `formData` parameters. */
function definesBody(doc: Doc, opPointer: string): boolean {
  const op = at(doc, opPointer);
  if (!isPlainObject(op)) return false;
  if (op.requestBody !== undefined) return true;
  const item = at(doc, pointerTokens(opPointer).slice(0, -1).map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''));
  const params = [...(Array.isArray(op.parameters) ? op.parameters : []), ...(isPlainObject(item) && Array.isArray(item.parameters) ? item.parameters : [])];
  return params.some((p) => {
    const param = deref(doc, p);
    return isPlainObject(param) && (param.in === 'body' || param.in === 'formData');
  });
}

/** The 3.x operation's `requestBody` is required (Swagger 2.0: its `body` parameter is). */
function bodyRequired(doc: Doc, opPointer: string): boolean {
  const op = at(doc, opPointer);
  if (!isPlainObject(op)) return false;
  const rb = deref(doc, op.requestBody);
  if (isPlainObject(rb)) return rb.required === true;
  return (Array.isArray(op.parameters) ? op.parameters : []).some((p) => {
    const param = deref(doc, p);
    return isPlainObject(param) && param.in === 'body' && param.required === true;
  });
}

/** The named fields of a 3.x operation's JSON body, as the spec writes them. */
function bodyFieldNames(doc: Doc, opPointer: string): string[] {
  const op = at(doc, opPointer);
  const rb = isPlainObject(op) ? deref(doc, op.requestBody) : undefined;
  const content = isPlainObject(rb) && isPlainObject(rb.content) ? rb.content : {};
  const json = Object.keys(content).find((m) => /json/i.test(m));
  const media = json === undefined ? undefined : content[json];
  const schema = isPlainObject(media) ? deref(doc, media.schema) : undefined;
  return isPlainObject(schema) && isPlainObject(schema.properties) ? Object.keys(schema.properties) : [];
}

describe.skipIf(!present)('declared operations of the vendor corpus', () => {
  for (const row of rows) {
    it(`declares where the body goes whenever the spec defines one when converting ${row.folder}`, async () => {
      const loaded = await loadSpec(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), { entry: row.entry });
      if (!loaded.ok) throw new Error(`${row.folder} did not load: ${loaded.problems[0]?.message}`);
      const result = convertSpec(loaded.value, { baseUrl: 'https://api.example.com/' });
      const pkg = parseSkillPackage({ folder: result.folder, files: result.files });
      const doc = loaded.value.document as Doc;
      const bodiless: string[] = [];
      for (const d of result.report.declared) {
        if (d.method === 'GET' || d.method === 'HEAD' || !definesBody(doc, d.location.pointer)) continue;
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
    });
  }
});
