/**
 * The publish rules of SPEC 5, one per file (file name = rule id), and the checkers that
 * run them.
 *
 * - A rule is a pure function returning `RuleProblem`s: a message and a location, never a
 *   severity. Severities live in `severity.ts` only. Where SPEC makes a rule warn in one
 *   case (`frontmatter` on unknown keys, `description` above 1,024 characters, `identity`
 *   on GET/HEAD), the rule tags the problem with a case (`unknown-key`, `too-long`,
 *   `safe-method`) and `severity.ts` maps `rule-id/case` to `warning`. The problem keeps
 *   the rule's id.
 * - File rules (`scope: 'file'`) see one operation file plus the shared types and the skill
 *   name; their results are cached per parsed file, so after `updateSkillFile` only the
 *   changed file is re-checked. Package rules (`scope: 'package'`) run on every check and
 *   stay O(files) by memoizing per parsed file. `frontmatter` and `refs` are file rules that
 *   also check SKILL.md / types.json through `checkPackage`.
 * - A rule that throws (a bug) is reported as a problem of that rule rather than stopping
 *   the check: the editor must keep working.
 */
import { problem, sortProblems, type Problem } from '../core/problem';
import type { OperationFile } from '../skill/operation-file';
import { operationTypeNames } from '../publish/publish';
import { typesDelta } from '../publish/type-deps';
import type { SkillPackage } from '../skill/package';
import { approvalBinds } from './approval-binds';
import { approvalMatches } from './approval-matches';
import { argumentsForm } from './arguments-form';
import { bodyArgument } from './body-argument';
import { bodyOnGet } from './body-on-get';
import { budget } from './budget';
import { callSection } from './call-section';
import { contentType } from './content-type';
import { deep } from './deep';
import { description } from './description';
import { descriptionQuality } from './description-quality';
import { duplicateOperation } from './duplicate-operation';
import { expandedSize } from './expanded-size';
import { fileName } from './file-name';
import { frontmatter } from './frontmatter';
import { headers } from './headers';
import { identity } from './identity';
import { jsonNumbers } from './json-numbers';
import { loneSurrogates } from './lone-surrogates';
import { yamlCharacters } from './yaml-characters';
import { manifestOperations } from './manifest-operations';
import { nameOnce } from './name-once';
import { operationMethod } from './operation-method';
import { operationUrl } from './operation-url';
import { pick } from './pick';
import { pathParameters } from './path-parameters';
import { qualifiers } from './qualifiers';
import { queryParameters } from './query-parameters';
import { refs } from './refs';
import { returns } from './returns';
import { safety } from './safety';
import type { ConvertedFacts, FileRule, PackageRule, Rule, RuleContext, RuleProblem } from './rule';
import { schemaCheckable } from './schema-checkable';
import { schemaJson } from './schema-json';
import { RULE_IDS, severityOf, type RuleId, type SeverityOverrides } from './severity';
import { skillDescription } from './skill-description';
import { skillName } from './skill-name';
import { status } from './status';
import { toolNameRule } from './tool-name';
import { typesJson } from './types-json';
import { typesUnused } from './types-unused';

export type { ConvertedFacts, FileRule, PackageRule, Rule, RuleContext, RuleProblem } from './rule';
export { CASE_SEVERITY, DEFAULT_SEVERITY, RULE_IDS, severityOf, type RuleId, type SeverityOverrides } from './severity';

/** Every rule by id (SPEC 5). */
export const RULES: Readonly<Record<RuleId, Rule>> = {
  'skill-name': skillName,
  'skill-description': skillDescription,
  'manifest-operations': manifestOperations,
  'file-name': fileName,
  'tool-name': toolNameRule,
  'types-json': typesJson,
  'types-unused': typesUnused,
  'duplicate-operation': duplicateOperation,
  frontmatter,
  'operation-method': operationMethod,
  'operation-url': operationUrl,
  'arguments-form': argumentsForm,
  'schema-json': schemaJson,
  'schema-checkable': schemaCheckable,
  'path-parameters': pathParameters,
  'query-parameters': queryParameters,
  'body-on-get': bodyOnGet,
  'name-once': nameOnce,
  qualifiers,
  refs,
  'expanded-size': expandedSize,
  description,
  'description-quality': descriptionQuality,
  'approval-matches': approvalMatches,
  'approval-binds': approvalBinds,
  identity,
  'call-section': callSection,
  'content-type': contentType,
  headers,
  deep,
  'body-argument': bodyArgument,
  safety,
  returns,
  status,
  pick,
  budget,
  'json-numbers': jsonNumbers,
  'lone-surrogates': loneSurrogates,
  'yaml-characters': yamlCharacters,
};

