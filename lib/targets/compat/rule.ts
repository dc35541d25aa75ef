import type { Problem } from '../../core/problem';
import type { SkillTools, TargetRules } from '../model';
import type { CompatMemo } from './memo';

export interface CompatContext {
  input: SkillTools;
  target: TargetRules;
  /** Tokens of a text, where a tokenizer is loaded (Agent Skills' body budget); absent, that check is left out. */
  countTokens?: (text: string) => number;
  /** The per-schema work, remembered where a skill is checked again after each edit (`createCompatMemo`). */
  memo: CompatMemo;
}

/**
 * One compatibility rule, file name = rule id (STYLE.md): a pure function of the skill's
 * tools and the target's rules, returning problems in the project's one shape. `file` is
 * the operation file of the tool concerned (SKILL.md for the list as a whole); `pointer`
 * points into the published tool (`/parameters/properties/x`).
 */
export interface CompatRule {
  id: string;
  /** A tool list target's rule, or Agent Skills' (SKILL.md). */
  applies: TargetRules['applies'];
  check(ctx: CompatContext): Problem[];
}

/** The data path a limit was read from, for a message: `[openai.max_tools]`. */
export function cite(source: string): string {
  return `[${source.split(': ')[0]}]`;
}
