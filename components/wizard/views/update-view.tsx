'use client';

import { memo, useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Problem } from '../../../lib/core/problem';
import type { Result } from '../../../lib/core/result';
import type { OperationChange } from '../../../lib/update/report';
import type { UpdateConflictFile, UpdatePreview } from '../../../lib/wizard/service';
import type { SessionSummary } from '../../../lib/wizard/session';
import { chosenFromInput, type ChosenFiles } from '../io/browser-files';
import { FolderInput } from './folder-input';
import { MergePanel, type MergeState } from './merge-panel';
import { conflictChunks, mergedText, type MergeSide } from './merge-choices';
import { ProblemList } from './problem-list';

const CHANGE_TEXT: Record<OperationChange['kind'], string> = {
  'argument-added': 'argument added',
  'argument-removed': 'argument removed',
  'argument-renamed': 'argument renamed',
  required: 'argument now required',
  optional: 'argument now optional',
  type: 'type changed',
  'enum-removed': 'allowed values removed',
  'enum-added': 'allowed values added',
  safety: 'safety changed',
  declared: 'now a tool',
  'not-declared': 'no longer a tool',
};

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

function changeDetail(c: OperationChange): string {
  if (c.kind === 'argument-renamed') return `${show(c.from)} → ${show(c.to)}`;
  const values = c.from !== undefined || c.to !== undefined ? `${show(c.from ?? null)} → ${show(c.to ?? null)}` : '';
  return [c.argument, values].filter(Boolean).join(': ');
}

/** A spec chosen with a file input (files) or a folder input. */
function SpecPicker({ label, folderLabel, chosen, onChosen, busy }: { label: string; folderLabel: string; chosen: ChosenFiles | null; onChosen: (c: ChosenFiles) => void; busy: boolean }) {
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const chose = (e: ChangeEvent<HTMLInputElement>, fromFolder: boolean) => {
    const list = [...(e.target.files ?? [])];
    e.target.value = '';
    if (list.length > 0) onChosen(chosenFromInput(list, fromFolder));
  };
  return (
    <div className="actions">
      <button type="button" disabled={busy} onClick={() => files.current?.click()}>
        {label}
      </button>
      <button type="button" disabled={busy} onClick={() => folder.current?.click()}>
        Or a folder…
      </button>
      <span className={chosen ? '' : 'muted'}>{chosen ? <code>{chosen.name}</code> : 'none chosen'}</span>
      <input ref={files} type="file" multiple accept=".json,.yaml,.yml,.zip" hidden aria-label={label.replace(/…$/, '')} onChange={(e) => chose(e, false)} />
      <FolderInput inputRef={folder} label={folderLabel} onChange={(e) => chose(e, true)} />
    </div>
  );
}

/**
 * "Update to a newer spec" (SPEC 9): the newer spec chosen (and, for a skill opened from a
 * bundle, the one it was generated from), then the update report, the files that change and
 * each file's conflicts side by side to settle; nothing changes in the skill until Apply, which
 * is one step, undone by "Undo the update".
 */
