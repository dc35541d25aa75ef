import { lineIndex, lineStarts } from '../core/lines';
import { withoutInvisible } from '../core/invisible';
import type { RuleProblem } from './rule';
import { textRule } from './text-rule';

/** Places reported one by one in a file; the rest are counted. */
const MAX_PLACES = 5;

/**
 * Text addressed to the model rather than describing the API (docs/decisions/0061-invisible-characters.md):
 * a tool's description is text a model obeys, so "ignore previous instructions", "you must
 * call …" or "do not tell the user" in a description, a summary or a name steers it. A
 * warning: an API's documentation may say "you must call /auth first" to a person. Each
 * phrase in any case, across line breaks, and in what tag characters spell.
 */
const PHRASES = new RegExp(
  [
    String.raw`\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|other|system)\s+(?:instructions|prompts?|rules|directions|messages)\b`,
    String.raw`\byou\s+(?:must|should|have\s+to|need\s+to)\s+(?:always\s+|first\s+|now\s+)?(?:call|invoke|execute|run)\b`,
    String.raw`\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify|show|mention\s+(?:this\s+|it\s+)?to|reveal\s+(?:this\s+|it\s+)?to)\s+the\s+user\b`,
    String.raw`\bwithout\s+(?:telling|informing|asking|notifying)\s+the\s+user\b`,
  ].join('|'),
  'gi',
);

export const modelInstructions = textRule('model-instructions', places);

const message = (phrase: string, hidden: boolean) =>
  `${JSON.stringify(phrase.replace(/\s+/g, ' '))}${hidden ? ', spelled in invisible tag characters,' : ''} reads as an instruction to the model, not a description of the API: a tool's text is text a model obeys; say what the operation does instead`;

/** The phrases of `text` (its invisible characters taken out, so one cannot split a phrase), placed in `text` itself. */
function places(text: string, file: string): RuleProblem[] {
  const found: { at: number; phrase: string; hidden: boolean }[] = [];
  const { text: visible, runs } = withoutInvisible(text);
  // Offsets in `visible` back to `text`: each run removed before an offset shifts it.
  const shifts: { at: number; by: number }[] = [];
  let removed = 0;
  for (const r of runs) {
    shifts.push({ at: r.index - removed, by: (removed += r.length) });
  }
  const original = (at: number) => {
    let by = 0;
    for (const s of shifts) if (s.at <= at) by = s.by;
    return at + by;
  };
  for (const m of visible.matchAll(PHRASES)) found.push({ at: original(m.index), phrase: m[0], hidden: false });
  for (const r of runs) {
    if (r.spelled === undefined) continue;
    for (const m of r.spelled.matchAll(PHRASES)) found.push({ at: r.index, phrase: m[0], hidden: true });
  }
  if (found.length === 0) return [];
  found.sort((a, b) => a.at - b.at);
  const starts = lineStarts(text);
  const problems = found.slice(0, MAX_PLACES).map(({ at, phrase, hidden }): RuleProblem => {
    const i = lineIndex(starts, at);
    return { message: message(phrase, hidden), file, line: i + 1, column: at - starts[i] + 1 };
  });
  if (found.length > MAX_PLACES) problems[MAX_PLACES - 1].message += ` (and ${found.length - MAX_PLACES} more in this file)`;
  return problems;
}
