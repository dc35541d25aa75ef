import { pointerToken } from '../core/json-pointer';
import type { OperationFile } from '../skill/operation-file';
import type { TypesFile } from '../skill/types-file';
import { typeRefNames } from './facts';
import type { PackageRule, RuleProblem } from './rule';

const graphs = new WeakMap<TypesFile, Map<string, string[]>>();

/** Each type's direct references to other types, once per parsed types.json. */
function typeGraph(t: TypesFile): Map<string, string[]> {
  let g = graphs.get(t);
  if (!g) {
    g = new Map();
    for (const [name, schema] of t.types) g.set(name, typeRefNames(schema));
    graphs.set(t, g);
  }
  return g;
}

function directUses(op: OperationFile): string[] {
  const d = op.declaration;
  return d && d.form === 'schema' ? typeRefNames(d.schema) : [];
}

/**
 * SPEC 1.5: a shared type no operation reaches, directly or through other types, is
 * reported at its name. O(files + types): each file's references are memoized per parsed
 * file, the type graph per parsed types.json.
 */
export const typesUnused: PackageRule = {
  id: 'types-unused',
  scope: 'package',
  check(pkg) {
    const t = pkg.types;
    if (!t || t.types.size === 0) return [];
    const graph = typeGraph(t);
    const reached = new Set<string>();
    const queue: string[] = [];
    const reach = (name: string) => {
      if (!reached.has(name) && graph.has(name)) {
        reached.add(name);
        queue.push(name);
      }
    };
    for (const op of pkg.operations) for (const name of directUses(op)) reach(name);
    while (queue.length > 0) for (const name of graph.get(queue.pop()!)!) reach(name);
    const problems: RuleProblem[] = [];
    for (const name of t.types.keys()) {
      if (reached.has(name)) continue;
      const pointer = `/${pointerToken(name)}`;
      problems.push({ message: `The type \`${name}\` is used by no operation`, file: t.file, ...t.position(pointer), pointer });
    }
    return problems;
  },
};
