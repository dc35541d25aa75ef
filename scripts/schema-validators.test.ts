import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import swaggerParserValidate from '@apidevtools/swagger-parser/lib/validators/schema.js';
import { loadSpec } from '../lib/openapi';
import swagger20 from '../lib/openapi/schema-validators/swagger20.js';
import openapi30 from '../lib/openapi/schema-validators/openapi30.js';
import openapi31 from '../lib/openapi/schema-validators/openapi31.js';
import type { AjvError, SchemaValidator } from '../lib/openapi/schema-validators/types';
import { corpusAvailable, readManifest, readSpecFolder } from '../test/corpus';
import { VALIDATOR_DIR, validatorModules } from './schema-validators';

/** swagger-parser's errors for a document: what the precompiled validators must reproduce. */
function reference(document: unknown): AjvError[] {
  try {
    swaggerParserValidate(structuredClone(document));
    return [];
  } catch (e) {
    return (e as { details: AjvError[] }).details;
  }
}

function precompiled(document: unknown): AjvError[] {
  const doc = document as { swagger?: string; openapi?: string };
  const validate: SchemaValidator = doc.swagger ? swagger20 : doc.openapi?.startsWith('3.1') ? openapi31 : openapi30;
  return validate(document) ? [] : (validate.errors ?? []);
}

describe('precompiled schema validators', () => {
  it('are what scripts/schema-validators.ts generates now (run `npm run gen:validators` when this fails)', async () => {
    for (const [file, text] of await validatorModules()) {
      expect(readFileSync(`${VALIDATOR_DIR}${file}`, 'utf8'), file).toBe(text);
    }
  });

  // Each document breaks its version's schema in several ways at once.
  it.each([
    ['Swagger 2.0', { swagger: '2.0', info: { title: 'x' }, paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query', type: 'sting' }], responses: {} } } }, extra: 1 }],
    ['OpenAPI 3.0', { openapi: '3.0.3', info: { version: 1 }, paths: { a: {}, '/b': { get: { parameters: [{ name: 'p', in: 'path' }], responses: { '200': {} } } } } }],
    ['OpenAPI 3.1', { openapi: '3.1.0', info: { title: 't', version: '1' }, components: { schemas: { A: { type: 'nope' } } }, paths: { '/b': { post: { requestBody: { content: 3 } } } } }],
  ])('report the errors swagger-parser reports for a broken %s document', (_, document) => {
    const errors = precompiled(document);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toEqual(reference(document));
  });

  it.skipIf(!corpusAvailable())('agree with swagger-parser on every corpus spec', async () => {
    for (const row of readManifest()) {
      const loaded = await loadSpec(readSpecFolder(row.folder), { entry: row.entry, validate: false });
      expect(loaded.ok, row.folder).toBe(true);
      if (!loaded.ok) continue;
      expect(precompiled(loaded.value.document), row.folder).toEqual(reference(loaded.value.document));
    }
  });
});
