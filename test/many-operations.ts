/**
 * A spec of our own with many operations over several tags, for curation at scale:
 * the unit tests, the e2e tests and the bench all generate it here. Per tag (`payments`,
 * `customers`, …): list, create, get, update and delete of the resource, then `actions`
 * numbered actions on one item (every tenth deprecated, every twenty-fifth tagged `admin`
 * too). Every resource's schema is a shared type (create and update send it) holding `Money`,
 * which every tag shares; `Address` is shared by customers and invoices only. One untagged
 * operation, `GET /health`. Deterministic: the same options give the same text.
 */
export const MANY_TAGS = [
  ['payments', 'Payment'],
  ['customers', 'Customer'],
  ['invoices', 'Invoice'],
  ['refunds', 'Refund'],
  ['subscriptions', 'Subscription'],
  ['products', 'Product'],
] as const;

export interface ManyOperationsOptions {
  /** How many tags of `MANY_TAGS` (default all six). */
  tags?: number;
  /** Numbered actions per tag (default 50: 55 operations a tag, 331 in all). */
  actions?: number;
}

export function manyOperationsSpec(options: ManyOperationsOptions = {}): Record<string, unknown> {
  const tags = MANY_TAGS.slice(0, options.tags ?? MANY_TAGS.length);
  const actions = options.actions ?? 50;
  const paths: Record<string, Record<string, unknown>> = {
    '/health': { get: { operationId: 'GetHealth', summary: 'Check that the service is up.', responses: { '200': { description: 'Up.' } } } },
  };
  const schemas: Record<string, unknown> = {
    Money: { type: 'object', required: ['amount', 'currency'], properties: { amount: { type: 'integer', description: 'In the smallest unit.' }, currency: { type: 'string', minLength: 3, maxLength: 3 } } },
    Address: { type: 'object', properties: { line1: { type: 'string' }, city: { type: 'string' }, country: { type: 'string' } } },
  };
  const ok = { '200': { description: 'Done.' } };
  for (const [tag, type] of tags) {
    const ref = { $ref: `#/components/schemas/${type}` };
    const fields: Record<string, unknown> = { name: { type: 'string' }, total: { $ref: '#/components/schemas/Money' } };
    if (tag === 'customers' || tag === 'invoices') fields.address = { $ref: '#/components/schemas/Address' };
    schemas[type] = { type: 'object', required: ['name'], properties: fields };
    // The resource under one field, so its type is a use (a body's root type is spread into the arguments).
    const wrapped = { type: 'object', required: [type.toLowerCase()], properties: { [type.toLowerCase()]: ref } };
    const body = { required: true, content: { 'application/json': { schema: wrapped } } };
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    paths[`/v2/${tag}`] = {
      get: { operationId: `List${type}s`, tags: [tag], summary: `List the ${tag}, newest first, a page at a time.`, parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: ok },
      post: { operationId: `Create${type}`, tags: [tag], summary: `Create one of the ${tag}.`, requestBody: body, responses: ok },
    };
    paths[`/v2/${tag}/{id}`] = {
      parameters: [id],
      get: { operationId: `Get${type}`, tags: [tag], summary: `Look up one of the ${tag}.`, responses: ok },
      patch: { operationId: `Update${type}`, tags: [tag], summary: `Change one of the ${tag}.`, requestBody: body, responses: ok },
      delete: { operationId: `Delete${type}`, tags: [tag], summary: `Delete one of the ${tag}.`, responses: ok },
    };
    for (let i = 1; i <= actions; i++) {
      const op: Record<string, unknown> = {
        operationId: `${type}Action${i}`,
        tags: i % 25 === 0 ? [tag, 'admin'] : [tag],
        summary: `Run action ${i} on one of the ${tag}.`,
        responses: ok,
      };
      if (i % 10 === 0) op.deprecated = true;
      if (i % 2 === 1) op.requestBody = { content: { 'application/json': { schema: { type: 'object', properties: { note: { type: 'string' } } } } } };
      else op.parameters = [{ name: 'dry_run', in: 'query', schema: { type: 'boolean' } }];
      paths[`/v2/${tag}/{id}/actions/action-${i}`] = { parameters: [id], [i % 2 === 1 ? 'post' : 'get']: op };
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Many Operations', version: '1.0.0', description: 'A generated API with many operations over several tags.' },
    servers: [{ url: 'https://api.many.example.com' }],
    security: [{ apiKey: [] }],
    paths,
    components: { schemas, securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Many-Key' } } },
  };
}

/** The spec as the JSON text a user would upload. */
export function manyOperationsText(options?: ManyOperationsOptions): string {
  return `${JSON.stringify(manyOperationsSpec(options), null, 2)}\n`;
}
