/* eslint-disable @typescript-eslint/no-explicit-any -- the tests dig into untyped documents */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../core/problem';
import { specUploadFromFile } from './upload';
import { loadSpec, type LoadedSpec } from './index';
import { expectSameElsewhere } from '../../test/elsewhere';
import { billionLaughs, devicesSpec, flatMapping } from '../../test/hostile';

type Files = Record<string, string>;

async function load(files: Files, options: Parameters<typeof loadSpec>[1] = {}) {
  return loadSpec(
    Object.entries(files).map(([path, text]) => ({ path, text })),
    options,
  );
}

async function loaded(files: Files, options: Parameters<typeof loadSpec>[1] = {}) {
  const r = await load(files, options);
  if (!r.ok) throw new Error(`load failed: ${JSON.stringify(r.problems)}`);
  return { spec: r.value, problems: r.problems };
}

const oas30 = (rest: string) => `openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\n${rest}`;
const oas31 = (rest: string) => `openapi: 3.1.0\ninfo:\n  title: T\n  version: '1'\n${rest}`;

/** Every `$ref` string in a tree, with where it is. */
function refs(node: unknown, at = ''): [string, string][] {
  const out: [string, string][] = [];
  const stack: [unknown, string][] = [[node, at]];
  while (stack.length) {
    const [n, p] = stack.pop()!;
    if (n === null || typeof n !== 'object') continue;
    for (const [k, v] of Object.entries(n)) {
      if (k === '$ref' && typeof v === 'string') out.push([p, v]);
      stack.push([v, `${p}/${k}`]);
    }
  }
  return out;
}

/** No object appears twice: editing one place cannot change another. */
function expectTree(node: unknown) {
  const seen = new Set<object>();
  const stack = [node];
  while (stack.length) {
    const n = stack.pop();
    if (n === null || typeof n !== 'object') continue;
    expect(seen.has(n)).toBe(false);
    seen.add(n);
    stack.push(...Object.values(n));
  }
}

function only(problems: Problem[], ruleId: string) {
  return problems.filter((p) => p.ruleId === ruleId);
}

