import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusAvailable, readManifest, SPECS_DIR } from '../../../test/corpus';
import { seeded } from '../../../test/random';
import { fileReferences, gatherReferencedFiles, MAX_REFERENCED_FILES, REF, refMatches, type ReadResult } from './referenced-files';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A reader over files in memory, remembering what it was asked for. */
function reader(files: Record<string, string>) {
  const asked: string[] = [];
  const read = async (path: string, max: number): Promise<ReadResult> => {
    asked.push(path);
    if (!Object.hasOwn(files, path)) return { ok: false, why: 'no such file' };
    const b = bytes(files[path]);
    return b.length > max ? { ok: false, why: 'too large', tooLarge: true } : { ok: true, bytes: b };
  };
  return { read, asked };
}

describe('fileReferences', () => {
  it('lists the files relative $refs name, from YAML and JSON, each once, resolved against the file', () => {
    const yaml = [
      'a: {$ref: schemas/pet.yaml}',
      "b: {$ref: './schemas/pet.yaml#/Pet', x: 1}",
      'c:',
      '  $ref: "../common/error.yaml#/Error"  # the error shape',
      'd: {$ref: "#/components/schemas/Local"}',
      "e: {'$ref': 'params.yaml#/Id'}",
      'f: {$ref: params.yaml}',
      'g:',
      '  - $ref: >-',
      '      long/name.yaml#/components/schemas/a_very_long_schema_name',
      '  - $ref: >-',
      '      #/components/schemas/local_but_long',
      'h: 1',
    ].join('\n');
    expect(fileReferences('api/openapi.yaml', yaml)).toEqual(['api/long/name.yaml', 'api/params.yaml', 'api/schemas/pet.yaml', 'common/error.yaml']);
    expect(fileReferences('openapi.json', '{"a": {"$ref": "defs\\/x.json#/X"}, "b": {"$ref":"y.json"}}')).toEqual(['defs/x.json', 'y.json']);
  });

  it('takes a plain value in block context to the end of its line, braces, @ and commas included', () => {
    const yaml = [
      'paths:',
      '  /account/{id}:',
      '    $ref: ./paths/account@{id}.yaml',
      '  /account/{id}/items:',
      '    $ref: ./paths/account@{id}@items.yaml  # the items',
      '  /a:',
      "    '$ref': paths/[a],b.yaml",
      'x:',
      '  - $ref: list/{n}.yaml',
      'y: {$ref: flow.yaml}',
    ].join('\n');
    expect(fileReferences('openapi.yaml', yaml)).toEqual(['flow.yaml', 'list/{n}.yaml', 'paths/[a],b.yaml', 'paths/account@{id}.yaml', 'paths/account@{id}@items.yaml']);
  });

  it('leaves out references that are refused or not files: other hosts, schemes, climbing out, absolute paths, hidden files, itself', () => {
    const yaml = [
      '$ref: https://example.com/x.yaml',
      '$ref: //example.com/x.yaml',
      '$ref: file:///etc/passwd',
      '$ref: ../outside.yaml',
      '$ref: /etc/passwd',
      '$ref: .git/config',
      '$ref: node_modules/x.yaml',
      "$ref: 'openapi.yaml#/components/schemas/Self'",
      '$ref: C:/x.yaml',
      '# $ref: commented-out.yaml',
      'x: 1 # was {$ref: old.yaml}',
    ].join('\n');
    expect(fileReferences('openapi.yaml', yaml)).toEqual([]);
  });
});

describe('refMatches', () => {
  const same = (text: string) => {
    const got = [...refMatches(text)].map((m) => [m.index, ...m]);
    const want = [...text.matchAll(REF)].map((m) => [m.index, ...m]);
    expect(got).toEqual(want);
    return want.length;
  };

  it('finds what matchAll finds: quoted and plain keys, overlaps, a quote before `$ref` that is not its own', () => {
    same('');
    same('$ref');
    same('$ref: a.yaml');
    same('"$ref": "a.json", \'$ref\': \'b.yaml\'\n$ref: c.yaml # x');
    same('"$ref: $ref: a.yaml\n');
    same("'$ref$ref: x.yaml\n$ref:$ref: y\n");
    same('{"$ref":"$ref: z.yaml"}');
    same('x"$ref"$ref": q.json}');
    same('$ref: >-\n   long.yaml\n');
    same('a: "$ref" \n "$ref" : \'#/x\'');
  });

  it('finds what matchAll finds in random texts of the pieces a reference is made of (seeded)', () => {
    const rnd = seeded(7);
    const pieces = ['$ref', '$ref: ', '"$ref": ', "'$ref':", '"', "'", ':', ' ', '\t', '\n', 'a.yaml', 'a.yaml\n', '#/x', ',', '}', '{', '[', ']', '#', '\\', '>-', 'x', '$', 'ref'];
    let found = 0;
    for (let n = 0; n < 2000; n++) found += same(Array.from({ length: rnd.int(30) }, () => rnd.pick(pieces)).join(''));
    expect(found).toBeGreaterThan(1000);
  });

  it.skipIf(!corpusAvailable())('finds what matchAll finds in every corpus spec', () => {
    for (const { folder, entry } of readManifest()) same(readFileSync(join(SPECS_DIR, folder, entry), 'utf8'));
  });
});

