/** A spec split over two files: the entry names `params.yaml` by a relative `$ref`. */
export const SPLIT_ENTRY = [
  'openapi: 3.0.3',
  'info: {title: Split Spec, version: "1"}',
  'servers: [{url: "https://split.example.com"}]',
  'paths:',
  '  /things/{id}:',
  '    get:',
  '      operationId: getThing',
  '      summary: Look up one thing by its id.',
  '      parameters: [{$ref: "params.yaml#/ThingId"}]',
  '      responses: {"200": {description: ok}}',
  '',
].join('\n');
export const SPLIT_PARAMS = 'ThingId: {name: id, in: path, required: true, schema: {type: string}}\n';
