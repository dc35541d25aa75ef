'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { HttpRequest } from '../../lib/call';
import type { Problem } from '../../lib/core/problem';
import type { Result } from '../../lib/core/result';
import type { SessionSummary, ToolPreview as ToolPreviewData } from '../../lib/wizard/session';
import type { FileView, Opened, WizardReply } from '../../lib/wizard/service';
import { fetchSpec, readChosenFiles, saveBytes } from './browser-files';
import { parseSpecUrl, type UploadEntry } from '../../lib/openapi/upload';
import { CodeEditor, type CodeEditorHandle } from './code-editor';
import { FileList } from './file-list';
import { ProblemList } from './problem-list';
import { ReportView } from './report-view';
import { PreviewPane, type PreviewTab } from './preview-pane';
import { RegenerateForm } from './regenerate-form';
import { SavedSkill } from './saved-skill';
import { StartPanel, type SpecChoice } from './start-panel';
import { useWizardWorker } from './use-wizard-worker';
import type { SavedInfo } from './saved-session';
import type { StorageReply } from './worker-protocol';

const SAMPLE = { url: '/samples/hollowbrook.openapi.yaml', name: 'hollowbrook.openapi.yaml' };

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function replyProblem(reply: WizardReply, file: string): Problem[] {
  return reply.type === 'error' ? [{ ruleId: 'wizard', severity: 'error', message: reply.message, file }] : [];
}

/**
 * The wizard: upload a spec (or open a bundle), read the import report, review and edit
 * every file with the publish rules re-checked on each keystroke, see each tool as a model
 * gets it and the request a call sends, and download the bundle. All work on the spec and
 * the skill happens in the worker; this component only shows what it answers.
 */
