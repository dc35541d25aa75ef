import { utf8Length } from '../core/entries';
import { jsonDepthExceeds } from '../core/json-locate';
import { decodePointerToken, pointerToken } from '../core/json-pointer';
import { AUTHORED_DATA_KEYWORDS, AUTHORED_SCHEMA_MAP_KEYWORDS, MAX_SCHEMA_DEPTH } from '../core/schema-keywords';

/** SPEC 2: published parameters over 24 KiB are refused. */
export const MAX_PARAMETERS_BYTES = 24_576;
export const TYPE_REF_PREFIX = '#/types/';

export type ExpandResult =
  | { ok: true; parameters: Record<string, unknown>; json: string; size: number }
  | { ok: false; reason: 'size'; size: number }
  | { ok: false; reason: 'ref'; ref: string }
  | { ok: false; reason: 'depth' };


/** How a value is read while walking a schema: as a schema, as a map of names to schemas, or as data. */
export type Mode = 'schema' | 'names' | 'data';

/** The mode of the value under `key`. */
export function childMode(mode: Mode, key: string): Mode {
  if (mode === 'data') return 'data';
  if (mode === 'names') return 'schema';
  if (AUTHORED_DATA_KEYWORDS.has(key)) return 'data';
  if (AUTHORED_SCHEMA_MAP_KEYWORDS.has(key)) return 'names';
  return 'schema';
}

class Stop {
  constructor(readonly result: ExpandResult) {}
}

/** A type's expansion: its UTF-8 size, how many levels it nests below its top, and its text once a written expansion needed it. */
interface Expansion {
  text?: string;
  bytes: number;
  below: number;
}

/** Per types map, each type's expansion that depends on nothing around it (see `writeType`). */
const expansions = new WeakMap<ReadonlyMap<string, unknown>, Map<string, Expansion>>();

function expansionsOf(types: ReadonlyMap<string, unknown>): Map<string, Expansion> {
  let known = expansions.get(types);
  if (!known) expansions.set(types, (known = new Map()));
  return known;
}

/**
 * Every `#/types/Name` replaced by the type's schema, recursively (SPEC 2). A type met again
 * inside its own expansion becomes `{"type":"object"}`, keeping the referring site's
 * description. The compact JSON is counted in UTF-8 bytes as it is walked, so a fan-out
 * graph is refused once it passes `limit` instead of being expanded in full.
 *
 * The verdict is found by counting alone; the text (`json`, `parameters`) is written by a
 * second walk when first read, since the rules ask only whether an operation publishes.
 */
export function expandRefs(schema: unknown, types: ReadonlyMap<string, unknown>, limit = MAX_PARAMETERS_BYTES): ExpandResult {
  return withoutRefs(schema, limit) ?? expandByWalking(schema, types, limit);
}

/** `expandRefs` by walking the schema, whatever it holds (the tests hold `withoutRefs` to it). */
export function expandByWalking(schema: unknown, types: ReadonlyMap<string, unknown>, limit = MAX_PARAMETERS_BYTES): ExpandResult {
  const counted = walkExpansion(schema, types, limit, undefined);
  if (!counted.ok) return counted;
  let json: string | undefined;
  let parameters: Record<string, unknown> | undefined;
  const text = (): string => {
    if (json === undefined) {
      const out: string[] = [];
      walkExpansion(schema, types, limit, out);
      json = out.join('');
    }
    return json;
  };
  return {
    ok: true,
    get parameters() {
      return (parameters ??= JSON.parse(text()) as Record<string, unknown>);
    },
    set parameters(value) {
      parameters = value;
    },
    get json() {
      return text();
    },
    size: counted.size,
  };
}

/** Any character JSON writes in more than one UTF-8 byte. */
const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * `expandRefs`' result for a schema holding no `$ref` at all (most operations of most specs:
 * Stripe's every one, Kubernetes' three in four), when it is within both limits: its
 * expansion is itself, so the text is `JSON.stringify`'s, written and measured by native
 * code instead of a walk. `JSON.stringify` writes each key and string as the walk does, and
 * writes `"$ref":` exactly where an object has that key (a quote inside a string is `\"`,
 * and no other string is followed by a colon), so its absence proves there is nothing to
 * expand. Undefined, for the walk to decide, when there is a reference (even in data), when
 * a limit may be passed (the walk names the size it stopped at, and the first limit met),
 * or when the value cannot be written (too deep for the stack, a cycle).
 */
