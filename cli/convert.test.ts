import { afterAll, beforeAll, describe, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { CLI_BUNDLE, ROOT, runHere, spawnCli } from '../test/cli';
import { manyOperationsDeepFiles } from '../test/hostile';
import { corpusAvailable, readManifest, SPECS_DIR } from '../test/corpus';
import { EXPECTED_SKILL, expectedBytes, expectedSkillFiles, updateExpected, writeExpected } from '../test/expected';
import { reportFileSchema } from '../lib/convert/report';
import { main } from './main';

const SAMPLE = join(ROOT, 'public/samples/hollowbrook.openapi.yaml');
const MULTI = join(ROOT, 'lib/convert/fixtures/multi');

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`) });
  return { code, stdout, stderr };
}

/** Every file of a folder, by name. */
async function folder(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of (await readdir(dir)).sort()) out.set(name, await readFile(join(dir, name), 'utf8'));
  return out;
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'skill-convert-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe.concurrent('cli convert', () => {
  it('removes the hidden folder a killed run left in --out, keeping what is not its own', async ({ expect }) => {
    const out = join(tmp, 'killed-before');
    // No process has a pid this high: the run that made it is gone.
    const left = `.${EXPECTED_SKILL}.tmp-4194399-Ab3dEf`;
    await mkdir(join(out, left), { recursive: true });
    await writeFile(join(out, left, 'op.md'), 'half');
    await writeFile(join(out, `.${EXPECTED_SKILL}.tmp-notes`), 'mine');
    const r = await cli('convert', SAMPLE, '--out', out);
    expect(r.code).toBe(0);
    expect((await readdir(out)).sort()).toEqual([`.${EXPECTED_SKILL}.tmp-notes`, EXPECTED_SKILL]);
  });

  it('writes the committed expected skill files, bundle and report for the sample, prints the report and exits 0', async ({ expect }) => {
    const out = join(tmp, 'sample');
    const zip = join(tmp, 'sample.zip');
    const report = join(tmp, 'sample.report.json');
    const r = await cli('convert', SAMPLE, '--out', out, '--zip', zip, '--report', report);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // With tools.json in the bundle, and the tools listed from it.
    const toolsZip = join(tmp, 'sample.tools.zip');
    expect((await cli('convert', SAMPLE, '--out', join(tmp, 'sample-tools'), '--zip', toolsZip, '--tools')).code).toBe(0);
    const listing = await cli('tools', toolsZip);
    expect(listing.code).toBe(0);
    const tools = join(tmp, 'sample.tools.json');
    await writeFile(tools, listing.stdout);
    if (updateExpected) {
      writeExpected(join(out, EXPECTED_SKILL), { [`${EXPECTED_SKILL}.zip`]: zip, [`${EXPECTED_SKILL}.tools.zip`]: toolsZip, 'report.json': report, 'tools.json': tools });
    }
    expect(await folder(join(out, EXPECTED_SKILL))).toEqual(expectedSkillFiles());
    for (const [name, file] of [[`${EXPECTED_SKILL}.zip`, zip], [`${EXPECTED_SKILL}.tools.zip`, toolsZip], ['report.json', report], ['tools.json', tools]]) {
      expect((await readFile(file)).equals(expectedBytes(name)), `${name} differs from test/expected/hollowbrook/${name}`).toBe(true);
    }
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Imported "Hollowbrook Guesthouse" \(openapi 3\.0\.3\) as the skill `hollowbrook-guesthouse`: 5 operations, 5 declared as tools/);
    expect(lines.at(-1)).toBe(`Wrote 7 files to ${join(out, 'hollowbrook-guesthouse')}; publish rules: 0 errors, 0 warnings`);
  });

  it('takes the skill name and the base URL the user gives', async ({ expect }) => {
    const spec = join(tmp, 'relative.yaml');
    await writeFile(spec, "openapi: 3.0.3\ninfo: {title: Rel, version: '1'}\nservers: [{url: /api}]\npaths:\n  /a:\n    get: {operationId: getA, responses: {'200': {description: ok}}}\n");
    const out = join(tmp, 'named');
    const r = await cli('convert', spec, '--out', out, '--name', 'my-api', '--base-url', 'https://example.com/v2/');
    expect(r.code).toBe(0);
    const file = await readFile(join(out, 'my-api', 'get_a.md'), 'utf8');
    expect(file).toContain('https://example.com/api/a');
  });

  it('writes the GPT Actions document with --gpt-actions, of the operations kept; refuses it for Swagger 2.0, writing nothing', async ({ expect }) => {
    const fixtures = join(ROOT, 'lib/targets/fixtures/gpt-actions');
    const file = join(tmp, 'pets.gpt-actions.json');
    const r = await cli('convert', join(fixtures, 'spec.yaml'), '--out', join(tmp, 'gpt'), '--exclude-tags', 'admin', '--gpt-actions', file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Wrote the GPT Actions document (3 operations) to ${file}`);
    expect(await readFile(file, 'utf8')).toBe(await readFile(join(fixtures, 'expected.json'), 'utf8'));
    const out = join(tmp, 'gpt-swagger');
    const refused = await cli('convert', join(MULTI, '../swagger-20/swagger.yaml'), '--out', out, '--gpt-actions', join(tmp, 'swagger.gpt-actions.json'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/GPT Actions take an OpenAPI 3\.x document; this spec is Swagger 2\.0/);
    expect(await readdir(tmp)).not.toContain('swagger.gpt-actions.json');
    expect(await readdir(tmp)).not.toContain('gpt-swagger');
  });

  it("gives SKILL.md the SHA-256 of the spec's text (lib's digest), a BOM left out, for one file, an entry file with the files it names, and a folder", async ({ expect }) => {
    const { sha256Hex } = await import('../lib/core/sha256');
    const text = "openapi: 3.0.3\ninfo: {title: Café ✓ 🐶, version: '1'}\nservers: [{url: 'https://h.example.com'}]\npaths:\n  /a:\n    get: {operationId: getA, responses: {'200': {description: ok, content: {application/json: {schema: {$ref: 'a.yaml'}}}}}}\n";
    const dir = join(tmp, 'digest');
    await mkdir(join(dir, 'folder'), { recursive: true });
    await writeFile(join(dir, 'bom.yaml'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace(/\{\$ref: 'a\.yaml'\}/, '{type: string}'))]));
    await writeFile(join(dir, 'entry.yaml'), text);
    await writeFile(join(dir, 'a.yaml'), 'type: string\n');
    await writeFile(join(dir, 'folder', 'openapi.yaml'), text);
    await writeFile(join(dir, 'folder', 'a.yaml'), 'type: string\n');
    const digestOf = async (spec: string, out: string) => {
      const r = await cli('convert', spec, '--out', join(dir, out));
      expect([r.code, r.stderr]).toEqual([0, '']);
      const [skill] = await readdir(join(dir, out));
      return /source-sha256: "?([0-9a-f]{64})/.exec(await readFile(join(dir, out, skill, 'SKILL.md'), 'utf8'))?.[1];
    };
    expect(await digestOf(join(dir, 'bom.yaml'), 'out-bom')).toBe(sha256Hex(text.replace(/\{\$ref: 'a\.yaml'\}/, '{type: string}')));
    expect(await digestOf(join(dir, 'entry.yaml'), 'out-entry')).toBe(sha256Hex(text));
    expect(await digestOf(join(dir, 'folder'), 'out-folder')).toBe(sha256Hex(text));
  });

  it('takes --server-var (repeated), --server and a --base-url that replaces absolute servers; exits 1 while a variable whose default is an example is unset', async ({ expect }) => {
    const spec = join(tmp, 'tenant.yaml');
    await writeFile(
      spec,
      [
        'openapi: 3.0.3',
        "info: {title: Tenant, version: '1'}",
        'servers:',
        "  - {url: 'https://{tenant}.{region}.api.test', variables: {tenant: {default: your-tenant}, region: {default: eu}}}",
        "  - {url: 'https://sandbox.api.test'}",
        'paths:',
        '  /a:',
        "    get: {operationId: getA, summary: Get the thing called a., responses: {'200': {description: ok}}}",
        '',
      ].join('\n'),
    );
    const url = async (dir: string) => /url: (\S+)/.exec(await readFile(join(tmp, dir, 'tenant', 'get_a.md'), 'utf8'))?.[1];
    const unset = await cli('convert', spec, '--out', join(tmp, 'tenant-unset'));
    expect(unset.code).toBe(1);
    expect(unset.stdout).toMatch(/server-variable The server variable `tenant` is not set, and its default `your-tenant` is an example value/);
    expect(unset.stdout).toMatch(/operation-url A `\{…\}` in the host/);
    expect(await url('tenant-unset')).toBe('https://{tenant}.eu.api.test/a');
    const set = await cli('convert', spec, '--out', join(tmp, 'tenant-set'), '--server-var', 'tenant=acme', '--server-var', 'region=us');
    expect([set.code, set.stderr]).toEqual([0, '']);
    expect(await url('tenant-set')).toBe('https://acme.us.api.test/a');
    expect((await cli('convert', spec, '--out', join(tmp, 'tenant-sandbox'), '--server', 'https://sandbox.api.test')).code).toBe(0);
    expect(await url('tenant-sandbox')).toBe('https://sandbox.api.test/a');
    expect((await cli('convert', spec, '--out', join(tmp, 'tenant-proxy'), '--base-url', 'https://proxy.test/tenant')).code).toBe(0);
    expect(await url('tenant-proxy')).toBe('https://proxy.test/tenant/a');
    const twice = await cli('convert', spec, '--out', join(tmp, 'tenant-twice'), '--server-var', 'tenant=a', '--server-var', 'tenant=b');
    expect([twice.code, twice.stderr.trim()]).toEqual([2, 'skill-wizard convert: --server-var tenant is given twice: give each server variable one value']);
    const bad = await cli('convert', spec, '--out', join(tmp, 'tenant-bad'), '--server-var', 'tenant');
    expect([bad.code, bad.stderr.trim()]).toEqual([2, "skill-wizard convert: --server-var takes name=value: the server variable's name, `=`, then its value"]);
  });

  it('converts a folder of files that reference each other, and the same files zipped, to the same skill', async ({ expect }) => {
    const base = ['--base-url', 'https://multi.example.com/v3/'];
    const a = await cli('convert', MULTI, '--out', join(tmp, 'multi-folder'), ...base);
    expect(a.code).toBe(0);
    const files: Record<string, Uint8Array> = {};
    const walk = async (dir: string, prefix: string) => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        if (e.name === 'expected') continue;
        if (e.isDirectory()) await walk(join(dir, e.name), `${prefix}${e.name}/`);
        else files[`${prefix}${e.name}`] = new Uint8Array(await readFile(join(dir, e.name)));
      }
    };
    await walk(MULTI, '');
    // The folder holds the fixture's expected output too; the zip holds the spec alone.
    const zipPath = join(tmp, 'multi.zip');
    await writeFile(zipPath, zipSync(files));
    const b = await cli('convert', zipPath, '--out', join(tmp, 'multi-zip'), ...base);
    expect(b.code).toBe(0);
    const [name] = await readdir(join(tmp, 'multi-zip'));
    expect(await folder(join(tmp, 'multi-zip', name))).toEqual(await folder(join(MULTI, 'expected', name)));
  });

  it('converts a spec given by its entry file as its folder: the files its $refs name are read from beside it, nothing above it, no links', async ({ expect }) => {
    const base = ['--base-url', 'https://multi.example.com/v3/'];
    const r = await cli('convert', join(MULTI, 'openapi.yaml'), '--out', join(tmp, 'multi-entry'), ...base);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const [name] = await readdir(join(tmp, 'multi-entry'));
    expect(await folder(join(tmp, 'multi-entry', name))).toEqual(await folder(join(MULTI, 'expected', name)));

    // A reference out of the folder is refused, one through a link is not followed: both are reported, and the skill is not publishable.
    const dir = join(tmp, 'entry-refusals');
    await mkdir(join(dir, 'api'), { recursive: true });
    await writeFile(join(tmp, 'secret.yaml'), 'type: string\n');
    await writeFile(join(dir, 'outside.yaml'), 'type: string\n');
    await symlink(join(dir, 'outside.yaml'), join(dir, 'api', 'linked.yaml'));
    await writeFile(join(dir, 'api', 'openapi.yaml'), [
      'openapi: 3.0.3',
      "info: {title: Refusals, version: '1'}",
      "servers: [{url: 'https://r.example.com'}]",
      'paths:',
      '  /a:',
      '    post:',
      '      operationId: postA',
      '      summary: Post the three values to a.',
      "      requestBody: {content: {application/json: {schema: {type: object, properties: {up: {$ref: '../outside.yaml'}, far: {$ref: '../../secret.yaml'}, link: {$ref: linked.yaml}}}}}}",
      "      responses: {'200': {description: ok}}",
      '',
    ].join('\n'));
    const refused = await cli('convert', join(dir, 'api', 'openapi.yaml'), '--out', join(tmp, 'entry-refusals-out'));
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('linked.yaml, which a $ref names, could not be read: linked.yaml is a link, and links are not followed');
    expect(refused.stdout).toMatch(/ref-outside-upload \$ref "\.\.\/outside\.yaml" refused: it climbs out of the upload root/);
    expect(refused.stdout).toMatch(/Not publishable:\n {2}openapi\.yaml:\d+:\d+ unresolved-references 3 references in the spec do not resolve/);
  });

  it('exits 3 (the spec\'s problems) for a spec with no operations, and for one whose references do not resolve, though every publish rule passes', async ({ expect }) => {
    const empty = join(tmp, 'no-operations.yaml');
    await writeFile(empty, "openapi: 3.0.3\ninfo: {title: Empty, version: '1'}\npaths: {}\n");
    const r = await cli('convert', empty, '--out', join(tmp, 'no-operations'));
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('publish rules: 0 errors, 0 warnings\nNot publishable:\n  no-operations.yaml:1:1 no-operations The spec has no operations under `paths`: the skill has nothing to call');
    const missing = join(tmp, 'missing-ref.yaml');
    await writeFile(missing, "openapi: 3.0.3\ninfo: {title: Missing, version: '1'}\nservers: [{url: 'https://m.example.com'}]\npaths:\n  /a:\n    get: {operationId: getA, summary: Get the thing called a., parameters: [{$ref: '#/components/parameters/Nope'}], responses: {'200': {description: ok}}}\n");
    const m = await cli('convert', missing, '--out', join(tmp, 'missing-ref'));
    expect(m.code).toBe(3);
    expect(m.stdout).toMatch(/publish rules: 0 errors, 0 warnings\nNot publishable:\n {2}missing-ref\.yaml:6:\d+ unresolved-references A reference in the spec does not resolve/);
  });

  it('reads a path item from an unquoted `$ref` to a file name with braces; a path item that cannot be read is counted as missing and blocks until --without-unresolved', async ({ expect }) => {
    const dir = join(tmp, 'braces');
    await mkdir(join(dir, 'paths'), { recursive: true });
    await writeFile(join(dir, 'openapi.yaml'), [
      'openapi: 3.0.3',
      "info: {title: Braces, version: '1'}",
      "servers: [{url: 'https://api.braces.io'}]",
      'paths:',
      '  /accounts:',
      '    $ref: ./paths/accounts.yaml',
      '  /account/{id}:',
      '    $ref: ./paths/account@{id}.yaml',
      '',
    ].join('\n'));
    const op = (method: string, id: string, summary: string, path = false) =>
      [`${method}:`, `  operationId: ${id}`, `  summary: ${summary}`, ...(path ? ['  parameters: [{name: id, in: path, required: true, schema: {type: string}}]'] : []), "  responses: {'200': {description: ok}}"];
    await writeFile(join(dir, 'paths', 'accounts.yaml'), op('get', 'listAccounts', 'List the accounts.').join('\n'));
    await writeFile(join(dir, 'paths', 'account@{id}.yaml'), [...op('get', 'getAccount', 'Get one account.', true), ...op('delete', 'deleteAccount', 'Delete one account.', true)].join('\n'));
    const whole = await cli('convert', join(dir, 'openapi.yaml'), '--out', join(tmp, 'braces-out'));
    expect([whole.code, whole.stderr]).toEqual([0, '']);
    expect(whole.stdout).toContain(': 3 operations, 3 declared as tools');

    await rm(join(dir, 'paths', 'account@{id}.yaml'));
    const lost = await cli('convert', join(dir, 'openapi.yaml'), '--out', join(tmp, 'braces-lost'));
    expect(lost.code).toBe(3);
    expect(lost.stdout).toContain(': 1 operation read, and the operations of 1 path item that could not be read, 1 declared as tools');
    expect(lost.stdout).toContain('  /account/{id} openapi.yaml:7: $ref "./paths/account@{id}.yaml"');
    expect(lost.stdout).toMatch(/unresolved-references .*the operations of 1 path item \(\/account\/\{id\}\) are missing from the skill.*--without-unresolved/);
    const waived = await cli('convert', join(dir, 'openapi.yaml'), '--out', join(tmp, 'braces-waived'), '--without-unresolved');
    expect(waived.code).toBe(0);
    expect(waived.stdout).not.toContain('Not publishable');
    expect(waived.stdout).toContain('Gone on without what unresolved references name (--without-unresolved)');

    // One verdict: validate and tools read the same from the written skill as convert said.
    const lostSkill = join(tmp, 'braces-lost', 'braces');
    const validated = await cli('validate', lostSkill);
    expect(validated.code).toBe(3);
    expect(validated.stdout).toMatch(/0 errors, 0 warnings\nProblems in the spec:\n {2}SKILL\.md:1:1 spec-unresolved-references The spec this skill was generated from has a reference that does not resolve/);
    const tools = await cli('tools', lostSkill);
    expect([tools.code, tools.stdout]).toEqual([3, '']);
    expect(tools.stderr).toContain('spec-unresolved-references');
    const waivedSkill = join(tmp, 'braces-waived', 'braces');
    const validatedWaived = await cli('validate', waivedSkill);
    expect(validatedWaived.code).toBe(0);
    expect(validatedWaived.stdout).toMatch(/Problems in the spec:\n {2}SKILL\.md:1:1 spec-unresolved-references \(warning\) The spec this skill was generated from has a reference that does not resolve, and it was generated without them/);
    expect((await cli('tools', waivedSkill)).code).toBe(0);
  });

  it.skipIf(!corpusAvailable())('converts DigitalOcean and Lob from their entry files as from their folders', async ({ expect }) => {
    for (const spec of readManifest().filter((s) => s.folder === 'digitalocean-public' || s.folder === 'lob-api')) {
      const base = ['--base-url', 'https://api.example.com'];
      const entry = await cli('convert', join(SPECS_DIR, spec.folder, spec.entry), '--out', join(tmp, `corpus-entry-${spec.folder}`), ...base);
      const whole = await cli('convert', join(SPECS_DIR, spec.folder), '--out', join(tmp, `corpus-folder-${spec.folder}`), ...base);
      expect(entry.stderr).toBe(whole.stderr);
      expect(entry.stdout.replaceAll('corpus-entry-', '')).toBe(whole.stdout.replaceAll('corpus-folder-', ''));
      expect(entry.stdout).toMatch(new RegExp(`: ${spec.operations} operations, [1-9]\\d* declared as tools`));
      const [name] = await readdir(join(tmp, `corpus-entry-${spec.folder}`));
      expect(await folder(join(tmp, `corpus-entry-${spec.folder}`, name))).toEqual(await folder(join(tmp, `corpus-folder-${spec.folder}`, name)));
    }
  });

  it('fits an operation over 24 KiB by default, reporting each step, and keeps the full schema and the error with --no-fit', async ({ expect }) => {
    const spec = join(ROOT, 'lib/convert/fixtures/fit/openapi.yaml');
    const report = join(tmp, 'fit.report.json');
    const fitted = await cli('convert', spec, '--out', join(tmp, 'fit'), '--report', report);
    // The fixture's ledger cannot be fitted (its required arguments alone pass the limit): still exit 1, one error.
    expect(fitted.code).toBe(1);
    expect(fitted.stdout).toContain('4 operations fitted to the size limit');
    expect(fitted.stdout).toMatch(/ {2}create_samples\.md \(POST \/samples\) openapi\.yaml:10: 39,392 → 24,544; examples dropped in 16 arguments\n/);
    expect(fitted.stdout.match(/^fit-fixture\/\S+ expanded-size /gm)).toEqual(['fit-fixture/create_ledger.md:6:3 expanded-size ']);
    const json = JSON.parse(await readFile(report, 'utf8')) as unknown;
    // The JSON report's fitted entries are the report schema's: one entry per step, with the pointer it touched.
    const parsed = reportFileSchema.parse(json);
    expect(parsed).toEqual(json);
    expect(parsed.fitted.find((f) => f.file === 'create_samples.md')).toMatchObject({ fits: true, bytesBefore: 39_392, bytesAfter: 24_544 });
    expect(parsed.fitted.find((f) => f.file === 'create_archive.md')!.steps.at(-1)).toMatchObject({ step: 'replace-object', pointer: '/properties/index' });
    const full = await cli('convert', spec, '--out', join(tmp, 'no-fit'), '--no-fit');
    expect(full.code).toBe(1);
    expect(full.stdout).not.toContain('fitted to the size limit');
    expect(full.stdout).toContain('(it was not fitted: fitting was turned off)');
    expect(full.stdout.match(/^fit-fixture\/\S+ expanded-size /gm)).toHaveLength(5);
    // The examples are kept with --no-fit (in the shared type Sample), and dropped by fitting (written inline without them).
    expect(await readFile(join(tmp, 'no-fit', 'fit-fixture', 'create_samples.md'), 'utf8')).toContain('"s00": {"$ref": "#/types/Sample"}');
    expect(await readFile(join(tmp, 'no-fit', 'fit-fixture', 'types.json'), 'utf8')).toContain('sample-4 sample-4');
    const samples = await readFile(join(tmp, 'fit', 'fit-fixture', 'create_samples.md'), 'utf8');
    expect(samples).toContain('"s00": {"type": "string", "description": "A sample value."}');
    // Only as many arguments lose their examples as the limit needs, the largest first: 16 of 40.
    expect(samples.match(/"examples"/g)).toHaveLength(24);
  });

  it('refuses to write into a folder that is not empty unless --force is given', async ({ expect }) => {
    const out = join(tmp, 'taken');
    await mkdir(join(out, 'hollowbrook-guesthouse'), { recursive: true });
    await writeFile(join(out, 'hollowbrook-guesthouse', 'notes.txt'), 'mine');
    const r = await cli('convert', SAMPLE, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not empty; choose another --out or pass --force');
    expect(await readdir(join(out, 'hollowbrook-guesthouse'))).toEqual(['notes.txt']);
    expect((await cli('convert', SAMPLE, '--out', out, '--force')).code).toBe(0);
    expect(await readFile(join(out, 'hollowbrook-guesthouse', 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('exits 1 and prints each publish error when the generated package has one', async ({ expect }) => {
    // 40 properties, each with a 1,000-character description: past the 24 KiB budget.
    const properties = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: 'string', description: 'd'.repeat(1000) }]));
    const spec = join(tmp, 'big.json');
    await writeFile(spec, JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, servers: [{ url: 'https://x.example' }], paths: { '/a': { post: { operationId: 'big', summary: 'Send a big form to the server.', requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } }, responses: { '200': { description: 'ok' } } } } } }));
    const r = await cli('convert', spec, '--out', join(tmp, 'big'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^big\/big\.md:\d+:\d+ expanded-size /m);
    expect(r.stdout).toContain('publish rules: 1 error, 0 warnings');
  });

  it('folds a kind of publish problem found more than 10 times into its first 3 and a count, pointing at validate; one found 10 times is printed whole', async ({ expect }) => {
    // A relative server: every operation's URL fails operation-url, 12 of them here, and 10 in the second spec.
    const spec = (count: number) => ({
      openapi: '3.0.3',
      info: { title: 'Many', version: '1' },
      servers: [{ url: '/v1' }],
      paths: Object.fromEntries(Array.from({ length: count }, (_, i) => [`/things${i}`, { get: { operationId: `list_things_${i}`, summary: `List the things of kind ${i} with their owners.`, responses: { '200': { description: 'ok' } } } }])),
    });
    await writeFile(join(tmp, 'many.json'), JSON.stringify(spec(12)));
    const out = join(tmp, 'many');
    const r = await cli('convert', join(tmp, 'many.json'), '--out', out);
    expect(r.code).toBe(1);
    const urls = r.stdout.split('\n').filter((l) => /^\S+ operation-url /.test(l));
    expect(urls).toEqual([
      'many/list_things_0.md:4:8 operation-url `/v1/things0` is not an absolute URL: give the API\'s base URL (`https://…`)',
      'many/list_things_1.md:4:8 operation-url `/v1/things1` is not an absolute URL: give the API\'s base URL (`https://…`)',
      'many/list_things_10.md:4:8 operation-url `/v1/things10` is not an absolute URL: give the API\'s base URL (`https://…`)',
    ]);
    expect(r.stdout).toContain(`  … and 9 more operation-url errors like these (\`skill-wizard validate ${join(out, 'many')}\` lists each)\n`);
    expect(r.stdout).toContain('publish rules: 12 errors, 0 warnings');
    // What validate then lists: every one.
    expect((await cli('validate', join(out, 'many'))).stdout.match(/ operation-url /g)).toHaveLength(12);
    await writeFile(join(tmp, 'ten.json'), JSON.stringify(spec(10)));
    const ten = await cli('convert', join(tmp, 'ten.json'), '--out', join(tmp, 'ten'));
    expect(ten.stdout.match(/^many\/\S+ operation-url /gm)).toHaveLength(10);
    expect(ten.stdout).not.toContain('more operation-url');
  });

  it('prints the first 10 items of a longer list of the report, then how many more --report writes', async ({ expect }) => {
    // 12 operations whose descriptions say only their method and path.
    const paths = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/r${i}`, { get: { operationId: `r${i}`, responses: { '200': { description: 'ok' } } } }]));
    await writeFile(join(tmp, 'weak.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Weak', version: '1' }, servers: [{ url: 'https://w.example' }], paths }));
    const r = await cli('convert', join(tmp, 'weak.json'), '--out', join(tmp, 'weak'), '--report', join(tmp, 'weak.report.json'));
    const section = r.stdout.split('Descriptions a model cannot choose by (description-quality):\n')[1].split('\n\n')[0].trimEnd().split('\n');
    expect(section).toHaveLength(11);
    expect(section.slice(0, 10).every((l) => / says only its method and path/.test(l))).toBe(true);
    expect(section[10]).toBe('  … and 2 more (`--report <file.json>` writes each)');
    const report = JSON.parse(await readFile(join(tmp, 'weak.report.json'), 'utf8')) as { weakDescriptions: unknown[] };
    expect(report.weakDescriptions).toHaveLength(12);
  });

  it('prints what is wrong and exits 1 when the spec is refused; 2 when the path does not exist', async ({ expect }) => {
    const spec = join(tmp, 'not-openapi.yaml');
    await writeFile(spec, 'hello: world\n');
    const r = await cli('convert', spec, '--out', join(tmp, 'refused'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not-openapi\.yaml/);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(`${spec}: not converted`);
    expect(await readdir(tmp)).not.toContain('refused');
    const missing = await cli('convert', join(tmp, 'nowhere.yaml'), '--out', join(tmp, 'x'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file or folder/);
  });

  it('refuses a truncated zip, a corrupt one and a spec over 50 MB in one clear line each, leaving the skill in --out as it was, even with --force (BAD-INPUT 16)', async ({ expect }) => {
    const out = join(tmp, 'kept');
    const skill = join(out, 'hollowbrook-guesthouse');
    expect((await cli('convert', SAMPLE, '--out', out)).code).toBe(0);
    await writeFile(join(skill, 'list_rooms.md'), 'My own edit.\n');
    const before = await folder(skill);
    const zip = zipSync({ 'spec/openapi.yaml': new Uint8Array(await readFile(SAMPLE)) });
    const truncated = join(tmp, 'truncated.zip');
    await writeFile(truncated, zip.subarray(0, zip.length - 10));
    const corrupt = join(tmp, 'corrupt.zip');
    const damaged = zip.slice();
    damaged[100] ^= 0xff; // inside the compressed spec
    await writeFile(corrupt, damaged);
    // Sparse: 51 MB that cost no disk, refused from its size before it is read.
    const huge = join(tmp, 'huge.yaml');
    await writeFile(huge, 'openapi: 3.0.3\n');
    await truncate(huge, 51 * 1024 * 1024);
    for (const [input, line] of [
      [truncated, /^truncated\.zip:1:1 zip-corrupt The file is not a readable zip/],
      [corrupt, /^spec\/openapi\.yaml:1:1 zip-corrupt Entry `spec\/openapi\.yaml` cannot be decompressed/],
      [huge, /^huge\.yaml:1:1 upload-file-too-large huge\.yaml is 51\.0 MB, over the 50\.0 MB limit/],
    ] as const) {
      const r = await cli('convert', input, '--out', out, '--force');
      expect(r.code, input).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
      expect(await folder(skill)).toEqual(before);
    }
    expect(await readdir(out)).toEqual(['hollowbrook-guesthouse']);
  });

  it('requires --out', async ({ expect }) => {
    const r = await cli('convert', SAMPLE);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('skill-wizard convert: --out <folder> is required');
  });

  it('still writes every file and exits as usual when its reader goes away (`… | head -1`)', async ({ expect }) => {
    const out = join(tmp, 'piped');
    const child = spawn(process.execPath, [CLI_BUNDLE, 'convert', SAMPLE, '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect((await readdir(join(out, 'hollowbrook-guesthouse'))).sort()).toEqual([
      'SKILL.md',
      'cancel_booking.md',
      'check_availability.md',
      'create_booking.md',
      'get_booking.md',
      'list_rooms.md',
      'types.json',
    ]);
  });
});

/** A spec of `count` small operations (`op0` … ), titled `title`, as JSON. */
function manyOperations(count: number, title = 'Many', prefix = 'op'): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `${prefix}${i}`,
        summary: `Read thing ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title, version: '1' }, servers: [{ url: 'https://many.example.com' }], paths });
}

