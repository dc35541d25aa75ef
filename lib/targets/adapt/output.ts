import { formatProblem } from '../../core/problem';
import { checkTarget } from '../compat/check';
import type { CompatMemo } from '../compat/memo';
import type { SkillTools, TargetRules } from '../model';
import { adaptedInput, adaptTools } from './adapt';
import { toRequestShape } from './shapes';

/** The tools for one target as a file, and what adapting them changed. */
export interface TargetToolsFile {
  /** The adapted tools in the target's request shape: two-space JSON and a final newline. */
  text: string;
  /** One line per change that loses something, then each error left, then a count: empty when nothing changed. */
  log: string[];
  /** false: errors remain after adapting (too many tools, strict-mode totals), which only curation fixes. */
  fits: boolean;
}

/**
 * The skill's tools adapted for a target and written in its request shape:
 * what `tools --target` prints, and the wizard's "Download tools for…" saves, byte for byte.
 * The log is the import report's problem lines.
 */
export function targetToolsFile(input: SkillTools, target: TargetRules, memo?: CompatMemo): TargetToolsFile {
  const adapted = adaptTools(input, target, memo);
  const text = `${JSON.stringify(toRequestShape(adapted), null, 2)}\n`;
  const left = checkTarget(adaptedInput(adapted), target, { memo }).filter((p) => p.severity === 'error');
  const log = [...adapted.log, ...left].map(formatProblem);
  const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  if (log.length > 0) log.push(`${n(adapted.log.length, 'change')} for ${target.id}${left.length > 0 ? `; does not fit: ${n(left.length, 'error')} left` : ''}`);
  return { text, log, fits: left.length === 0 };
}
