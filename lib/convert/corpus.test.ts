import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../core/entries';
import { loadSpec } from '../openapi';
import { parseSkillPackage } from '../skill/package';
import { checkPackage } from '../rules';
import { convertSpec } from './convert';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';
import { exportBundle, importBundle } from '../bundle/bundle';
import { MAX_PARAMETERS_BYTES } from '../publish/expand';
import { publishOperation } from '../publish/publish';
import { expectSameRead } from '../../test/same-read';
import { deepFreeze } from '../../test/deep-freeze';

/**
 * Every real vendor spec of `../shared/specs` (third-party data, read in place): it
 * converts without throwing; every operation under `paths` is accounted for (declared,
 * prose-only or skipped) and their number is MANIFEST.tsv's; every declared operation
 * passes every publish rule, except `expanded-size`, which fails exactly where the report
 * warns (an operation fitting could not bring within the limit because its required
 * arguments alone pass it); each fitted operation publishes at the size the report gives;
 * every operation file read from its model (`result.read`) is the file parsed from its
 * text, with the same problems, also when the rules are handed what the conversion measured
 * (`result.converted`); its bundle imports back to the same files and exports
 * again to the same bytes.
 * Skipped when the corpus is absent.
 */
const present = corpusAvailable();
const rows = present ? readManifest() : [];