export interface CheckOptions {
  /** Run only these rules (default: all of them). */
  rules?: readonly RuleId[];
  /** A preset's severities over the defaults of severity.ts. */
  severity?: SeverityOverrides;
  /** What the conversion that just wrote the package measured of it (`ConvertResult.converted`); used only while the package's types.json is the text it wrote. */
  converted?: ConvertedFacts;
}

const EMPTY_TYPES: ReadonlyMap<string, unknown> = new Map();

/** The context rules get: the skill name as publishing uses it (SPEC 2), the shared types, and what the conversion that wrote them measured while its types.json is unchanged. */
export function ruleContext(pkg: SkillPackage, converted?: ConvertedFacts): RuleContext {
  const name = pkg.manifest?.data.name;
  const ctx: RuleContext = { pkg, skillName: typeof name === 'string' ? name : pkg.folder, types: pkg.types?.types ?? EMPTY_TYPES };
  if (converted && converted.typesText === pkg.types?.text) ctx.converted = converted;
  return ctx;
}

/** What one check leaves behind for the next: its problems, and each file's, by parsed file. */
export interface CheckState {
  problems: Problem[];
  readonly files: ReadonlyMap<OperationFile, Problem[]>;
  readonly types: ReadonlyMap<string, unknown>;
  readonly skillName: string;
  readonly options: CheckOptions | undefined;
}

/**
 * Run every rule on a package (SPEC 5) and return the problems sorted by file, line and
 * column.
 */
export function checkPackage(pkg: SkillPackage, options?: CheckOptions): Problem[] {
  return checkIncremental(pkg, undefined, options).problems;
}

/**
 * Run every rule, reusing `previous`'s results for each operation file that is the same
 * parsed object as then (what `updateSkillFile` leaves untouched), as long as the skill name
 * and the options are also the same and no shared type the file's arguments name, directly
 * or through other types, changed (`typesDelta`: an edit of types.json re-checks only the
 * operations that can see it). Package rules always run. The problems equal `checkPackage`'s.
 */
export function checkIncremental(pkg: SkillPackage, previous?: CheckState, options?: CheckOptions): CheckState {
  const ctx = ruleContext(pkg, options?.converted);
  const ids = options?.rules ?? RULE_IDS;
  const fileRules: FileRule[] = [];
  const packageRules: PackageRule[] = [];
  for (const id of ids) {
    const rule = RULES[id];
    if (rule.scope === 'file') fileRules.push(rule);
    else packageRules.push(rule);
  }
  const reuse = previous && previous.skillName === ctx.skillName && previous.options === options ? previous.files : undefined;
  // types.json edited: a file's results still hold when no type its arguments name (directly or through other types) changed.
  const delta = reuse && previous!.types !== ctx.types ? typesDelta(previous!.types, ctx.types) : undefined;
  const overrides = options?.severity;
  const files = new Map<OperationFile, Problem[]>();
  const all: Problem[] = [];
  for (const op of pkg.operations) {
    let found = reuse?.get(op);
    if (found && delta?.affects(operationTypeNames(op))) found = undefined;
    if (!found) {
      found = [];
      for (const rule of fileRules) collect(rule.id, run(() => rule.check(op, ctx)), op.file, overrides, found);
    }
    files.set(op, found);
    for (const p of found) all.push(p);
  }
  const packageFile = pkg.manifest?.file ?? 'SKILL.md';
  for (const rule of fileRules) if (rule.checkPackage) collect(rule.id, run(() => rule.checkPackage!(pkg, ctx)), packageFile, overrides, all);
  for (const rule of packageRules) collect(rule.id, run(() => rule.check(pkg, ctx)), packageFile, overrides, all);
  return { problems: sortProblems(all), files, types: ctx.types, skillName: ctx.skillName, options };
}

/** An incremental checker for the editor: each `check` reuses the previous one's per-file results. */
export interface Checker {
  check(pkg: SkillPackage): Problem[];
}

export function createChecker(options?: CheckOptions): Checker {
  let state: CheckState | undefined;
  return {
    check(pkg) {
      state = checkIncremental(pkg, state, options);
      return state.problems;
    },
  };
}

function run(fn: () => RuleProblem[]): RuleProblem[] {
  try {
    return fn();
  } catch (e) {
    return [{ message: `The rule failed: ${(e as Error).message}` }];
  }
}

function collect(ruleId: RuleId, found: RuleProblem[], file: string, overrides: SeverityOverrides | undefined, out: Problem[]): void {
  for (const r of found) {
    const severity = severityOf(ruleId, r.case, overrides);
    if (severity === 'off') continue;
    out.push(problem(ruleId, severity, r.message, r.file ?? file, r));
  }
}
