import { describe, expect, it } from 'vitest';
import { dump } from 'js-yaml';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';
import { loadSpec } from './load-spec';

/** The `spec-invalid` messages loading finds: a valid document has none. */
async function schemaErrors(files: { path: string; text: string }[], entry?: string): Promise<string[]> {
  const loaded = await loadSpec(files, entry ? { entry } : {});
  return loaded.problems.filter((p) => p.ruleId === 'spec-invalid').map((p) => p.message);
}

const info = { title: 'Example', version: '1.0.0' };

/**
 * Valid OpenAPI 3.1 documents, written in the shapes of the OpenAPI Initiative's own 3.1
 * examples and of its schema's "pass" tests (those are not shipped with any package, so they
 * are written here): each uses a field the first 3.1 schema (2021-04-15) got wrong.
 */
const VALID_31: [string, Record<string, unknown>][] = [
  [
    'a server variable with a description',
    {
      info,
      servers: [
        {
          url: 'https://{subdomain}.example.com/{version}',
          description: 'Production',
          variables: {
            subdomain: { default: 'api', description: 'The tenant' },
            version: { default: 'v1', enum: ['v1', 'v2'], description: 'API version' },
          },
        },
      ],
      paths: {},
    },
  ],
  [
    'a link with its own server',
    {
      info,
      paths: {
        '/users/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'the user',
                links: { repos: { operationId: 'getRepos', server: { url: 'https://git.example.com' } } },
              },
            },
          },
        },
      },
    },
  ],
  [
    'a reference with a summary and a description beside it',
    {
      info,
      paths: {
        '/pets': {
          get: {
            parameters: [{ $ref: '#/components/parameters/limit', summary: 'Page size', description: 'How many' }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      components: { parameters: { limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } } },
    },
  ],
  [
    'webhooks and no paths, a license by identifier',
    {
      info: { ...info, license: { name: 'MIT', identifier: 'MIT' } },
      webhooks: {
        newPet: {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: { '200': { description: 'received' } },
          },
        },
      },
    },
  ],
  [
    'security with scopes on a non-OAuth scheme',
    {
      info,
      paths: { '/users': { get: { security: [{ bearerAuth: ['read:users', 'public'] }], responses: { '200': { description: 'ok' } } } } },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'jwt' } } },
    },
  ],
];

describe('OpenAPI 3.1 documents the official schema accepts', () => {
  for (const version of ['3.1.0', '3.1.1']) {
    it.each(VALID_31)(`validate clean as ${version}: %s`, async (_, document) => {
      const text = dump({ openapi: version, ...document });
      expect(await schemaErrors([{ path: 'openapi.yaml', text }])).toEqual([]);
    });
  }

  it('still refuses what the schema refuses (a server variable without a default, an unknown field)', async () => {
    const text = dump({
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://{s}.example.com', variables: { s: { description: 'no default' } } }],
      paths: {},
      extra: true,
    });
    const errors = await schemaErrors([{ path: 'openapi.yaml', text }]);
    expect(errors.some((m) => m.includes('default'))).toBe(true);
    expect(errors.some((m) => m.includes('unevaluated properties'))).toBe(true);
  });

  // The OpenAPI Initiative's examples in the corpus: the 3.1 one as it is, the 3.0 ones
  // (uspto's server variable has a description) declared 3.1, which they are valid as.
  it.skipIf(!corpusAvailable())('validate clean: the OpenAPI Initiative examples in the corpus, as 3.1.0 and 3.1.1', async () => {
    const rows = readManifest().filter((r) => r.folder.startsWith('oai-') && r.format !== 'swagger2');
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      for (const version of ['3.1.0', '3.1.1']) {
        const files = readSpecFolder(row.folder).map((f) =>
          f.path === row.entry ? { ...f, text: f.text.replace(/^openapi: ["']?3\.\d\.\d["']?$/m, `openapi: ${version}`) } : f,
        );
        expect(await schemaErrors(files, row.entry), `${row.folder} as ${version}`).toEqual([]);
      }
    }
  });
});
