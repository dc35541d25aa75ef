import $RefParser from '@apidevtools/json-schema-ref-parser';
import type { FileInfo } from '@apidevtools/json-schema-ref-parser';
import { decodePointerToken, fragmentTokens, pointerToken } from '../lib/core/json-pointer';
import type { Problem } from '../lib/core/problem';
import { childKind, elementKind, type Kind } from '../lib/openapi/context';
import { loadSpec } from '../lib/openapi/load-spec';
import { parseDataFile } from '../lib/openapi/parse-file';
import { isOpenApi31 } from '../lib/openapi/version';

/**
 * An oracle for our `$ref` resolver: the same upload dereferenced by
 * `@apidevtools/json-schema-ref-parser`, reading from memory only, and a comparison of the
 * two dereferenced documents.
 *
 * What "the same" means. These differences are in how each writes the result, not in
 * what a reference leads to, and are not counted:
 *
 * - Ours is a tree whose resolved references are internal (`#/components/schemas/Pet`);
 *   ref-parser's is a graph whose references are replaced by what they point at, shared and
 *   circular. The comparison follows our internal references as it walks and compares the
 *   two as graphs (a pair of nodes met again counts as equal), so a cycle must be a cycle
 *   in both.
 * - Ours puts what other files hold in components sections (`components/schemas/pet`,
 *   `definitions/pet` in 2.0), which the entry did not have; ref-parser writes it where it
 *   is used. An entry in a components section that the entry file did not have is ours
 *   alone, and is compared where it is used.
 * - Which keys are references: ours only where OpenAPI puts one (`lib/openapi/context.ts`:
 *   not under `example`, `default`, `enum`, an Example's `value`, `x-` keys; a key `$ref`
 *   under `properties` is a property name). ref-parser is told the same places with
 *   `dereference.excludedPathMatcher`, so both leave data as written.
 * - A `$ref` with siblings: the target with the siblings' values over its own, in both
 *   (`mergeKeys: false`). ref-parser keeps the target's value instead when it had already
 *   dereferenced that target elsewhere (its cache); that value is accepted too.
 * - A reference neither resolves: ours leaves the `$ref` and reports it (a `ref-*` problem
 *   naming it); ref-parser (`continueOnError`) writes `null` there.
 * - Objects compare by their keys, not their order.
 *
 * These are real differences in meaning, accepted because ours is what SPEC 4.1 and
 * lib/openapi/README.md choose, and counted (`Accepted`) so that a test can bound them; each
 * is accepted only where ref-parser found nothing (`null`), never where it found something else:
 *
 * - `idScope`: a `#/…` reference written inside an OpenAPI 3.1 schema that has an `$id`.
 *   JSON Schema resolves it inside that `$id`'s resource, where the pointer usually names
 *   nothing; ours resolves it against the file, which is what OpenAPI authors mean.
 * - `anchor`: a reference by `$anchor` name (`#pet`, `/schemas/pet#pet`), which ref-parser
 *   15 does not resolve.
 *
 * Nothing is read from disk or network: files come from the upload map through a resolver of
 * our own and are parsed by our parser (so both see the same values); `file` and `http` off.
 */

const BASE = 'https://upload.invalid/u/';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** What a comparison went through: the references of ours it followed, and the accepted differences, by kind, where they are. */
export interface Tally {
  followed: number;
  idScope: string[];
  anchor: string[];
}

/** The kind at a pointer of the dereferenced document (a reference's target takes its site's kind). */
function kindAt(tokens: string[], swagger2: boolean): Kind {
  let kind = 'root' as Kind;
  for (const t of tokens) {
    const arrayKind = kind === 'parameterList' || kind === 'schemaList' || kind === 'schema' || kind === 'generic';
    kind = arrayKind && /^\d+$/.test(t) ? elementKind(kind) : childKind(kind, t, swagger2);
    if (kind === 'literal') return kind;
  }
  return kind;
}

