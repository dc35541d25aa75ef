/**
 * What the wizard shows of a skill's fit with models and agents: its tools'
 * tokens for a chosen model, and for each target whether it fits, with every reason. Kept
 * beside the session in the worker, and incremental: the tools keep their objects while their
 * content is the same (`createToolInterner`), so the token meter counts only the tools an edit
 * changed and the compatibility checks redo only their schemas (`createCompatMemo`).
 */
import type { Problem } from '../core/problem';
import type { SkillPackage } from '../skill/package';
import { targetToolsFile, type TargetToolsFile } from '../targets/adapt/output';
import { TARGETS, findTarget } from '../targets/catalog';
import { compatReports, type TargetReport, type Verdict } from '../targets/compat/check';
import { createCompatMemo } from '../targets/compat/memo';
import type { SkillTools, TargetRules } from '../targets/model';
import { reasonCounts, reportTargets } from '../targets/report';
import type { ReportTargets } from '../targets/report-schema';
import { skillTools } from '../targets/skill-tools';
import { createToolInterner } from '../targets/stable-tools';
import { TokenMeter, type ToolTokens } from '../targets/tokens/meter';
import { DEFAULT_MODEL, findTokenModel, TOKEN_MODELS, type Encoding, type TokenModel } from '../targets/tokens/models';
import { loadTokenizer, type Tokenizer } from '../targets/tokens/tokenizer';

/** A model the user can count for. */
export interface ModelChoice {
  id: string;
  label: string;
  method: TokenModel['method'];
}

/** The skill's tools counted for one model. */
export interface TokensView {
  model: ModelChoice;
  /** Per tool, in file-name order. */
  tools: ToolTokens[];
  toolTokens: number;
  overhead: { tokens: number; what: string }[];
  total: number;
  /** Tools counted afresh for this answer; the rest were the same as before and kept their count. */
  counted: number;
  /**
   * SKILL.md's tokens with the model's encoding: a model reads it beside the tools, and the
   * operation file it calls (`files`). Absent for a skill without SKILL.md.
   */
  manifest?: number;
  /** Each operation file's tokens with the model's encoding, by path: what a model reads when it calls one. */
  files?: Record<string, number>;
  /** Every model there is to choose from. */
  models: ModelChoice[];
}

/** One target's line of the compatibility table: the report's facts of the target, its counts in place of its lists. */
export interface TargetRow extends Pick<TargetReport, 'target' | 'title' | 'kind' | 'strict' | 'verified' | 'verdict' | 'tools'> {
  /** `skill`: the target takes the skill folder (Agent Skills), not a tool list. */
  applies: TargetRules['applies'];
  /** How many tools the target takes (when it has a limit). */
  maxTools?: number;
  errors: number;
  warnings: number;
  /** Changes adapting makes that lose something (the download's log). */
  changes: number;
  /** Errors left after adapting: what only curation fixes. */
  remaining: number;
  reasons: { ruleId: string; severity: Problem['severity']; count: number }[];
}

/** One target's reasons in full, for the table's cell that opens them. */
export interface TargetDetail {
  target: string;
  title: string;
  verdict: Verdict;
  problems: Problem[];
  remaining: Problem[];
}

export const MODEL_CHOICES: readonly ModelChoice[] = TOKEN_MODELS.map(({ id, label, method }) => ({ id, label, method }));

export interface SkillFit {
  tools(pkg: SkillPackage): SkillTools;
  /** Counted for `model` (an id or label of `TOKEN_MODELS`), or for the default model when it is none of them. */
  tokens(pkg: SkillPackage, model: string | undefined): Promise<TokensView>;
  compat(pkg: SkillPackage): Promise<TargetRow[]>;
  detail(pkg: SkillPackage, target: string): Promise<TargetDetail | undefined>;
  /** The adapted tools for a target, as `tools --target` writes them; undefined for a target that takes no tool list. */
  targetTools(pkg: SkillPackage, target: string): TargetToolsFile | undefined;
  reportTargets(pkg: SkillPackage): Promise<ReportTargets>;
}