export function Wizard() {
  const send = useWizardWorker();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [summary, setSummary] = useState<SessionSummary | null>(null);
  const [starting, setStarting] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [uploadProblems, setUploadProblems] = useState<Problem[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [spec, setSpec] = useState<{ path: string; text: string; line?: number; opens: number } | null>(null);
  const [file, setFile] = useState<FileView | null>(null);
  const [draft, setDraft] = useState('');
  const [fileLoads, setFileLoads] = useState(0);
  const [panel, setPanel] = useState<PreviewTab>('tool');
  const [exported, setExported] = useState<{ path: string; text: string | undefined } | undefined>();
  const [tool, setTool] = useState<ToolPreviewData | undefined>();
  const [args, setArgs] = useState('{}');
  const [request, setRequest] = useState<Result<HttpRequest> | undefined>();
  const [withTools, setWithTools] = useState(false);
  const editor = useRef<CodeEditorHandle>(null);
  const current = useRef<string | null>(null);

  const edited = summary?.files.filter((f) => f.edited).length ?? 0;
  const [saved, setSaved] = useState<SavedInfo | undefined>();

  useEffect(() => {
    void send({ type: 'saved' }).then((reply) => {
      if (reply.type === 'saved') setSaved(reply.info);
    });
  }, [send]);

  useEffect(() => {
    if (edited === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [edited]);

  const confirmReplace = () =>
    edited === 0 || window.confirm(`Replace the open skill? Your edits to ${edited} ${edited === 1 ? 'file' : 'files'} are not in a downloaded bundle yet.`);

  const showOpened = (reply: WizardReply | StorageReply, name: string) => {
    if (reply.type !== 'opened') {
      setUploadProblems(reply.type === 'error' ? replyProblem(reply, name) : []);
      return;
    }
    if (!reply.result.ok) {
      setUploadProblems(reply.result.problems);
      return;
    }
    setUploadProblems([]);
    setOpened(reply.result.value);
    setSummary(reply.result.value.summary);
    setSelected(null);
    setSpec(null);
    current.current = null;
    setFile(null);
    setStarting(false);
  };

  /** Bytes read from the user's files, from an address or from the sample, to convert; or the problems that stopped the reading. */
  const convert = async (name: string, read: { entries: UploadEntry[]; problems: Problem[] }, kind: 'files' | 'folder', options: { name?: string; baseUrl?: string }) => {
    const { entries } = read;
    if (entries.length === 0) {
      setBusy(null);
      setUploadProblems(read.problems);
      return;
    }
    setBusy(`Converting ${name}…`);
    try {
      const reply = await send({ type: 'convert', upload: { name, kind, entries }, options }, entries.map((e) => e.bytes.buffer as ArrayBuffer));
      showOpened(reply, name);
    } finally {
      setBusy(null);
    }
  };

  const onSpec = async (choice: SpecChoice) => {
    if (!confirmReplace()) return;
    const { name, kind } = choice.chosen;
    setBusy(`Reading ${name}…`);
    await convert(name, await readChosenFiles(choice.chosen), kind, { name: choice.name, baseUrl: choice.baseUrl });
  };

  const onSample = async (options: { name?: string; baseUrl?: string }) => {
    if (!confirmReplace()) return;
    setBusy('Fetching the sample spec…');
    const response = await fetch(SAMPLE.url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    await convert(SAMPLE.name, { entries: [{ path: SAMPLE.name, bytes }], problems: [] }, 'files', options);
  };

  const onUrl = async (text: string, options: { name?: string; baseUrl?: string }) => {
    const parsed = parseSpecUrl(text);
    if (!parsed.ok) {
      setUploadProblems(parsed.problems);
      return;
    }
    if (!confirmReplace()) return;
    setBusy(`Fetching ${parsed.value.url}…`);
    await convert(parsed.value.fileName, await fetchSpec(parsed.value.url, parsed.value.fileName), 'files', options);
  };

  const onResume = async () => {
    setBusy('Opening the saved skill…');
    try {
      showOpened(await send({ type: 'resume' }), saved?.folder ?? '');
    } finally {
      setBusy(null);
    }
  };

  const onDiscard = async () => {
    if (!window.confirm(`Delete the copy of ${saved?.folder} kept in this browser?`)) return;
    await send({ type: 'discard' });
    setSaved(undefined);
  };

  const onBundle = async (bundle: File) => {
    if (!confirmReplace()) return;
    setBusy(`Opening ${bundle.name}…`);
    try {
      const bytes = new Uint8Array(await bundle.arrayBuffer());
      showOpened(await send({ type: 'open-bundle', name: bundle.name, bytes }, [bytes.buffer as ArrayBuffer]), bundle.name);
    } finally {
      setBusy(null);
    }
  };

  const refreshCall = useCallback(
    async (path: string, text: string) => {
      const reply = await send({ type: 'call', path, args: text });
      if (reply.type === 'call' && current.current === path) setRequest(reply.request);
    },
    [send],
  );

  const openFile = async (path: string | null) => {
    await flushEdits();
    current.current = path;
    setSelected(path);
    setSpec(null);
    if (path === null) {
      setFile(null);
      return;
    }
    const reply = await send({ type: 'file', path });
    if (reply.type !== 'file' || !reply.file || current.current !== path) return;
    setFile(reply.file);
    setFileLoads((n) => n + 1);
    setDraft(reply.file.text);
    setTool(reply.file.tool);
    const start = reply.file.exampleArgs ?? '{}';
    setArgs(start);
    argsRef.current = start;
    setRequest(undefined);
    if (reply.file.tool.ok) void refreshCall(path, start);
  };

  // Edits are sent one at a time, the latest text winning: typing in a 750 KB types.json
  // (every tool re-checked on each change) stays as quick as the textarea itself.
  const queuedEdit = useRef<{ path: string; text: string } | null>(null);
  const flushing = useRef<Promise<void> | null>(null);
  const argsRef = useRef('{}');

  const flushEdits = (): Promise<void> => {
    flushing.current ??= (async () => {
      while (queuedEdit.current) {
        const { path, text } = queuedEdit.current;
        queuedEdit.current = null;
        const reply = await send({ type: 'edit', path, text });
        if (reply.type === 'summary') setSummary(reply.summary);
        if (queuedEdit.current || current.current !== path) continue;
        const preview = await send({ type: 'tool', path });
        if (preview.type === 'tool' && current.current === path) setTool(preview.tool);
        if (preview.type === 'tool' && preview.tool.ok) void refreshCall(path, argsRef.current);
      }
    })().finally(() => {
      flushing.current = null;
    });
    return flushing.current;
  };

  const onEdit = (text: string) => {
    const path = current.current;
    if (path === null) return;
    setDraft(text);
    queuedEdit.current = { path, text };
    void flushEdits();
  };

  const openSpec = async (path: string, line?: number) => {
    await flushEdits();
    const reply = await send({ type: 'spec-file', path });
    if (reply.type !== 'spec-file' || reply.text === undefined) return;
    const text = reply.text;
    if (spec?.path !== path && text.length > 1_000_000) {
      // A browser takes seconds to lay out a multi-megabyte textarea: say so before it starts.
      setBusy(`Opening ${path} (${(text.length / 1_000_000).toFixed(1)} MB)…`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    current.current = null;
    setSelected(null);
    setSpec((previous) => ({ path, text, line, opens: (previous?.opens ?? 0) + 1 }));
    setBusy(null);
  };

  useEffect(() => {
    if (spec?.line !== undefined) editor.current?.goToLine(spec.line);
  }, [spec]);

  // "In the bundle" follows every edit while it is shown.
  useEffect(() => {
    if (panel !== 'bundle' || selected === null) return;
    let live = true;
    void send({ type: 'exported', path: selected }).then((reply) => {
      if (live && reply.type === 'exported') setExported({ path: reply.path, text: reply.text });
    });
    return () => {
      live = false;
    };
  }, [panel, selected, summary, send]);

  /** A change to the open file's place in the skill (revert, remove, put back), then the file to show. */
  const changeFile = async (request: { type: 'revert' | 'remove' | 'put-back'; path: string }, show: string | null) => {
    await flushEdits();
    const reply = await send(request);
    if (reply.type === 'summary') setSummary(reply.summary);
    await openFile(show);
  };

  const onRevert = () => current.current !== null && void changeFile({ type: 'revert', path: current.current }, current.current);
  const onRemove = () => current.current !== null && void changeFile({ type: 'remove', path: current.current }, null);
  const onPutBack = (path: string) => void changeFile({ type: 'put-back', path }, path);

  const onArgs = (text: string) => {
    setArgs(text);
    argsRef.current = text;
    if (current.current) void refreshCall(current.current, text);
  };

  const onDownload = async () => {
    await flushEdits();
    const reply = await send({ type: 'export', tools: withTools });
    if (reply.type === 'export') saveBytes(reply.bytes, `${reply.folder}.zip`);
  };

  const onRegenerate = async (options: { name: string; baseUrl: string }) => {
    if (!confirmReplace()) return;
    setBusy('Generating again…');
    try {
      showOpened(await send({ type: 'regenerate', options }), opened?.summary.origin.name ?? '');
    } finally {
      setBusy(null);
    }
  };

  if (starting || !summary || !opened) {
    return (
      <>
        {summary && (
          <p>
            <button type="button" className="link" onClick={() => setStarting(false)}>
              Back to {summary.folder}
            </button>
          </p>
        )}
        {!summary && saved && <SavedSkill saved={saved} busy={busy !== null} onResume={onResume} onDiscard={onDiscard} />}
        <StartPanel busy={busy} problems={uploadProblems} onSpec={onSpec} onSample={onSample} onBundle={onBundle} onUrl={onUrl} />
      </>
    );
  }

  const fileProblems = selected ? summary.problems.filter((p) => p.file === selected) : [];
  const specMarks = spec ? [...opened.specProblems, ...(opened.report?.warnings ?? [])].filter((p) => p.file === spec.path) : [];
  const row = summary.files.find((f) => f.path === selected);

  return (
    <div className="workspace">
      <header className="skill-bar">
        <div>
          <h2>
            <code>{summary.folder}</code>
          </h2>
          <p className="counts" aria-label="Skill status">
            {[count(summary.files.length, 'file'), count(summary.tools, 'tool'), count(summary.errors, 'error'), count(summary.warnings, 'warning'), ...(edited > 0 ? [`${edited} edited`] : [])].join(' · ')}
          </p>
        </div>
        <div className="actions">
          <label className="check">
            <input type="checkbox" checked={withTools} onChange={(e) => setWithTools(e.target.checked)} /> include tools.json
          </label>
          <button type="button" className="primary" onClick={onDownload}>
            Download bundle
          </button>
          <button type="button" onClick={() => setStarting(true)}>
            Open another…
          </button>
        </div>
      </header>
      {busy && (
        <p role="status" className="busy">
          {busy}
        </p>
      )}
      {summary.errors > 0 && <p className="notice">This skill has {summary.errors === 1 ? 'an error' : `${summary.errors} errors`}: it can be downloaded, but not published until every error is fixed.</p>}
      <div className="panes">
        <FileList
          files={summary.files}
          selected={selected}
          onSelect={openFile}
          specFiles={opened.specFiles}
          selectedSpec={spec?.path ?? null}
          onSelectSpec={(path) => void openSpec(path)}
          removed={summary.removed}
          onPutBack={onPutBack}
        />
        {spec ? (
          <main className="main-pane report-pane">
            <div className="file-bar">
              <h3>{spec.path}</h3>
              <span className="muted">the uploaded spec, read-only</span>
            </div>
            <CodeEditor
              ref={editor}
              label={`Spec file ${spec.path}`}
              documentKey={`spec:${spec.path}`}
              initialText={spec.text}
              text={spec.text}
              problems={specMarks}
              readOnly
            />
            <section aria-label="Problems in this spec file">
              <ProblemList problems={specMarks} label={`Problems in ${spec.path}`} onSelect={(p) => p.line !== undefined && editor.current?.goToLine(p.line, p.column)} />
            </section>
          </main>
        ) : selected === null ? (
          <main className="main-pane report-pane">
            {opened.report && (
              <RegenerateForm
                folder={summary.folder}
                relativeServer={opened.report.warnings.some((w) => w.ruleId === 'relative-server')}
                busy={busy !== null}
                onRegenerate={(options) => void onRegenerate(options)}
              />
            )}
            <ReportView
              summary={summary}
              report={opened.report}
              specProblems={opened.specProblems}
              onOpenFile={openFile}
              onOpenSpec={opened.specFiles.length > 0 ? (file, line) => void openSpec(file, line) : undefined}
            />
          </main>
        ) : (
          <>
            <main className="main-pane editor-pane">
              <div className="file-bar">
                <h3>{selected}</h3>
                <div className="actions">
                  {row?.edited && (
                    <button type="button" onClick={onRevert}>
                      Revert to {summary.origin.kind === 'spec' ? 'generated' : 'imported'}
                    </button>
                  )}
                  {row?.kind === 'operation' && (
                    <button type="button" onClick={onRemove}>
                      Remove from the skill
                    </button>
                  )}
                </div>
              </div>
              {file ? (
                <CodeEditor
                  ref={editor}
                  label={`Contents of ${selected}`}
                  documentKey={`${file.path}:${fileLoads}`}
                  initialText={file.text}
                  text={draft}
                  problems={fileProblems}
                  onChange={onEdit}
                />
              ) : (
                <p className="muted">Loading…</p>
              )}
              <p className="muted hint">Tab indents by two spaces; Esc, then Tab, leaves the editor.</p>
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
              onTab={setPanel}
              tool={tool}
              args={args}
              onArgs={onArgs}
              request={request}
              inBundle={exported?.path === selected ? exported.text : undefined}
            />
          </>
        )}
      </div>
    </div>
  );
}
