/**
 * A spec of our own the size of a large vendor's (300 operations), shaped to be hard to lay
 * out on a phone: no tags, long nested paths with long parameter names, long operation ids
 * (so long file and tool names), long unbroken words in summaries, and every other
 * operation prose-only (a body in XML only, or a required file part), so the report's
 * prose-only table is as long as the operations grid. For the 390 px e2e tests; no vendor's
 * text is in it. Deterministic: the same call gives the same text.
 */
const RESOURCES = [
  'payment_method_configurations',
  'financial_connections_accounts',
  'treasury_outbound_transfers',
  'identity_verification_sessions',
  'billing_portal_configurations',
  'terminal_readers_and_locations',
  'issuing_cardholder_authorizations',
  'radar_early_fraud_warning_lists',
  'subscription_schedule_phases',
  'test_helpers_treasury_received_credits',
] as const;

const camel = (s: string) => s.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

export const PHONE_WIDTH_OPERATIONS = 300;

export function phoneWidthSpec(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const ok = { '200': { description: 'Done.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Outcome' } } } } };
  const perResource = PHONE_WIDTH_OPERATIONS / RESOURCES.length / 3;
  let n = 0;
  for (const resource of RESOURCES) {
    const type = camel(resource);
    for (let i = 1; i <= perResource; i++) {
      const item = `${resource.slice(0, -1)}_identifier_${i}`;
      const base = `/v1/${resource}/{${item}}/nested_sub_resources_with_long_names/${'segment_'.repeat(3)}${i}`;
      const id = { name: item, in: 'path', required: true, schema: { type: 'string', maxLength: 5000 } };
      const word = `${type}ConfigurationIdentifierWithoutAnySpacesToBreakAt${i}`;
      const xmlBody = { required: true, content: { 'application/xml': { schema: { type: 'object', properties: { note: { type: 'string' } } } } } };
      const fileBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, purpose: { type: 'string' } } } } },
      };
      const jsonBody = {
        required: true,
        content: { 'application/json': { schema: { type: 'object', required: ['metadata_key_that_is_rather_long'], properties: { metadata_key_that_is_rather_long: { type: 'string' }, amount: { type: 'integer' } } } } },
      };
      n += 3;
      paths[base] = {
        parameters: [id],
        get: {
          operationId: `Retrieve${type}NestedSubResourceWithLongName${i}`,
          summary: `Retrieve one ${resource} sub-resource: ${word}`,
          parameters: [{ name: 'expand_the_following_fields_in_the_response', in: 'query', schema: { type: 'string' } }],
          responses: ok,
        },
        post: { operationId: `Update${type}NestedSubResourceWithXmlBodyOnly${i}`, summary: `Update it with an XML document (${word})`, requestBody: xmlBody, responses: ok },
      };
      paths[`${base}/upload_a_supporting_document_file`] = {
        parameters: [id],
        post: { operationId: `Upload${type}SupportingDocumentFileForReview${i}`, summary: `Upload a file for ${word}`, requestBody: i % 2 === 0 ? fileBody : jsonBody, responses: ok },
      };
    }
  }
  if (n !== PHONE_WIDTH_OPERATIONS) throw new Error(`phoneWidthSpec: ${n} operations`);
  return {
    openapi: '3.0.3',
    info: { title: 'Phone Width Fixture With A Rather Long Name', version: '2026-01-01' },
    servers: [{ url: 'https://api.phone-width-fixture.example.com/with/a/base/path/that/is/long' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Outcome: { type: 'object', properties: { id: { type: 'string' }, object_kind_with_a_long_name: { type: 'string' } } } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
