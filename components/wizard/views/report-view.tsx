'use client';

import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { Problem } from '../../../lib/core/problem';
import type { ImportReport, SpecLocation } from '../../../lib/convert/model';
import { importBlockers, missingFiles, type MissingFile } from '../../../lib/convert/blockers';
import { fittedSummary, FOLD_AT, groupWarnings, SHARED_TYPE_REASONS, specPlace } from '../../../lib/convert/report';
import { operationsRead } from '../../../lib/convert/summary';
import type { SessionSummary } from '../../../lib/wizard/session';
import { reportAsCurated } from '../../../lib/curate/report';
import { chosenFromInput, type ChosenFiles } from '../io/browser-files';
import { FolderInput } from './folder-input';
import { ProblemList } from './problem-list';
import { PublishProblems } from './publish-problems';
import { count } from './format';


/** The id of the report's heading, which the wizard focuses after an import. */
export const REPORT_HEADING = 'import-report';

/** A place in the spec, which opens the spec there when the spec is at hand. */
function Where({ at, onOpenSpec }: { at: SpecLocation; onOpenSpec?: (file: string, line?: number) => void }) {
  if (!onOpenSpec) return <span className="where">{specPlace(at)}</span>;
  return (
    <button type="button" className="link where" onClick={() => onOpenSpec(at.file, at.line)}>
      {specPlace(at)}
    </button>
  );
}


/**
 * The import report (SPEC 4.7): what was declared, what is prose-only and why, what was
 * skipped, the shared types, the warnings and the spec's own problems, each with its place
 * in the spec. For a bundle opened again there is no report, only its files' problems.
 */
