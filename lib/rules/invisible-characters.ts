import { lineIndex, lineStarts } from '../core/lines';
import { invisibleRuns, type InvisibleRun } from '../core/invisible';
import type { RuleProblem } from './rule';
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
export const invisibleCharacters = textRule('invisible-characters', places);

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
