import type { OperationFile } from '../skill/operation-file';
import type { SkillPackage } from '../skill/package';
import type { Position } from '../skill/frontmatter';
import type { RuleId } from './severity';

/**
 * What a rule may read besides its subject. File rules may depend only on the file, the
 * shared types and the skill name (that is what the incremental checker keys its cache on);
 * `pkg` is there for `publishOperation`, which reads exactly those. Of the shared types, a
 * file rule may read only the types its arguments' `$ref`s name, and those their `$ref`s
 * name (`operationTypeNames`): after an edit of types.json the checker re-runs a file's
 * rules only when one of those changed.
 */
export interface RuleContext {
  pkg: SkillPackage;
  /** The manifest's `name`, else the folder name (as publishing uses it, SPEC 2). */
  skillName: string;
  /** types.json's types (empty when there is no types.json). */
  types: ReadonlyMap<string, unknown>;
  /** What the conversion that wrote the package measured of it, when the package holds the types.json it wrote (`CheckOptions.converted`). */
  converted?: ConvertedFacts;
}

/**
 * What a conversion measured of the package it wrote (lib/convert), so that a rule need not
 * measure it again right after: it holds for the conversion's own parsed
 * operation files (`ConvertResult.read`: an edited file is another object) against the
 * types.json text it wrote, and for nothing else. `validate` and the wizard's edits, which
 * read files a person may have changed, never have it.
 */
export interface ConvertedFacts {
  /**
   * The operation files whose published parameters (SPEC 2) the conversion's size screen
   * measured within both limits, bytes and depth; the screen's measure is an upper bound of
   * what publishing's expansion gives (lib/publish/expanded-size.ts), so each publishes. A
   * fitted operation is one where fitting brought it within them and the screen's measure of
   * it was exact (fitting's sizes are the same measure's). Its `returns`, when it has one,
   * was measured within them too (SPEC 8.2).
   */
  withinLimits: ReadonlySet<OperationFile>;
  /**
   * The operation files whose parameters were measured within the limits as `withinLimits`
   * says, and whose `returns` the screen measured exactly (see `withinLimits`) over the byte
   * limit and within the depth limit: publishing's expansion, walking in the same order,
   * stops at the bytes, so `expanded-size` warns of that without expanding it.
   */
  returnsOverBytes?: ReadonlySet<OperationFile>;
  /** The types.json text those were measured with; undefined when the conversion wrote none. */
  typesText: string | undefined;
}

/** A problem as a rule reports it: no rule id and no severity (severity.ts decides). */
export interface RuleProblem {
  message: string;
  /** The file the problem is in; a file rule's problems default to the file it checked. */
  file?: string;
  line?: number;
  column?: number;
  /**
   * JSON pointer into the file's data. Inside an operation's schema it continues the
   * frontmatter pointer as if the schema text were data: `/operation/schema/properties/id`.
   */
  pointer?: string;
  /** A case of the rule with its own severity in severity.ts (`too-long` for `description/too-long`). */
  case?: string;
}

/** A rule about one operation file. */
export interface FileRule {
  id: RuleId;
  scope: 'file';
  check(op: OperationFile, ctx: RuleContext): RuleProblem[];
  /**
   * The same rule over the package's other files (SKILL.md, types.json), for the few rules
   * SPEC applies to them too (`frontmatter`, `refs`). Re-run on every check: keep it cheap.
   */
  checkPackage?(pkg: SkillPackage, ctx: RuleContext): RuleProblem[];
}

/** A rule about the package as a whole. Re-run on every check: O(files) with maps, no O(n²). */
export interface PackageRule {
  id: RuleId;
  scope: 'package';
  check(pkg: SkillPackage, ctx: RuleContext): RuleProblem[];
}

export type Rule = FileRule | PackageRule;

/** A problem at a frontmatter key of an operation file. */
export function atKey(op: OperationFile, pointer: string, message: string, kase?: string): RuleProblem {
  return located(op.position(pointer), message, pointer, kase);
}

/** A problem at a key inside an operation's schema block. */
export function atSchema(op: OperationFile, schemaPointer: string, message: string, kase?: string): RuleProblem {
  return located(op.schemaPosition(schemaPointer), message, `/operation/schema${schemaPointer}`, kase);
}

/** A problem at a key inside an operation's `returns` block. */
export function atReturns(op: OperationFile, returnsPointer: string, message: string, kase?: string): RuleProblem {
  return located(op.returnsPosition(returnsPointer), message, `/operation/returns${returnsPointer}`, kase);
}

export function located(at: Position, message: string, pointer?: string, kase?: string): RuleProblem {
  const p: RuleProblem = { message, line: at.line, column: at.column };
  if (pointer !== undefined) p.pointer = pointer;
  if (kase !== undefined) p.case = kase;
  return p;
}

/** `a`, `b` and `c` — names in backticks for a message. */
export function listNames(names: readonly string[]): string {
  const q = names.map((n) => `\`${n}\``);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
}