/** ref-parser's dereferenced document (and the errors it collected), the upload read from memory. */
export async function refParserDocument(files: { path: string; text: string }[], entry: string, swagger2: boolean): Promise<{ document: unknown; errors: string[] }> {
  const texts = new Map(files.map((f) => [f.path, f.text]));
  const pathOf = (url: string) => {
    if (!url.startsWith(BASE)) return undefined;
    try {
      return decodeURIComponent(url.slice(BASE.length).split('#')[0]);
    } catch {
      return undefined;
    }
  };
  const parse = (path: string): unknown => {
    const r = parseDataFile(path, texts.get(path)!);
    if (!r.ok) throw new Error(`${path} does not parse`);
    return r.value.root;
  };
  const parser = new $RefParser();
  const errors: string[] = [];
  try {
    await parser.dereference(BASE + entry.split('/').map(encodeURIComponent).join('/'), parse(entry) as object, {
      continueOnError: true,
      resolve: {
        file: false,
        http: false,
        external: true,
        upload: {
          order: 1,
          canRead: (file: FileInfo) => {
            const path = pathOf(file.url);
            return path !== undefined && texts.has(path);
          },
          read: (file: FileInfo) => parse(pathOf(file.url)!),
        },
      },
      parse: {
        json: false,
        yaml: false,
        text: false,
        binary: false,
        upload: { order: 1, allowEmpty: true, canParse: true, parse: (file: FileInfo) => file.data },
      },
      dereference: {
        circular: true,
        mergeKeys: false,
        excludedPathMatcher: (path: string) => {
          const hash = path.indexOf('#');
          const tokens = hash === -1 ? [] : path.slice(hash + 1).split('/').slice(1).map(decodePointerToken);
          return kindAt(tokens, swagger2) === 'literal';
        },
      },
    });
  } catch (e) {
    const group = e as { errors?: { message: string }[]; message: string };
    for (const err of group.errors ?? [group]) errors.push(err.message);
  }
  return { document: parser.schema, errors };
}

export interface CompareContext {
  problems: readonly Problem[];
  /** The `$ref` as written in its source file, for the object at this pointer of our document (ours rewrites them). */
  writtenRef(pointer: string): string | undefined;
  swagger2: boolean;
  openapi31: boolean;
  /** The entry file as written, to tell the components sections it had from those ours added. */
  entryRoot: unknown;
}

/**
 * Where our document and ref-parser's differ, as `pointer: what` lines (at most `limit`);
 * none when they are the same in the sense above. Accepted differences go to `accepted`.
 */