// How long conversions take is measured by `npm run bench` (the five largest specs), not here.
describe.skipIf(!present)('convertSpec on the vendor corpus', () => {

  for (const row of rows) {
    it(`accounts for every operation and passes the publish rules when converting ${row.folder}`, async () => {
      const loaded = await loadSpec(readSpecFolder(row.folder, /\.(ya?ml|json|unprocessed)$/i), { entry: row.entry });
      if (!loaded.ok) throw new Error(`${row.folder} did not load: ${loaded.problems[0]?.message}`);
      // Conversion never writes into the loaded document, which may be the parsed tree itself.
      const result = convertSpec({ ...loaded.value, document: deepFreeze(loaded.value.document) }, { baseUrl: 'https://api.example.com/' });
      const r = result.report;
      const skipped = r.skipped.filter((s) => s.kind === 'method' || s.kind === 'invalid').length;

      expect(r.operationCount).toBe(row.operations);
      expect(r.declared.length + r.proseOnly.length + skipped).toBe(row.operations);
      const files = [...r.declared, ...r.proseOnly].map((o) => o.file);
      expect(new Set(files).size).toBe(files.length);
      expect(result.files.size).toBe(files.length + 1 + (result.files.has('types.json') ? 1 : 0));

      const pkg = parseSkillPackage({ folder: result.folder, files: result.files });
      const all = checkPackage(pkg);
      // Read from the models they were written from, the files are what parsing their text gives, and so are their problems.
      const fromModels = parseSkillPackage({ folder: result.folder, files: result.files }, result.read);
      expect(fromModels.operations.every((op) => result.read.get(op.file) === op)).toBe(true);
      fromModels.operations.forEach((op, i) => expectSameRead(op, pkg.operations[i]));
      expect(checkPackage(fromModels)).toEqual(all);
      // What the conversion measured, handed to the rules (as `convert` does), gives the same problems as measuring again.
      expect(checkPackage(parseSkillPackage({ folder: result.folder, files: result.files }, result.read), { converted: result.converted })).toEqual(all);
      if (r.declared.length > r.fitted.length) expect(result.converted.withinLimits.size).toBeGreaterThan(0);
      const problems = all.filter((p) => p.severity === 'error');
      const warned = new Set(r.warnings.filter((w) => w.ruleId === 'expanded-size').map((w) => `${/^`([^`]+)`/.exec(w.message)?.[1]}.md`));
      expect(problems.filter((p) => !(p.ruleId === 'expanded-size' && warned.has(p.file)))).toEqual([]);
      const failedSize = new Set(problems.filter((p) => p.ruleId === 'expanded-size').map((p) => p.file));
      expect([...warned].filter((f) => !failedSize.has(f))).toEqual([]);

      // Every operation over 24 KiB is fitted, and publishes at the size the report gives; one that cannot
      // be is only one whose required arguments alone pass the limit, and the report says so.
      for (const f of r.fitted) {
        expect(f.bytesBefore, f.file).toBeGreaterThan(MAX_PARAMETERS_BYTES);
        if (!f.fits) {
          expect(f.reason, f.file).toMatch(/required arguments alone/);
          expect(failedSize.has(f.file), f.file).toBe(true);
          continue;
        }
        const op = pkg.operations.find((o) => o.file === f.file)!;
        const published = publishOperation(pkg, op)!;
        expect(published.expansion.ok && published.expansion.size, f.file).toBe(f.bytesAfter);
        expect(f.bytesAfter).toBeLessThanOrEqual(MAX_PARAMETERS_BYTES);
      }
      expect([...failedSize].filter((file) => !r.fitted.some((f) => f.file === file && !f.fits))).toEqual([]);

      // Prose names a component schema only when it is in types.json (a code span that is also a field name, a value or a title may be that).
      const shared = new Set(Object.keys(result.files.has('types.json') ? (JSON.parse(result.files.get('types.json')!) as object) : {}));
      const { components, words } = schemaNames(loaded.value.document);
      const named = pkg.operations.flatMap((op) => [...op.prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]).filter((w) => components.has(w) && !shared.has(w) && !words.has(w)).map((w) => `${op.file}: ${w}`));
      expect(named.slice(0, 5)).toEqual([]);

      // The bundle imports back to the generated files, and exports again to the same bytes.
      const zip = exportBundle(pkg, { tools: true });
      const imported = importBundle(zip);
      if (!imported.ok) throw new Error(`${row.folder}: the bundle did not import: ${imported.problems[0]?.message}`);
      expect(imported.value.folder).toBe(result.folder);
      expect([...imported.value.files.keys()].sort()).toEqual([...result.files.keys()].sort());
      for (const [path, text] of result.files) expect(imported.value.files.get(path), path).toBe(text);
      expect(Buffer.from(exportBundle(parseSkillPackage(imported.value), { tools: true })).equals(Buffer.from(zip))).toBe(true);
    });
  }
});

/**
 * Server variables on Okta: its server is `https://{yourOktaDomain}` with the default
 * `subdomain.okta.com`, an example. Without `--server-var` that is an error in the report
 * and every declared operation fails `operation-url`; with it, neither. (Okta's size errors
 * are the fitting's business: they are the ones the report warns of, either way.)
 */
describe.skipIf(!present)('convertSpec on Okta, with and without its server variable', () => {
  it('is not publishable until yourOktaDomain is given, and has no server error with it', async () => {
    const row = rows.find((r) => r.folder === 'okta-management')!;
    const loaded = await loadSpec(readSpecFolder(row.folder, /\.ya?ml$/i), { entry: row.entry });
    if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
    const errorsOf = (options: Parameters<typeof convertSpec>[1]) => {
      const result = convertSpec(loaded.value, options);
      const problems = checkPackage(parseSkillPackage({ folder: result.folder, files: result.files })).filter((p) => p.severity === 'error');
      return { report: result.report, problems, result };
    };
    const unset = errorsOf({});
    const serverErrors = unset.report.warnings.filter((w) => w.ruleId === 'server-variable' && w.severity === 'error');
    expect(serverErrors).toHaveLength(1);
    expect(serverErrors[0].message).toMatch(/^The server variable `yourOktaDomain` is not set, and its default `subdomain\.okta\.com` is an example value/);
    const urlErrors = unset.problems.filter((p) => p.ruleId === 'operation-url');
    expect(urlErrors.length).toBeGreaterThan(600);
    expect(unset.report.servers.variables).toMatchObject([{ name: 'yourOktaDomain', default: 'subdomain.okta.com', given: false, placeholder: true }]);

    const set = errorsOf({ serverVariables: { yourOktaDomain: 'acme.okta.com' } });
    expect(set.report.warnings.filter((w) => w.severity === 'error')).toEqual([]);
    expect(set.problems.filter((p) => p.ruleId !== 'expanded-size')).toEqual([]);
    expect(set.result.files.get('list_users.md')).toContain('url: https://acme.okta.com/api/v1/users');
    // The four disaster-recovery operations name a literal example host: a warning, not an error.
    expect(set.report.warnings.filter((w) => w.ruleId === 'server-host').map((w) => w.message.match(/`([^`]+)`/)?.[1])).toEqual([
      'drapp.yourOrgSubDomain.okta.com',
      'drapp.yourOrgSubDomain.okta.com',
      'drapp.yourOrgSubDomain.okta.com',
      'drapp.yourOktaDomain.okta.com',
    ]);
  });
});

/**
 * A spec's component schema names (3.x `components.schemas`, Swagger 2.0 `definitions`), and
 * every word the spec also uses as a property name, an enum value or a title, which a code
 * span in prose may stand for instead.
 */
function schemaNames(document: unknown): { components: Set<string>; words: Set<string> } {
  const doc = isPlainObject(document) ? document : {};
  const holder = isPlainObject(doc.components) ? doc.components.schemas : doc.definitions;
  const components = new Set(isPlainObject(holder) ? Object.keys(holder) : []);
  const words = new Set<string>();
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    if (!isPlainObject(node)) continue;
    if (isPlainObject(node.properties)) for (const k of Object.keys(node.properties)) words.add(k);
    if (Array.isArray(node.enum)) for (const v of node.enum) words.add(String(v));
    if (typeof node.title === 'string') words.add(node.title);
    if (typeof node.name === 'string') words.add(node.name);
    stack.push(...Object.values(node));
  }
  return { components, words };
}