/** Every entry of a folder (hidden ones too), sorted. */
async function entries(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

/** The bin as a user runs it, with nothing set in its environment. */
const WRITERS = [['the bin', {}]] as const;

describe.concurrent('cli convert: the skill folder written whole or not at all', () => {
  it.for(WRITERS)('--force (%s): the skill files are the new ones, everything else in the folder is kept', async ([, env], { expect }) => {
    const dir = await mkdtemp(join(tmp, 'force-'));
    const out = join(dir, 'out');
    await writeFile(join(dir, 'first.json'), manyOperations(150, 'Same', 'old'));
    await writeFile(join(dir, 'second.json'), manyOperations(100, 'Same', 'new'));
    expect((await spawnCli(['convert', join(dir, 'first.json'), '--out', out], { env })).code).toBe(0);
    const skill = join(out, 'same');
    await writeFile(join(skill, 'notes.txt'), 'mine');
    const refused = await spawnCli(['convert', join(dir, 'second.json'), '--out', out], { env });
    expect(refused.code).toBe(2);
    const r = await spawnCli(['convert', join(dir, 'second.json'), '--out', out, '--force'], { env });
    expect(r.code).toBe(0);
    expect(await entries(skill)).toEqual(['SKILL.md', ...Array.from({ length: 100 }, (_, i) => `new${i}.md`).sort(), 'notes.txt']);
    expect(await readFile(join(skill, 'notes.txt'), 'utf8')).toBe('mine');
    expect(await entries(out)).toEqual(['same']);
  });

  it.for(WRITERS)('leaves --out exactly as it was, with no half skill, when a write fails (ulimit -f) (%s), and says so in one line', async ([, env], { expect }) => {
    const dir = await mkdtemp(join(tmp, 'efbig-'));
    const out = join(dir, 'out');
    await mkdir(out);
    await writeFile(join(out, 'mine.txt'), 'kept');
    // Files of up to 4 KiB: SKILL.md, listing 300 operations, is larger and cannot be written.
    const spec = join(dir, 'failing.json');
    await writeFile(spec, manyOperations(300, 'Failing'));
    const r = await spawnCli(['convert', spec, '--out', out, '--zip', join(dir, 'failing.zip'), '--report', join(dir, 'failing.json.report')], { fileSizeKiB: 4, env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^skill-wizard convert: EFBIG: file too large, write$/)]);
    expect(await entries(out)).toEqual(['mine.txt']);
    expect(await entries(dir)).toEqual(['failing.json', 'out']);
  });

  it.for(WRITERS)('refuses a skill folder it may not write into (%s): the same line, exit 2, --out untouched, no hidden folder', async ([, env], { expect }) => {
    const dir = await mkdtemp(join(tmp, 'refused-'));
    const spec = join(dir, 'refused.json');
    await writeFile(spec, manyOperations(200, 'Refused'));
    await writeFile(join(dir, 'elsewhere.txt'), 'theirs');
    const cases = [
      ['not-empty', async (skill: string) => (await mkdir(skill), await writeFile(join(skill, 'notes.md'), 'mine')), 'is not empty; choose another --out or pass --force', []],
      ['link', (skill: string) => symlink(join(dir, 'elsewhere.txt'), skill), 'is a symbolic link; convert writes through no link: remove it or choose another --out', ['--force']],
      ['file', (skill: string) => writeFile(skill, 'a file'), 'is a file, not a folder; choose another --out', ['--force']],
    ] as const;
    for (const [name, plant, message, more] of cases) {
      const out = join(dir, `out-${name}`);
      await mkdir(out);
      await plant(join(out, 'refused'));
      const before = await entries(out);
      const r = await spawnCli(['convert', spec, '--out', out, ...more], { env });
      expect([r.code, r.stdout, r.stderr], name).toEqual([2, '', `skill-wizard convert: ${join(out, 'refused')} ${message}\n`]);
      expect(await entries(out), name).toEqual(before);
    }
    expect(await readFile(join(dir, 'elsewhere.txt'), 'utf8')).toBe('theirs');
    expect(await readFile(join(dir, 'out-not-empty', 'refused', 'notes.md'), 'utf8')).toBe('mine');
  });

  it.for(WRITERS)('leaves --out as it was when an operation file fails (ulimit -f) while the files are being written (%s), and says so in one line', async ([, env], { expect }) => {
    const dir = await mkdtemp(join(tmp, 'efbig-early-'));
    const out = join(dir, 'out');
    await mkdir(out);
    await writeFile(join(out, 'mine.txt'), 'kept');
    // The first operation's file passes 8 KiB; SKILL.md and the other files do not: the first
    // batch handed to the thread, long before the conversion ends, holds the failure.
    const doc = JSON.parse(manyOperations(200, 'Early')) as { paths: Record<string, { get: { description?: string } }> };
    doc.paths['/things0/{id}'].get.description = 'A long description. '.repeat(600);
    const spec = join(dir, 'early.json');
    await writeFile(spec, JSON.stringify(doc));
    const r = await spawnCli(['convert', spec, '--out', out, '--report', join(dir, 'early.report.json')], { fileSizeKiB: 8, env });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^skill-wizard convert: EFBIG: file too large, write$/)]);
    expect(await entries(out)).toEqual(['mine.txt']);
    expect(await entries(dir)).toEqual(['early.json', 'out']);
    // Not vacuous: without the limit, the same spec converts, and its first file is the one over it.
    const whole = await spawnCli(['convert', spec, '--out', join(dir, 'whole')], { env });
    expect(whole.code).toBe(0);
    expect((await readFile(join(dir, 'whole', 'early', 'op0.md'))).length).toBeGreaterThan(8192);
    expect((await readFile(join(dir, 'whole', 'early', 'SKILL.md'))).length).toBeLessThan(8192);
  });

  it.for(WRITERS)('Ctrl-C while the files are written (%s): the process ends by SIGINT, leaving no hidden folder and no half skill', async ([, env], { expect }) => {
    const dir = await mkdtemp(join(tmp, 'interrupted-'));
    const spec = join(dir, 'many.json');
    await writeFile(spec, manyOperations(3000, 'Interrupted'));
    const out = join(dir, 'out');
    await mkdir(out);
    await writeFile(join(out, 'mine.txt'), 'kept');
    const child = spawn(process.execPath, [CLI_BUNDLE, 'convert', spec, '--out', out, '--zip', join(dir, 'skill.zip')], { env: { ...process.env, ...env }, stdio: 'ignore' });
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    // Interrupted once the hidden folder is there: the files are being written. Looked for
    // synchronously: a poll on this process's event loop, which the other tests of this file
    // share, could miss a folder that lives a few hundred milliseconds. It stops at the skill
    // put in place (the process is done writing) or, past a minute, gives up.
    let seen: string[] = [];
    const deadline = Date.now() + 60_000;
    while (!seen.some((n) => n.startsWith('.interrupted.tmp-') || n === 'interrupted') && Date.now() < deadline) seen = readdirSync(out);
    const killed = Date.now();
    child.kill('SIGINT');
    const end = await ended;
    expect(Date.now() - killed).toBeLessThan(1000);
    expect(seen.some((n) => n.startsWith('.interrupted.tmp-'))).toBe(true);
    // The rules, the bundle and the report are made before the hidden folder exists, so a
    // signal seen with it there comes while the files are written, and is handled within a
    // few files; one that comes once the skill is in place finds it whole.
    const left = await entries(out);
    const whole = left.includes('interrupted');
    expect(end).toEqual(whole && end.code === 0 ? { code: 0, signal: null } : { code: null, signal: 'SIGINT' });
    expect(left.filter((n) => n !== 'interrupted')).toEqual(['mine.txt']);
    if (whole) expect(await readdir(join(out, 'interrupted'))).toHaveLength(3001);
    expect(await entries(dir)).toEqual(whole ? ['many.json', 'out', 'skill.zip'] : ['many.json', 'out']);
  });
});