export function UpdateView({
  summary,
  busy,
  onPrepare,
  onApply,
  onCancel,
  onSaveText,
}: {
  summary: SessionSummary;
  busy: string | null;
  onPrepare: (newer: ChosenFiles, older?: ChosenFiles, review?: boolean) => Promise<Result<UpdatePreview>>;
  onApply: (settled: [string, string][]) => Promise<Result<true>>;
  onCancel: () => void;
  onSaveText: (path: string, text: string) => void;
}) {
  const needsOld = summary.origin.kind === 'bundle';
  const [newer, setNewer] = useState<ChosenFiles | null>(null);
  const [older, setOlder] = useState<ChosenFiles | null>(null);
  // Without the old spec: give it, or review every difference two ways.
  const [review, setReview] = useState(false);
  const ready = newer !== null && (!needsOld || review || older !== null);
  const [preview, setPreview] = useState<UpdatePreview | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [merges, setMerges] = useState<Record<string, MergeState>>({});
  const onMerge = useCallback((path: string, state: MergeState) => setMerges((m) => ({ ...m, [path]: state })), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (preview) reportHeading.current?.focus();
  }, [preview]);

  const prepare = async () => {
    if (!ready) return;
    setProblems([]);
    const result = await onPrepare(newer, review ? undefined : (older ?? undefined), needsOld && review);
    if (result.ok) {
      setPreview(result.value);
      setMerges({});
    } else setProblems(result.problems);
  };

  const conflicts = preview?.conflicts ?? [];
  const unsettled = conflicts.filter((c) => !merges[c.path]?.settled);
  const apply = async () => {
    if (!preview || unsettled.length > 0) return;
    const applied = await onApply(conflicts.map((c) => [c.path, merges[c.path]!.text]));
    if (!applied.ok) setProblems(applied.problems);
  };

  const report = preview?.report;
  const ver = (v: { title: string; version: string }) => `${v.title}${v.version ? ` ${v.version}` : ''}`;
  return (
    <main className="main-pane update" id="main-pane">
      <h3 ref={heading} tabIndex={-1}>
        Update {summary.folder} to a newer spec
      </h3>
      {!preview && (
        <>
          <p>
            Choose the newer version of the spec. Your edits, your curation and the operations you removed are kept: each file is merged three ways, and where you and the newer spec changed
            the same lines you choose. Nothing changes until you apply the update.
          </p>
          <p className="field-label">The newer spec</p>
          <SpecPicker label="Choose the newer spec…" folderLabel="The newer spec's folder" chosen={newer} onChosen={setNewer} busy={busy !== null} />
          {needsOld && (
            <fieldset className="update-mode">
              <legend>The spec this skill was generated from</legend>
              <p className="muted">This skill was opened from a bundle, so the wizard does not have its spec: without it, your edits cannot be told from what was generated.</p>
              <label className="check">
                <input type="radio" name="update-mode" checked={!review} onChange={() => setReview(false)} />
                I have it: merge three ways, my edits kept
              </label>
              {!review && <SpecPicker label="Choose the old spec…" folderLabel="The old spec's folder" chosen={older} onChosen={setOlder} busy={busy !== null} />}
              <label className="check">
                <input type="radio" name="update-mode" checked={review} onChange={() => setReview(true)} />
                I do not: review every difference between this skill and the newer spec, and decide each
              </label>
            </fieldset>
          )}
          <div className="actions">
            <button type="button" className="primary" disabled={busy !== null || !ready} onClick={() => void prepare()}>
              Prepare the update
            </button>
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </>
      )}
      {busy && (
        <p role="status" className="busy">
          {busy}
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" className="refused">
          <h4>The update could not be made</h4>
          <ProblemList problems={problems} showFile label="Update problems" />
        </div>
      )}
      {preview && report && (
        <>
          <h4 ref={reportHeading} tabIndex={-1}>
            From {ver(report.from)} to {ver(report.to)}
          </h4>
          {preview.review && (
            <p>
              A two-way review: without the spec this skill was generated from, every difference between your skill and the newer spec&apos;s generation is yours to decide. Operations
              are matched by file name; those only the newer spec has wait in the operations view, under State: New in this version, to be kept.
            </p>
          )}
          <p aria-label="Update summary">
            {report.added.length} added, {report.renamed.length} renamed, {report.removed.length} removed, {report.changes.length} changed for callers ({report.breaking} breaking),{' '}
            {preview.review
              ? conflicts.length === 0
                ? 'no difference to decide'
                : `${conflicts.length === 1 ? 'one file' : `${conflicts.length} files`} with differences to decide`
              : `${preview.keptEdits.length} of your edits kept, ${conflicts.length === 0 ? 'no conflict' : `${conflicts.length === 1 ? 'one file' : `${conflicts.length} files`} with conflicts`}`}
            .
          </p>
          {preview.problems.length > 0 && <ProblemList problems={preview.problems} showFile label="What to know about this update" />}
          {conflicts.length > 0 && (
            <section aria-labelledby="update-conflicts">
              <h4 id="update-conflicts">{preview.review ? 'Differences to decide' : 'Conflicts to settle'}</h4>
              <ConflictFiles conflicts={conflicts} review={preview.review === true} merges={merges} onMerges={setMerges} onMerge={onMerge} />
            </section>
          )}
          <UpdateReport preview={preview} onSaveText={onSaveText} />
          <div className="actions">
            <button type="button" className="primary" disabled={busy !== null || unsettled.length > 0} onClick={() => void apply()}>
              Apply the update
            </button>
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
            {unsettled.length > 0 && (
              <span className="muted">
                {preview.review ? 'Decide the differences' : 'Settle the conflicts'} in {unsettled.length > 3 ? `${unsettled.slice(0, 3).map((c) => c.path).join(', ')} and ${unsettled.length - 3} more files` : unsettled.map((c) => c.path).join(', ')} first.
              </span>
            )}
          </div>
        </>
      )}
    </main>
  );
}

