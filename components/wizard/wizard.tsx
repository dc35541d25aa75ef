'use client';

import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { Problem } from '../../lib/core/problem';
import { CodeEditor, type CodeEditorHandle } from './editor/code-editor';
import { EditorStates } from './editor/editor-states';
import { wrapsByDefault } from './editor/setup';
import { CompatSection, TokenSummary, toolTokenLine } from './views/target-fit-view';
import { FileList } from './views/file-list';
import { skillCounts, safetyCounts } from './views/format';
import { ProblemList } from './views/problem-list';
import { REPORT_HEADING, ReportView } from './views/report-view';
import { OperationsView } from './views/operations-view';
import { PreviewPane } from './views/preview-pane';
import { RegenerateForm } from './views/regenerate-form';
import { DraftList } from './views/draft-list';
import { StartPanel } from './views/start-panel';
import { UpdateView } from './views/update-view';
import { Recovered, StillWorking } from './views/still-working';
import { useSettling, useSkillFit, type Settling } from './state/use-target-fit';
import type { FitState } from './state/target-fit-state';
import { useLiveValue } from './state/use-live-reducer';
import { useWizardSession, type HeardWizardStore } from './state/use-wizard-session';
import { useComeBack } from './state/use-come-back';

/**
 * The wizard: upload a spec (or open a bundle), read the import report, review and edit
 * every file with the publish rules re-checked on each keystroke, see each tool as a model
 * gets it and the request a call sends, and download the bundle. All work on the spec and
 * the skill happens in the worker; the state is `useWizardSession`'s, and this draws it.
 */
const NO_PROBLEMS: readonly Problem[] = [];

/** The token line, said to be on its way (`aria-busy`) from a change until its counts are in: only it is drawn for that. */
function SettlingTokenSummary({ fit, settling, onModel }: { fit: FitState; settling: Settling; onModel: (model: string) => Promise<void> }) {
  return <TokenSummary fit={fit} busy={useSettling(settling)} onModel={(model) => void onModel(model)} />;
}

/** Whether the skill is saved in this browser: drawn from the live store, so a save during typing draws this line only. */
function SaveState({ store }: { store: HeardWizardStore }) {
  const saveFailed = useLiveValue(store, (s) => s.saveFailed);
  const unsaved = useLiveValue(store, (s) => s.unsaved);
  return (
    <p className={saveFailed ? 'save-state failed' : 'save-state muted'}>
      {saveFailed ? `Not saved in this browser: ${saveFailed}` : unsaved ? 'Saving in this browser…' : 'Saved in this browser'}
    </p>
  );
}

