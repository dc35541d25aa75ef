import { lineIndex, lineStarts } from '../core/lines';
import { hasLoneSurrogate, LONE_SURROGATE } from '../core/well-formed';
import type { OperationFile } from '../skill/operation-file';
import { packageStringPlaces, parsedStringPlaces } from './parsed-strings';
import type { FileRule, RuleProblem } from './rule';
import { textRule } from './text-rule';

const LONE = new RegExp(LONE_SURROGATE, 'g');
/** Places reported one by one in a file; the rest are counted. */
const MAX_PLACES = 5;

const inText = textRule('lone-surrogates', places);
const parsedCache = new WeakMap<object, RuleProblem[]>();

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
    return [...inText.checkPackage!(pkg, ctx), ...packageStringPlaces(pkg, hasLoneSurrogate, judge, MAX_PLACES, parsedCache)];
  },
};

function escapedInFile(op: OperationFile): RuleProblem[] {
  return parsedStringPlaces(op, judge, MAX_PLACES);
}

const codeOf = (s: string) => (s.match(LONE)?.[0] ?? '').charCodeAt(0).toString(16).toUpperCase();

function judge(text: string, name: boolean, pointer: string): string | undefined {
  if (!hasLoneSurrogate(text)) return undefined;
  return name
    ? `The name ${JSON.stringify(text)} holds a lone surrogate (U+${codeOf(text)}, half of a character), written as an escape: no request can carry it as UTF-8, so every call with it would be refused; rename it`
    : `The text at \`${pointer || '/'}\` holds a lone surrogate (U+${codeOf(text)}, half of a character), written as an escape: it is not text, and would reach a model or a request as U+FFFD (�); delete it or write the whole character`;
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
