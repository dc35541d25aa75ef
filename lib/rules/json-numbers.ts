import { isPlainObject } from '../core/entries';
import { joinPointer, pointerTokens } from '../core/json-pointer';
import type { TypesFile } from '../skill/types-file';
import { atSchema, type FileRule, type RuleProblem } from './rule';

/**
 * Numbers JSON cannot hold (BAD-INPUT 30): a schema's JSON text may write
 * `1e400`, which reads as Infinity, and JSON writes Infinity as `null`, so `maximum: 1e400`
 * would be published as `"maximum": null` and every call refused. Checked in every value of
 * an operation's schema (keywords and data: `enum`, `default`, `examples`) and of types.json.
 */
export const jsonNumbers: FileRule = {
  id: 'json-numbers',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.form !== 'schema' || d.schema === undefined) return [];
    return infinitePlaces(d.schema, '').map((pointer) => atSchema(op, pointer, message(pointer)));
  },
  checkPackage(pkg) {
    return pkg.types ? checkTypes(pkg.types) : [];
  },
};

const typesCache = new WeakMap<TypesFile, RuleProblem[]>();

function checkTypes(t: TypesFile): RuleProblem[] {
  let problems = typesCache.get(t);
  if (!problems) {
    problems = [];
    for (const [name, schema] of t.types) {
      for (const pointer of infinitePlaces(schema, joinPointer('', name))) problems.push({ message: message(pointer), file: t.file, ...t.position(pointer), pointer });
    }
    typesCache.set(t, problems);
  }
  return problems;
}

/** Whether `value` holds a number that is not finite: a walk that writes no pointer, for the schemas (all but a hostile few) that hold none. */
function hasInfinite(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return true;
    } else if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else if (isPlainObject(node)) {
      for (const key of Object.keys(node)) stack.push(node[key]);
    }
  }
  return false;
}

/** The pointer of every number in `value` that is not finite, in document order. */
function infinitePlaces(value: unknown, base: string): string[] {
  if (!hasInfinite(value)) return [];
  const found: string[] = [];
  const stack: { node: unknown; pointer: string }[] = [{ node: value, pointer: base }];
  while (stack.length > 0) {
    const { node, pointer } = stack.pop()!;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) found.push(pointer);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], pointer: joinPointer(pointer, i) });
    } else if (isPlainObject(node)) {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ node: node[keys[i]], pointer: joinPointer(pointer, keys[i]) });
    }
  }
  return found;
}

function message(pointer: string): string {
  const tokens = pointerTokens(pointer);
  const last = tokens[tokens.length - 1] ?? '';
  const what = /^\d+$/.test(last) && tokens.length > 1 ? `Item ${Number(last) + 1} of \`${tokens[tokens.length - 2]}\`` : `\`${last}\``;
  return `${what} is a number JSON cannot hold (beyond ±1.8e308): it reads as Infinity and would be published as \`null\`; write a smaller number`;
}
