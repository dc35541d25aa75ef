import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import swaggerParserValidate from '@apidevtools/swagger-parser/lib/validators/schema.js';
import { loadSpec } from '../lib/openapi';
import swagger20 from '../lib/openapi/schema-validators/swagger20.js';
import openapi30 from '../lib/openapi/schema-validators/openapi30.js';
import openapi31 from '../lib/openapi/schema-validators/openapi31.js';
import type { AjvError, SchemaValidator } from '../lib/openapi/schema-validators/types';
import { corpusAvailable, readManifest, readSpecFolder } from '../test/corpus';
import { VALIDATOR_DIR, official31Schema, openapi31Schema, validatorModules } from './schema-validators';

const require = createRequire(import.meta.url);
type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
let runtime31: Validate | undefined;

/**
 * The current official 3.1 schema compiled at run time with swagger-parser's Ajv options:
 * swagger-parser itself still carries the first 3.1 schema (2021-04-15), whose errors the
 * OpenAPI Initiative has corrected since, so it is the reference for 2.0 and 3.0 only.
 */
function reference31(document: unknown): AjvError[] {
  if (!runtime31) {
    const Ajv2020 = (require('ajv/dist/2020') as { default: new (o: object) => { compile(s: object): Validate } }).default;
    runtime31 = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(openapi31Schema(official31Schema()));
  }
  return runtime31(document) ? [] : (runtime31.errors ?? []);
}


/** The errors the precompiled validators must reproduce: swagger-parser's, for 3.1 the current official schema's. */
function reference(document: unknown): AjvError[] {
  if ((document as { openapi?: string }).openapi?.startsWith('3.1')) return reference31(document);
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
  ])('report the reference errors for a broken %s document', (_, document) => {
    const errors = precompiled(document);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toEqual(reference(document));
  });

  it.skipIf(!corpusAvailable())('agree with the reference on every corpus spec', async () => {
    for (const row of readManifest()) {
      const loaded = await loadSpec(readSpecFolder(row.folder), { entry: row.entry, validate: false });
      expect(loaded.ok, row.folder).toBe(true);
      if (!loaded.ok) continue;
      expect(precompiled(loaded.value.document), row.folder).toEqual(reference(loaded.value.document));
    }
  });
});
