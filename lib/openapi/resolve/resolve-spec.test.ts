import { describe, expect, it } from 'vitest';
import { parseDataFile } from '../parse-file';
import { resolveSpec } from './index';

type Files = Record<string, unknown>;
interface Options {
  swagger2?: boolean;
  openapi31?: boolean;
  maxDepth?: number;
  maxNodes?: number;
}
type Expected = { document: unknown; problems?: string[] } | { refused: string[] };

/** Resolve an upload (the first file is the entry; objects are written as JSON), as `ruleId file pointer` problems. */
function resolve(files: Files, options: Options = {}) {
  const texts = new Map(Object.entries(files).map(([path, v]) => [path, typeof v === 'string' ? v : JSON.stringify(v)]));
  const entryPath = Object.keys(files)[0];
  const entry = parseDataFile(entryPath, texts.get(entryPath)!);
  if (!entry.ok) throw new Error(`the entry does not parse: ${JSON.stringify(entry.problems)}`);
  const r = resolveSpec({ entry: entry.value, swagger2: !!options.swagger2, openapi31: !!options.openapi31, texts, parseOptions: {}, ...options });
  const problems = r.problems.map((p) => `${p.ruleId} ${p.file}${p.pointer === undefined ? '' : ` ${p.pointer}`}`);
  return r.ok ? { document: r.value.document, problems } : { refused: problems };
}

const oas30 = (rest: Files) => ({ openapi: '3.0.3', paths: {}, ...rest });
const oas31 = (rest: Files) => ({ openapi: '3.1.0', paths: {}, ...rest });
const schemas = (s: Files) => ({ components: { schemas: s } });
/** An operation whose one query parameter has this schema. */
const getWithSchema = (schema: unknown, more: unknown[] = []) => ({ '/a': { get: { parameters: [{ name: 'q', in: 'query', schema }, ...more], responses: {} } } });

