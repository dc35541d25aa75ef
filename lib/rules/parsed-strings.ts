import type { Position } from '../skill/frontmatter';
import type { OperationFile } from '../skill/operation-file';
import type { Manifest } from '../skill/manifest';
import type { TypesFile } from '../skill/types-file';
import { located, type RuleProblem } from './rule';

/**
 * What a file says once read, for the rules over text (`lone-surrogates`,
 * `invisible-characters`) where the file's text hides it: a character written as an escape
 * (`"\\ud800"` or `"\\u200b"` in a schema's JSON, `"\\ufeff"` in a double-quoted YAML value,
 * as the frontmatter writer escapes a byte-order mark) is not in the text, but is in every
 * name and value a model or a request is given.
 */

/** The message for a name (`name`) or a string value at `pointer` that holds what the rule looks for (characters beyond ASCII: see `ESCAPE`), else undefined. */
export type StringJudge = (text: string, name: boolean, pointer: string) => string | undefined;

/**
 * An escape that writes a character beyond ASCII: `\uXXXX` (JSON, YAML's double quotes),
 * `\UXXXXXXXX`, `\xXX`, `\N`, `\_`, `\L` and `\P` (YAML's double quotes). Every other way
 * YAML or JSON reads a value keeps the text's own characters, or writes an ASCII control
 * character, so in a file without one the judges (which look for characters beyond ASCII)
 * find nothing once parsed that the text scan has not seen. An escaped backslash before a
 * `u` is only a walk for nothing.
 */
const ESCAPE = /\\[uUxNLP_]/;

/** Problems in an operation file's parsed frontmatter, schema and `returns`, at most `max`; none without an escape in its text (`ESCAPE`). */
export function parsedStringPlaces(op: OperationFile, judge: StringJudge, max: number): RuleProblem[] {
  if (!ESCAPE.test(op.text)) return [];
  const d = op.declaration;
  const roots = Object.entries(op.data).map(([key, value]) => [`/${pointerToken(key)}`, key, value] as const);
  const problems = walk(roots, (pointer) => op.position(pointer), op.file, judge, max);
  if (d?.schema !== undefined) problems.push(...walk([['', undefined, d.schema]], (pointer) => op.schemaPosition(pointer), op.file, judge, max, '/operation/schema'));
  if (d?.returns !== undefined) problems.push(...walk([['', undefined, d.returns]], (pointer) => op.returnsPosition(pointer), op.file, judge, max, '/operation/returns'));
  return problems.slice(0, max);
}

/** Problems in SKILL.md's parsed frontmatter, at most `max`. */
export function manifestStringPlaces(manifest: Manifest, judge: StringJudge, max: number): RuleProblem[] {
  return walk(Object.entries(manifest.data).map(([key, value]) => [`/${pointerToken(key)}`, key, value] as const), (pointer) => manifest.position(pointer), manifest.file, judge, max);
}

/**
 * The package's SKILL.md and types.json, for a rule's `checkPackage`: each file whose text
 * holds an escape (`ESCAPE`), and that `inText` says holds nothing, is walked, once per parsed
 * file (`cache`).
 */
export function packageStringPlaces(
  files: { manifest?: Manifest; types?: TypesFile },
  inText: (text: string) => boolean,
  judge: StringJudge,
  max: number,
  cache: WeakMap<object, RuleProblem[]>,
): RuleProblem[] {
  const out: RuleProblem[] = [];
  const { manifest, types } = files;
  for (const [file, places] of [
    [manifest, () => manifestStringPlaces(manifest!, judge, max)],
    [types, () => typesStringPlaces(types!, judge, max)],
  ] as const) {
    if (!file || !ESCAPE.test(file.text) || inText(file.text)) continue;
    let found = cache.get(file);
    if (!found) {
      found = places();
      cache.set(file, found);
    }
    out.push(...found);
  }
  return out;
}

/** Problems in types.json's parsed types, at most `max`. */
export function typesStringPlaces(types: TypesFile, judge: StringJudge, max: number): RuleProblem[] {
  return walk([...types.types].map(([name, schema]) => [`/${pointerToken(name)}`, name, schema] as const), (pointer) => types.position(pointer), types.file, judge, max);
}

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every name and string value `judge` reports in parsed data, at most `max`; `roots` are
 * `[pointer, name, value]`. Iterative, and each object once: data from YAML may share nodes.
 */
function walk(roots: readonly (readonly [string, string | undefined, unknown])[], at: (pointer: string) => Position, file: string, judge: StringJudge, max: number, prefix = ''): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const seen = new WeakSet<object>();
  const stack = [...roots].reverse();
  while (stack.length > 0 && problems.length < max) {
    const [pointer, name, value] = stack.pop()!;
    const full = prefix + pointer;
    const ofName = name === undefined ? undefined : judge(name, true, full);
    if (ofName !== undefined) problems.push({ ...located(at(pointer), ofName, full), file });
    if (typeof value === 'string') {
      const ofValue = judge(value, false, full);
      if (ofValue !== undefined) problems.push({ ...located(at(pointer), ofValue, full), file });
    } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      const entries: [string, string | undefined, unknown][] = Array.isArray(value)
        ? value.map((v, i) => [`${pointer}/${i}`, undefined, v])
        : Object.entries(value).map(([k, v]) => [`${pointer}/${pointerToken(k)}`, k, v]);
      for (let i = entries.length - 1; i >= 0; i--) stack.push(entries[i]);
    }
  }
  return problems;
}