describe('gatherReferencedFiles', () => {
  it('reads the files the entry names, and theirs, until none is missing, with the entry chosen', async () => {
    const { read, asked } = reader({
      'paths/pets.yaml': 'get: {responses: {"200": {$ref: "../responses.yaml#/Ok"}}}\n',
      'responses.yaml': 'Ok: {description: ok, content: {application/json: {schema: {$ref: "schemas/pet.yaml"}}}}\n',
      'schemas/pet.yaml': 'type: object\nproperties: {owner: {$ref: "./owner.yaml"}, self: {$ref: "pet.yaml"}}\n',
      'schemas/owner.yaml': 'type: string\n',
      'unrelated.yaml': 'x: 1\n',
    });
    const entry = 'openapi: 3.0.3\npaths:\n  /pets: {$ref: "paths/pets.yaml"}\n';
    const r = await gatherReferencedFiles({ path: 'openapi.yaml', bytes: bytes(entry) }, read);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.value.entry).toBe('openapi.yaml');
    expect(r.value.files.map((f) => f.path)).toEqual(['openapi.yaml', 'paths/pets.yaml', 'responses.yaml', 'schemas/pet.yaml', 'schemas/owner.yaml']);
    expect(asked).toEqual(['paths/pets.yaml', 'responses.yaml', 'schemas/pet.yaml', 'schemas/owner.yaml']);
    expect(r.value.problems).toEqual([]);
  });

  it('names a file it could not read as a warning, and keeps the rest', async () => {
    const { read } = reader({ 'a.yaml': 'x: 1\n' });
    const r = await gatherReferencedFiles({ path: 'openapi.yaml', bytes: bytes('a: {$ref: a.yaml}\nb: {$ref: b.yaml}\n') }, read);
    if (!r.ok) throw new Error('refused');
    expect(r.value.files.map((f) => f.path)).toEqual(['openapi.yaml', 'a.yaml']);
    expect(r.value.problems).toEqual([{ ruleId: 'referenced-file-unread', severity: 'warning', message: 'b.yaml, which a $ref names, could not be read: no such file', file: 'b.yaml' }]);
  });

  it('refuses the whole gathering when the files pass the upload limit, or one passes the file limit', async () => {
    const { read } = reader({ 'a.yaml': 'x'.repeat(600), 'b.yaml': 'y'.repeat(600) });
    const entry = { path: 'openapi.yaml', bytes: bytes('a: {$ref: a.yaml}\nb: {$ref: b.yaml}\n') };
    const total = await gatherReferencedFiles(entry, read, { maxFileBytes: 1000, maxUploadBytes: 1000 });
    expect(total.ok || total.problems.map((p) => [p.ruleId, p.file])).toEqual([['upload-too-large', 'b.yaml']]);
    const one = await gatherReferencedFiles(entry, read, { maxFileBytes: 500, maxUploadBytes: 10_000 });
    expect(one.ok || one.problems.map((p) => [p.ruleId, p.message])).toEqual([['upload-file-too-large', 'a.yaml was not read: it is over the 0.0 MB limit for one file']]);
  });

  it(`refuses more than ${MAX_REFERENCED_FILES} files named through references`, async () => {
    const read = async (path: string): Promise<ReadResult> => ({ ok: true, bytes: bytes(`next: {$ref: f${Number(/\d+/.exec(path)![0]) + 1}.yaml}\n`) });
    const r = await gatherReferencedFiles({ path: 'openapi.yaml', bytes: bytes('a: {$ref: f1.yaml}\n') }, read);
    expect(r.ok || r.problems[0].ruleId).toBe('upload-too-many-files');
  });
});