describe('cli convert stopped by a signal at any point (BAD-INPUT 46)', () => {
  it('ends within a second of SIGINT or SIGTERM while reading, converting, checking, bundling or counting, leaving no hidden folder', async ({ expect }) => {
    const dir = await mkdtemp(join(tmp, 'signal-'));
    const spec = join(dir, 'many.json');
    await writeFile(spec, manyOperations(3000, 'Stopped'));
    const run = (out: string, signal?: NodeJS.Signals, delay?: number) => {
      const started = Date.now();
      const child = spawn(process.execPath, [CLI_BUNDLE, 'convert', spec, '--out', out, '--zip', `${out}.zip`, '--report', `${out}.json`], { stdio: 'ignore' });
      let killed: number | undefined;
      const timer = signal && setTimeout(() => {
        killed = Date.now();
        child.kill(signal);
      }, delay);
      return new Promise<{ code: number | null; signal: string | null; took: number; afterKill?: number }>((resolve) =>
        child.on('exit', (code, sig) => {
          clearTimeout(timer);
          resolve({ code, signal: sig, took: Date.now() - started, afterKill: killed && Date.now() - killed });
        }),
      );
    };
    // The whole run, timed, places the signals: a fifth of the way in it is reading and
    // converting, then come the rules, the bundle and the token counts of --report, each
    // seconds of synchronous work, then the files are written.
    const whole = await run(join(dir, 'whole'));
    expect(whole.code).toBe(0);
    let stopped = 0;
    for (const [share, signal] of [[0.2, 'SIGINT'], [0.4, 'SIGTERM'], [0.6, 'SIGINT'], [0.8, 'SIGTERM']] as const) {
      const out = join(dir, `out-${share}`);
      await mkdir(out);
      await writeFile(join(out, 'mine.txt'), 'kept');
      const end = await run(out, signal, Math.round(whole.took * share));
      const name = `${signal} ${share} of the way in`;
      if (end.afterKill === undefined) {
        // Done before the signal (a machine less loaded than for the timed run): written whole.
        expect(end.code, name).toBe(0);
        continue;
      }
      stopped++;
      // Ended by the signal, as a shell reports 130 or 143.
      expect({ code: end.code, signal: end.signal }, name).toEqual({ code: null, signal });
      expect(end.afterKill, name).toBeLessThan(1000);
      expect(await entries(out), name).toEqual(['mine.txt']);
    }
    expect(stopped).toBeGreaterThanOrEqual(3);
    expect((await entries(dir)).filter((n) => n.startsWith('.'))).toEqual([]);
  }, 180_000);
});