function withoutRefs(schema: unknown, limit: number): Extract<ExpandResult, { ok: true }> | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(schema);
  } catch {
    return undefined;
  }
  if (json === undefined || json.includes('"$ref":')) return undefined;
  const size = NOT_ASCII.test(json) ? utf8Length(json) : json.length;
  // Brackets nested past the limit: the walk decides (an empty one there is still within it for the walk, which counts the levels of values).
  if (size > limit || jsonDepthExceeds(json, MAX_SCHEMA_DEPTH)) return undefined;
  let parameters: Record<string, unknown> | undefined;
  return {
    ok: true,
    get parameters() {
      return (parameters ??= JSON.parse(json) as Record<string, unknown>);
    },
    set parameters(value) {
      parameters = value;
    },
    json,
    size,
  };
}

/**
 * One walk of `expandRefs`: counts the bytes (and stops at the first limit passed), and
 * writes the text into `out` when given. Both walks meet the same limits at the same places,
 * so a counted walk that succeeds is written without a stop.
 */
function walkExpansion(schema: unknown, types: ReadonlyMap<string, unknown>, limit: number, out: string[] | undefined): { ok: true; size: number } | Exclude<ExpandResult, { ok: true }> {
  let size = 0;
  // Each piece of the text is counted at once, before it is written: a stop names the size the piece reached.
  const count = (bytes: number) => {
    size += bytes;
    if (size > limit) throw new Stop({ ok: false, reason: 'size', size });
  };
  const active = new Set<string>();
  const known = expansionsOf(types);
  // How many times a type was met inside its own expansion (and written `{"type":"object"}`), and the deepest level written.
  let cut = 0;
  let deepest = 0;

  const write = (node: unknown, depth: number, mode: Mode = 'schema'): void => {
    if (depth > MAX_SCHEMA_DEPTH) throw new Stop({ ok: false, reason: 'depth' });
    if (depth > deepest) deepest = depth;
    if (node === null || typeof node !== 'object') {
      if (typeof node === 'string') {
        count(jsonStringBytes(node));
        out?.push(JSON.stringify(node));
      } else {
        const s = JSON.stringify(node) ?? 'null';
        count(s.length);
        out?.push(s);
      }
      return;
    }
    if (Array.isArray(node)) {
      count(1);
      out?.push('[');
      for (let i = 0; i < node.length; i++) {
        if (i > 0) {
          count(1);
          out?.push(',');
        }
        write(node[i], depth + 1, mode === 'names' ? 'schema' : mode);
      }
      count(1);
      out?.push(']');
      return;
    }
    const obj = node as Record<string, unknown>;
    if (mode === 'schema' && Object.hasOwn(obj, '$ref')) {
      writeRef(obj, depth);
      return;
    }
    writeEntries(Object.keys(obj), obj, undefined, depth, mode);
  };

  /** `{…}` of `keys`, each key's value from `over` where it has the key (a referring site's own keys), else from `base`. */
  const writeEntries = (keys: string[], base: Record<string, unknown>, over: Record<string, unknown> | undefined, depth: number, mode: Mode) => {
    count(1);
    out?.push('{');
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      writeKey(k, i > 0);
      write(over !== undefined && k !== '$ref' && Object.hasOwn(over, k) ? over[k] : base[k], depth + 1, childMode(mode, k));
    }
    count(1);
    out?.push('}');
  };

  /** `"key":`, after a comma unless it is the first. */
  const writeKey = (k: string, comma: boolean) => {
    count((comma ? 1 : 0) + jsonKeyBytes(k));
    out?.push(`${comma ? ',' : ''}${JSON.stringify(k)}:`);
  };

  const writeRef = (site: Record<string, unknown>, depth: number) => {
    const ref = site.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(TYPE_REF_PREFIX)) throw new Stop({ ok: false, reason: 'ref', ref: String(ref) });
    const name = decodeRefName(ref);
    if (!types.has(name)) throw new Stop({ ok: false, reason: 'ref', ref });
    const siblings = Object.keys(site).filter((k) => k !== '$ref');
    if (active.has(name)) {
      cut++;
      const s = typeof site.description === 'string' ? `{"type":"object","description":${JSON.stringify(site.description)}}` : '{"type":"object"}';
      count(utf8Length(s));
      out?.push(s);
      return;
    }
    const target = types.get(name);
    if (siblings.length === 0) {
      writeType(name, target, depth + 1);
      return;
    }
    active.add(name);
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      // The referring site's own keys (a description, say) win over the type's.
      const merged = target as Record<string, unknown>;
      if (merged.$ref !== undefined) {
        // A type that is itself only a reference: expand it, then it cannot take siblings inline.
        count(10);
        out?.push('{"allOf":[');
        write(merged, depth + 1);
        count(1);
        out?.push(']');
        for (const k of siblings) {
          writeKey(k, true);
          write(site[k], depth + 1, childMode('schema', k));
        }
        count(1);
        out?.push('}');
      } else {
        const own = Object.keys(merged).filter((k) => !siblings.includes(k));
        writeEntries([...own, ...siblings], merged, site, depth, 'schema');
      }
    } else {
      write(target, depth + 1);
    }
    active.delete(name);
  };

  /**
   * A type written where a reference without siblings stood. When no type was met again
   * inside it, none of the types it reaches can reach it back, so none of them can be
   * active around it either: its text is the same wherever it is met. It is then kept (with
   * its size and how deep it nests; its text once a written walk met it) and copied at the
   * next such reference, of this expansion or another over the same types, unless the copy
   * would pass a limit (then it is walked again, so the result names the limit a walk meets
   * first).
   */
  const writeType = (name: string, target: unknown, depth: number) => {
    const memo = known.get(name);
    if (memo && size + memo.bytes <= limit && depth + memo.below <= MAX_SCHEMA_DEPTH && (out === undefined || memo.text !== undefined)) {
      size += memo.bytes;
      if (out) out.push(memo.text!);
      if (depth + memo.below > deepest) deepest = depth + memo.below;
      return;
    }
    const [cutBefore, outerDeepest, start, sizeBefore] = [cut, deepest, out?.length ?? 0, size];
    deepest = depth;
    active.add(name);
    write(target, depth);
    active.delete(name);
    if (cut === cutBefore) {
      if (!memo) known.set(name, { bytes: size - sizeBefore, below: deepest - depth });
      if (out) {
        const text = out.splice(start).join('');
        out.push(text);
        (memo ?? known.get(name)!).text ??= text;
      }
    }
    deepest = Math.max(outerDeepest, deepest);
  };

  try {
    write(schema, 0);
  } catch (e) {
    if (e instanceof Stop) return e.result as Exclude<ExpandResult, { ok: true }>;
    throw e;
  }
  return { ok: true, size };
}

