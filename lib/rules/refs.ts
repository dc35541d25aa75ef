import { pointerToken } from '../core/json-pointer';
import { decodeRefName, TYPE_REF_PREFIX } from '../publish/expand';
import { TYPE_NAME, type TypesFile } from '../skill/types-file';
import { declarationRefs, refsOf } from './facts';
import { atSchema, type FileRule, type RuleProblem } from './rule';

/** What is wrong with one `$ref` value, or undefined when it names an existing type. */
export function refProblem(ref: unknown, types: ReadonlyMap<string, unknown>): string | undefined {
  if (typeof ref !== 'string') return '`$ref` must be a string `#/types/Name`';
  const name = ref.startsWith(TYPE_REF_PREFIX) ? decodeRefName(ref) : undefined;
  if (name === undefined || !TYPE_NAME.test(name)) return `\`${ref}\` is not a reference to a shared type: references are \`#/types/Name\``;
  if (!types.has(name)) return `\`${ref}\` names no type in types.json`;
  return undefined;
}

const typesCache = new WeakMap<TypesFile, RuleProblem[]>();

/**
 * SPEC 1.3 and 1.5: every `$ref` in an operation's schema and in types.json is
 * `#/types/Name` and names a type in types.json. `$ref` inside data (`enum`, `examples`, …)
 * and property names called `$ref` are not references.
 */
export const refs: FileRule = {
  id: 'refs',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    if (!d || d.form !== 'schema' || d.schema === undefined) return [];
    const problems: RuleProblem[] = [];
    for (const { ref, pointer } of declarationRefs(d)) {
      const message = refProblem(ref, ctx.types);
      if (message) problems.push(atSchema(op, `${pointer}/$ref`, message));
    }
    return problems;
  },
  checkPackage(pkg) {
    const t = pkg.types;
    if (!t) return [];
    let problems = typesCache.get(t);
    if (!problems) {
      problems = [];
      for (const [name, schema] of t.types) {
        for (const { ref, pointer } of refsOf(schema)) {
          const message = refProblem(ref, t.types);
          if (!message) continue;
          const at = `/${pointerToken(name)}${pointer}/$ref`;
          problems.push({ message: `In type \`${name}\`: ${message}`, file: t.file, ...t.position(at), pointer: at });
        }
      }
      typesCache.set(t, problems);
    }
    return problems;
  },
};