export function createSkillFit(): SkillFit {
  const intern = createToolInterner();
  const memo = createCompatMemo();
  const tokenizers = new Map<Encoding, Tokenizer>();
  // A file's text counted once per encoding: an edit changes one file, and the rest keep their count.
  const textCounts = new Map<Encoding, Map<string, number>>();
  const countText = (encoding: Encoding, t: Tokenizer, text: string) => {
    let counts = textCounts.get(encoding);
    if (!counts) textCounts.set(encoding, (counts = new Map()));
    let c = counts.get(text);
    if (c === undefined) counts.set(text, (c = t.count(text)));
    return c;
  };
  const meter = new TokenMeter(tokenizers);
  const toolsOf = new WeakMap<SkillPackage, SkillTools>();
  const reportsOf = new WeakMap<SkillPackage, TargetReport[]>();

  /** The tokenizer for an encoding, imported the first time one is needed. */
  const tokenizer = async (encoding: Encoding) => {
    let t = tokenizers.get(encoding);
    if (!t) tokenizers.set(encoding, (t = await loadTokenizer(encoding)));
    return t;
  };

  const tools = (pkg: SkillPackage) => {
    let t = toolsOf.get(pkg);
    if (!t) toolsOf.set(pkg, (t = intern(skillTools(pkg).value)));
    return t;
  };

  const reports = async (pkg: SkillPackage) => {
    let r = reportsOf.get(pkg);
    if (!r) {
      // Agent Skills' body budget is counted in tokens.
      const o200k = await tokenizer('o200k_base');
      reportsOf.set(pkg, (r = compatReports(tools(pkg), TARGETS, { countTokens: o200k.count, memo })));
    }
    return r;
  };

  return {
    tools,
    async tokens(pkg, id) {
      const model = (id !== undefined ? findTokenModel(id) : undefined) ?? DEFAULT_MODEL;
      const t = await tokenizer(model.encoding);
      const c = meter.count(tools(pkg), model);
      const files: Record<string, number> = {};
      const live = new Set<string>();
      for (const op of pkg.operations) {
        files[op.file] = countText(model.encoding, t, op.text);
        live.add(op.text);
      }
      if (pkg.manifest) live.add(pkg.manifest.text);
      // Texts no file holds any more (an edit's earlier versions) are not kept.
      const counts = textCounts.get(model.encoding);
      if (counts && counts.size > live.size * 2) for (const text of counts.keys()) if (!live.has(text)) counts.delete(text);
      return {
        ...(pkg.manifest ? { manifest: countText(model.encoding, t, pkg.manifest.text) } : {}),
        files,
        model: { id: model.id, label: model.label, method: model.method },
        tools: c.tools,
        toolTokens: c.toolTokens,
        overhead: c.overhead,
        total: c.total,
        counted: c.counted,
        models: [...MODEL_CHOICES],
      };
    },
    async compat(pkg) {
      return (await reports(pkg)).map((r, i) => row(r, TARGETS[i]));
    },
    async detail(pkg, id) {
      const r = (await reports(pkg)).find((x) => x.target === id);
      return r && { target: r.target, title: r.title, verdict: r.verdict, problems: r.problems, remaining: r.remaining };
    },
    targetTools(pkg, id) {
      const target = findTarget(id);
      if (!target || target.applies !== 'tools') return undefined;
      return targetToolsFile(tools(pkg), target, memo);
    },
    async reportTargets(pkg) {
      await tokenizer('o200k_base');
      return reportTargets(tools(pkg), { meter, memo, reports: await reports(pkg) });
    },
  };
}

/** A target's line of the table: `target` is the rules `r` was checked against. */
function row(r: TargetReport, target: TargetRules): TargetRow {
  const maxTools = target.maxTools?.max;
  return {
    target: r.target,
    title: r.title,
    kind: r.kind,
    applies: target.applies,
    strict: r.strict,
    verified: r.verified,
    verdict: r.verdict,
    tools: r.tools,
    ...(maxTools !== undefined ? { maxTools } : {}),
    errors: r.problems.filter((p) => p.severity === 'error').length,
    warnings: r.problems.filter((p) => p.severity === 'warning').length,
    changes: r.changes.length,
    remaining: r.remaining.length,
    reasons: reasonCounts(r.problems),
  };
}
