import { isPlainObject, setOwn } from '../core/entries';
import { nodesInCycles } from '../core/graph';
import { collectRefs, decodeRefName, TYPE_REF_PREFIX } from './expand';
import type { RefReader } from './expanded-view';

/**
 * A skill's references, `{"$ref": "#/types/Name"}` into types.json (SPEC 1.5), as the
 * expanded view reads them (expanded-view.ts): a reference to a type that is not there, or
 * not written `#/types/…`, is broken (the `refs` rule reports it). Types in a reference
 * cycle are found once, here.
 */
export function typesReader(types: ReadonlyMap<string, unknown>): RefReader {
  const refsOf = (name: string): string[] => {
    const out: string[] = [];
    for (const { ref } of collectRefs(types.get(name))) {
      if (typeof ref !== 'string' || !ref.startsWith(TYPE_REF_PREFIX)) continue;
      const target = decodeRefName(ref);
      if (types.has(target)) out.push(target);
    }
    return out;
  };
  const cycles = nodesInCycles(types.keys(), refsOf);
  return {
    read(node) {
      if (!Object.hasOwn(node, '$ref')) return undefined;
      const site = node as Record<string, unknown>;
      const ref = site.$ref;
      if (typeof ref !== 'string' || !ref.startsWith(TYPE_REF_PREFIX)) return 'broken';
      const name = decodeRefName(ref);
      if (!types.has(name)) return 'broken';
      const target = types.get(name);
      // Publishing drops the site's keys when the type is not an object (lib/publish/expand).
      let siblings: Record<string, unknown> | undefined;
      if (isPlainObject(target)) {
        for (const k of Object.keys(site)) if (k !== '$ref') setOwn((siblings ??= {}), k, site[k]);
      }
      return { key: name, target, siblings, targetIsRef: isPlainObject(target) && Object.hasOwn(target, '$ref') };
    },
    recursive: (key) => cycles.has(key),
  };
}
