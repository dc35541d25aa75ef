import { utf8Length } from '../core/entries';
import { decodePointerToken, joinPointer } from '../core/json-pointer';
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

/**
 * Every `#/types/Name` replaced by the type's schema, recursively (SPEC 2). A type met again
 * inside its own expansion becomes `{"type":"object"}`, keeping the referring site's
 * description. The compact JSON is written as it goes and counted in UTF-8 bytes, so a
 * fan-out graph is refused once it passes `limit` instead of being expanded in full.
 */
export function expandRefs(schema: unknown, types: ReadonlyMap<string, unknown>, limit = MAX_PARAMETERS_BYTES): ExpandResult {
  const out: string[] = [];
  let size = 0;
  const emit = (s: string) => {
    size += utf8Length(s);
    if (size > limit) throw new Stop({ ok: false, reason: 'size', size });
    out.push(s);
  };
  const active = new Set<string>();

  const write = (node: unknown, depth: number, mode: Mode = 'schema'): void => {
    if (depth > MAX_SCHEMA_DEPTH) throw new Stop({ ok: false, reason: 'depth' });
    if (node === null || typeof node !== 'object') {
      emit(JSON.stringify(node) ?? 'null');
      return;
    }
    if (Array.isArray(node)) {
      emit('[');
      node.forEach((item, i) => {
        if (i > 0) emit(',');
        write(item, depth + 1, mode === 'names' ? 'schema' : mode);
      });
      emit(']');
      return;
    }
    const obj = node as Record<string, unknown>;
    if (mode === 'schema' && Object.hasOwn(obj, '$ref')) {
      writeRef(obj, depth);
      return;
    }
    writeEntries(Object.keys(obj), (k) => obj[k], depth, mode);
  };

  const writeEntries = (keys: string[], get: (key: string) => unknown, depth: number, mode: Mode) => {
    emit('{');
    keys.forEach((k, i) => {
      emit(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`);
      write(get(k), depth + 1, childMode(mode, k));
    });
    emit('}');
  };

  const writeRef = (site: Record<string, unknown>, depth: number) => {
    const ref = site.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(TYPE_REF_PREFIX)) throw new Stop({ ok: false, reason: 'ref', ref: String(ref) });
    const name = decodeRefName(ref);
    if (!types.has(name)) throw new Stop({ ok: false, reason: 'ref', ref });
    const siblings = Object.keys(site).filter((k) => k !== '$ref');
    if (active.has(name)) {
      emit(typeof site.description === 'string' ? `{"type":"object","description":${JSON.stringify(site.description)}}` : '{"type":"object"}');
      return;
    }
    const target = types.get(name);
    active.add(name);
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      // The referring site's own keys (a description, say) win over the type's.
      const merged = target as Record<string, unknown>;
      if (siblings.length === 0) write(merged, depth + 1);
      else if (merged.$ref !== undefined) {
        // A type that is itself only a reference: expand it, then it cannot take siblings inline.
        emit('{"allOf":[');
        write(merged, depth + 1);
        emit(']');
        for (const k of siblings) {
          emit(`,${JSON.stringify(k)}:`);
          write(site[k], depth + 1, childMode('schema', k));
        }
        emit('}');
      } else {
        const own = Object.keys(merged).filter((k) => !siblings.includes(k));
        writeEntries([...own, ...siblings], (k) => (siblings.includes(k) ? site[k] : merged[k]), depth, 'schema');
      }
    } else {
      write(target, depth + 1);
    }
    active.delete(name);
  };

  try {
    write(schema, 0);
  } catch (e) {
    if (e instanceof Stop) return e.result;
    throw e;
  }
  const json = out.join('');
  return { ok: true, parameters: JSON.parse(json) as Record<string, unknown>, json, size };
}

/** `#/types/Name` to `Name` (JSON pointer escapes undone). */
export function decodeRefName(ref: string): string {
  return decodePointerToken(ref.slice(TYPE_REF_PREFIX.length));
}

/** Every `$ref` in a schema (not in data keywords), with the JSON pointer of the object holding it. */
export function collectRefs(schema: unknown): { ref: unknown; pointer: string }[] {
  const found: { ref: unknown; pointer: string }[] = [];
  const stack: { node: unknown; pointer: string; mode: Mode }[] = [{ node: schema, pointer: '', mode: 'schema' }];
  while (stack.length > 0) {
    const { node, pointer, mode } = stack.pop()!;
    if (node === null || typeof node !== 'object' || mode === 'data') continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], pointer: `${pointer}/${i}`, mode: mode === 'names' ? 'schema' : mode });
      continue;
    }
    const obj = node as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (mode === 'schema' && Object.hasOwn(obj, '$ref')) found.push({ ref: obj.$ref, pointer });
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      if (mode === 'schema' && k === '$ref') continue;
      stack.push({ node: obj[k], pointer: joinPointer(pointer, k), mode: childMode(mode, k) });
    }
  }
  return found;
}
