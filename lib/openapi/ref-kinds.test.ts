import { describe, expect, it } from 'vitest';
import { seeded, type Random } from '../../test/random';
import { loadSpec } from './load-spec';
import { refKindProblems } from './ref-kinds';

/** A 3.0 spec whose references point at components of every kind, from places of every kind (and from data, extensions and `$ref` keys, which are not judged). */
function randomSpec(rnd: Random): Record<string, unknown> {
  const sections = ['schemas', 'parameters', 'responses', 'requestBodies', 'headers', 'examples', 'links', 'callbacks'];
  // Components named B refer to those named A, so no chain loops.
  const ref = (name = rnd.pick(['A', 'B'])): Record<string, unknown> => {
    const section = rnd.pick(sections);
    const r: Record<string, unknown> = { $ref: `#/components/${section}/${section === 'callbacks' ? 'A' : name}` };
    // A key before `$ref`: the document holds a copy with `$ref` first.
    return rnd.chance(0.2) ? { description: 'd', ...r } : r;
  };
  const schema = (depth: number, name?: string): Record<string, unknown> => {
    if (depth > 2 || rnd.chance(0.4)) return ref(name);
    const out: Record<string, unknown> = { type: 'object', properties: { a: schema(depth + 1), b: schema(depth + 1) } };
    if (rnd.chance(0.3)) out.items = schema(depth + 1);
    if (rnd.chance(0.3)) out.allOf = [schema(depth + 1), schema(depth + 1)];
    // Data and extensions: a `$ref` there is not a reference.
    if (rnd.chance(0.3)) out.example = { $ref: '#/components/parameters/A' };
    if (rnd.chance(0.3)) out['x-ext'] = { inner: ref() };
    // A property named `$ref`: what is below a `$ref` key is not judged.
    if (rnd.chance(0.3)) (out.properties as Record<string, unknown>).$ref = ref();
    return out;
  };
  const media = () => ({ 'application/json': { schema: schema(0) } });
  const components: Record<string, Record<string, unknown>> = {
    schemas: { A: { type: 'string' }, B: schema(1, 'A') },
    parameters: { A: { name: 'p', in: 'query', schema: { type: 'string' } }, B: ref('A') },
    responses: { A: { description: 'r' }, B: ref('A') },
    requestBodies: { A: { content: { 'application/json': { schema: { type: 'object' } } } }, B: ref('A') },
    headers: { A: { schema: { type: 'string' } }, B: ref('A') },
    examples: { A: { value: { $ref: '#/x' } }, B: ref('A') },
    links: { A: { operationId: 'op0' }, B: ref('A') },
    // A reference where a callback belongs has the document written (not taken in place): only the one inline.
    callbacks: { A: { '{$url}': { post: { responses: { '200': ref() } } } } },
  };
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 1 + rnd.int(4); i++) {
    const op: Record<string, unknown> = {
      operationId: `op${i}`,
      parameters: [ref(), { name: 'q', in: 'query', schema: schema(0) }, ref()],
      responses: { '200': rnd.chance(0.5) ? ref() : { description: 'ok', content: media(), headers: { H: ref() }, links: { L: ref() } }, default: ref() },
    };
    if (rnd.chance(0.6)) op.requestBody = rnd.chance(0.5) ? ref() : { content: media() };
    if (rnd.chance(0.3)) op.callbacks = { c: { '{$url}': { post: { requestBody: ref(), responses: { '200': ref() } } } } };
    paths[`/p${i}`] = { parameters: [ref()], [rnd.pick(['get', 'post', 'put'])]: op };
  }
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths, components };
}

describe('refKindProblems from the resolver\'s reference objects', () => {
  it('finds the problems a walk of the whole document finds, in its order, for specs taken in place (seeded)', async () => {
    const rnd = seeded(53);
    let judged = 0;
    let several = 0;
    for (let n = 0; n < 60; n++) {
      const text = JSON.stringify(randomSpec(rnd), null, rnd.pick([0, 2]));
      const loaded = await loadSpec([{ path: 'spec.json', text }], { validate: false });
      expect(loaded.ok).toBe(true);
      if (!loaded.ok) return;
      const spec = loaded.value;
      expect(spec.refSites, 'taken in place').toBeDefined();
      const walked = refKindProblems(spec.document, false, spec.locate);
      expect(refKindProblems(spec.document, false, spec.locate, spec.refSites), text).toEqual(walked);
      judged += walked.length;
      if (walked.length > 3) several++;
    }
    expect(judged).toBeGreaterThan(300);
    expect(several).toBeGreaterThan(30);
  });

  it('has no reference objects to give where the document is written, not taken in place', async () => {
    // A reference to another file: the document is written.
    const loaded = await loadSpec(
      [
        { path: 'spec.json', text: JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': { get: { parameters: [{ $ref: 'other.json#/P' }], responses: { '200': { description: 'ok' } } } } } }) },
        { path: 'other.json', text: JSON.stringify({ P: { name: 'p', in: 'query', schema: { type: 'string' } } }) },
      ],
      { entry: 'spec.json', validate: false },
    );
    expect(loaded.ok && loaded.value.refSites).toBe(undefined);
  });
});
