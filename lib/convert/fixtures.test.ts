import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../openapi';
import { parseSkillPackage } from '../skill/package';
import { checkPackage } from '../rules';
import { convertSpec } from './convert';
import { formatReportSummary } from './report';
import { importBlockers } from './blockers';
import { formatProblem, type Problem } from '../core/problem';
import { gatherReferencedFiles } from '../openapi/upload';
import type { ConvertOptions } from './model';
import { deepFreeze } from '../../test/deep-freeze';

/**
 * Committed expected output for three small specs written for these tests: a 3.0 spec that
 * exercises most of SPEC 4, a Swagger 2.0 one with form data, and a multi-file 3.1 one with
 * relative `$ref`s. `UPDATE_EXPECTED=1 npx vitest run lib/convert/fixtures.test.ts` rewrites
 * the expected files; review the diff before committing it.
 */
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
interface Case {
  name: string;
  entry: string;
  options?: ConvertOptions;
  /** The folder of the expected output, when one spec is converted with several options. */
  expected?: string;
  /** Publish errors the skill is meant to have (rule id: count); none when absent. */
  errors?: Record<string, number>;
  /** Given by its entry file alone, the files its `$ref`s name gathered from its folder, not the whole folder. */
  fromEntry?: boolean;
}
const CASES: Case[] = [
  { name: 'petstore-30', entry: 'openapi.yaml' },
  // Each method's default safety (not written), safety an extension says (written, reported), a POST that
  // says it searches suggested safe and left unsafe; `returns` from 200, 201, 202 and 2XX, none for a
  // 204 or a body that is not JSON; a type read both ways (`readOnly` leaves the request, `writeOnly` the response).
  { name: 'promises', entry: 'openapi.yaml' },
  { name: 'swagger-20', entry: 'swagger.yaml' },
  { name: 'multi', entry: 'openapi.yaml', options: { baseUrl: 'https://multi.example.com/v3/' } },
  // A variable whose default is an example keeps `{tenant}` until it is set (operation-url fails), as
  // does one with no default; the first of several servers is reported; a host that is an example is named.
  { name: 'servers', entry: 'openapi.yaml', errors: { 'operation-url': 2, 'path-parameters': 1 } },
  { name: 'servers', entry: 'openapi.yaml', expected: 'expected-set', options: { serverVariables: { tenant: 'acme', version: 'v2', nothing: 'x' }, server: 'https://{tenant}.{region}.fixture.test/api' } },
  { name: 'servers', entry: 'openapi.yaml', expected: 'expected-sandbox', options: { server: 'https://sandbox.fixture.test/api', serverVariables: { version: 'v2' } } },
  { name: 'servers', entry: 'openapi.yaml', expected: 'expected-base-url', options: { baseUrl: 'https://proxy.fixture.test/widgets-api/' } },
  // A summary that is only the operationId gives way to the description's first sentences (at most ~300
  // characters, cut at a sentence); descriptions a model cannot choose by are counted in the report.
  { name: 'descriptions', entry: 'openapi.yaml' },
  // Constraints beside a $ref kept as its description is (other keywords there reported); simple HTML tables
  // and lists as markdown; the enum of a joined query list kept as a pattern and in the description, or reported gone.
  { name: 'small-losses', entry: 'openapi.yaml' },
  // A spec split over files, given by its entry, converts as its folder does (the same expected output);
  // a file its references name that is not there, or a spec with no operations, is not publishable (blockers.txt).
  { name: 'multi', entry: 'openapi.yaml', options: { baseUrl: 'https://multi.example.com/v3/' }, fromEntry: true },
  { name: 'missing-file', entry: 'openapi.yaml', fromEntry: true },
  { name: 'no-operations', entry: 'openapi.yaml' },
  // A JSON body with no named fields (free-form, a map, a body with no schema) is declared with the arguments'
  // root `additionalProperties`; where that cannot say what the body allows, or a call cannot send it (a patch format,
  // a body on GET, a required `{}`), the operation is prose-only with the reason.
  { name: 'free-form-bodies', entry: 'openapi.yaml' },
  // A `oneOf` whose branches may overlap becomes a type list (plain scalar types) or `anyOf`, reported; one
  // whose branches cannot (different types, different values, a discriminator written as an enum, `required` alone) stays.
  { name: 'one-of', entry: 'openapi.yaml' },
  // A oneOf and an anyOf of objects declared as one object (the merges reported); an array body, a union
  // that cannot merge and a multipart part holding JSON prose-only, each with its shape written out; no prose names a
  // type that is not in types.json.
  { name: 'body-shapes', entry: 'openapi.yaml' },
  // Five operations over 24 KiB, fitted by dropping examples, nested descriptions, cutting descriptions to a
  // sentence, replacing objects (their shapes in the prose); one whose required arguments alone pass the limit stays over.
  { name: 'fit', entry: 'openapi.yaml', errors: { 'expanded-size': 1 } },
  { name: 'fit', entry: 'openapi.yaml', expected: 'expected-no-fit', options: { fit: false }, errors: { 'expanded-size': 5 } },
  // SPEC 1.5 for fitted schemas: two operations fitted the same way hold the item as fitting trimmed it
  // once, `Item.fitted` in types.json; the address fitting left as it is refers to the spec's shared `Address`, with
  // its site's description beside the reference.
  { name: 'fit-shared', entry: 'openapi.yaml' },
  // Every request SPEC 7 declares: a form body by its encoding (deep, joined and repeated lists, a JSON-text field
  // left out), parameters inside a segment, a merge patch preferred, array and union bodies as one argument, a
  // required deepObject query three levels deep, header arguments and fixed headers beside those that are the
  // gateway's, multipart with an optional file left out; a required file and a required JSON-text field prose-only.
  { name: 'requests', entry: 'openapi.yaml' },
  // Swagger 2.0: formData form-encoded or multipart by `consumes` (a file with no multipart type too), lists by
  // `collectionFormat`, a secret-named header not an argument, a merge patch preferred, an array body, an XML-only body.
  { name: 'requests-swagger', entry: 'swagger.yaml' },
  // Prose-only calls written with every constraint a validator checks (bounds, lengths, patterns, list sizes,
  // long enums, on nested fields too), an `allOf` of a `oneOf` and an object, and a `oneOf` read as exactly one.
  { name: 'call-constraints', entry: 'openapi.yaml' },
  // Defaults and examples the spec's own schema refuses (a list whose example is a string, an integer whose
  // default is a word, a default not in the enum) reported as the spec contradicting itself and left out.
  { name: 'contradictions', entry: 'openapi.yaml' },
];
const update = process.env.UPDATE_EXPECTED === '1';