describe('resolveSpec', () => {
  it.each<[string, Files, Options, Expected]>([
    [
      'leaves internal references as they are',
      { 'api.json': oas30({ paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Ok' } } } } }, components: { responses: { Ok: { description: 'ok' } } } }) },
      {},
      { document: oas30({ paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Ok' } } } } }, components: { responses: { Ok: { description: 'ok' } } } }) },
    ],
    [
      'puts a referenced schema file in components, named from the file',
      { 'api.json': oas30({ paths: getWithSchema({ $ref: 'schemas/pet.json' }) }), 'schemas/pet.json': { type: 'object' } },
      {},
      { document: oas30({ paths: getWithSchema({ $ref: '#/components/schemas/pet' }), ...schemas({ pet: { type: 'object' } }) }) },
    ],
    [
      'names a component from the key a fragment points at',
      { 'api.json': oas30({ paths: getWithSchema({ $ref: 'defs.json#/Pet' }) }), 'defs.json': { Pet: { type: 'object' } } },
      {},
      { document: oas30({ paths: getWithSchema({ $ref: '#/components/schemas/Pet' }), ...schemas({ Pet: { type: 'object' } }) }) },
    ],
    [
      'suffixes the name when the entry already has a component of that name',
      { 'api.json': oas30({ paths: getWithSchema({ $ref: 'defs.json#/Pet' }), ...schemas({ Pet: { type: 'string' } }) }), 'defs.json': { Pet: { type: 'object' } } },
      {},
      { document: oas30({ paths: getWithSchema({ $ref: '#/components/schemas/Pet_2' }), ...schemas({ Pet: { type: 'string' }, Pet_2: { type: 'object' } }) }) },
    ],
    [
      'places an object once, however it is referred to, and points every reference there',
      { 'api.json': oas30({ paths: getWithSchema({ $ref: 'pet.json' }, [{ name: 'r', in: 'query', schema: { $ref: './pet.json#' } }]) }), 'pet.json': { type: 'object' } },
      {},
      { document: oas30({ paths: getWithSchema({ $ref: '#/components/schemas/pet' }, [{ name: 'r', in: 'query', schema: { $ref: '#/components/schemas/pet' } }]), ...schemas({ pet: { type: 'object' } }) }) },
    ],
    [
      'keeps the name of a component slot that is itself a reference',
      { 'api.json': oas30({ paths: getWithSchema({ $ref: 'pet.json' }), ...schemas({ Pet: { $ref: 'pet.json' } }) }), 'pet.json': { type: 'object' } },
      {},
      { document: oas30({ paths: getWithSchema({ $ref: '#/components/schemas/Pet' }), ...schemas({ Pet: { type: 'object' } }) }) },
    ],
    [
      'inlines a path item and hoists the parameter it refers to, relative to its own file',
      {
        'api.json': oas30({ paths: { '/a': { $ref: 'paths/a.json' } } }),
        'paths/a.json': { get: { parameters: [{ $ref: '../params.json#/limit' }], responses: { '200': { description: 'ok' } } } },
        'params.json': { limit: { name: 'limit', in: 'query' } },
      },
      {},
      { document: oas30({ paths: { '/a': { get: { parameters: [{ $ref: '#/components/parameters/limit' }], responses: { '200': { description: 'ok' } } } } }, components: { parameters: { limit: { name: 'limit', in: 'query' } } } }) },
    ],
    [
      "lets a $ref's siblings override the target's keys when the target is inlined",
      { 'api.json': oas30({ paths: { '/a': { $ref: 'a.json', summary: 'Mine' } } }), 'a.json': { summary: 'Theirs', get: { responses: { '200': { description: 'ok' } } } } },
      {},
      { document: oas30({ paths: { '/a': { get: { responses: { '200': { description: 'ok' } } }, summary: 'Mine' } } }) },
    ],
    [
      "keeps a $ref's siblings beside it when the target becomes a component (3.1)",
      { 'api.json': oas31(schemas({ A: { type: 'object', properties: { p: { $ref: 'pet.json', description: 'Mine' } } } })), 'pet.json': { type: 'object', description: 'Theirs' } },
      { openapi31: true },
      { document: oas31(schemas({ A: { type: 'object', properties: { p: { $ref: '#/components/schemas/pet', description: 'Mine' } } }, pet: { type: 'object', description: 'Theirs' } })) },
    ],
    [
      'follows a chain of references across files to its end',
      { 'api.json': oas30(schemas({ A: { $ref: 'b.json' } })), 'b.json': { $ref: 'c.json#/X' }, 'c.json': { X: { type: 'string' } } },
      {},
      { document: oas30(schemas({ A: { type: 'string' } })) },
    ],
    [
      'follows a pointer through a reference on its way',
      { 'api.json': oas30(schemas({ N: { $ref: 'defs.json#/Pet/properties/name' } })), 'defs.json': { Pet: { $ref: 'pet.json' } }, 'pet.json': { type: 'object', properties: { name: { type: 'string' } } } },
      {},
      { document: oas30(schemas({ N: { type: 'string' } })) },
    ],
    [
      'resolves circular references between files to references between components',
      {
        'api.json': oas30(schemas({ A: { $ref: 'a.json' } })),
        'a.json': { type: 'object', properties: { b: { $ref: 'b.json' } } },
        'b.json': { type: 'object', properties: { a: { $ref: 'a.json' }, self: { $ref: '#' } } },
      },
      {},
      {
        document: oas30(
          schemas({
            A: { type: 'object', properties: { b: { $ref: '#/components/schemas/b' } } },
            b: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' }, self: { $ref: '#/components/schemas/b' } } },
          }),
        ),
      },
    ],
    [
      'copies a map in where a $ref stands for the whole map (not OpenAPI, but written)',
      { 'api.json': oas30(schemas({ A: { type: 'object', properties: { $ref: 'props.json' } } })), 'props.json': { a: { type: 'string' } } },
      {},
      { document: oas30(schemas({ A: { type: 'object', properties: { a: { type: 'string' } } } })) },
    ],
    [
      'puts Swagger 2.0 schemas in definitions',
      {
        'api.json': { swagger: '2.0', paths: { '/a': { post: { parameters: [{ in: 'body', name: 'b', schema: { $ref: 'pet.json' } }], responses: { '200': { description: 'ok', schema: { $ref: 'pet.json' } } } } } } },
        'pet.json': { type: 'object' },
      },
      { swagger2: true },
      {
        document: {
          swagger: '2.0',
          paths: { '/a': { post: { parameters: [{ in: 'body', name: 'b', schema: { $ref: '#/definitions/pet' } }], responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/pet' } } } } } },
          definitions: { pet: { type: 'object' } },
        },
      },
    ],
    [
      'resolves a 3.1 $anchor',
      { 'api.json': oas31(schemas({ Pet: { $anchor: 'pet', type: 'object' }, Owner: { properties: { pet: { $ref: '#pet' } } } })) },
      { openapi31: true },
      { document: oas31(schemas({ Pet: { $anchor: 'pet', type: 'object' }, Owner: { properties: { pet: { $ref: '#/components/schemas/Pet' } } } })) },
    ],
    [
      'resolves an absolute 3.1 $id declared in the upload',
      { 'api.json': oas31(schemas({ Pet: { $id: 'https://example.com/pet', type: 'object' }, Owner: { properties: { pet: { $ref: 'https://example.com/pet' } } } })) },
      { openapi31: true },
      { document: oas31(schemas({ Pet: { $id: 'https://example.com/pet', type: 'object' }, Owner: { properties: { pet: { $ref: '#/components/schemas/Pet' } } } })) },
    ],
    [
      'resolves a $ref under a folder-like 3.1 $id inside that folder',
      { 'api.json': oas31(schemas({ Wrap: { $id: 'schemas/', properties: { p: { $ref: 'pet.json' } } } })), 'schemas/pet.json': { type: 'integer' }, 'pet.json': { type: 'boolean' } },
      { openapi31: true },
      { document: oas31(schemas({ Wrap: { $id: 'schemas/', properties: { p: { $ref: '#/components/schemas/pet' } } }, pet: { type: 'integer' } })) },
    ],
    [
      'leaves a $ref under an example or an extension as data',
      { 'api.json': oas30({ 'x-a': { $ref: 'nope.json' }, ...schemas({ A: { type: 'object', example: { $ref: 'nope.json' } } }) }) },
      {},
      { document: oas30({ 'x-a': { $ref: 'nope.json' }, ...schemas({ A: { type: 'object', example: { $ref: 'nope.json' } } }) }) },
    ],
    [
      'reports a missing file, a missing key and a file that does not parse, leaving each $ref as it is',
      { 'api.json': oas30(schemas({ A: { $ref: 'nope.json' }, B: { $ref: 'defs.json#/Nope' }, C: { $ref: 'bad.yaml' } })), 'defs.json': { Pet: {} }, 'bad.yaml': 'a: [\n' },
      {},
      {
        document: oas30(schemas({ A: { $ref: 'nope.json' }, B: { $ref: 'defs.json#/Nope' }, C: { $ref: 'bad.yaml' } })),
        problems: ['ref-unresolved api.json /components/schemas/A', 'ref-unresolved api.json /components/schemas/B', 'yaml-syntax bad.yaml', 'ref-unresolved api.json /components/schemas/C'],
      },
    ],
    [
      'reports an anchor in 3.0, where there are none',
      { 'api.json': oas30(schemas({ A: { $ref: '#pet' } })) },
      {},
      { document: oas30(schemas({ A: { $ref: '#pet' } })), problems: ['ref-unresolved api.json /components/schemas/A'] },
    ],
    [
      'refuses what points outside the upload, leaving it as it is',
      { 'api.json': oas30(schemas({ A: { $ref: 'https://example.com/pet.json' }, B: { $ref: '../x.json' }, C: { $ref: '/etc/passwd' } })) },
      {},
      {
        document: oas30(schemas({ A: { $ref: 'https://example.com/pet.json' }, B: { $ref: '../x.json' }, C: { $ref: '/etc/passwd' } })),
        problems: ['ref-outside-upload api.json /components/schemas/A', 'ref-outside-upload api.json /components/schemas/B', 'ref-outside-upload api.json /components/schemas/C'],
      },
    ],
    [
      'refuses the whole document when a referenced file nests past the depth limit',
      { 'api.json': oas30({ info: { contact: { $ref: 'd.json' } } }), 'd.json': { a: { a: { a: { a: 1 } } } } },
      { maxDepth: 4 },
      { refused: ['nesting-too-deep d.json /a/a/a'] },
    ],
    [
      'refuses the whole document past the node limit, counting scalars too',
      { 'api.json': oas30({ x: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }) },
      { maxNodes: 5 },
      { refused: ['document-too-large api.json /x'] },
    ],
  ])('%s', (_, files, options, expected) => {
    expect(resolve(files, options)).toEqual('refused' in expected ? expected : { problems: [], ...expected });
  });

  it('keeps __proto__ from a referenced file as an ordinary key', () => {
    const r = resolve({ 'api.json': oas30(schemas({ A: { $ref: 'p.json' } })), 'p.json': '{"type": "object", "properties": {"__proto__": {"type": "string"}}}' });
    const props = (r.document as { components: { schemas: { A: { properties: object } } } }).components.schemas.A.properties;
    expect(Object.getPrototypeOf(props)).toBe(Object.prototype);
    expect(Object.keys(props)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(props, '__proto__')?.value).toEqual({ type: 'string' });
  });

  it('inlines a path item file once and points a second use of it at the first', () => {
    const r = resolve({ 'api.json': oas30({ paths: { '/a': { $ref: 'item.json' }, '/b': { $ref: 'item.json' } } }), 'item.json': { get: { responses: { '200': { description: 'ok' } } } } });
    expect(r).toEqual({ document: oas30({ paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } }, '/b': { $ref: '#/paths/~1a' } } }), problems: [] });
  });
});

describe("the entry's own tree as the document", () => {
  /**
   * The entry (YAML or JSON text) resolved: its document as JSON, in key order; whether it is
   * the parsed tree itself (`tree`) and whether its `components` is the parsed one (`shared`).
   */
  function resolveText(text: string, path = 'api.yaml', options: { maxNodes?: number; maxDepth?: number } = {}) {
    const entry = parseDataFile(path, text);
    if (!entry.ok) throw new Error('the entry does not parse');
    const r = resolveSpec({ entry: entry.value, swagger2: false, openapi31: text.includes('3.1.0'), texts: new Map([[path, text]]), parseOptions: {}, ...options });
    if (!r.ok) return { refused: r.problems.map((p) => p.ruleId) };
    const doc = r.value.document as Record<string, unknown>;
    const root = entry.value.root as Record<string, unknown>;
    // The parsed tree is never changed (the YAML locator walks it): as the text wrote it.
    if (path.endsWith('.json')) expect(JSON.stringify(root)).toBe(text);
    return { json: JSON.stringify(doc), tree: doc === root, shared: doc.components === root.components, problems: r.problems.map((p) => p.ruleId) };
  }
  const local = '{"openapi":"3.0.3","paths":{"/a":{"get":{"parameters":[{"$ref":"#/components/parameters/P"}],"responses":{"200":{"$ref":"#/components/responses/Ok","description":"more"}}}}},"components":{"parameters":{"P":{"name":"p","in":"query","schema":{"type":"string"}}},"responses":{"Ok":{"description":"ok"}}}}';

  it('is the document when writing would copy it unchanged', () => {
    expect(resolveText(local, 'api.json')).toEqual({ json: local, tree: true, shared: true, problems: [] });
  });

  it.each([
    ['a sibling before $ref (the copy writes $ref first)', local.replace('{"$ref":"#/components/parameters/P"}', '{"description":"d","$ref":"#/components/parameters/P"}'), local.replace('{"$ref":"#/components/parameters/P"}', '{"$ref":"#/components/parameters/P","description":"d"}')],
    ['a pointer written otherwise than the copy writes it', local.replace('"#/components/responses/Ok"', '"#/components/responses/%4Fk"'), local],
  ])('has a reference written as the copy writes it, in a copy of it and of what is above it: %s', (_, text, written) => {
    expect(resolveText(text, 'api.json')).toEqual({ json: written, tree: false, shared: true, problems: [] });
  });

  it('is copied where a reference names another file', () => {
    expect(resolveText(local.replace('"#/components/responses/Ok"', '"./api.json#/components/responses/Ok"'), 'api.json')).toEqual({ json: local, tree: false, shared: false, problems: [] });
  });

  it('is copied when an alias shares an object, so the document is a tree', () => {
    const text = 'openapi: 3.0.3\npaths: {}\ncomponents:\n  schemas:\n    A: &a {type: string}\n    B: *a\n';
    expect(resolveText(text)).toEqual({ json: '{"openapi":"3.0.3","paths":{},"components":{"schemas":{"A":{"type":"string"},"B":{"type":"string"}}}}', tree: false, shared: false, problems: [] });
  });

  it('is copied, and the copy reports, where a reference is left unresolved, misplaced or not a string, or a 3.1 schema has an $id', () => {
    expect(resolveText(local.replace('"#/components/responses/Ok"', '"#/components/responses/Nope"'), 'api.json')).toMatchObject({ shared: false, problems: ['ref-unresolved'] });
    expect(resolveText(local.replace('{"$ref":"#/components/parameters/P"}', '{"$ref":7}'), 'api.json')).toMatchObject({ shared: false, problems: ['ref-invalid'] });
    expect(resolveText('{"openapi":"3.0.3","paths":{"$ref":"#/components"},"components":{}}', 'api.json')).toMatchObject({ shared: false });
    expect(resolveText('{"openapi":"3.1.0","paths":{},"components":{"schemas":{"A":{"$id":"https://example.com/a","type":"string"}}}}', 'api.json')).toMatchObject({ shared: false, problems: [] });
  });

  it('is refused past the limits, as the copy is', () => {
    expect(resolveText(local, 'api.json', { maxNodes: 5 })).toEqual({ refused: ['document-too-large'] });
    expect(resolveText(local, 'api.json', { maxDepth: 3 })).toEqual({ refused: ['nesting-too-deep'] });
  });
});