export function Wizard() {
  const { state, store, actions, cancel, send } = useWizardSession();
  const { opened, summary, starting, busy, fetching, uploadProblems, selected, spec, file, fileLoads, panel, exported, tool, args, callBaseUrl, request, withTools, readOnly, notice, working, recovered, drafts, elsewhere, draftId, draftNotes } = state;
  const editor = useRef<CodeEditorHandle>(null);
  // JSON files (types.json) keep long lines whole unless asked: the one choice holds for every JSON file.
  const [wrapJson, setWrapJson] = useState(false);
  // The update to a newer spec is shown in place of the panes; once applied, a line says so, with Undo.
  const [updating, setUpdating] = useState(false);
  const [updated, setUpdated] = useState<string | null>(null);
  // The credentials typed in the Call tab, for the skill they were typed for: in this page's memory only, never saved or exported.
  const [callSecrets, setCallSecrets] = useState<{ skill: string; values: Record<string, string> }>({ skill: '', values: {} });
  // Where the focus goes once the update view has given way (by id), when it has.
  const focusAfterUpdate = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterUpdate.current;
    const target = id === null ? null : document.getElementById(id);
    if (updating || !target) return;
    focusAfterUpdate.current = null;
    target.focus();
  });
  // Each file's editor state (its undo history) for as long as this skill is open.
  const editorStates = useMemo(() => (opened ? new EditorStates() : null), [opened]);
  // The compatibility table is on the report's page: checked again only while it is shown.
  const { fit, fitActions, settling } = useSkillFit({ send, flushEdits: actions.flushEdits, opened, wizard: store, tableShown: !starting && selected === null && spec === null });
  // A reload comes back to the draft, the file and the choices this tab had.
  useComeBack({ state, fit, actions, fitActions });
  // The same functions on every render: the file list is memoized and is not drawn again while one types.
  const fileListActions = useMemo(
    () => ({
      onSelect: (path: string | null) => void actions.openFile(path),
      onSelectSpec: (path: string) => void actions.openSpec(path),
      onPutBack: (path: string) => void actions.onPutBack(path),
    }),
    [actions],
  );

  useEffect(() => {
    if (spec?.line !== undefined) editor.current?.goToLine(spec.line);
  }, [spec]);

  // The open file's problems, the same array while the skill's are (an edit that changes none
  // of them leaves them as they were): the editor's diagnostics are then not set again.
  const allProblems = summary?.problems;
  const fileProblems = useMemo(() => (selected && allProblems ? allProblems.filter((p) => p.file === selected) : NO_PROBLEMS), [allProblems, selected]);

  // After an import (the start panel gives way to the skill), the focus goes to the report's
  // heading: a keyboard or screen reader user starts where the result is, not at the page's top.
  const showingStart = starting || !summary || !opened;
  const wasStarting = useRef(showingStart);
  useEffect(() => {
    if (wasStarting.current && !showingStart && selected === null && spec === null) document.getElementById(REPORT_HEADING)?.focus();
    wasStarting.current = showingStart;
  }, [showingStart, selected, spec]);

  const worker = (
    <>
      {working && <StillWorking working={working} onCancel={cancel} />}
      {recovered && <Recovered message={recovered} onDismiss={actions.dismiss} />}
    </>
  );

  if (showingStart) {
    return (
      <>
        {worker}
        {summary && (
          <p className="actions">
            <button type="button" className="link" onClick={actions.showSkill}>
              Back to {summary.folder}
            </button>
            <button type="button" className="link" onClick={() => (setUpdated(null), setUpdating(true), actions.showSkill())}>
              Update {summary.folder} to a newer spec…
            </button>
          </p>
        )}
        {drafts && (
          <DraftList
            drafts={drafts}
            elsewhere={elsewhere}
            openId={summary ? draftId : null}
            notes={draftNotes}
            busy={busy !== null}
            onContinue={(id) => void actions.onContinue(id)}
            onDownload={(id) => void actions.onDownloadDraft(id)}
            onDelete={(id) => void actions.onDeleteDraft(id)}
            onDownloadRaw={(id) => void actions.onDownloadRaw(id)}
            onRename={(id, label) => void actions.onRenameDraft(id, label)}
          />
        )}
        <StartPanel
          busy={busy}
          fetching={fetching}
          problems={uploadProblems}
          onSpec={(choice) => void actions.onSpec(choice)}
          onSample={(options) => void actions.onSample(options)}
          onBundle={(bundle) => void actions.onBundle(bundle)}
          onUrl={(url, options) => void actions.onUrl(url, options)}
          onCancelFetch={actions.cancelFetch}
        />
      </>
    );
  }

  const specMarks = spec ? [...opened.specProblems, ...(opened.report?.warnings ?? [])].filter((p) => p.file === spec.path) : [];
  const row = summary.files.find((f) => f.path === selected);

  /** The file list's rows as shown (its filter applied), by path. */
  const rowButton = (path: string) => document.querySelector<HTMLElement>(`nav.file-list > button[data-path="${CSS.escape(path)}"]`);
  // After a removal the focus goes to the row that followed the removed file (or the one before
  // the last), so one can go on down the list; with no row left, to the report's heading.
  const removeFile = async () => {
    const rows = [...document.querySelectorAll<HTMLElement>('nav.file-list > button[data-path]')].map((b) => b.dataset.path!);
    const at = rows.indexOf(selected ?? '');
    const next = at === -1 ? undefined : (rows[at + 1] ?? rows[at - 1]);
    await actions.onRemove();
    const nextRow = next !== undefined ? rowButton(next) : null;
    if (nextRow) nextRow.focus();
    else document.getElementById(REPORT_HEADING)?.focus();
  };
  // The skip link: past the bar and the file list (hundreds of rows) to the editor, or to the report.
  const skip = (e: MouseEvent) => {
    e.preventDefault();
    if (editor.current) editor.current.focus();
    else document.getElementById(REPORT_HEADING)?.focus();
  };

  return (
    <div className="workspace">
      <a className="skip-link" href="#main-pane" onClick={skip}>
        {spec || selected !== null ? 'Skip to the editor' : 'Skip to the report'}
      </a>
      <header className="skill-bar">
        <div>
          <h2>
            <code>{summary.folder}</code>
          </h2>
          <p className="counts" aria-label="Skill status">
            {skillCounts(summary)}
          </p>
          {safetyCounts(summary) && (
            <p className="counts" aria-label="Operations by safety">
              {safetyCounts(summary)}
            </p>
          )}
          <SettlingTokenSummary fit={fit} settling={settling} onModel={fitActions.chooseModel} />
          <SaveState store={store} />
        </div>
        <div className="actions">
          <label className="check">
            <input type="checkbox" checked={withTools} onChange={(e) => actions.setWithTools(e.target.checked)} /> include tools.json
          </label>
          <label className="check" title="Only the safe operations: what a read-only grant may call">
            <input type="checkbox" checked={readOnly} onChange={(e) => actions.setReadOnly(e.target.checked)} /> Read-only (safe operations only)
          </label>
          <button type="button" className="primary" onClick={() => void actions.onDownload()}>
            Download bundle
          </button>
          {/* Made from the spec, which GPT Actions take as OpenAPI 3.x: not for a bundle opened without one, nor for Swagger 2.0. */}
          {opened.report && !opened.report.source.format.toLowerCase().startsWith('swagger') && (
            <button type="button" title="The spec's operations the skill keeps, as an OpenAPI document for OpenAI GPT Actions" onClick={() => void actions.onDownloadGptActions()}>
              GPT Actions (OpenAPI)
            </button>
          )}
          <button type="button" id="update-button" disabled={updating} onClick={() => (setUpdated(null), setUpdating(true))}>
            Update to a newer spec…
          </button>
          <button type="button" onClick={actions.showStart}>
            Open another…
          </button>
        </div>
      </header>
      {busy && (
        <p role="status" className="busy">
          {busy}
        </p>
      )}
      {worker}
      {updated && !updating && (
        <p role="status" className="notice">
          {updated}{' '}
          <button
            type="button"
            className="link"
            disabled={busy !== null}
            onClick={() => void actions.undoUpdate().then((undone) => setUpdated(undone ? null : updated))}
          >
            Undo the update
          </button>
        </p>
      )}
      {updating ? (
        <UpdateView
          summary={summary}
          busy={busy}
          onPrepare={actions.prepareUpdate}
          onApply={async (settled) => {
            const applied = await actions.applyUpdate(settled);
            if (applied.ok) {
              setUpdating(false);
              setUpdated('Updated to the newer spec: your edits are kept, and the skill as it was is kept as a draft of its own.');
              // The view pressed from is gone: the focus goes to the report of the skill as updated.
              focusAfterUpdate.current = REPORT_HEADING;
            }
            return applied;
          }}
          onCancel={() => {
            setUpdating(false);
            focusAfterUpdate.current = 'update-button';
          }}
          onSaveText={actions.saveRemovedText}
        />
      ) : (
        <>
      {summary.errors > 0 && <p className="notice">This skill has {summary.errors === 1 ? 'an error' : `${summary.errors} errors`}: it can be downloaded, but not published until every error is fixed.</p>}
      {summary.verdict.kind === 'spec' && (
        <p className="notice">
          Not publishable for the spec it came from, though its files pass every rule: {summary.verdict.spec.find((p) => p.severity === 'error')?.message}. It can be
          downloaded; the import report says what is missing.
        </p>
      )}
      <div className="panes">
        <FileList
          files={summary.files}
          selected={selected}
          specFiles={opened.specFiles}
          selectedSpec={spec?.path ?? null}
          removed={summary.removed}
          {...fileListActions}
        />
        {spec ? (
          <main className="main-pane report-pane" id="main-pane">
            <div className="file-bar">
              <h3>{spec.path}</h3>
              <span className="muted">the uploaded spec, read-only</span>
            </div>
            <CodeEditor
              ref={editor}
              label={`Spec file ${spec.path}`}
              stateKey={`spec:${spec.path}`}
              path={spec.path}
              documentKey={`spec:${spec.path}`}
              initialText={spec.text}
              problems={specMarks}
              readOnly
              states={editorStates!}
            />
            <section aria-label="Problems in this spec file">
              <ProblemList problems={specMarks} label={`Problems in ${spec.path}`} onSelect={(p) => p.line !== undefined && editor.current?.goToLine(p.line, p.column)} />
            </section>
          </main>
        ) : selected === null ? (
          <main className="main-pane report-pane" id="main-pane">
            {opened.report && (
              <RegenerateForm
                folder={summary.folder}
                report={opened.report}
                busy={busy !== null}
                onRegenerate={(options) => void actions.onRegenerate(options)}
              />
            )}
            <ReportView
              summary={summary}
              report={opened.report}
              specProblems={opened.specProblems}
              onOpenFile={(path) => void actions.openFile(path)}
              onOpenSpec={opened.specFiles.length > 0 ? (file, line) => void actions.openSpec(file, line) : undefined}
              onDownload={() => void actions.onDownloadReport()}
              onChooseFolder={(chosen) => void actions.onSpec({ chosen })}
              onWithoutUnresolved={actions.setWithoutUnresolved}
              operations={
                <OperationsView
                  summary={summary}
                  operations={state.operations}
                  onLoad={actions.loadOperations}
                  onView={actions.setOperationsView}
                  onOpen={(row) => {
                    // A removed file is not in the skill to open: its place in the spec is.
                    if (row.file !== undefined && !row.removed) void actions.openFile(row.file);
                    else if (row.location && opened.specFiles.length > 0) void actions.openSpec(row.location.file, row.location.line);
                  }}
                  onCurate={actions.curate}
                  onSafety={actions.markSafety}
                  tokens={fit.tokens}
                  targets={fit.targets}
                  limitTarget={fit.limitTarget}
                  onLimitTarget={fitActions.chooseLimitTarget}
                />
              }
            />
            <CompatSection
              fit={fit}
              errors={summary.errors}
              onToggle={(target) => void fitActions.toggleReasons(target)}
              onDownload={(target) => void fitActions.downloadTools(target)}
              onDismissDownload={fitActions.dismissDownload}
              onOpenFile={(path) => void actions.openFile(path)}
            />
          </main>
        ) : (
          <>
            <main className="main-pane editor-pane" id="main-pane">
              <div className="file-bar">
                <h3>{selected}</h3>
                <div className="actions">
                  {row?.edited && (
                    <button type="button" onClick={() => void actions.onRevert()}>
                      Revert to {summary.origin.kind === 'spec' ? 'generated' : 'imported'}
                    </button>
                  )}
                  {row?.kind === 'operation' && (
                    <button type="button" onClick={() => void removeFile()}>
                      Remove from the skill
                    </button>
                  )}
                  {!wrapsByDefault(selected) && (
                    <label className="check">
                      <input type="checkbox" checked={wrapJson} onChange={(e) => setWrapJson(e.target.checked)} /> Wrap long lines
                    </label>
                  )}
                </div>
              </div>
              {notice && (
                <p role="alert" className="notice">
                  {notice}
                </p>
              )}
              {file ? (
                <CodeEditor
                  ref={editor}
                  label={`Contents of ${file.path}`}
                  stateKey={`file:${file.path}`}
                  path={file.path}
                  documentKey={`${file.path}:${fileLoads}`}
                  initialText={file.text}
                  problems={fileProblems}
                  onChange={actions.onEdit}
                  wrap={wrapsByDefault(file.path) || wrapJson}
                  states={editorStates!}
                />
              ) : (
                <p className="muted">Loading…</p>
              )}
              <p className="muted hint">
                Tab indents by two spaces; Esc, then Tab, leaves the editor. Ctrl+F finds and replaces, Ctrl+Alt+G goes to a line, Ctrl+Shift+[ and ] fold and unfold.
              </p>
              <section aria-label="Problems in this file">
                {fileProblems.length === 0 ? (
                  <p className="ok">No problems in this file.</p>
                ) : (
                  <ProblemList problems={fileProblems} label={`Problems in ${selected}`} onSelect={(p) => p.line !== undefined && editor.current?.goToLine(p.line, p.column)} />
                )}
              </section>
            </main>
            <PreviewPane
              tab={panel}
              onTab={actions.setPanel}
              tool={tool}
              args={args}
              onArgs={(text) => void actions.onArgs(text)}
              baseUrl={callBaseUrl}
              onBaseUrl={(value) => void actions.onCallBaseUrl(value)}
              request={request}
              credentials={summary.credentials}
              tokens={toolTokenLine(fit.tokens, selected)}
              inBundle={exported?.path === selected ? exported.text : undefined}
              onRestoreFullSchema={opened?.summary.origin.kind === 'spec' ? () => void actions.onRestoreFullSchema() : undefined}
              model={fit.tokens?.model.id}
              secrets={callSecrets.skill === summary.folder ? callSecrets.values : {}}
              onSecrets={(values) => setCallSecrets({ skill: summary.folder, values })}
              onCheckAnswer={(status, body) => actions.checkAnswer(selected, status, body)}
              response={selected === null ? undefined : { path: selected, revision: summary, load: actions.loadResponse, onPick: actions.setPick }}
            />
          </>
        )}
      </div>
        </>
      )}
    </div>
  );
}
