/* eslint-disable @typescript-eslint/no-explicit-any -- the tests dig into untyped documents */
import { describe, expect, it } from 'vitest';
import { fragmentTokens } from '../core/json-pointer';
import { detectFormat, findEntry, loadSpec, parseDataFile } from './index';
import { resolveSpec } from './resolve';
import { refKindProblems } from './ref-kinds';
import { isOpenApi31 } from './version';
import { corpusAvailable, readManifest, readSpecFolder } from '../../test/corpus';
import { expectSameElsewhere } from '../../test/elsewhere';

const present = corpusAvailable();

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function countOperations(doc: Record<string, unknown>): number {
  const paths = doc.paths as Record<string, Record<string, unknown>> | undefined;
  let n = 0;
  for (const [key, item] of Object.entries(paths ?? {})) {
    if (key.startsWith('x-') || item === null || typeof item !== 'object') continue;
    for (const m of METHODS) if (item[m] && typeof item[m] === 'object') n++;
  }
  return n;
}

/**
 * The `$ref`s left in the document that are not internal, and the internal ones that point
 * at nothing (data under `example`, Example `value`s and `x-` keys aside). Also checks that
 * the document is a tree.
 */
function leftoverRefs(doc: unknown): { external: string[]; dangling: string[] } {
  const external: string[] = [];
  const dangling: string[] = [];
  const stack = [doc];
  const seen = new Set<object>();
  while (stack.length) {
    const n = stack.pop();
    if (n === null || typeof n !== 'object') continue;
    expect(seen.has(n)).toBe(false); // a tree: no object twice
    seen.add(n);
    for (const [k, v] of Object.entries(n)) {
      if (k === '$ref' && typeof v === 'string') {
        if (!v.startsWith('#')) external.push(v);
        else {
          let node: any = doc;
          for (const t of fragmentTokens(v.slice(1)) ?? []) node = node?.[t];
          if (node === undefined) dangling.push(v);
        }
      }
      if (k.startsWith('x-') || k === 'example' || k === 'value') continue; // data: left as written, never read
      stack.push(v);
    }
  }
  return { external, dangling };
}

// How long loading takes is measured by `npm run bench` (the five largest specs), not here.
describe.skipIf(!present)('loadSpec on every spec in ../shared/specs', () => {
  const rows = present ? readManifest() : [];

  it.each(rows.map((r) => [r.folder, r] as const))('%s loads with every operation', async (_, row) => {
    const files = readSpecFolder(row.folder);
    const r = await loadSpec(files, { entry: row.entry });
    expect(r.ok, JSON.stringify(r.problems.slice(0, 3))).toBe(true);
    if (!r.ok) return;
    expect(r.value.entry).toBe(row.entry);
    expect(countOperations(r.value.document)).toBe(row.operations);
    const reported = new Set(r.problems.filter((p) => p.ruleId.startsWith('ref-')).map((p) => p.message));
    const { external, dangling } = leftoverRefs(r.value.document);
    for (const ref of [...external, ...dangling]) {
      expect([...reported].some((m) => m.includes(`"${ref}"`)), ref).toBe(true);
    }
    for (const p of r.problems) {
      expect(p.file).not.toMatch(/^\//);
      if (p.line !== undefined) expect(p.line).toBeGreaterThanOrEqual(1);
    }
  });

  // DocumentWriter.runInPlace: where the entry's own tree is taken as the document, it is the
  // copy `run()` writes, key order and problems included; and the large single-file specs take it.
  const IN_PLACE = new Set(['stripe-core', 'kubernetes-core', 'openai-api', 'box-platform', 'slack-web', 'discord-api']);
  it.each(rows.map((r) => [r.folder, r] as const))('%s resolves in place to what the copy writes', (_, row) => {
    const files = readSpecFolder(row.folder);
    const texts = new Map(files.map((f) => [f.path, f.text]));
    const entry = parseDataFile(row.entry, texts.get(row.entry)!);
    if (!entry.ok) throw new Error(`${row.entry} does not parse`);
    const format = detectFormat(entry.value.root, row.entry);
    if (!format.ok) throw new Error(`${row.entry} is not OpenAPI`);
    const resolve = (copy: boolean) => {
      const r = resolveSpec({ entry: entry.value, swagger2: format.value.kind === 'swagger', openapi31: isOpenApi31(format.value), texts, parseOptions: {}, copy });
      if (!r.ok) throw new Error(`${row.entry} does not resolve`);
      return r.value;
    };
    const root = entry.value.root as Record<string, unknown>;
    // The parsed tree's own objects in the document: it is the tree, or a copy of what is above a rewritten reference.
    const shares = (doc: unknown) => doc === root || Object.entries(doc as Record<string, unknown>).some(([k, v]) => v !== null && typeof v === 'object' && v === root[k]);
    const [inPlace, copied] = [resolve(false), resolve(true)];
    expect(shares(copied.document)).toBe(false);
    if (IN_PLACE.has(row.folder)) expect(shares(inPlace.document)).toBe(true);
    expect(JSON.stringify(inPlace.document)).toBe(JSON.stringify(copied.document));
    expect(inPlace.problems).toEqual(copied.problems);
    // The reference objects the walk found judge the references as a walk of the document does.
    expect(copied.refSites).toBeUndefined();
    if (IN_PLACE.has(row.folder)) expect(inPlace.refSites).toBeDefined();
    if (inPlace.refSites) {
      const locate = (pointer: string) => ({ file: row.entry, pointer });
      const swagger2 = format.value.kind === 'swagger';
      expect(refKindProblems(inPlace.document, swagger2, locate, inPlace.refSites)).toEqual(refKindProblems(inPlace.document, swagger2, locate));
    }
  });

  it.each([
    ['digitalocean-public', 'DigitalOcean-public.v2.yaml'],
    ['lob-api', 'lob-api-public.yml'],
    ['oai-petstore-separate-v2', 'spec/swagger.yaml'],
  ])('finds the entry of %s', (folder, entry) => {
    expect(findEntry(readSpecFolder(folder))).toEqual({ ok: true, value: entry, problems: [] });
  });

  it('resolves DigitalOcean: operations from their own files, shared parts in components, positions in their files', async () => {
    const r = await loadSpec(readSpecFolder('digitalocean-public'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const doc = r.value.document as any;
    const op = doc.paths['/v2/apps'].get;
    expect(op.operationId).toBe('apps_list');
    expect(r.value.locate('/paths/~1v2~1apps/get/operationId')).toMatchObject({
      file: 'resources/apps/apps_list.yml',
      line: 1,
      pointer: '/operationId',
    });
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThan(100);
    expect(Object.keys(doc.components.responses).length).toBeGreaterThan(10);
  });

  it('gives the same document, files, report and bundle bytes for lob-api (475 files) in another process, time zone and locale, from the files in reverse order', async () => {
    await expectSameElsewhere({ kind: 'convert', corpus: 'lob-api', entry: 'lob-api-public.yml', reverse: true, options: { baseUrl: 'https://api.example.com/' } });
  });
});