export function compareDereferenced(ours: unknown, theirs: unknown, context: CompareContext, accepted: Tally, limit = 20): string[] {
  const { problems, swagger2, openapi31, entryRoot, writtenRef } = context;
  const reported = problems.filter((p) => p.ruleId.startsWith('ref-')).map((p) => p.message);
  const missReported = (ref: string) => reported.some((m) => m.includes(`"${ref}"`));
  const lookup = (ref: string): unknown => {
    let node: unknown = ours;
    for (const t of fragmentTokens(ref.slice(1)) ?? ['\u0000']) {
      if (node === null || typeof node !== 'object' || !has(node, t)) return undefined;
      node = (node as Obj)[t];
    }
    return node;
  };
  /** A components section (or an entry of one) that the entry file did not have: ours alone. */
  const addedByUs = (at: string, key: string): boolean => {
    const placeForSections = swagger2 ? at === '' && ['definitions', 'parameters', 'responses'].includes(key) : (at === '' && key === 'components') || at === '/components';
    const placeForEntries = swagger2 ? ['/definitions', '/parameters', '/responses'].includes(at) : /^\/components\/[^/]+$/.test(at);
    if (!placeForSections && !placeForEntries) return false;
    let node: unknown = entryRoot;
    for (const t of [...at.split('/').slice(1).map(decodePointerToken), key]) {
      if (!isObj(node) || !has(node, t)) return true;
      node = node[t];
    }
    return false;
  };
  /** `ptr`: where `a` is in our document, to find what was written there. */
  type Item = { a: unknown; b: unknown; kind: Kind; at: string; ptr: string; idScope: boolean; atRoot: boolean };

  /** Compare from one pair on, with a record of pairs of its own, so a failed try leaves nothing behind. */
  const walk = (first: Item, max: number, record: boolean): string[] => {
    const diffs: string[] = [];
    const differ = (at: string, what: string) => diffs.push(`${at || '/'}: ${what}`);
    // Pairs (ours, theirs) compared or being compared: a pair met again is equal (a cycle).
    const seen = new Map<unknown, Set<unknown>>();
    const stack: Item[] = [first];
    while (stack.length > 0 && diffs.length < max) {
      const item = stack.pop()!;
      const { b, kind, at } = item;
      let { a, idScope, ptr } = item;
      // Follow our references: a chain ends at its target; siblings go over the target's keys,
      // and the target's own values are kept to accept ref-parser's cached ones.
      let identity: unknown = a;
      let shadowed: Obj | undefined;
      let siblingPtr: string | undefined;
      let hops = 0;
      let done = false;
      while (kind !== 'literal' && !kind.endsWith('Map') && isObj(a) && typeof a.$ref === 'string') {
        const ref = a.$ref;
        const target = ref.startsWith('#') ? lookup(ref) : undefined;
        if (target === undefined) {
          if (!missReported(ref)) differ(at, `our $ref ${JSON.stringify(ref)} is neither resolved nor reported`);
          else if (b !== null && !(isObj(b) && b.$ref === ref)) differ(at, `we report ${JSON.stringify(ref)} as unresolvable; ref-parser found ${preview(b)}`);
          done = true;
          break;
        }
        if (b === null && hops === 0) {
          // ref-parser found nothing where we found something: accepted only for the two reasons above.
          if (idScope && ref.startsWith('#/')) {
            if (record) accepted.idScope.push(at);
          } else if (/#[^/]/.test(writtenRef(ptr) ?? ref)) {
            if (record) accepted.anchor.push(at);
          } else differ(at, `ours resolves ${JSON.stringify(ref)}; ref-parser found nothing`);
          done = true;
          break;
        }
        if (record) accepted.followed++;
        if (++hops > 64) {
          differ(at, `our references go round without content at ${JSON.stringify(ref)}`);
          done = true;
          break;
        }
        const siblings = Object.keys(a).filter((k) => k !== '$ref');
        if (siblings.length > 0 && isObj(target)) {
          const merged: Obj = { ...target };
          shadowed = {};
          for (const k of siblings) {
            if (has(target, k)) shadowed[k] = target[k];
            merged[k] = a[k];
          }
          identity = a;
          siblingPtr = ptr;
          a = merged;
        } else {
          identity = target;
          a = target;
        }
        ptr = (fragmentTokens(ref.slice(1)) ?? []).map((t) => `/${pointerToken(t)}`).join('');
      }
      if (done) continue;
      if (a === null || typeof a !== 'object' || b === null || typeof b !== 'object') {
        if (a !== b) differ(at, `ours ${preview(a)}, ref-parser's ${preview(b)}`);
        continue;
      }
      const pairs = seen.get(identity) ?? new Set<unknown>();
      if (pairs.has(b)) continue;
      pairs.add(b);
      seen.set(identity, pairs);
      if (Array.isArray(a) || Array.isArray(b)) {
        if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) {
          differ(at, `ours ${preview(a)}, ref-parser's ${preview(b)}`);
          continue;
        }
        const ek = elementKind(kind);
        for (let i = a.length - 1; i >= 0; i--) stack.push({ a: a[i], b: b[i], kind: ek, at: `${at}/${i}`, ptr: `${ptr}/${i}`, idScope, atRoot: false });
        continue;
      }
      const ao = a as Obj;
      const bo = b as Obj;
      if (openapi31 && kind === 'schema' && typeof ao.$id === 'string') idScope = true;
      const keys = Object.keys(ao).filter((k) => has(bo, k) || !(item.atRoot && addedByUs(at, k)));
      const only = keys.filter((k) => !has(bo, k));
      const theirsOnly = Object.keys(bo).filter((k) => !has(ao, k));
      if (only.length > 0 || theirsOnly.length > 0) {
        differ(at, `keys only in ours: ${JSON.stringify(only)}; only in ref-parser's: ${JSON.stringify(theirsOnly)}`);
        continue;
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        // Still on the entry's own path from the root (no reference followed): where components sections are.
        // A sibling of the reference is at the reference's place; the rest at the target's.
        const own = siblingPtr !== undefined && isObj(identity) && has(identity, k);
        const child: Item = {
          a: ao[k],
          b: bo[k],
          kind: childKind(kind, k, swagger2),
          at: `${at}/${pointerToken(k)}`,
          ptr: `${own ? siblingPtr : ptr}/${pointerToken(k)}`,
          idScope,
          atRoot: item.atRoot && hops === 0,
        };
        if (shadowed && has(shadowed, k) && walk(child, 1, false).length > 0) {
          // Not the sibling's value: ref-parser's cache kept the target's.
          stack.push({ ...child, a: shadowed[k] });
        } else stack.push(child);
      }
    }
    return diffs;
  };
  return walk({ a: ours, b: theirs, kind: 'root', at: '', ptr: '', idScope: false, atRoot: true }, limit, true);
}

