import { lineIndex, lineStarts } from '../core/lines';
import { invisibleRuns, mayHoldInvisible, type InvisibleRun } from '../core/invisible';
import { packageStringPlaces, parsedStringPlaces } from './parsed-strings';
import type { FileRule, RuleProblem } from './rule';
import { textRule } from './text-rule';

/** Places reported one by one in a file; the rest are counted. */
const MAX_PLACES = 5;
/** Code points named in a message; the rest are counted. */
const MAX_CODES = 4;

/**
 * Invisible characters in a file (docs/decisions/0061-invisible-characters.md): tag
 * characters, bidi controls, zero-width characters outside the scripts that need them. A
 * model reads every character of a skill's files (the manifest, each tool's description and
 * arguments, the shared types); a person reviewing them sees nothing there, so hidden text
 * can steer the model ("ignore all previous instructions", spelled in tag characters) and an
 * argument name can differ from the one it looks like. Every operation file, SKILL.md and
 * types.json is checked.
 */
const inText = textRule('invisible-characters', places);
const parsedCache = new WeakMap<object, RuleProblem[]>();

/**
 * Also what the file says once read, when its text holds none (BAD-INPUT 54): a character
 * written as an escape (`\ufeff`, as the frontmatter writer writes a byte-order mark, or
 * `\u200b` in a schema's JSON) is in every name and value a model is given. A byte-order mark
 * inside a value is never a file's first character, so it is always reported there.
 */
export const invisibleCharacters: FileRule = {
  ...inText,
  check(op, ctx) {
    const found = inText.check(op, ctx);
    return found.length > 0 ? found : parsedStringPlaces(op, judge, MAX_PLACES);
  },
  checkPackage(pkg, ctx) {
    return [...inText.checkPackage!(pkg, ctx), ...packageStringPlaces(pkg, (t) => mayHoldInvisible(t) && invisibleRuns(t).length > 0, judge, MAX_PLACES, parsedCache)];
  },
};

function judge(text: string, name: boolean, pointer: string): string | undefined {
  if (!mayHoldInvisible(text)) return undefined;
  // A space before it, so that a byte-order mark opening the value is not taken for the file's.
  const runs = invisibleRuns(` ${text}`);
  if (runs.length === 0) return undefined;
  const count = runs.reduce((n, r) => n + describeRun(r, ` ${text}`).count, 0);
  const { what } = describeRun(runs[0], ` ${text}`);
  const where = name ? `The name ${JSON.stringify(text)}` : `The text at \`${pointer || '/'}\``;
  return `${where} holds ${runs.length === 1 ? what.charAt(0).toLowerCase() + what.slice(1) : `${count} invisible characters`}, written as an escape: a model reads ${count === 1 ? 'it' : 'them'} and a person sees nothing; delete ${count === 1 ? 'it' : 'them'}`;
}

/** How a run is told: `2 invisible characters (U+200B, U+2060)`, and what tag characters spell. */
export function describeRun(run: InvisibleRun, text: string): { count: number; what: string } {
  const count = [...text.slice(run.index, run.index + run.length)].length;
  const codes = run.codes.length > MAX_CODES ? `${run.codes.slice(0, MAX_CODES).join(', ')} and ${run.codes.length - MAX_CODES} more` : run.codes.join(', ');
  const spelled = run.spelled === undefined ? '' : `, tag characters spelling ${JSON.stringify(run.spelled)}`;
  return { count, what: `${count === 1 ? 'An invisible character' : `${count} invisible characters`} (${codes}${spelled})` };
}

function places(text: string, file: string): RuleProblem[] {
  const runs = invisibleRuns(text);
  if (runs.length === 0) return [];
  const starts = lineStarts(text);
  const problems = runs.slice(0, MAX_PLACES).map((run): RuleProblem => {
    const i = lineIndex(starts, run.index);
    const { count, what } = describeRun(run, text);
    return {
      message: `${what}: a model reads ${count === 1 ? 'it' : 'them'} and a person sees nothing; delete ${count === 1 ? 'it' : 'them'}`,
      file,
      line: i + 1,
      column: run.index - starts[i] + 1,
    };
  });
  if (runs.length > MAX_PLACES) problems[MAX_PLACES - 1].message += ` (and ${runs.length - MAX_PLACES} more places with invisible characters in this file)`;
  return problems;
}