/** What the update does (operations, changes for callers, files): drawn once, not again as the person settles a file. */
const UpdateReport = memo(function UpdateReport({ preview, onSaveText }: { preview: UpdatePreview; onSaveText: (path: string, text: string) => void }) {
  const { report, conflicts } = preview;
  const waiting = report.added.filter((a) => !a.kept).length;
  return (
    <>
      <section aria-labelledby="update-operations" className="report">
        <h4 id="update-operations">Operations</h4>
        {report.added.length + report.renamed.length + report.removed.length === 0 && <p className="muted">The same operations as before.</p>}
        {waiting > 0 && (
          <p>
            {waiting === 1 ? 'One added operation is' : `${waiting} added operations are`} not kept yet, since you chose the operations by hand: {waiting === 1 ? 'it waits' : 'they wait'} in the operations view under State: New in this version, to be kept there.
          </p>
        )}
        <ul className="update-list">
          {report.added.map((a) => (
            <li key={`added-${a.operation}`}>
              <strong>Added</strong> <code>{a.operation}</code> ({a.method} {a.path}){a.kept ? '' : ', not kept yet'}
            </li>
          ))}
          {report.renamed.map((r) => (
            <li key={`renamed-${r.operation}`}>
              <strong>Renamed</strong> <code>{r.from.operation}</code> ({r.from.method} {r.from.path}) → <code>{r.operation}</code> ({r.method} {r.path})
            </li>
          ))}
          {report.removed.map((r) => {
            const text = preview.editedRemoved.find(([path]) => path === `${r.operation}.md`)?.[1];
            return (
              <li key={`removed-${r.operation}`}>
                <strong>Removed</strong> <code>{r.operation}</code> ({r.method} {r.path}), breaking
                {r.edited && text !== undefined && (
                  <>
                    {preview.review ? ': it may hold your edits.' : ': you had edited it.'}{' '}
                    <button type="button" className="link" onClick={() => onSaveText(`${r.operation}.md`, text)}>
                      Download your text of {r.operation}.md
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {report.changes.length > 0 && (
        <section aria-labelledby="update-changes" className="report">
          <h4 id="update-changes">Changes for callers</h4>
          <table>
            <thead>
              <tr>
                <th scope="col">Operation</th>
                <th scope="col">Change</th>
                <th scope="col">Detail</th>
                <th scope="col">Breaking</th>
              </tr>
            </thead>
            <tbody>
              {report.changes.map((c, i) => (
                <tr key={i}>
                  <td>
                    <code>{c.operation}</code>
                  </td>
                  <td>{CHANGE_TEXT[c.kind]}</td>
                  <td>{changeDetail(c)}</td>
                  <td>{c.breaking ? 'Breaking' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section aria-labelledby="update-files" className="report">
        <h4 id="update-files">Files</h4>
        <ul className="update-list">
          {preview.files.map((f) => (
            <li key={f.path}>
              <code>{f.path}</code>: {f.change}
              {preview.keptEdits.includes(f.path) ? ', your edits kept' : ''}
              {conflicts.some((c) => c.path === f.path) ? ', with conflicts' : ''}
            </li>
          ))}
          {preview.keptEdits
            .filter((p) => !preview.files.some((f) => f.path === p))
            .map((p) => (
              <li key={p}>
                <code>{p}</code>: unchanged by the newer spec, your edits kept
              </li>
            ))}
        </ul>
      </section>
    </>
  );
});

/** Bulk choices made for every file left, and what Undo puts back: the files as they were. */
interface BulkChoice {
  side: MergeSide;
  files: number;
  before: Record<string, MergeState>;
}

/**
 * The files to settle, one shown at a time: only its side-by-side view and merged text are
 * drawn (a large update has a hundred files or more), the others listed to go to, each
 * settled or not, with Previous and Next; and every file left kept mine or taken from the
 * newer spec at once, undone in one step. Each file keeps its choices and merged text while
 * another is shown.
 */
function ConflictFiles({
  conflicts,
  review,
  merges,
  onMerges,
  onMerge,
}: {
  conflicts: readonly UpdateConflictFile[];
  review: boolean;
  merges: Record<string, MergeState>;
  onMerges: (merges: Record<string, MergeState>) => void;
  onMerge: (path: string, state: MergeState) => void;
}) {
  const [at, setAt] = useState(0);
  const [bulk, setBulk] = useState<BulkChoice | null>(null);
  // Bumped by choices made for many files at once (and their Undo): the file shown is drawn again with them.
  const [drawn, setDrawn] = useState(0);
  const current = conflicts[Math.min(at, conflicts.length - 1)];
  // One mark a file, 1 when settled: the list is drawn again only when one changes, not on each key typed in a merged text.
  const settledMarks = conflicts.map((c) => (merges[c.path]?.settled ? '1' : '0')).join('');
  const settled = settledMarks.split('1').length - 1;
  const left = conflicts.length - settled;
  const nextLeft = [...conflicts.slice(at + 1), ...conflicts.slice(0, at)].findIndex((c) => !merges[c.path]?.settled);
  const verb = review ? 'decided' : 'settled';

  /** Every file not settled yet: each conflict not chosen yet settled with `side`, the choices made kept. */
  const chooseLeft = (side: MergeSide) => {
    const next = { ...merges };
    let files = 0;
    for (const c of conflicts) {
      const was = merges[c.path];
      if (was?.settled) continue;
      const chunks = conflictChunks(c.mine, c.newer);
      const choices = chunks.map((_, i) => was?.choices[i] ?? side);
      next[c.path] = { text: mergedText(c.mine, c.newer, chunks, choices), settled: true, choices, handEdited: false };
      files++;
    }
    if (files === 0) return;
    onMerges(next);
    setBulk({ side, files, before: merges });
    setDrawn((n) => n + 1);
  };
  const undoBulk = () => {
    if (!bulk) return;
    onMerges(bulk.before);
    setBulk(null);
    setDrawn((n) => n + 1);
  };

  return (
    <>
      {conflicts.length > 1 && (
        <nav className="merge-files" aria-label={review ? 'Files with differences' : 'Files with conflicts'}>
          <div className="actions">
            <button type="button" disabled={at === 0} onClick={() => setAt(at - 1)}>
              Previous file
            </button>
            <button type="button" disabled={at >= conflicts.length - 1} onClick={() => setAt(at + 1)}>
              Next file
            </button>
            <button type="button" disabled={nextLeft < 0} onClick={() => setAt((at + 1 + nextLeft) % conflicts.length)}>
              Next file to {review ? 'decide' : 'settle'}
            </button>
            <span className="muted" aria-live="polite">
              File {Math.min(at, conflicts.length - 1) + 1} of {conflicts.length}; {settled} {verb}, {left} left
            </span>
          </div>
          <FileList conflicts={conflicts} settled={settledMarks} at={at} review={review} onGo={setAt} />
          <div className="actions">
            <button type="button" disabled={left === 0} onClick={() => chooseLeft('mine')}>
              Keep mine for all remaining
            </button>
            <button type="button" disabled={left === 0} onClick={() => chooseLeft('newer')}>
              Take the newer spec&apos;s for all remaining
            </button>
            <span role="status">
              {bulk && (
                <>
                  {bulk.files === 1 ? 'One file' : `${bulk.files} files`} {bulk.side === 'mine' ? 'kept yours' : 'took the newer spec’s'} where not {verb} yet.{' '}
                  <button type="button" className="link" onClick={undoBulk}>
                    Undo
                  </button>
                </>
              )}
            </span>
          </div>
        </nav>
      )}
      {current && <MergePanel key={`${current.path}#${drawn}`} path={current.path} mine={current.mine} newer={current.newer} where={current.where} review={review} onChange={onMerge} state={merges[current.path]} />}
    </>
  );
}

/** The files to settle, each to go to, and whether it is settled (`settled`: a mark a file, 1 when it is). */
const FileList = memo(function FileList({ conflicts, settled, at, review, onGo }: { conflicts: readonly UpdateConflictFile[]; settled: string; at: number; review: boolean; onGo: (at: number) => void }) {
  const verb = review ? 'decided' : 'settled';
  const waiting = review ? 'differences to decide' : 'conflicts to settle';
  return (
    <ol className="merge-file-list">
      {conflicts.map((c, i) => (
        <li key={c.path}>
          <button type="button" className="link" aria-current={i === at ? 'true' : undefined} onClick={() => onGo(i)}>
            <code>{c.path}</code>
          </button>{' '}
          <span className={settled[i] === '1' ? 'ok' : 'muted'}>{settled[i] === '1' ? verb : waiting}</span>
        </li>
      ))}
    </ol>
  );
});