describe.concurrent('cli convert under real limits (BAD-INPUT 28)', () => {
  it('converts 1,015 operations under ulimit -n 1024, writing every file', async ({ expect }) => {
    const spec = join(tmp, 'many.json');
    await writeFile(spec, manyOperations(1015));
    const out = join(tmp, 'limits-many');
    const r = await spawnCli(['convert', spec, '--out', out], { openFiles: 1024 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await entries(out)).toEqual(['many']);
    expect(await readdir(join(out, 'many'))).toHaveLength(1016);
  });

  it('refuses with --zip a spec of more operations than a bundle holds, once parsed, writing nothing; without --zip the spec is loaded whole (BAD-INPUT 36)', async ({ expect }) => {
    const dir = join(tmp, 'too-many');
    await mkdir(dir);
    for (const f of manyOperationsDeepFiles(4_998)) await writeFile(join(dir, f.path), f.text);
    const out = join(tmp, 'too-many-out');
    const r = await runHere('convert', join(dir, 'openapi.json'), '--out', out, '--zip', join(tmp, 'too-many.zip'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^openapi\.json:1:1 too-many-operations The spec has 4,998 operations: a skill bundle holds at most 5,000 files/);
    expect(r.stderr).toContain('not converted (without --zip, the skill is written as a folder, which has no such limit)');
    await expect(lstat(join(tmp, 'too-many.zip'))).rejects.toThrow();
    await expect(lstat(out)).rejects.toThrow();
    // Without --zip nothing limits the operations: the files info.contact leads through refuse it, nesting too deep.
    const folder = await runHere('convert', join(dir, 'openapi.json'), '--out', out);
    expect(folder.stderr).toMatch(/^f3\.json:\S+ nesting-too-deep /);
  });

  it('reads a spec folder of 400 files under ulimit -n 256', async ({ expect }) => {
    const dir = join(tmp, 'split-spec');
    await mkdir(join(dir, 'schemas'), { recursive: true });
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 400; i++) {
      await writeFile(join(dir, 'schemas', `thing${i}.json`), JSON.stringify({ type: 'object', properties: { id: { type: 'string' } } }));
      paths[`/things${i}`] = { post: { operationId: `make${i}`, requestBody: { content: { 'application/json': { schema: { $ref: `schemas/thing${i}.json` } } } }, responses: { '200': { description: 'ok' } } } };
    }
    await writeFile(join(dir, 'openapi.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Split', version: '1' }, servers: [{ url: 'https://split.example.com' }], paths }));
    const r = await spawnCli(['convert', dir, '--out', join(tmp, 'limits-split')], { openFiles: 256 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await readdir(join(tmp, 'limits-split', 'split'))).toHaveLength(401);
  });

  it.skipIf(!corpusAvailable())('converts Stripe under ulimit -n 256 (a common macOS default)', async ({ expect }) => {
    const stripe = readManifest().find((s) => s.folder === 'stripe-core')!;
    const out = join(tmp, 'limits-stripe');
    const r = await spawnCli(['convert', join(SPECS_DIR, stripe.folder, stripe.entry), '--out', out, '--zip', join(tmp, 'stripe.zip')], { openFiles: 256 });
    expect(r.stderr).toBe('');
    expect(r.code).toBeLessThan(2);
    const [name] = await entries(out);
    expect((await readdir(join(out, name))).length).toBeGreaterThan(400);
  });

  it('replaces the skill files with --force: no operation file of an earlier spec stays, `tools` lists only the new ones, other files are kept', async ({ expect }) => {
    const out = join(tmp, 'limits-force');
    const first = join(tmp, 'force-first.json');
    const second = join(tmp, 'force-second.json');
    await writeFile(first, manyOperations(7, 'Same', 'old'));
    await writeFile(second, manyOperations(2, 'Same', 'new'));
    expect((await cli('convert', first, '--out', out)).code).toBe(0);
    const skill = join(out, 'same');
    await writeFile(join(skill, 'notes.txt'), 'mine');
    await mkdir(join(skill, '.git'));
    await writeFile(join(skill, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    const r = await cli('convert', second, '--out', out, '--force');
    expect(r.code).toBe(0);
    expect(await entries(skill)).toEqual(['.git', 'SKILL.md', 'new0.md', 'new1.md', 'notes.txt']);
    expect(await readFile(join(skill, 'notes.txt'), 'utf8')).toBe('mine');
    expect(await readFile(join(skill, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
    expect(await entries(out)).toEqual(['same']);
    const tools = await cli('tools', skill);
    expect((JSON.parse(tools.stdout) as { alias: string }[]).map((t) => t.alias)).toEqual(['new0', 'new1']);
  });

  it('refuses --force into the folder that holds the spec, or over skill files convert did not write, naming them and changing nothing (BAD-INPUT 45)', async ({ expect }) => {
    // The skill's folder is the spec's own: `convert dir/openapi.yaml --out . --force`.
    const parent = join(tmp, 'force-own');
    const dir = join(parent, 'hollowbrook-guesthouse');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'openapi.yaml'), await readFile(SAMPLE, 'utf8'));
    await writeFile(join(dir, 'README.md'), 'readme');
    await writeFile(join(dir, 'NOTES.md'), 'notes');
    const own = await cli('convert', join(dir, 'openapi.yaml'), '--out', parent, '--force');
    expect([own.code, own.stdout, own.stderr]).toEqual([2, '', `skill-wizard convert: ${dir} holds the spec ${join(dir, 'openapi.yaml')}; --force would replace files beside it: choose another --out\n`]);
    expect(await entries(dir)).toEqual(['NOTES.md', 'README.md', 'openapi.yaml']);
    // A skill convert wrote, with the user's README.md beside it: refused, naming it; moved away, replaced.
    const out = join(tmp, 'force-foreign');
    expect((await cli('convert', SAMPLE, '--out', out)).code).toBe(0);
    const skill = join(out, 'hollowbrook-guesthouse');
    await writeFile(join(skill, 'README.md'), 'mine');
    const before = await folder(skill);
    const foreign = await cli('convert', SAMPLE, '--out', out, '--force');
    expect([foreign.code, foreign.stderr]).toEqual([2, `skill-wizard convert: ${skill} holds README.md, which convert did not write (its SKILL.md, which convert wrote, does not list them); --force replaces only a skill convert wrote: move it or choose another --out\n`]);
    expect(await folder(skill)).toEqual(before);
    // A folder of skill files no convert wrote (no SKILL.md of its own): each named.
    const hand = join(tmp, 'force-hand', 'hollowbrook-guesthouse');
    await mkdir(hand, { recursive: true });
    await writeFile(join(hand, 'SKILL.md'), '---\nname: hollowbrook-guesthouse\ndescription: Mine.\n---\n');
    await writeFile(join(hand, 'list_rooms.md'), 'mine');
    const handMade = await cli('convert', SAMPLE, '--out', join(tmp, 'force-hand'), '--force');
    expect(handMade.stderr).toBe(`skill-wizard convert: ${hand} holds SKILL.md, list_rooms.md, which convert did not write (it holds no SKILL.md convert wrote); --force replaces only a skill convert wrote: move them or choose another --out\n`);
    expect(await readFile(join(hand, 'list_rooms.md'), 'utf8')).toBe('mine');
    await rm(join(skill, 'README.md'));
    expect((await cli('convert', SAMPLE, '--out', out, '--force')).code).toBe(0);
  });

  it('never writes through a link planted in --out, even with --force', async ({ expect }) => {
    const out = join(tmp, 'limits-links');
    const victim = join(tmp, 'victim');
    await mkdir(victim);
    await writeFile(join(victim, 'secret.txt'), 'do not touch');
    // The skill folder itself is a link: refused, nothing written anywhere.
    await mkdir(out);
    await symlink(victim, join(out, 'hollowbrook-guesthouse'));
    const refused = await cli('convert', SAMPLE, '--out', out, '--force');
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(`skill-wizard convert: ${join(out, 'hollowbrook-guesthouse')} is a symbolic link; convert writes through no link: remove it or choose another --out`);
    expect(await entries(victim)).toEqual(['secret.txt']);
    expect(await entries(out)).toEqual(['hollowbrook-guesthouse']);
    // Links inside the skill folder convert wrote, named as a generated file, and as the bundle: replaced, not followed.
    await rm(join(out, 'hollowbrook-guesthouse'));
    expect((await cli('convert', SAMPLE, '--out', out)).code).toBe(0);
    await rm(join(out, 'hollowbrook-guesthouse', 'list_rooms.md'));
    await symlink(join(victim, 'secret.txt'), join(out, 'hollowbrook-guesthouse', 'list_rooms.md'));
    await symlink(join(victim, 'secret.txt'), join(tmp, 'linked.zip'));
    const r = await cli('convert', SAMPLE, '--out', out, '--force', '--zip', join(tmp, 'linked.zip'));
    expect(r.code).toBe(0);
    expect(await readFile(join(victim, 'secret.txt'), 'utf8')).toBe('do not touch');
    expect(await entries(victim)).toEqual(['secret.txt']);
    for (const name of ['SKILL.md', 'list_rooms.md']) expect((await lstat(join(out, 'hollowbrook-guesthouse', name))).isFile()).toBe(true);
    expect((await lstat(join(tmp, 'linked.zip'))).isFile()).toBe(true);
  });
});

describe.concurrent('cli convert: clear errors, never a stack trace (BAD-INPUT 29)', () => {
  it.for([
    ['--out naming a file', (f: string) => ['--out', f], (f: string) => `--out ${f} is a file, not a folder`],
    ['--zip naming a folder', (_f: string, d: string) => ['--out', join(d, 'out'), '--zip', d], (_f: string, d: string) => `--zip ${d} is a folder; give the file to write`],
    ['--report in a missing folder', (_f: string, d: string) => ['--out', join(d, 'out'), '--report', join(d, 'missing', 'r.json')], (_f: string, d: string) => `--report ${join(d, 'missing', 'r.json')}: the folder ${join(d, 'missing')} does not exist`],
    ['--zip in a missing folder', (_f: string, d: string) => ['--out', join(d, 'out'), '--zip', join(d, 'missing', 's.zip')], (_f: string, d: string) => `--zip ${join(d, 'missing', 's.zip')}: the folder ${join(d, 'missing')} does not exist`],
  ] as const)('refuses %s in one line with exit 2, writing nothing', async ([, args, message], { expect }) => {
    const dir = await mkdtemp(join(tmp, 'errors-'));
    const file = join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    const r = await spawnCli(['convert', SAMPLE, ...args(file, dir)]);
    expect(r).toEqual({ code: 2, stdout: '', stderr: `skill-wizard convert: ${message(file, dir)}\n` });
    expect(await entries(dir)).toEqual(['a-file']);
  });

  it('refuses an empty --out, --zip or --report in one line with exit 2', async ({ expect }) => {
    expect((await cli('convert', SAMPLE, '--out', '')).stderr).toBe('skill-wizard convert: --out <folder> is required\n');
    const r = await cli('convert', SAMPLE, '--out', join(tmp, 'empty-zip'), '--zip', '');
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'skill-wizard convert: --zip needs a path\n' });
  });
});

// Fitting: six large specs converted one after the other, apart from the concurrent tests above (each takes seconds).
describe('cli convert, fitting the corpus', () => {
  it.skipIf(!corpusAvailable())('makes Kubernetes, OpenAI, Box, Discord, Xero and Okta (its domain given) publish: `tools` exits 0', { timeout: 600_000 }, async ({ expect }) => {
    const six: Record<string, string[]> = {
      'kubernetes-core': ['--base-url', 'https://k8s.example.com:6443'],
      'openai-api': [],
      'box-platform': [],
      'discord-api': [],
      'xero-accounting': [],
      'okta-management': ['--server-var', 'yourOktaDomain=acme.okta.com'],
    };
    for (const spec of readManifest().filter((s) => s.folder in six)) {
      const out = join(tmp, `corpus-fit-${spec.folder}`);
      const r = await cli('convert', join(SPECS_DIR, spec.folder, spec.entry), '--out', out, ...six[spec.folder]);
      expect(r.stdout, spec.folder).toMatch(/operations? fitted to the size limit/);
      // Every operation's parameters publish; a `returns` over the limit is a warning (the tool publishes without it).
      expect(r.stdout, spec.folder).not.toMatch(/ expanded-size (?!(\(warning\) `returns`|warnings like these))/);
      const [name] = await readdir(out);
      const tools = await cli('tools', join(out, name));
      expect(tools.stderr, spec.folder).toBe('');
      expect(tools.code, spec.folder).toBe(0);
      expect((JSON.parse(tools.stdout) as unknown[]).length, spec.folder).toBeGreaterThan(0);
    }
    expect(Object.keys(six).filter((f) => !readManifest().some((s) => s.folder === f))).toEqual([]);
  });
});