export function ReportView({
  summary,
  report,
  specProblems,
  onOpenFile,
  onOpenSpec,
  onDownload,
  onChooseFolder,
  onWithoutUnresolved,
  operations,
}: {
  summary: SessionSummary;
  /** The import report as the spec was converted; what was removed since is taken from `summary`. */
  report?: ImportReport;
  specProblems: readonly Problem[];
  onOpenFile: (path: string) => void;
  /** Saves the report file, as the CLI's `convert --report` writes it (the worker writes it). */
  onDownload: () => void;
  /** Opens the uploaded spec at a place; absent when the spec is not at hand. */
  onOpenSpec?: (file: string, line?: number) => void;
  /** Converts the folder the user chooses instead (a spec whose `$ref`s name files that were not uploaded). */
  onChooseFolder?: (chosen: ChosenFiles) => void;
  /** "Go on without them" ticked or unticked: recorded in SKILL.md; the problems when it could not be. */
  onWithoutUnresolved?: (on: boolean) => Promise<Problem[]>;
  /** The operations view, shown below the summary. */
  operations?: ReactNode;
}) {
  const spec = report;
  // The skill as it is: operations removed in the operations view are left out of every list and count.
  report = useMemo(() => (spec && summary.removed.length > 0 ? reportAsCurated(spec, summary.removed, summary.prunedTypes) : spec), [spec, summary.removed, summary.prunedTypes]);
  const packageProblems = summary.problems;
  const atSpec = onOpenSpec ? (p: Problem) => onOpenSpec(p.file, p.line) : undefined;
  // The verdict `validate` gives the skill's files (its SKILL.md records the spec's unresolved
  // references, and whether the user goes on without them), then what only the import knows
  // (no operations, the report's own errors), as `convert` adds them. The unresolved references,
  // when the verdict holds the skill back for them, are named with the import's own words where
  // it is at hand: each file the upload lacks, with its $ref.
  const named = report ? importBlockers(report, specProblems).find((b) => b.ruleId === 'unresolved-references') : undefined;
  const verdictSpec = summary.verdict.spec.filter((p) => p.severity === 'error').map((p) => (p.ruleId === 'spec-unresolved-references' && named ? named : p));
  const blockers = [...verdictSpec, ...(report ? importBlockers(report, specProblems, { withoutUnresolved: true }) : [])];
  const waivable = summary.withoutUnresolved || summary.verdict.spec.some((p) => p.ruleId === 'spec-unresolved-references');
  const accepted = summary.verdict.spec.filter((p) => p.severity !== 'error');
  const [refused, setRefused] = useState<Problem[]>([]);
  // The choice being recorded, shown at once; the file's state once the worker answers.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const missing = missingFiles(specProblems);
  return (
    <div className="report">
      <div className="file-bar">
        {/* Focused after an import (components/wizard/wizard.tsx), so a screen reader starts here. */}
        <h2 id={REPORT_HEADING} tabIndex={-1}>
          Import report
        </h2>
        {report && (
          <button type="button" onClick={onDownload}>
            Download the report (JSON)
          </button>
        )}
      </div>
      {report && missing.length > 0 && <MissingFiles files={missing} onChooseFolder={onChooseFolder} />}
      {report && spec && report !== spec ? (
        <p aria-label="Figures of the skill and of the spec">
          <strong>{report.source.title}</strong> ({report.source.format}, <code>{report.source.entry}</code>): the skill has{' '}
          <strong>{count(report.declared.length + report.proseOnly.length, 'operation')}</strong>, <strong>{report.declared.length} declared as tools</strong>,{' '}
          {report.proseOnly.length} prose-only, and {count(report.sharedTypes.length, 'shared type')}{' '}
          <span className="muted">
            (the spec: {operationsRead(spec)}, {spec.declared.length} declared, {spec.proseOnly.length} prose-only, {spec.skipped.filter((s) => s.kind === 'method' || s.kind === 'invalid').length} skipped,{' '}
            {count(spec.sharedTypes.length, 'shared type')}; {summary.removed.length} removed, under Operations&apos; State: Removed)
          </span>
          {report.weakDescriptions.length > 0 && (
            <>
              ; {report.weakDescriptions.length} {report.weakDescriptions.length === 1 ? 'tool whose description' : 'tools whose descriptions'} a model cannot
              choose by (<code>description-quality</code>, below)
            </>
          )}
          .
        </p>
      ) : report ? (
        <p>
          <strong>{report.source.title}</strong> ({report.source.format}, <code>{report.source.entry}</code>): {operationsRead(report)},{' '}
          <strong>{report.declared.length} declared as tools</strong>, {report.proseOnly.length} prose-only, {report.skipped.filter((s) => s.kind === 'method' || s.kind === 'invalid').length} skipped;{' '}
          {report.sharedTypes.length} shared types
          {report.weakDescriptions.length > 0 && (
            <>
              ; {report.weakDescriptions.length} {report.weakDescriptions.length === 1 ? 'tool whose description' : 'tools whose descriptions'} a model cannot
              choose by (<code>description-quality</code>, below)
            </>
          )}
          .
        </p>
      ) : (
        <p>
          Opened from the bundle <code>{summary.origin.name}</code>: its generated &ldquo;The call&rdquo; sections were taken out again, and
          are written back when you download it.
        </p>
      )}
      {report?.unreadPathItems && report.unreadPathItems.length > 0 && (
        <section>
          <h3>Path items not read ({report.unreadPathItems.length})</h3>
          <p className="muted">Their $ref does not resolve, so however many operations they hold are missing from the skill.</p>
          <ul>
            {report.unreadPathItems.map((u) => (
              <li key={u.path}>
                <code>{u.path}</code> <Where at={u.location} onOpenSpec={onOpenSpec} />: <code>$ref: {u.ref}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      {waivable && (
        <>
          {/* The file's state: ticking writes `source-without-unresolved` into SKILL.md, unticking takes it out. */}
          <label className="choice">
            <input
              type="checkbox"
              checked={choosing ?? summary.withoutUnresolved}
              disabled={!onWithoutUnresolved}
              aria-busy={choosing !== null}
              onChange={(e) => {
                // One change at a time; the box keeps focus meanwhile, and shows the file's state when done.
                if (!onWithoutUnresolved || choosing !== null) return;
                const on = e.target.checked;
                setChoosing(on);
                void onWithoutUnresolved(on)
                  .then(setRefused)
                  .finally(() => setChoosing(null));
              }}
            />{' '}
            Go on without them: publish the skill without what the unresolved references name (recorded in SKILL.md as{' '}
            <code>source-without-unresolved</code>)
          </label>
          {refused.length > 0 && <ProblemList problems={refused} showFile label="Why the choice was not recorded" />}
        </>
      )}
      <PublishVerdict problems={packageProblems} blockers={blockers} />
      {operations}
      {report && (
        <>
          {report.proseOnly.length > 0 && (
            <section>
              <h3>Prose-only ({report.proseOnly.length})</h3>
              <p className="muted">These operations have no operation block: a model reads how to call them, and composes the request itself.</p>
              <OperationTable rows={report.proseOnly} third="Why" cell={(p) => p.reasons.join('; ')} onOpenFile={onOpenFile} onOpenSpec={onOpenSpec} />
            </section>
          )}
          {report.fitted.length > 0 && (
            <section>
              <h3>Fitted to the size limit ({report.fitted.length})</h3>
              <p className="muted">
                These operations&apos; parameters passed the 24,576 bytes a tool may have. Each was cut down by the steps that lose least first; open one
                to see its size by argument, or to restore its full schema.
              </p>
              <OperationTable rows={report.fitted} third="Bytes before → after, and the steps" cell={(f) => fittedSummary(f)} onOpenFile={onOpenFile} onOpenSpec={onOpenSpec} />
            </section>
          )}
          {report.skipped.length > 0 && (
            <section>
              <h3>Not generated ({report.skipped.length})</h3>
              <ul>
                {report.skipped.map((s, i) => (
                  <li key={i}>
                    <code>
                      {s.method} {s.path}
                    </code>{' '}
                    <Where at={s.location} onOpenSpec={onOpenSpec} />: {s.reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {report.sharedTypes.length > 0 && (
            <section>
              <h3>Shared types in types.json ({report.sharedTypes.length})</h3>
              <ul className="columns">
                {report.sharedTypes.map((t) => (
                  <li key={t.name}>
                    <code>{t.name}</code> (<Where at={t.location} onOpenSpec={onOpenSpec} />): {SHARED_TYPE_REASONS[t.why]}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {report.warnings.length > 0 && (
            <section>
              <h3>Warnings from the conversion ({report.warnings.length})</h3>
              {groupWarnings(report.warnings).map((g) =>
                g.length < FOLD_AT ? (
                  <ProblemList key={`${g[0].ruleId}:${g[0].message}`} problems={g} showFile label="Conversion warnings" onSelect={atSpec} />
                ) : (
                  <details key={`${g[0].ruleId}:${g[0].message}`} className="folded">
                    <summary>
                      <span className={`severity ${g[0].severity}`}>{g[0].severity}</span> <span className="rule">{g[0].ruleId}</span> {g[0].message}: in {g.length} places
                    </summary>
                    <ProblemList problems={g} showFile label={`Places of: ${g[0].message}`} onSelect={atSpec} />
                  </details>
                ),
              )}
            </section>
          )}
        </>
      )}
      {specProblems.length > 0 && (
        <section>
          <h3>Problems in the {report ? 'spec' : 'upload'} ({specProblems.length})</h3>
          <p className="muted">The spec was converted where it could be; these places are where it breaks its own format.</p>
          <ProblemList problems={specProblems} showFile label="Problems in the spec" onSelect={atSpec} />
        </section>
      )}
      <section id="publish-problems" aria-labelledby="publish-problems-heading">
        <h3 id="publish-problems-heading" tabIndex={-1}>
          Publish rules
        </h3>
        {blockers.length > 0 && (
          <div role="alert" aria-label="Not publishable" className="refused">
            <p>
              <strong>The skill is not publishable yet</strong>
              {packageProblems.length === 0 ? ', though every publish rule passes:' : ':'}
            </p>
            <ProblemList problems={blockers} showFile label="Why the skill is not publishable" onSelect={atSpec} />
          </div>
        )}
        {accepted.length > 0 && <ProblemList problems={accepted} showFile label="Problems in the spec the skill was generated from" />}
        {packageProblems.length === 0 ? (
          blockers.length === 0 && <p>Every publish rule passes: the skill can be published as it is.</p>
        ) : (
          <>
            <p>
              {count(summary.errors, 'error')} and {count(summary.warnings, 'warning')} in the skill&apos;s files, grouped by rule and message.{' '}
              {summary.errors > 0 ? 'A skill with an error is not published.' : ''}
            </p>
            <PublishProblems problems={packageProblems} onOpen={(p) => onOpenFile(p.file)} label="Publish problems" />
          </>
        )}
      </section>
    </div>
  );
}

/**
 * A spec uploaded alone whose `$ref`s name files that were not uploaded with it:
 * said at the top of the report, with the way to give them right there.
 */
/** The missing files listed one by one; past this many, how many more. */
const MISSING_SHOWN = 10;

function MissingFiles({ files, onChooseFolder }: { files: MissingFile[]; onChooseFolder?: (chosen: ChosenFiles) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const shown = files.slice(0, MISSING_SHOWN);
  return (
    <div className="notice" role="note" aria-label="Files not uploaded">
      <p>
        The spec&apos;s <code>$ref</code>s name {files.length === 1 ? 'a file' : `${files.length} files`} the wizard does not have, so what uses{' '}
        {files.length === 1 ? 'it' : 'them'} is missing from the skill:
      </p>
      {/* Each file with the $ref that needs it, and why it is not there when it was looked for (fetched with the spec). */}
      <ul>
        {shown.map((m) => (
          <li key={m.file}>
            {/* A file looked for and not read: its warning names it, with why; the $ref follows. */}
            {m.unread ? m.unread.message : <code>{m.file}</code>} (the <code>$ref</code> at {m.refs[0].file} line {m.refs[0].line ?? 1}
            {m.refs.length > 1 ? ` and ${count(m.refs.length - 1, 'more')}` : ''}){m.unread ? '' : ': not among the spec\'s files'}
          </li>
        ))}
        {files.length > shown.length && <li>and {count(files.length - shown.length, 'more file')}</li>}
      </ul>
      <p>Choose the folder that holds the spec and its files, and it is converted again from there.</p>
      {onChooseFolder && (
        <>
          <button type="button" className="primary" onClick={() => input.current?.click()}>
            Choose the folder
          </button>
          <FolderInput
            inputRef={input}
            label="The spec's folder"
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])];
              e.target.value = '';
              if (chosen.length > 0) onChooseFolder(chosenFromInput(chosen, true));
            }}
          />
        </>
      )}
    </div>
  );
}

/**
 * One line at the top of the report: whether the skill can be published and, when not, what
 * blocks it (the rules with errors, largest first, and the import's own blockers), with a
 * link to the publish problems.
 */
function PublishVerdict({ problems, blockers }: { problems: readonly Problem[]; blockers: readonly Problem[] }) {
  const byRule = new Map<string, number>();
  for (const p of problems) if (p.severity === 'error') byRule.set(p.ruleId, (byRule.get(p.ruleId) ?? 0) + 1);
  const errors = [...byRule.values()].reduce((n, k) => n + k, 0);
  const warnings = problems.length - errors;
  if (byRule.size === 0 && blockers.length === 0)
    return (
      <p className="verdict ok">
        <strong>Publishable.</strong> {warnings > 0 ? `No publish rule fails; ${count(warnings, 'warning')} to look at.` : 'No rule fails and nothing else blocks it.'}{' '}
        {warnings > 0 && <a href="#publish-problems">See the warnings</a>}
      </p>
    );
  const rules = [...byRule].sort((a, b) => b[1] - a[1]);
  const shown = rules.slice(0, 3).map(([rule, n]) => `${rule} (${n})`);
  if (rules.length > 3) shown.push(`${rules.length - 3} more rules`);
  const parts = [];
  if (rules.length > 0) parts.push(`${count(errors, 'error')}: ${shown.join(', ')}`);
  for (const b of blockers) parts.push(b.ruleId);
  return (
    <p className="verdict blocked">
      <strong>Not publishable:</strong> {parts.join('; ')}. <a href="#publish-problems">See what blocks it</a>
    </p>
  );
}

/** Operations of the report, one row each: its file (opens it), method and path, one more column, its place in the spec. */
function OperationTable<T extends { file: string; method: string; path: string; location: SpecLocation }>({
  rows,
  third,
  cell,
  onOpenFile,
  onOpenSpec,
}: {
  rows: readonly T[];
  third: string;
  cell: (row: T) => ReactNode;
  onOpenFile: (path: string) => void;
  onOpenSpec?: (file: string, line?: number) => void;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th>File</th>
          <th>Operation</th>
          <th>{third}</th>
          <th>In the spec</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.file}>
            <td>
              <button type="button" className="link" onClick={() => onOpenFile(row.file)}>
                {row.file}
              </button>
            </td>
            <td>
              <code>
                {row.method} {row.path}
              </code>
            </td>
            <td>{cell(row)}</td>
            <td className="where">
              <Where at={row.location} onOpenSpec={onOpenSpec} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