function preview(v: unknown): string {
  const s = JSON.stringify(v, (_k, x) => (x !== null && typeof x === 'object' ? (Array.isArray(x) ? `[${x.length} items]` : `{${Object.keys(x).slice(0, 6).join(',')}}`) : x));
  return s === undefined ? String(v) : s.length > 120 ? `${s.slice(0, 120)}…` : s;
}

/**
 * Load an upload with our resolver and dereference it with ref-parser, and compare: the
 * differences (none when they agree) and the tally. Validation is off: only resolution is compared.
 */
export async function compareWithRefParser(
  files: { path: string; text: string }[],
  entry: string,
  options: { limit?: number; /** Change our result before comparing (to show the oracle sees a wrong one). */ alter?: (ours: { document: Obj; problems: Problem[] }) => void } = {},
): Promise<{ diffs: string[]; tally: Tally }> {
  const loaded = await loadSpec(files, { entry, validate: false });
  if (!loaded.ok) throw new Error(`ours refused the upload: ${loaded.problems.map((p) => p.message).join('; ')}`);
  const spec = loaded.value;
  options.alter?.({ document: spec.document, problems: loaded.problems });
  const swagger2 = spec.format.kind === 'swagger';
  const texts = new Map(files.map((f) => [f.path, f.text]));
  const roots = new Map<string, unknown>();
  const root = (path: string) => {
    if (!roots.has(path)) {
      const r = parseDataFile(path, texts.get(path)!);
      roots.set(path, r.ok ? r.value.root : undefined);
    }
    return roots.get(path);
  };
  const writtenRef = (pointer: string) => {
    const at = spec.locate(pointer);
    let node: unknown = root(at.file);
    for (const t of (at.pointer ?? '').split('/').slice(1).map(decodePointerToken)) node = isObj(node) || Array.isArray(node) ? (node as Obj)[t] : undefined;
    return isObj(node) && typeof node.$ref === 'string' ? node.$ref : undefined;
  };
  const theirs = await refParserDocument(files, entry, swagger2);
  const tally: Tally = { followed: 0, idScope: [], anchor: [] };
  const context = { problems: loaded.problems, swagger2, openapi31: isOpenApi31(spec.format), entryRoot: root(entry), writtenRef };
  return { diffs: compareDereferenced(spec.document, theirs.document, context, tally, options.limit ?? 20), tally };
}
