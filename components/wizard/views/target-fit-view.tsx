'use client';

import { useState } from 'react';
import type { Problem } from '../../../lib/core/problem';
import { groupReasons } from '../../../lib/targets/compat/reasons';
import { formatTokenTotal } from '../../../lib/targets/tokens/format';
import type { TargetDetail, TargetRow, TokensView } from '../../../lib/wizard/target-fit';
import type { FitState } from '../state/target-fit-state';
import { count } from './format';

const VERDICTS: { verdict: TargetRow['verdict']; label: string }[] = [
  { verdict: 'fits', label: 'Fits' },
  { verdict: 'fits-with-changes', label: 'Fits with changes' },
  { verdict: 'does-not-fit', label: 'Does not fit' },
];

/** A figure as the page writes numbers: `24,900`. */
const n = (value: number) => value.toLocaleString('en-US');

/** `302 tools · 24,900 tokens for gpt-4o`: what the skill's tools cost the chosen model in every turn, as the CLI's `tokens` ends. */
export function tokenLine(tokens: TokensView): string {
  const manifest = tokens.manifest === undefined ? '' : ` · SKILL.md ${n(tokens.manifest)}`;
  return `${count(tokens.tools.length, 'tool')} · ${formatTokenTotal(tokens.total, tokens.model)}${manifest}`;
}

/** How a total is made up, in words: the tools' own tokens and each fixed cost. */
function tokenParts(tokens: TokensView): string {
  const parts = [`${n(tokens.toolTokens)} for the tools`, ...tokens.overhead.map((o) => `${n(o.tokens)} for the ${o.what}`)];
  const how = tokens.model.method === 'formula' ? "counted by OpenAI's function-token formula with the model's tokenizer" : 'an estimate: no tokenizer is published for this model, so the JSON is counted with o200k_base';
  const manifest = tokens.manifest === undefined ? '' : `. Beside the tools, a model reads SKILL.md (${n(tokens.manifest)} tokens) and the operation file it calls`;
  return `${parts.join(' + ')}; ${how}${manifest}`;
}