describe('loadSpec', () => {
  it('loads a single YAML file with its format, entry text and no problems', async () => {
    const text = oas30('paths:\n  /pets:\n    get:\n      responses:\n        "200":\n          description: ok\n');
    const { spec, problems } = await loaded({ 'api.yaml': text });
    expect(spec.entry).toBe('api.yaml');
    expect(spec.format).toEqual({ kind: 'openapi', version: '3.0.3', label: 'openapi 3.0.3' });
    expect(spec.entryText).toBe(text);
    expect(spec.sources).toEqual(['api.yaml']);
    expect(problems).toEqual([]);
    expect((spec.document.paths as Record<string, unknown>)['/pets']).toBeDefined();
  });

  it('loads a Swagger 2.0 JSON file', async () => {
    const doc = { swagger: '2.0', info: { title: 'T', version: '1' }, paths: {} };
    const { spec, problems } = await loaded({ 'swagger.json': JSON.stringify(doc, null, 2) });
    expect(spec.format.label).toBe('swagger 2.0');
    expect(spec.document).toEqual(doc);
    expect(problems).toEqual([]);
  });

  it('refuses what is not a spec, or not a supported one, with ok: false', async () => {
    for (const [text, ruleId] of [
      ['just: yaml\n', 'not-openapi'],
      ['openapi: 4.0.0\n', 'unsupported-version'],
      ['swagger: "1.2"\n', 'unsupported-version'],
      ['{"openapi": ', 'json-syntax'],
      ['a: [\n', 'yaml-syntax'],
      ['- a\n- b\n', 'not-openapi'],
    ]) {
      const r = await load({ 'api.yaml': text });
      expect(r.ok).toBe(false);
      expect(r.problems[0].ruleId).toBe(ruleId);
    }
  });

  it('refuses bad paths, duplicate paths and a missing entry', async () => {
    for (const path of ['/abs.yaml', '../up.yaml', 'a/../b.yaml', 'a\\b.yaml', 'a//b.yaml', '']) {
      const r = await load({ [path]: oas30('paths: {}\n') });
      expect(r.ok).toBe(false);
      expect(r.problems[0].ruleId).toBe('path-invalid');
    }
    // BAD-INPUT 48: a control character was refused as a path that is not relative.
    const control = await load({ 'spec\u0001.yaml': oas30('paths: {}\n') });
    expect(control.ok ? [] : control.problems.map((p) => [p.file, p.message])).toEqual([['spec?.yaml', 'the file name holds a control character (U+0001, shown as ?); rename the file']]);
    const dup = await loadSpec([
      { path: 'a.yaml', text: oas30('paths: {}\n') },
      { path: 'a.yaml', text: oas30('paths: {}\n') },
    ]);
    expect(dup.ok).toBe(false);
    const missing = await load({ 'a.yaml': oas30('paths: {}\n') }, { entry: 'b.yaml' });
    expect(missing.ok).toBe(false);
    expect(missing.problems[0].ruleId).toBe('entry-not-found');
  });

  it('finds the entry of a folder when none is given', async () => {
    const { spec } = await loaded({
      'schemas/pet.yaml': 'type: object\n',
      'openapi.yaml': oas30('paths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: schemas/pet.yaml\n'),
    });
    expect(spec.entry).toBe('openapi.yaml');
  });

  describe('sizes (SPEC 6)', () => {
    // How fast these are refused is measured by `npm run bench` (bench/limits.ts).
    it('refuses a file over 50 MB before parsing it', async () => {
      // Not YAML past its first lines: parsed first, it would fail as yaml-syntax.
      for (const tail of ['"\n', '\n: [\n']) {
        const r = await load({ 'api.yaml': `openapi: 3.0.0\nx: "${'a'.repeat(50_000_000)}${tail}` });
        expect(r.ok).toBe(false);
        expect(r.problems.map((p) => `${p.ruleId} ${p.file}`)).toEqual(['file-too-large api.yaml']);
      }
    });

    it('counts UTF-8 bytes, not characters', async () => {
      const r = await load({ 'api.yaml': `openapi: 3.0.0\nx: "${'€'.repeat(17_000_000)}"\n` });
      expect(r.ok).toBe(false);
      expect(r.problems[0].ruleId).toBe('file-too-large');
    });

    it('refuses an upload over 100 MB', async () => {
      const part = 'a'.repeat(34_000_000);
      const r = await load({ 'api.yaml': oas30('paths: {}\n'), 'a.txt': part, 'b.txt': part, 'c.txt': part });
      expect(r.ok).toBe(false);
      expect(r.problems.map((p) => p.ruleId)).toContain('upload-too-large');
    });
  });

  describe('references outside the upload (BAD-INPUT 1-5)', () => {
    const withRef = (ref: string) =>
      oas30(
        `paths: {}\ncomponents:\n  schemas:\n    Leak:\n      type: object\n      properties:\n        data:\n          $ref: '${ref}'\n`,
      );

    it.each(['file:///etc/passwd', '/etc/passwd', '../../../etc/passwd', 'FILE:///etc/passwd', 'C:/Windows/win.ini', '..%2F..%2Fetc%2Fpasswd'])(
      'refuses %s and reads nothing',
      async (ref) => {
        const { spec, problems } = await loaded({ 'api.yaml': withRef(ref) });
        const refused = only(problems, 'ref-outside-upload');
        expect(refused).toHaveLength(1);
        expect(refused[0]).toMatchObject({
          severity: 'error',
          file: 'api.yaml',
          line: 11,
          pointer: '/components/schemas/Leak/properties/data',
        });
        expect(refused[0].message).toContain(ref);
        // Left as it is, not inlined.
        const leak = spec.document.components as { schemas: { Leak: { properties: { data: unknown } } } };
        expect(leak.schemas.Leak.properties.data).toEqual({ $ref: ref });
        if (existsSync('/etc/passwd')) {
          const passwd = readFileSync('/etc/passwd', 'utf8').split('\n')[0];
          expect(JSON.stringify({ spec, problems })).not.toContain(passwd);
        }
      },
    );

    // Its time and memory (nothing is read, so both stay flat) are measured by `npm run bench` (bench/limits.ts).
    it('refuses /proc/self/environ and /dev/zero, reading neither', async () => {
      const { spec, problems } = await loaded({ 'api.yaml': devicesSpec() });
      expect(only(problems, 'ref-outside-upload')).toHaveLength(4);
      const out = JSON.stringify({ spec, problems });
      for (const value of [process.env.PATH, process.env.HOME].filter((v): v is string => !!v && v.length > 3)) {
        expect(out).not.toContain(value);
      }
    });

    it('refuses ../ that climbs out of the upload from a referenced file, even when the root holds a file of that name', async () => {
      // Resolved as a URL, schemas/../../passwd would stop at the root and find the uploaded passwd.
      const { spec, problems } = await loaded({
        'api.yaml': oas30('paths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: schemas/pet.yaml\n'),
        'schemas/pet.yaml': 'type: object\nproperties:\n  a:\n    $ref: ../../passwd\n  b:\n    $ref: ../../../etc/passwd\n  c:\n    $ref: ./../../schemas/ok.yaml\n  d:\n    $ref: ../schemas/ok.yaml\n',
        'schemas/ok.yaml': 'type: string\n',
        passwd: 'type: integer\n',
      });
      const refused = only(problems, 'ref-outside-upload');
      expect(refused.map((p) => [p.file, p.line])).toEqual([
        ['schemas/pet.yaml', 3],
        ['schemas/pet.yaml', 5],
        ['schemas/pet.yaml', 7],
      ]);
      for (const p of refused) expect(p.message).toContain('climbs out of the upload root');
      const pet = (spec.document.components as any).schemas.Pet;
      expect(pet.properties.a).toEqual({ $ref: '../../passwd' });
      expect(pet.properties.d).toEqual({ $ref: '#/components/schemas/ok' });
      expect(spec.sources).not.toContain('passwd');
    });

    it('refuses OpenAPI 3.1 $id: file:///etc/ with $ref: passwd, naming the $id', async () => {
      const { problems } = await loaded({
        'api.yaml': oas31(
          "paths: {}\ncomponents:\n  schemas:\n    Leak:\n      $id: 'file:///etc/'\n      type: object\n      properties:\n        data:\n          $ref: passwd\n        host:\n          $ref: ./hostname\n",
        ),
        passwd: 'not: this one either\n',
      });
      const refused = only(problems, 'ref-outside-upload');
      expect(refused).toHaveLength(2);
      expect(refused[0].message).toContain('"passwd"');
      expect(refused[0].message).toContain('$id "file:///etc/"');
    });

    it('refuses $ref: passwd under $id: file:///etc/ in a referenced file, and under a relative $id that climbs out', async () => {
      const { problems } = await loaded({
        'api.yaml': oas31("paths: {}\ncomponents:\n  schemas:\n    Leak:\n      $ref: leak.yaml\n    Climb:\n      $id: '../../etc/'\n      properties:\n        data:\n          $ref: passwd\n"),
        'leak.yaml': "$id: 'file:///etc/'\ntype: object\nproperties:\n  data:\n    $ref: passwd\n",
        passwd: 'type: string\n',
      });
      const refused = only(problems, 'ref-outside-upload');
      expect(refused.map((p) => p.file).sort()).toEqual(['api.yaml', 'leak.yaml']);
      expect(refused.find((p) => p.file === 'leak.yaml')!.message).toContain('$id "file:///etc/"');
    });

    it('ignores a $ref inside an example, a default, an enum or an x- extension: data, never read', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': oas30(`paths:
  /a:
    get:
      x-codeSamples:
        - $ref: examples/sample.yaml
      x-leak:
        $ref: file:///etc/passwd
      responses:
        "200":
          description: ok
          content:
            application/json:
              example:
                $ref: /etc/passwd
              schema:
                type: object
                default: { $ref: file:///etc/hostname }
                enum: [{ $ref: file:///etc/hostname }]
                x-more: { $ref: examples/sample.yaml }
            text/plain:
              examples:
                one:
                  value:
                    $ref: ../../../etc/passwd
`),
        'examples/sample.yaml': 'this file: must not be parsed: [\n',
      });
      expect(problems).toEqual([]);
      expect(spec.sources).toEqual(['api.yaml']);
      const get = (spec.document.paths as Record<string, Record<string, Record<string, unknown>>>)['/a'].get;
      expect(get['x-leak']).toEqual({ $ref: 'file:///etc/passwd' });
      expect(get['x-codeSamples']).toEqual([{ $ref: 'examples/sample.yaml' }]);
    });

    describe('network references', () => {
      let server: Server;
      let port = 0;
      let requests = 0;
      beforeAll(async () => {
        server = createServer((req, res) => {
          requests++;
          res.end('openapi: 3.0.0\n');
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        port = (server.address() as AddressInfo).port;
      });
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

      it('refuses http(s) references; a loopback listener sees no request', async () => {
        const targets = [
          `http://127.0.0.1:${port}/x.yaml`,
          `https://127.0.0.1:${port}/x.yaml`,
          `http://localhost:${port}/x.yaml#/a`,
          `http://127.1:${port}/`,
          `http://[::ffff:127.0.0.1]:${port}/`,
          `//127.0.0.1:${port}/x.yaml`,
          'http://169.254.169.254/latest/meta-data/',
          `HTTP://127.0.0.1:${port}/upper`,
        ];
        const schemas = targets.map((t, i) => `    S${i}:\n      $ref: '${t}'\n`).join('');
        const { problems } = await loaded({
          'api.yaml': oas30(`paths: {}\ncomponents:\n  schemas:\n${schemas}`),
        });
        await new Promise((r) => setTimeout(r, 100));
        expect(requests).toBe(0);
        const refused = only(problems, 'ref-outside-upload');
        expect(refused).toHaveLength(targets.length);
        targets.forEach((t, i) => expect(refused[i].message).toContain(t));
      });
    });

  });

  describe('referenced files (BAD-INPUT 6, 7, 9)', () => {
    it('names the referenced file and line of a YAML syntax error, without its contents or a server path', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': oas30('paths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: schemas/pet.yaml\n'),
        'schemas/pet.yaml': 'type: object\nproperties:\n  name: {type: string\n  secret: HUNTER2\n',
      });
      expect(spec.document).toBeDefined();
      const syntax = only(problems, 'yaml-syntax');
      expect(syntax).toHaveLength(1);
      expect(syntax[0]).toMatchObject({ file: 'schemas/pet.yaml', line: 4 });
      const unresolved = only(problems, 'ref-unresolved');
      expect(unresolved[0]).toMatchObject({ file: 'api.yaml', line: 8, pointer: '/components/schemas/Pet' });
      const out = JSON.stringify(problems);
      expect(out).not.toContain('HUNTER2');
      expect(out).not.toContain(process.cwd());
    });

    // How fast these three are refused is measured by `npm run bench` (bench/limits.ts).
    it('refuses a billion-laughs document at the top', async () => {
      const r = await load({ 'api.yaml': `openapi: 3.0.0\n${billionLaughs(10)}` });
      expect(r.ok).toBe(false);
      expect(r.problems[0].ruleId).toBe('yaml-alias-expansion');
    });

    it('refuses a billion-laughs referenced file and loads the rest', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': oas30('paths: {}\ncomponents:\n  schemas:\n    Lol:\n      $ref: lol.yaml#/i\n    Ok:\n      type: string\n'),
        'lol.yaml': billionLaughs(10),
      });
      expect(only(problems, 'yaml-alias-expansion')[0].file).toBe('lol.yaml');
      expect((spec.document.components as { schemas: Record<string, unknown> }).schemas.Ok).toEqual({ type: 'string' });
    });

    it('refuses a self-containing alias in a referenced file at its line and column, and loads the rest', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': oas30('paths: {}\ncomponents:\n  schemas:\n    Loop:\n      $ref: loop.yaml#/a\n    Ok:\n      type: string\n'),
        'loop.yaml': 'a: &a\n  type: object\n  properties:\n    self: *a\n',
      });
      expect(only(problems, 'yaml-alias-cycle')).toEqual([expect.objectContaining({ file: 'loop.yaml', line: 4, column: 11 })]);
      expect((spec.document.components as { schemas: Record<string, unknown> }).schemas.Ok).toEqual({ type: 'string' });
    });

    it('refuses a self-containing alias at the top, never a crash', async () => {
      const r = await load({ 'api.yaml': 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\nx-a: &a {b: *a}\n' });
      expect(r.ok).toBe(false);
      expect(r.problems[0]).toMatchObject({ ruleId: 'yaml-alias-cycle', file: 'api.yaml', line: 4, column: 13 });
    });

    it('refuses a billion-laughs file in an uploaded zip, at the top and as a referenced file', async () => {
      const enc = new TextEncoder();
      const api = oas30('paths: {}\ncomponents:\n  schemas:\n    Lol:\n      $ref: lol.yaml#/i\n    Ok:\n      type: string\n');
      const fromZip = async (files: Record<string, string>) => {
        const zip = zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, enc.encode(text)])));
        const upload = specUploadFromFile('spec.zip', zip);
        if (!upload.ok) throw new Error(JSON.stringify(upload.problems));
        return loadSpec(upload.value.files, { entry: upload.value.entry });
      };
      const top = await fromZip({ 'spec/openapi.yaml': `openapi: 3.0.0\n${billionLaughs(10)}` });
      const referenced = await fromZip({ 'spec/openapi.yaml': api, 'spec/lol.yaml': billionLaughs(10) });
      expect(top.ok).toBe(false);
      expect(top.problems[0]).toMatchObject({ ruleId: 'yaml-alias-expansion', file: 'spec/openapi.yaml' });
      if (!referenced.ok) throw new Error(JSON.stringify(referenced.problems));
      expect(only(referenced.problems, 'yaml-alias-expansion')[0].file).toBe('spec/lol.yaml');
      expect((referenced.value.document.components as { schemas: Record<string, unknown> }).schemas.Ok).toEqual({ type: 'string' });
    });

    it('refuses nesting 10,000 levels deep at the top, and in a referenced file', async () => {
      const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const top = await load({ 'api.json': `{"openapi": "3.0.0", "x": ${deep}}` });
      expect(top.ok).toBe(false);
      expect(top.problems[0].ruleId).toBe('nesting-too-deep');
      const { problems } = await loaded({
        'api.yaml': oas30('paths: {}\ncomponents:\n  schemas:\n    Deep:\n      $ref: deep.json\n'),
        'deep.json': deep,
      });
      expect(only(problems, 'nesting-too-deep')[0].file).toBe('deep.json');
    });

    it('refuses a resolved document nested too deep across files with a clean error', async () => {
      // Under `info`, referenced objects are inlined where they are referenced, so depth adds up.
      const files: Files = { 'api.yaml': "openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\n  contact:\n    $ref: f0.json\npaths: {}\n" };
      for (let i = 0; i < 4; i++) {
        const inner = i === 3 ? '"end"' : `{"$ref": "f${i + 1}.json"}`;
        files[`f${i}.json`] = `${'{"a": '.repeat(300)}${inner}${'}'.repeat(300)}`;
      }
      const r = await load(files);
      expect(r.ok).toBe(false);
      expect(r.problems[0].ruleId).toBe('nesting-too-deep');
    });

    // How fast it loads is measured by `npm run bench` (bench/limits.ts).
    it('loads a spec with an 80,000-key mapping (1.7 MB)', async () => {
      const r = await load({ 'api.yaml': oas30(`paths: {}\nx-big:\n${flatMapping(80_000, '  ')}\n`) }, { validate: false });
      expect(r.ok).toBe(true);
      expect(r.ok && Object.keys((r.value.document as { 'x-big': object })['x-big'])).toHaveLength(80_000);
    });

    it('parses files only when they are referenced', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': oas30('paths: {}\n'),
        'broken.yaml': 'a: [\n',
        'notes.md': '# notes\n',
      });
      expect(problems).toEqual([]);
      expect(spec.sources).toEqual(['api.yaml']);
    });
  });

  describe('resolving', () => {
    const files: Files = {
      'api.yaml': oas30(`paths:
  /pets:
    $ref: paths/pets.yaml
  /owners:
    get:
      parameters:
        - $ref: params.yaml#/limit
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                $ref: schemas/pet.yaml
components:
  schemas:
    Error:
      type: object
    Pet:
      $ref: schemas/pet.yaml
    pet:
      type: string
`),
      'paths/pets.yaml': `get:
  operationId: listPets
  parameters:
    - $ref: ../params.yaml#/limit
  responses:
    "200":
      $ref: ../responses/pets.yaml
    default:
      description: error
      content:
        application/json:
          schema:
            $ref: ../api.yaml#/components/schemas/Error
`,
      'responses/pets.yaml': `description: pets
content:
  application/json:
    schema:
      type: array
      items:
        $ref: ../schemas/pet.yaml
`,
      'schemas/pet.yaml': `type: object
properties:
  owner:
    $ref: owner.yaml
  tag:
    $ref: '#/x-defs/Tag'
x-defs:
  Tag:
    type: string
`,
      'schemas/owner.yaml': `type: object
properties:
  pets:
    type: array
    items:
      $ref: pet.yaml
`,
      'params.yaml': `limit:
  name: limit
  in: query
  schema:
    type: integer
`,
    };

    it('inlines operations and path items, and puts schemas, parameters and responses in components', async () => {
      const { spec, problems } = await loaded(files);
      expect(problems).toEqual([]);
      const doc = spec.document as any;
      // A path item is inlined where it is referenced.
      expect(doc.paths['/pets'].get.operationId).toBe('listPets');
      // A component slot that is a $ref keeps its name; every other use points there.
      expect(doc.components.schemas.Pet.type).toBe('object');
      expect(doc.paths['/owners'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Pet' });
      expect(doc.components.responses.pets.content['application/json'].schema.items).toEqual({ $ref: '#/components/schemas/Pet' });
      // Hoisted with names from the file or the key; no clash with the entry's own names.
      expect(doc.components.parameters.limit).toEqual({ name: 'limit', in: 'query', schema: { type: 'integer' } });
      expect(doc.paths['/pets'].get.parameters[0]).toEqual({ $ref: '#/components/parameters/limit' });
      expect(doc.components.schemas.owner.properties.pets.items).toEqual({ $ref: '#/components/schemas/Pet' });
      expect(doc.components.schemas.Pet.properties.owner).toEqual({ $ref: '#/components/schemas/owner' });
      // A pointer into a file already placed whole points into its copy.
      expect(doc.components.schemas.Pet.properties.tag).toEqual({ $ref: '#/components/schemas/Pet/x-defs/Tag' });
      expect(doc.components.schemas.pet).toEqual({ type: 'string' });
      // A reference back into the entry points into the document.
      expect(doc.paths['/pets'].get.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      for (const [, ref] of refs(doc)) expect(ref.startsWith('#/')).toBe(true);
      expectTree(doc);
      expect(spec.sources).toEqual(['api.yaml', 'paths/pets.yaml', 'schemas/pet.yaml', 'params.yaml', 'responses/pets.yaml', 'schemas/owner.yaml']);
    });

    it('resolves every internal $ref it writes', async () => {
      const { spec } = await loaded(files);
      for (const [, ref] of refs(spec.document)) {
        let node: unknown = spec.document;
        for (const t of ref.slice(2).split('/')) node = (node as Record<string, unknown>)[t.replace(/~1/g, '/').replace(/~0/g, '~')];
        expect(node, ref).toBeDefined();
      }
    });

    it('gives the same document, problems and sources in another process, time zone and locale, from the files in reverse order', async () => {
      // Three more referenced files that fail to parse, named so that locales sort them differently.
      const broken: Files = { 'zebra.yaml': 'a: [\n', 'öl.yaml': 'b: [\n', 'ol.yaml': 'c: [\n' };
      const api = `${files['api.yaml']}${Object.keys(broken).map((f, i) => `    Broken${i}:\n      $ref: ${f}\n`).join('')}`;
      const upload = Object.entries({ ...files, ...broken, 'api.yaml': api }).map(([path, text]) => ({ path, text }));
      await expectSameElsewhere({ kind: 'load', files: upload, reverse: true });
      const here = await loadSpec(upload);
      expect(here.problems.filter((p) => p.ruleId === 'yaml-syntax').map((p) => p.file)).toEqual(['ol.yaml', 'zebra.yaml', 'öl.yaml']);
    });

    it('locates parts from other files in their own files', async () => {
      const { spec } = await loaded(files);
      expect(spec.locate('/paths/~1pets/get/operationId')).toEqual({ file: 'paths/pets.yaml', line: 2, column: 3, pointer: '/get/operationId' });
      expect(spec.locate('#/components/responses/pets/content/application~1json/schema/items')).toEqual({
        file: 'responses/pets.yaml',
        line: 6,
        column: 7,
        pointer: '/content/application~1json/schema/items',
      });
      expect(spec.locate('/components/schemas/Pet/properties/owner')).toMatchObject({ file: 'schemas/pet.yaml', line: 3, column: 3 });
      expect(spec.locate('/components/schemas/Error')).toEqual({ file: 'api.yaml', line: 21, column: 5, pointer: '/components/schemas/Error' });
      expect(spec.locate('/components/schemas/Error/type')).toMatchObject({ file: 'api.yaml', line: 22, column: 7 });
      expect(spec.locate('')).toEqual({ file: 'api.yaml', line: 1, column: 1, pointer: '' });
      expect(spec.locate('/no/such/thing')).toMatchObject({ file: 'api.yaml', pointer: '/no/such/thing' });
    });

    it('terminates on circular references between files', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': oas30('paths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: a.yaml\n'),
        'a.yaml': 'type: object\nproperties:\n  b:\n    $ref: b.yaml\n',
        'b.yaml': 'type: object\nproperties:\n  a:\n    $ref: a.yaml\n  self:\n    $ref: "#"\n',
      });
      expect(problems).toEqual([]);
      const s = (spec.document.components as any).schemas;
      expect(s.A.properties.b).toEqual({ $ref: '#/components/schemas/b' });
      expect(s.b.properties.a).toEqual({ $ref: '#/components/schemas/A' });
      expect(s.b.properties.self).toEqual({ $ref: '#/components/schemas/b' });
    });

    it('resolves Swagger 2.0 into definitions, parameters and responses', async () => {
      const { spec, problems } = await loaded({
        'swagger.yaml': `swagger: "2.0"
info: {title: T, version: "1"}
paths:
  /a:
    get:
      parameters:
        - $ref: parameters.yaml#/id
      responses:
        "200":
          $ref: responses.yaml#/Ok
`,
        'parameters.yaml': 'id:\n  name: id\n  in: query\n  type: string\n',
        'responses.yaml': 'Ok:\n  description: ok\n  schema:\n    $ref: pet.yaml\n',
        'pet.yaml': 'type: object\n',
      });
      expect(problems).toEqual([]);
      const doc = spec.document as any;
      expect(doc.paths['/a'].get.parameters[0]).toEqual({ $ref: '#/parameters/id' });
      expect(doc.paths['/a'].get.responses['200']).toEqual({ $ref: '#/responses/Ok' });
      expect(doc.responses.Ok.schema).toEqual({ $ref: '#/definitions/pet' });
      expect(doc.definitions.pet).toEqual({ type: 'object' });
    });

    it('keeps the keys beside a $ref and rewrites the $ref', async () => {
      const { spec } = await loaded({
        'api.yaml': oas31('paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n        p:\n          $ref: p.yaml\n          description: the p\n'),
        'p.yaml': 'type: string\n',
      });
      const s = (spec.document.components as any).schemas;
      expect(s.A.properties.p).toEqual({ $ref: '#/components/schemas/p', description: 'the p' });
      expect(s.p).toEqual({ type: 'string' });
    });

    it('copies in a map that is itself a $ref (properties: {$ref: …}), as DigitalOcean writes it', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': oas30(
          'paths: {}\ncomponents:\n  schemas:\n    A:\n      properties:\n        $ref: props.yaml#/common\n    B:\n      properties:\n        $ref: props.yaml#/common\n',
        ),
        'props.yaml': 'common:\n  id:\n    type: string\n',
      });
      expect(problems).toEqual([]);
      const s = (spec.document.components as any).schemas;
      expect(s.A.properties).toEqual({ id: { type: 'string' } });
      expect(s.B.properties).toEqual({ id: { type: 'string' } });
      expectTree(spec.document);
    });

    it('inlines a scalar that a $ref points at (a description in a file)', async () => {
      const { spec } = await loaded({
        'api.yaml': oas30('tags:\n  - name: a\n    description:\n      $ref: "text.yaml#/intro"\npaths: {}\n'),
        'text.yaml': 'intro: |\n  Hello.\n',
      });
      expect((spec.document.tags as any)[0].description).toBe('Hello.\n');
    });

    it('resolves OpenAPI 3.1 $id and $anchor references inside the document', async () => {
      const { spec, problems } = await loaded({
        'petstore.yaml': oas31(`paths: {}
components:
  schemas:
    Pet:
      type: object
      properties:
        details:
          $ref: /components/schemas/petdetails
        detailsId:
          $ref: /components/schemas/petdetails#pet_details_id
    PetDetails:
      $id: /components/schemas/petdetails
      type: object
      properties:
        id:
          $anchor: pet_details_id
          type: integer
        byAnchor:
          $ref: '#pet_details_id'
`),
      });
      expect(problems).toEqual([]);
      const p = (spec.document.components as any).schemas.Pet.properties;
      expect(p.details).toEqual({ $ref: '#/components/schemas/PetDetails' });
      expect(p.detailsId).toEqual({ $ref: '#/components/schemas/PetDetails/properties/id' });
      expect((spec.document.components as any).schemas.PetDetails.properties.byAnchor).toEqual({ $ref: '#/components/schemas/PetDetails/properties/id' });
    });

    it('reports an internal $ref to nothing (Okta\'s #/definitions/base) with its place, and keeps going', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': oas30(`paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/definitions/base'
                  - $ref: '#/components/schemas/Ok'
components:
  schemas:
    Ok:
      type: object
`),
      });
      const bad = only(problems, 'ref-unresolved');
      expect(bad).toHaveLength(1);
      expect(bad[0]).toMatchObject({
        severity: 'error',
        file: 'api.yaml',
        line: 15,
        column: 19,
        pointer: '/paths/~1a/get/responses/200/content/application~1json/schema/allOf/0',
      });
      expect(bad[0].message).toBe('$ref "#/definitions/base" cannot be resolved: "definitions" does not exist');
      const allOf = (spec.document.paths as any)['/a'].get.responses['200'].content['application/json'].schema.allOf;
      expect(allOf).toEqual([{ $ref: '#/definitions/base' }, { $ref: '#/components/schemas/Ok' }]);
    });

    it('reports a missing file and a missing pointer in a referenced file', async () => {
      const { problems } = await loaded({
        'api.yaml': oas30('paths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: nope.yaml\n    B:\n      $ref: b.yaml#/nope\n'),
        'b.yaml': 'x: 1\n',
      });
      expect(only(problems, 'ref-unresolved').map((p) => p.message)).toEqual([
        '$ref "nope.yaml" cannot be resolved: no file "nope.yaml" in the upload',
        '$ref "b.yaml#/nope" cannot be resolved: "nope" does not exist in "b.yaml"',
      ]);
      // The file the upload lacks is a field of the problem, not only words of its message.
      expect(only(problems, 'ref-unresolved').map((p) => p.missingFile)).toEqual(['nope.yaml', undefined]);
    });
  });

  describe('__proto__ and constructor (BAD-INPUT 12)', () => {
    it('round-trips them as property names, extension keys and file names; nothing global changes', async () => {
      const { spec, problems } = await loaded({
        'api.json': `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {},
  "x-__proto__": {"polluted": true},
  "components": {"schemas": {
    "__proto__": {"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "string"}}},
    "constructor": {"$ref": "__proto__.json"},
    "prototype": {"type": "object", "properties": {"a": {"$ref": "#/components/schemas/__proto__"}}}
  }}}`,
        '__proto__.json': '{"__proto__": {"polluted": "yes"}, "type": "object"}',
      });
      expect(only(problems, 'ref-unresolved')).toEqual([]);
      const schemas = (spec.document.components as any).schemas;
      expect(Object.keys(schemas)).toEqual(['__proto__', 'constructor', 'prototype']);
      expect(Object.getPrototypeOf(schemas)).toBe(Object.prototype);
      const proto = Object.getOwnPropertyDescriptor(schemas, '__proto__')!.value;
      expect(Object.keys(proto.properties)).toEqual(['__proto__', 'constructor']);
      expect(Object.getPrototypeOf(proto.properties)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(schemas.constructor, '__proto__')!.value).toEqual({ polluted: 'yes' });
      expect(schemas.prototype.properties.a).toEqual({ $ref: '#/components/schemas/__proto__' });
      expect(({} as any).polluted).toBeUndefined();
      expect(({} as any).type).toBeUndefined();
      expectTree(spec.document);
    });
  });

  describe('validation', () => {
    it('reports schema errors with file, line and pointer, and still loads', async () => {
      const { spec, problems } = await loaded({
        'api.yaml': `openapi: 3.0.3
info:
  title: T
paths:
  /a/{id}:
    get:
      parameters:
        - name: id
          in: path
          schema: {type: string}
      responses:
        "200":
          description: ok
      bogus: 1
`,
      });
      const invalid = only(problems, 'spec-invalid');
      expect(invalid.map((p) => [p.line, p.pointer, p.message])).toEqual([
        [2, '/info', '#/info must have the property "version"'],
        [8, '/paths/~1a~1{id}/get/parameters/0', '#/paths/~1a~1{id}/get/parameters/0 must have the property "required"'],
        [14, '/paths/~1a~1{id}/get/bogus', '#/paths/~1a~1{id}/get has a property "bogus" that is not allowed here'],
      ]);
      expect(spec.format.label).toBe('openapi 3.0.3');
    });

    it('does not change the document it validates', async () => {
      const files = { 'api.yaml': oas30('paths:\n  /a:\n    get:\n      responses:\n        "200":\n          $ref: "#/components/responses/Ok"\ncomponents:\n  responses:\n    Ok:\n      description: ok\n') };
      const a = await loaded(files, { validate: false });
      const b = await loaded(files);
      expect(b.spec.document).toEqual(a.spec.document);
      expect((b.spec.document.paths as any)['/a'].get.responses['200']).toEqual({ $ref: '#/components/responses/Ok' });
    });

    it('checks the Swagger 2.0 rules its schema cannot express, reporting each', async () => {
      const { problems } = await loaded({
        'swagger.yaml': `swagger: "2.0"
info: {title: T, version: "1"}
paths:
  /a/{id}/{other}:
    get:
      operationId: same
      parameters:
        - {name: id, in: path, type: string}
      responses:
        "200": {description: ok}
  /b:
    get:
      operationId: same
      parameters:
        - {name: x, in: body, schema: {type: object}}
        - {name: y, in: body, schema: {type: object}}
      responses:
        "200": {description: ok}
definitions:
  A:
    type: object
    required: [missing]
    properties: {present: {type: string}}
`,
      });
      const messages = only(problems, 'spec-invalid').map((p) => `${p.line} ${p.message}`);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^8 path parameter "id" must have required: true$/),
          expect.stringMatching(/^5 no path parameter for \{other\}$/),
          expect.stringMatching(/^13 duplicate operationId "same"/),
          expect.stringMatching(/^16 2 body parameters; only one is allowed$/),
          expect.stringMatching(/^22 required property "missing" is not among the properties$/),
        ]),
      );
    });

    it('reports a $ref that lands on the wrong kind of object, at the $ref, wherever its target is', async () => {
      const { problems } = await loaded({
        'api.yaml': oas30(`paths:
  /a:
    parameters:
      - $ref: '#/components/schemas/Pet'
    post:
      parameters:
        - $ref: '#/components/parameters/Id'
        - $ref: '#/paths/~1b/get/parameters/0'
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/parameters/Id'}
      responses:
        "200": {$ref: '#/components/requestBodies/Body'}
        "201": {$ref: '#/components/responses/Ok'}
  /b:
    get:
      parameters:
        - {name: q, in: query, schema: {$ref: '#/components/schemas/Pet/properties/name'}}
      responses:
        "200": {$ref: '#/x-shared/ok'}
x-shared:
  ok: {description: ok}
components:
  parameters:
    Id: {name: id, in: query, schema: {type: string}}
  requestBodies:
    Body: {description: b, content: {application/json: {schema: {type: object}}}}
  responses:
    Ok: {description: ok}
  schemas:
    Pet: {type: object, properties: {name: {type: string}}}
`),
      });
      expect(only(problems, 'ref-wrong-kind').map((p) => `${p.severity} ${p.line}:${p.column} ${p.pointer} ${p.message}`)).toEqual([
        'warning 8:9 /paths/~1a/parameters/0/$ref $ref "#/components/schemas/Pet" is a schema, but a parameter belongs here; it is read as one',
        'warning 16:13 /paths/~1a/post/requestBody/content/application~1json/schema/$ref $ref "#/components/parameters/Id" is a parameter, but a schema belongs here; it is read as one',
        'warning 18:9 /paths/~1a/post/responses/200/$ref $ref "#/components/requestBodies/Body" is a request body, but a response belongs here; it is read as one',
      ]);
    });

    it('reports a wrong-kind $ref in Swagger 2.0, whose sections sit at the top level', async () => {
      const { problems } = await loaded({
        'swagger.yaml': `swagger: "2.0"
info: {title: T, version: "1"}
paths:
  /a:
    get:
      parameters:
        - $ref: '#/definitions/Pet'
        - $ref: '#/parameters/q'
      responses:
        "200": {description: ok, schema: {$ref: '#/responses/Ok'}}
parameters:
  q: {name: q, in: query, type: string}
responses:
  Ok: {description: ok}
definitions:
  Pet: {type: object}
`,
      });
      expect(only(problems, 'ref-wrong-kind').map((p) => `${p.line} ${p.message}`)).toEqual([
        '7 $ref "#/definitions/Pet" is a schema, but a parameter belongs here; it is read as one',
        '10 $ref "#/responses/Ok" is a response, but a schema belongs here; it is read as one',
      ]);
    });

    it('can be turned off', async () => {
      const { problems } = await loaded({ 'api.yaml': 'openapi: 3.0.3\npaths: {}\n' }, { validate: false });
      expect(problems).toEqual([]);
    });
  });

  it('keeps JSON positions exact for a JSON entry', async () => {
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } }, null, 2);
    const { spec } = await loaded({ 'api.json': text });
    expect(spec.locate('/paths/~1a/get/responses/200/description')).toEqual({ file: 'api.json', line: 12, column: 13, pointer: '/paths/~1a/get/responses/200/description' });
  });
});

export type { LoadedSpec };
