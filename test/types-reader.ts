import { nodesInCycles } from '../lib/core/graph';
import type { RefReader } from '../lib/publish/expanded-view';

/** References `{"$ref": "#/types/Name"}` into a map, as a skill writes them, read as the converter's `RefReader` reads its types. */
export function typesReader(types: Record<string, unknown>): RefReader {
  const names = Object.keys(types);
  const refsOf = (name: string) => JSON.stringify(types[name]).match(/#\/types\/[A-Za-z0-9_.-]+/g)?.map((r) => r.slice(8)) ?? [];
  const cycles = nodesInCycles(names, refsOf);
  return {
    read: (node) => {
      const ref = (node as Record<string, unknown>).$ref;
      if (typeof ref !== 'string') return undefined;
      const name = ref.slice(8);
      if (!(name in types)) return 'broken';
      const { $ref: _, ...siblings } = node as Record<string, unknown>;
      void _;
      const target = types[name];
      return { key: name, target, siblings: Object.keys(siblings).length > 0 ? siblings : undefined, targetIsRef: typeof target === 'object' && target !== null && '$ref' in target };
    },
    recursive: (key) => cycles.has(key),
  };
}