/** `#/types/Name` to `Name` (JSON pointer escapes undone). */
export function decodeRefName(ref: string): string {
  return decodePointerToken(ref.slice(TYPE_REF_PREFIX.length));
}

/** Every `$ref` in a schema (not in data keywords), with the JSON pointer of the object holding it. */
export function collectRefs(schema: unknown): { ref: unknown; pointer: string }[] {
  const found: { ref: unknown; pointer: string }[] = [];
  // A pointer is written only for an object holding a `$ref`, from the chain of its parents.
  type Place = { node: unknown; mode: Mode; parent: Place | undefined; token: string | number; pointer?: string };
  const pointerOf = (place: Place): string => {
    // Up to the nearest place whose pointer is known (a schema may nest deeper than the call stack), then down.
    const chain: Place[] = [];
    let p: Place | undefined = place;
    for (; p !== undefined && p.pointer === undefined; p = p.parent) chain.push(p);
    let pointer = p?.pointer ?? '';
    for (let i = chain.length - 1; i >= 0; i--) {
      const c = chain[i];
      if (c.parent !== undefined) pointer += `/${typeof c.token === 'number' ? c.token : pointerToken(c.token)}`;
      c.pointer = pointer;
    }
    return pointer;
  };
  const stack: Place[] = [{ node: schema, mode: 'schema', parent: undefined, token: '' }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const { node, mode } = place;
    if (node === null || typeof node !== 'object' || mode === 'data') continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], mode: mode === 'names' ? 'schema' : mode, parent: place, token: i });
      continue;
    }
    const obj = node as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (mode === 'schema' && Object.hasOwn(obj, '$ref')) found.push({ ref: obj.$ref, pointer: pointerOf(place) });
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      if (mode === 'schema' && k === '$ref') continue;
      stack.push({ node: obj[k], mode: childMode(mode, k), parent: place, token: k });
    }
  }
  return found;
}

/** `JSON.stringify(s)` in UTF-8 bytes, without writing it. */
export function jsonStringBytes(s: string): number {
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) n += c === 0x22 || c === 0x5c ? 2 : 1;
    else if (c < 0x20) n += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 2 : 6;
    else if (c < 0x800) n += c === 0x7f ? 1 : 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 6;
    } else if (c >= 0xdc00 && c <= 0xdfff) n += 6;
    else n += 3;
  }
  return n;
}

const keySizes = new Map<string, number>();
/** `"key":` in UTF-8 bytes (remembered for the keys of a spec: at most 100,000 of them). */
export function jsonKeyBytes(k: string): number {
  let n = keySizes.get(k);
  if (n === undefined) {
    n = jsonStringBytes(k) + 1;
    if (keySizes.size < 100_000) keySizes.set(k, n);
  }
  return n;
}