/** The skill's token cost for the chosen model, in the skill bar, with the model to count for. */
export function TokenSummary({ fit, busy, onModel }: { fit: FitState; busy: boolean; onModel: (model: string) => void }) {
  const { tokens } = fit;
  return (
    <div className="token-summary">
      <p className="counts" aria-label="Token cost" aria-busy={busy} title={tokens ? tokenParts(tokens) : undefined}>
        {tokens ? tokenLine(tokens) : (fit.error ?? 'Counting tokens…')}
      </p>
      {tokens && (
        <label className="check">
          <span className="muted">Count for</span>
          <select value={tokens.model.id} onChange={(e) => onModel(e.target.value)}>
            {tokens.models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
                {m.method === 'estimate' ? ' (estimate)' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

/** One tool's tokens, for the tool preview; undefined until the skill is counted. */
export function toolTokenLine(tokens: TokensView | null, file: string): string | undefined {
  if (!tokens) return undefined;
  const tool = tokens.tools.find((t) => t.file === file);
  if (!tool) return `Not counted: the skill's ${n(tokens.total)} tokens for ${tokens.model.label} leave it out, as it does not publish.`;
  const partly = tool.exact || tokens.model.method === 'estimate' ? '' : ' (partly estimated: the formula does not describe all of its schema)';
  const fileTokens = tokens.files?.[file];
  const read = fileTokens === undefined ? '' : ` A call also has the model read ${file} (${n(fileTokens)} tokens)${tokens.manifest === undefined ? '' : ` after SKILL.md (${n(tokens.manifest)})`}.`;
  return `${formatTokenTotal(tool.tokens, tokens.model)}${partly}, of the skill's ${n(tokens.total)}.${read}`;
}

/**
 * The compatibility table: each target a row, its verdict in one of three
 * columns (fits / fits with changes / does not fit); the cell opens the reasons, each with the
 * file of the tool it concerns. Above it, "Download tools for…" saves the tools in a target's
 * own request shape, as `tools --target` prints them.
 */
export function CompatSection({
  fit,
  errors,
  onToggle,
  onDownload,
  onDismissDownload,
  onOpenFile,
}: {
  fit: FitState;
  /** The skill's errors: a skill with errors publishes no tools, as `tools --target` refuses it. */
  errors: number;
  onToggle: (target: string) => void;
  onDownload: (target: string) => void;
  onDismissDownload: () => void;
  onOpenFile: (path: string) => void;
}) {
  const { targets, open, download, error } = fit;
  return (
    <section className="compat" aria-labelledby="compat-heading">
      <div className="file-bar">
        <h3 id="compat-heading">Fit per model and agent</h3>
        {targets && errors === 0 && <DownloadMenu targets={targets} onDownload={onDownload} />}
      </div>
      {error && (
        <p role="alert" className="notice">
          {error}
        </p>
      )}
      {errors > 0 && (
        <p className="muted">
          The tools download for a target once the skill has no errors: a skill with errors publishes nothing (<code>tools --target</code> refuses it too).
        </p>
      )}
      {download && <DownloadLog download={download} onDismiss={onDismissDownload} />}
      {!targets ? (
        <p className="muted">Checking the skill against each model and agent…</p>
      ) : (
        // Scrolls by itself on a narrow window, so the page never does.
        <div className="table-scroll">
          <table className="compat-table" aria-label="Fit per target">
            <thead>
              <tr>
                <th scope="col">Target</th>
                <th scope="col">Tools</th>
                {VERDICTS.map((v) => (
                  <th scope="col" key={v.verdict}>
                    {v.label} ({targets.filter((t) => t.verdict === v.verdict).length})
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {targets.map((row) => (
                <TargetLine key={row.target} row={row} open={open?.target === row.target ? (open.detail ?? 'loading') : undefined} onToggle={onToggle} onOpenFile={onOpenFile} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TargetLine({ row, open, onToggle, onOpenFile }: { row: TargetRow; open: TargetDetail | 'loading' | undefined; onToggle: (target: string) => void; onOpenFile: (path: string) => void }) {
  const over = row.maxTools !== undefined && row.tools > row.maxTools;
  const reasons = row.errors + row.warnings;
  const detailId = `compat-reasons-${row.target}`;
  return (
    <>
      <tr>
        <th scope="row">
          {row.title}
          {row.strict && <span className="tag">strict</span>}
          {!row.verified && (
            <span className="tag" title="The data has only secondary evidence (issues, quoted errors) for this target's limits">
              unverified
            </span>
          )}
        </th>
        <td className={over ? 'over' : undefined}>{row.applies === 'skill' ? 'SKILL.md' : row.maxTools !== undefined ? `${row.tools} of ${row.maxTools}` : row.tools}</td>
        {VERDICTS.map((v) => (
          <td key={v.verdict} className={row.verdict === v.verdict ? `verdict ${v.verdict}` : undefined}>
            {row.verdict === v.verdict &&
              (reasons === 0 ? (
                <span>{v.label.toLowerCase()}</span>
              ) : (
                <button type="button" className="link" aria-expanded={open !== undefined} aria-controls={open ? detailId : undefined} onClick={() => onToggle(row.target)}>
                  {verdictText(row)}
                </button>
              ))}
          </td>
        ))}
      </tr>
      {open && (
        <tr>
          <td colSpan={2 + VERDICTS.length} id={detailId}>
            {open === 'loading' ? <p className="muted">Loading the reasons…</p> : <Reasons detail={open} onOpenFile={onOpenFile} />}
          </td>
        </tr>
      )}
    </>
  );
}

/** What the cell's button says: the errors left, the changes adapting makes, or the warnings. */
function verdictText(row: TargetRow): string {
  if (row.verdict === 'does-not-fit') return `${count(row.remaining, 'error')} left`;
  if (row.verdict === 'fits-with-changes') return `${count(row.errors, 'error')} fixed by adapting`;
  return count(row.warnings, 'warning');
}

/** Shown per rule before "Show all". */
const SHOWN = 20;

function Reasons({ detail, onOpenFile }: { detail: TargetDetail; onOpenFile: (path: string) => void }) {
  const left = new Set(detail.remaining.map(problemKey));
  return (
    <div className="reasons" role="region" aria-label={`Reasons for ${detail.title}`}>
      {detail.problems.length === 0 && <p className="ok">Nothing to change: the skill fits as it is now.</p>}
      {detail.remaining.length > 0 && (
        <p>
          <strong>{count(detail.remaining.length, 'error')} left after adapting</strong>: only curation fixes {detail.remaining.length === 1 ? 'it' : 'them'} (remove operations, shorten what is too long, take out a parameter the target refuses).
        </p>
      )}
      {groupReasons(detail.problems).map((g) => (
        <ReasonGroup key={`${g.ruleId} ${g.severity}`} ruleId={g.ruleId} severity={g.severity} problems={g.problems} left={left} onOpenFile={onOpenFile} />
      ))}
    </div>
  );
}

function ReasonGroup({ ruleId, severity, problems, left, onOpenFile }: { ruleId: string; severity: Problem['severity']; problems: Problem[]; left: Set<string>; onOpenFile: (path: string) => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? problems : problems.slice(0, SHOWN);
  return (
    <section>
      <h4>
        <span className={`severity ${severity}`}>{severity}</span> <span className="rule">{ruleId}</span> × {n(problems.length)}
      </h4>
      <ul className="problems" aria-label={`${ruleId} (${severity})`}>
        {shown.map((p, i) => (
          <li key={`${p.file}:${p.pointer}:${i}`} className="problem">
            <button type="button" className="link where" onClick={() => onOpenFile(p.file)}>
              {p.file}
            </button>
            {p.pointer && <code className="where">{p.pointer}</code>}
            <span className="message">{p.message}</span>
            {left.has(problemKey(p)) && <span className="tag">left after adapting</span>}
          </li>
        ))}
      </ul>
      {problems.length > shown.length && (
        <button type="button" className="link" onClick={() => setAll(true)}>
          Show all {n(problems.length)}
        </button>
      )}
    </section>
  );
}

const problemKey = (p: Problem) => `${p.ruleId} ${p.file} ${p.pointer ?? ''} ${p.message}`;

/** "Download tools for…": one button per target that takes a tool list. */
function DownloadMenu({ targets, onDownload }: { targets: TargetRow[]; onDownload: (target: string) => void }) {
  const lists = targets.filter((t) => t.applies === 'tools');
  return (
    <details className="menu">
      <summary>Download tools for…</summary>
      <ul aria-label="Download tools for">
        {lists.map((t) => (
          <li key={t.target}>
            <button type="button" className="link" onClick={() => onDownload(t.target)}>
              {t.title}
              {t.strict ? ' (strict)' : ''}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What adapting the tools for the downloaded target changed: the lines `tools --target` writes on stderr. */
function DownloadLog({ download, onDismiss }: { download: NonNullable<FitState['download']>; onDismiss: () => void }) {
  const last = download.log.at(-1);
  return (
    <div role="status" className={download.fits ? 'download-log' : 'download-log notice'}>
      <p>
        Downloaded the tools for {download.title}
        {download.log.length === 0 ? ', unchanged.' : `: ${last}.`}{' '}
        <button type="button" className="link" onClick={onDismiss}>
          Dismiss
        </button>
      </p>
      {download.log.length > 1 && (
        <details>
          <summary>Every change ({n(download.log.length - 1)})</summary>
          <pre tabIndex={0}>{download.log.slice(0, -1).join('\n')}</pre>
        </details>
      )}
    </div>
  );
}
