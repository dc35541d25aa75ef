import { lineIndex, lineStarts } from '../core/lines';
import { hasLoneSurrogate, LONE_SURROGATE } from '../core/well-formed';
import type { RuleProblem } from './rule';
import { textRule } from './text-rule';

const LONE = new RegExp(LONE_SURROGATE, 'g');
/** Places reported one by one in a file; the rest are counted. */
const MAX_PLACES = 5;

/**
 * Lone surrogates in a file's text (BAD-INPUT 31): half of a character, left by a
 * paste or a bad edit. It is not a character, so the file cannot be written as UTF-8: the
 * bundle would silently hold U+FFFD (�) there instead, and would not import back to the same
 * file (SPEC 6). Every operation file, SKILL.md and types.json is checked.
 */
export const loneSurrogates = textRule('lone-surrogates', places);

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