function specFiles(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (name.startsWith('expected')) continue;
      if (statSync(full).isDirectory()) walk(full);
      else out.push({ path: relative(dir, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(dir);
  return out;
}

function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(dir, full).split('\\').join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

describe('convertSpec on the fixtures', () => {
  for (const c of CASES) {
    it(`writes the committed expected output byte for byte when converting ${c.name}${c.options ? ` with ${JSON.stringify(c.options)}` : ''}`, async () => {
      const dir = join(FIXTURES, c.name);
      let files = specFiles(dir);
      const uploadProblems: Problem[] = [];
      if (c.fromEntry) {
        const byPath = new Map(files.map((f) => [f.path, new TextEncoder().encode(f.text)]));
        const gathered = await gatherReferencedFiles({ path: c.entry, bytes: byPath.get(c.entry)! }, async (path) => {
          const bytes = byPath.get(path);
          return bytes ? { ok: true, bytes } : { ok: false, why: 'there is no such file beside the entry file' };
        });
        if (!gathered.ok) throw new Error(gathered.problems.map((p) => p.message).join('\n'));
        files = gathered.value.files;
        uploadProblems.push(...gathered.value.problems);
      }
      const loaded = await loadSpec(files, { entry: c.entry });
      if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
      // Conversion reads the loaded document and never writes into it (it may be the parsed tree itself).
      const result = convertSpec({ ...loaded.value, document: deepFreeze(loaded.value.document) }, c.options);
      const actual = new Map<string, string>();
      for (const [path, text] of result.files) actual.set(`${result.folder}/${path}`, text);
      actual.set('report.txt', formatReportSummary(result.report));
      actual.set('report.json', `${JSON.stringify(result.report, null, 2)}\n`);
      const blockers = importBlockers(result.report, [...uploadProblems, ...loaded.problems]);
      if (blockers.length > 0) actual.set('blockers.txt', `${[...uploadProblems, ...blockers].map(formatProblem).join('\n')}\n`);
      const expectedDir = join(dir, c.expected ?? 'expected');
      if (update) {
        rmSync(expectedDir, { recursive: true, force: true });
        for (const [path, text] of actual) {
          const target = join(expectedDir, path);
          mkdirSync(join(target, '..'), { recursive: true });
          writeFileSync(target, text);
        }
      }
      const expected = readTree(expectedDir);
      expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [path, text] of actual) expect(text, path).toBe(expected.get(path));
      // The fixtures are written to pass every publish rule, save where the case says otherwise.
      const all = checkPackage(parseSkillPackage({ folder: result.folder, files: result.files }));
      // Handed what the conversion measured (as `convert` does), the rules find the same problems.
      expect(checkPackage(parseSkillPackage({ folder: result.folder, files: result.files }, result.read), { converted: result.converted })).toEqual(all);
      const errors = all.filter((p) => p.severity === 'error');
      const counts: Record<string, number> = {};
      for (const e of errors) counts[e.ruleId] = (counts[e.ruleId] ?? 0) + 1;
      expect(counts).toEqual(c.errors ?? {});
    });
  }
});
