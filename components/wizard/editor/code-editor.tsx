'use client';

import { setDiagnostics } from '@codemirror/lint';
import { foldedRanges, unfoldEffect } from '@codemirror/language';
import type { EditorState, StateEffect } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import type { Problem } from '../../../lib/core/problem';
import { problemsToDiagnostics, sameProblems } from './diagnostics';
import type { EditorStates } from './editor-states';
import { lineSeparatorOf } from './line-endings';
import { createEditorState, isWrapping, listen, loaded, setWrapping } from './setup';

export interface CodeEditorHandle {
  /** Put the cursor on a line (1-based), at a column if given, and scroll it into view. */
  goToLine(line: number, column?: number): void;
  /** Put the keyboard focus in the text, where its cursor is. */
  focus(): void;
}

interface CodeEditorProps {
  label: string;
  /** Names the file among the open skill's (and the spec's): its editor state and undo history are kept under it. */
  stateKey: string;
  /** The file's path, for its highlighting. */
  path: string;
  /** Changes when a text is loaded (another file, or this one reverted or refused): the editor shows `initialText`. */
  documentKey: string;
  initialText: string;
  problems: readonly Problem[];
  /**
   * After each change the user makes: the whole text, line endings as the file has them, read
   * when asked for (Kubernetes' types.json is 750 KB: joining it on every keystroke cost a
   * millisecond and as much garbage, and the page needs it only when it sends an edit).
   */
  onChange?: (text: () => string) => void;
  /** Shown, not edited (the uploaded spec). */
  readOnly?: boolean;
  /** Whether long lines wrap; by default they do but in JSON (`wrapsByDefault`). */
  wrap?: boolean;
  states: EditorStates;
}

/**
 * The file editor: CodeMirror 6 over the file's text, byte for byte (its line endings kept),
 * with highlighting, folding, find and replace, go to line and the rule problems as
 * diagnostics. Nothing is rendered from the text: CodeMirror lays it out as text nodes, and
 * a problem's message is text too (BAD-INPUT 17).
 *
 * The React component only places the editor: CodeMirror owns its DOM and is never
 * re-rendered by React while one types (a controlled text would be re-rendered whole on every
 * keystroke, which a large file cannot afford).
 * Each file's state is kept in `states` when another is shown, so its undo history and its
 * selection are there when one comes back to it.
 */
export const CodeEditor = forwardRef<CodeEditorHandle, CodeEditorProps>(function CodeEditor(
  { label, stateKey, path, documentKey, initialText, problems, onChange, readOnly = false, wrap, states },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const shown = useRef<{ key: string; states: EditorStates } | null>(null);
  const applied = useRef<readonly Problem[] | null>(null);
  const loadedKey = useRef<string | null>(null);
  const latestOnChange = useRef(onChange);

  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  useLayoutEffect(() => {
    const v = new EditorView({ parent: host.current! });
    listen(v, (update) => {
      const at = shown.current;
      if (!at || update.transactions.length === 0) return;
      at.states.put(at.key, update.state);
      if (update.docChanged && update.transactions.some((tr) => tr.docChanged && !tr.annotation(loaded))) {
        const { state } = update;
        let text: string | undefined;
        latestOnChange.current?.(() => (text ??= state.sliceDoc()));
      }
    });
    view.current = v;
    return () => {
      const at = shown.current;
      if (at) at.states.leave(at.key, v.scrollSnapshot());
      shown.current = null;
      view.current = null;
      v.destroy();
    };
  }, []);

  // A text loaded: the file's kept state when it holds that text; the kept state with the
  // text put in (undoably) when the worker sent another; a new state for a file not shown yet.
  useLayoutEffect(() => {
    const v = view.current!;
    const before = shown.current;
    if (before?.key === stateKey && before.states !== states && loadedKey.current === documentKey) {
      // The same text, kept in a new store (the skill was given to a new worker after the
      // last one hung): the editor goes on as it is, what was typed and its history with it.
      states.put(stateKey, v.state);
      shown.current = { key: stateKey, states };
      return;
    }
    loadedKey.current = documentKey;
    if (before) before.states.leave(before.key, v.scrollSnapshot());
    const kept = states.get(stateKey);
    let state: EditorState;
    let scroll: StateEffect<unknown> | undefined;
    if (kept && kept.state.sliceDoc() === initialText) {
      state = kept.state;
      scroll = kept.scroll;
    } else if (kept && kept.state.lineBreak === lineSeparatorOf(initialText)) {
      const doc = kept.state.doc;
      state = kept.state.update({ changes: { from: 0, to: doc.length, insert: kept.state.toText(initialText) }, annotations: loaded.of(true) }).state;
    } else {
      state = createEditorState({ path, text: initialText, label, readOnly });
    }
    shown.current = null;
    v.setState(state);
    states.put(stateKey, state);
    shown.current = { key: stateKey, states };
    if (scroll) v.dispatch({ effects: scroll });
    applied.current = null;
    // Only a new text: the rest of the props belong to the file it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documentKey, stateKey, states]);

  useLayoutEffect(() => {
    const v = view.current!;
    if (wrap !== undefined && isWrapping(v.state) !== wrap) v.dispatch({ effects: setWrapping(wrap) });
  }, [wrap, documentKey, stateKey, states]);

  useLayoutEffect(() => {
    const v = view.current!;
    if (applied.current && sameProblems(applied.current, problems)) return;
    applied.current = problems;
    v.dispatch(setDiagnostics(v.state, problemsToDiagnostics(v.state.doc, problems)));
  }, [problems, documentKey, stateKey, states]);

  useImperativeHandle(ref, () => ({
    goToLine(line, column = 1) {
      const v = view.current;
      if (!v) return;
      const doc = v.state.doc;
      const target = doc.line(Math.min(Math.max(1, line), doc.lines));
      const pos = target.from + Math.min(target.length, Math.max(0, column - 1));
      const folds: StateEffect<unknown>[] = [];
      foldedRanges(v.state).between(pos, pos, (from, to) => void folds.push(unfoldEffect.of({ from, to })));
      v.dispatch({ selection: { anchor: pos }, effects: [...folds, EditorView.scrollIntoView(pos, { y: 'center' })] });
      v.focus();
    },
    focus() {
      view.current?.focus();
    },
  }));

  return <div className="code-editor" ref={host} />;
});
