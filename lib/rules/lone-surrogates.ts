import { lineIndex, lineStarts } from '../core/lines';
import { hasLoneSurrogate, LONE_SURROGATE } from '../core/well-formed';
import type { Position } from '../skill/frontmatter';
import type { OperationFile } from '../skill/operation-file';
import type { TypesFile } from '../skill/types-file';
import { located, type FileRule, type RuleProblem } from './rule';
import { textRule } from './text-rule';

const LONE = new RegExp(LONE_SURROGATE, 'g');
/** Places reported one by one in a file; the rest are counted. */
const MAX_PLACES = 5;

const inText = textRule('lone-surrogates', places);
const inTypes = new WeakMap<TypesFile, RuleProblem[]>();

/**
 * Lone surrogates in a file's text (BAD-INPUT 31): half of a character, left by a
 * paste or a bad edit. It is not a character, so the file cannot be written as UTF-8: the
 * bundle would silently hold U+FFFD (�) there instead, and would not import back to the same
 * file (SPEC 6). Every operation file, SKILL.md and types.json is checked.
 *
 * Written as an escape (`"\ud800"` in a schema's JSON or a double-quoted YAML value), the
 * file is ASCII but what it says is not text (BAD-INPUT 52): a property name holding one is
 * an argument no request can carry as UTF-8, so every call with it would be refused. The
 * parsed frontmatter, schema, `returns` and types.json are walked for those, when the text
 * itself holds none.
 */
export const loneSurrogates: FileRule = {
  ...inText,
  check(op, ctx) {
    const found = inText.check(op, ctx);
    return found.length > 0 ? found : escapedInFile(op);
  },
  checkPackage(pkg, ctx) {
    const found = inText.checkPackage!(pkg, ctx);
    const types = pkg.types;
    if (!types || hasLoneSurrogate(types.text)) return found;
    let escaped = inTypes.get(types);
    if (!escaped) {
      escaped = escapedPlaces([...types.types].map(([name, schema]) => [`/${pointerToken(name)}`, name, schema] as const), (pointer) => types.position(pointer), types.file);
      inTypes.set(types, escaped);
    }
    return [...found, ...escaped];
  },
};

function escapedInFile(op: OperationFile): RuleProblem[] {
  const d = op.declaration;
  const roots: (readonly [string, string | undefined, unknown])[] = Object.entries(op.data).map(([key, value]) => [`/${pointerToken(key)}`, key, value] as const);
  const problems = escapedPlaces(roots, (pointer) => op.position(pointer), op.file);
  if (d?.schema !== undefined) problems.push(...escapedPlaces([['', undefined, d.schema]], (pointer) => op.schemaPosition(pointer), op.file, '/operation/schema'));
  if (d?.returns !== undefined) problems.push(...escapedPlaces([['', undefined, d.returns]], (pointer) => op.returnsPosition(pointer), op.file, '/operation/returns'));
  return problems.slice(0, MAX_PLACES);
}

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const codeOf = (s: string) => (s.match(LONE)?.[0] ?? '').charCodeAt(0).toString(16).toUpperCase();

/**
 * Every name and string value holding a lone surrogate in parsed data, at most `MAX_PLACES`;
 * `roots` are `[pointer, name, value]`. Iterative, and each object once: data from YAML may
 * share nodes.
 */
function escapedPlaces(roots: readonly (readonly [string, string | undefined, unknown])[], at: (pointer: string) => Position, file: string, prefix = ''): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const seen = new WeakSet<object>();
  const stack = [...roots].reverse();
  while (stack.length > 0 && problems.length < MAX_PLACES) {
    const [pointer, name, value] = stack.pop()!;
    if (name !== undefined && hasLoneSurrogate(name)) {
      problems.push({
        ...located(at(pointer), `The name ${JSON.stringify(name)} holds a lone surrogate (U+${codeOf(name)}, half of a character), written as an escape: no request can carry it as UTF-8, so every call with it would be refused; rename it`, prefix + pointer),
        file,
      });
    }
    if (typeof value === 'string') {
      if (hasLoneSurrogate(value)) {
        problems.push({ ...located(at(pointer), `The text at \`${prefix + pointer || '/'}\` holds a lone surrogate (U+${codeOf(value)}, half of a character), written as an escape: it is not text, and would reach a model or a request as U+FFFD (�); delete it or write the whole character`, prefix + pointer), file });
      }
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

function places(text: string, file: string): RuleProblem[] {
  if (!hasLoneSurrogate(text)) return [];
  const starts = lineStarts(text);
  const problems: RuleProblem[] = [];
  let count = 0;
  for (const m of text.matchAll(LONE)) {
    count++;
    if (count > MAX_PLACES) continue;
    const i = lineIndex(starts, m.index);
    const code = m[0].charCodeAt(0).toString(16).toUpperCase();
    problems.push({
      message: `A lone surrogate (U+${code}, half of a character) is not text: export would write U+FFFD (�) in its place; delete it or type the character again`,
      file,
      line: i + 1,
      column: m.index - starts[i] + 1,
    });
  }
  if (count > MAX_PLACES) problems[MAX_PLACES - 1].message += ` (and ${count - MAX_PLACES} more lone surrogates in this file)`;
  return problems;
}
