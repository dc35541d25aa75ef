import { describe, expect, it } from 'vitest';
import { corpusAvailable, readManifest, readSpecFolder } from '../../../test/corpus';
import { compareWithRefParser } from '../../../test/ref-oracle';

/**
 * Our resolver against @apidevtools/json-schema-ref-parser (the oracle, reading the upload
 * from memory): the two dereferenced documents must be the same, in the sense
 * test/ref-oracle.ts defines (its comment lists the differences in representation it
 * ignores, and the two in meaning it accepts: a `#/…` reference inside a 3.1 `$id`, which
 * JSON Schema resolves in the `$id`'s resource and we in the file, and an `$anchor`
 * reference, which ref-parser does not resolve). The accepted ones are listed below, spec
 * by spec: any other is a failure.
 */

const json = (v: unknown) => JSON.stringify(v);
const oas30 = (rest: object) => json({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, ...rest });
const oas31 = (rest: object) => json({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {}, ...rest });
const upload = (files: Record<string, string>) => Object.entries(files).map(([path, text]) => ({ path, text }));

describe('the ref-parser oracle on small uploads', () => {
  it.each<[string, Record<string, string>]>([
    [
      'files in folders referring to each other, hoisted and inlined',
      {
        'api.json': oas30({ paths: { '/a': { $ref: 'paths/a.json' } }, components: { schemas: { Pet: { $ref: 'schemas/pet.json' } } } }),
        'paths/a.json': json({
          get: { parameters: [{ $ref: '../params.json#/limit' }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '../schemas/pet.json' } } } } } },
          post: { requestBody: { content: { 'application/json': { schema: { $ref: '../schemas/owner.json' } } } }, responses: {} },
        }),
        'schemas/owner.json': json({ type: 'object', properties: { tag: { $ref: 'tag.json' } } }),
        'params.json': json({ limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } }),
        'schemas/pet.json': json({ type: 'object', properties: { tag: { $ref: 'tag.json' }, owner: { $ref: '#/x-defs/Owner' } }, 'x-defs': { Owner: { type: 'string' } } }),
        'schemas/tag.json': json({ type: 'string' }),
      },
    ],
    [
      'cycles within and between files',
      {
        'api.json': oas30({ components: { schemas: { A: { $ref: 'a.json' }, Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } } }),
        'a.json': json({ type: 'object', properties: { b: { $ref: 'b.json' } } }),
        'b.json': json({ type: 'object', properties: { a: { $ref: 'a.json' }, self: { $ref: '#' } } }),
      },
    ],
    [
      'siblings beside references, data that looks like references, and a reference that resolves nowhere',
      {
        'api.json': oas30({
          'x-data': { $ref: 'nowhere.json' },
          components: {
            schemas: {
              A: { type: 'object', example: { $ref: '#/nope' }, properties: { p: { $ref: '#/components/schemas/B', description: 'Mine' }, q: { $ref: 'missing.json' } } },
              B: { type: 'string', description: 'Theirs' },
            },
          },
        }),
      },
    ],
    [
      'Swagger 2.0 with definitions in another file',
      {
        'swagger.json': json({ swagger: '2.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok', schema: { $ref: 'defs.json#/Pet' } } } } } } }),
        'defs.json': json({ Pet: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/Pet' } } } } }),
      },
    ],
    [
      'OpenAPI 3.1 with an absolute $id',
      { 'api.json': oas31({ components: { schemas: { Pet: { $id: 'https://example.com/pet', type: 'object' }, Owner: { properties: { pet: { $ref: 'https://example.com/pet' } } } } } }) },
    ],
  ])('agrees on %s', async (_, files) => {
    const entry = Object.keys(files)[0];
    const { diffs, tally } = await compareWithRefParser(upload(files), entry);
    expect(diffs).toEqual([]);
    expect(tally.followed).toBeGreaterThan(0);
    expect([tally.idScope, tally.anchor]).toEqual([[], []]);
  });

  it('finds a wrong target, a wrong value and a reference ours would leave unresolved where ref-parser resolves it', async () => {
    // The decoy b.json is what a resolver that forgot the referring file's folder would find.
    const files = upload({ 'api.json': oas30({ components: { schemas: { A: { $ref: 'dir/a.json' }, B: { type: 'boolean' } } } }), 'dir/a.json': json({ $ref: 'b.json' }), 'dir/b.json': json({ type: 'integer' }), 'b.json': json({ type: 'boolean' }) });
    type Ours = { document: { components: { schemas: Record<string, unknown> } }; problems: { ruleId: string; message: string }[] };
    const cases: [(o: Ours) => void, string][] = [
      [() => {}, ''],
      [(o) => (o.document.components.schemas.A = { $ref: '#/components/schemas/B' }), '/components/schemas/A/type: ours "boolean", ref-parser\'s "integer"'],
      [(o) => (o.document.components.schemas.A = { type: 'integer', format: 'int32' }), '/components/schemas/A: keys only in ours: ["format"]; only in ref-parser\'s: []'],
      [
        (o) => {
          o.document.components.schemas.A = { $ref: 'dir/a.json' };
          o.problems.push({ ruleId: 'ref-unresolved', message: '$ref "dir/a.json" cannot be resolved' });
        },
        '/components/schemas/A: we report "dir/a.json" as unresolvable; ref-parser found "{type}"',
      ],
      [(o) => (o.document.components.schemas.A = { $ref: 'dir/a.json' }), '/components/schemas/A: our $ref "dir/a.json" is neither resolved nor reported'],
    ];
    for (const [alter, diff] of cases) {
      const { diffs } = await compareWithRefParser(files, 'api.json', { alter: alter as never });
      expect(diffs).toEqual(diff ? [diff] : []);
    }
  });

  it('accepts, and counts, a #/ reference inside a 3.1 $id and an $anchor reference where ref-parser finds nothing', async () => {
    const files = {
      'api.json': oas31({
        components: {
          schemas: {
            Tag: { type: 'string' },
            Details: { $id: '/schemas/details', type: 'object', properties: { id: { $anchor: 'detail-id', type: 'integer' }, tag: { $ref: '#/components/schemas/Tag' } } },
            Pet: { type: 'object', properties: { details: { $ref: '#/components/schemas/Details' }, detailId: { $ref: '/schemas/details#detail-id' } } },
          },
        },
      }),
    };
    const { diffs, tally } = await compareWithRefParser(upload(files), 'api.json');
    expect(diffs).toEqual([]);
    expect(tally.idScope).toEqual(['/components/schemas/Details/properties/tag']);
    expect(tally.anchor).toEqual(['/components/schemas/Pet/properties/detailId']);
  });
});

/** The accepted differences on the corpus, spec by spec (test/ref-oracle.ts says what each is). */
const ACCEPTED: Record<string, { idScope: string[]; anchor: string[] }> = {
  'swagger-petstore-v31': {
    idScope: ['/components/schemas/PetDetails/properties/tag', '/components/schemas/PetDetails/properties/category'],
    anchor: ['/paths/~1pet/put/requestBody/content/application~1json/schema/properties/petDetailsId'],
  },
};

describe.skipIf(!corpusAvailable())('resolveSpec against json-schema-ref-parser on every spec in ../shared/specs', () => {
  const rows = corpusAvailable() ? readManifest() : [];
  it.each(rows.map((r) => [r.folder, r] as const))('%s dereferences to the same document', async (_, row) => {
    const { diffs, tally } = await compareWithRefParser(readSpecFolder(row.folder), row.entry);
    expect(diffs).toEqual([]);
    expect({ idScope: tally.idScope, anchor: tally.anchor }).toEqual(ACCEPTED[row.folder] ?? { idScope: [], anchor: [] });
  });
});
