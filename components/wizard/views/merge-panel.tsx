'use client';

import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { languageFor } from '../editor/language';
import { createEditorState, listen, loaded } from '../editor/setup';
import { editorTheme } from '../editor/theme';
import { conflictChunks, describeLines, DIFF_CONFIG, mergedText, type MergeSide } from './merge-choices';

/**
 * A file's conflicts as the person settles them: the merged text, whether every conflict is
 * settled, and the choices made and whether the text was edited by hand, so the file shows
 * them again when the person comes back to it.
 */
export interface MergeState {
  text: string;
  settled: boolean;
  choices: readonly (MergeSide | undefined)[];
  handEdited: boolean;
}

/** A read-only side of the side-by-side view, named for assistive technology. */
function side(path: string, doc: string, label: string) {
  return {
    doc,
    extensions: [
      lineNumbers(),
      languageFor(path, doc),
      editorTheme,
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      // tabindex: so a keyboard reaches and scrolls it (axe: scrollable-region-focusable).
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    ],
  };
}

/**
 * One file's conflicts (SPEC 9): the person's side and the newer spec's side by side
 * (`@codemirror/merge`, the differing lines highlighted), each conflict settled by a choice
 * (keep mine, take the newer) or by editing the merged text below, which is what applying
 * writes. A file counts as settled when every conflict has a choice, or its merged text was
 * edited by hand.
 */
export const MergePanel = memo(function MergePanel({
  path,
  mine,
  newer,
  where,
  onChange,
  review = false,
  state,
}: {
  path: string;
  mine: string;
  newer: string;
  where: readonly string[];
  onChange: (path: string, state: MergeState) => void;
  /** A two-way review: each difference is one to decide, not a conflict between two changes. */
  review?: boolean;
  /** The file as the person left it, to show again: read once, when the panel is drawn (choices made for many files at once draw it again). */
  state?: MergeState;
}) {
  const noun = review ? 'difference' : 'conflict';
  const Noun = review ? 'Difference' : 'Conflict';
  const chunks = useMemo(() => conflictChunks(mine, newer), [mine, newer]);
  const [choices, setChoices] = useState<readonly (MergeSide | undefined)[]>(() => state?.choices ?? chunks.map(() => undefined));
  const [handEdited, setHandEdited] = useState(state?.handEdited ?? false);
  // The merged text as left, for the editor made once the panel is drawn.
  const initialText = useRef(state?.text);
  const sideBySide = useRef<HTMLDivElement>(null);
  const mergedHost = useRef<HTMLDivElement>(null);
  const merged = useRef<EditorView | null>(null);
  const report = useRef(onChange);
  // Whether every conflict is settled, for the merged editor's listener (set after each render).
  const settledNow = useRef(false);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  const id = `merge-${path.replace(/[^\w-]/g, '-')}`;

  useEffect(() => {
    const view = new MergeView({ a: side(path, mine, `Yours: ${path}`), b: side(path, newer, `Newer spec: ${path}`), parent: sideBySide.current!, collapseUnchanged: { margin: 3, minSize: 6 }, gutter: true, diffConfig: DIFF_CONFIG });
    return () => view.destroy();
  }, [path, mine, newer]);

  const send = useCallback((next: MergeState) => report.current(path, next), [path]);
  // The choices for the listener of the merged editor, set after each render.
  const choicesNow = useRef(choices);
  const handNow = useRef(handEdited);
  useEffect(() => {
    choicesNow.current = choices;
    handNow.current = handEdited;
  });

  useEffect(() => {
    const view = new EditorView({ state: createEditorState({ path, text: initialText.current ?? mine, label: `Merged text of ${path}`, readOnly: false }), parent: mergedHost.current! });
    listen(view, (update) => {
      if (!update.docChanged) return;
      const text = update.state.doc.toString();
      const byHand = !update.transactions.every((t) => t.annotation(loaded));
      if (byHand) setHandEdited(true);
      send({ text, settled: byHand || settledNow.current, choices: choicesNow.current, handEdited: byHand || handNow.current });
    });
    merged.current = view;
    return () => {
      merged.current = null;
      view.destroy();
    };
  }, [path, mine, send]);

  const allChosen = choices.every((c) => c !== undefined);
  useEffect(() => {
    settledNow.current = allChosen || handEdited;
    const view = merged.current;
    send({ text: view ? view.state.doc.toString() : mine, settled: allChosen || handEdited, choices, handEdited });
  }, [allChosen, choices, handEdited, mine, send]);

  /** The choices made, the merged text rebuilt from them (one undoable change in the merged editor). */
  const choose = (next: readonly (MergeSide | undefined)[]) => {
    setChoices(next);
    setHandEdited(false);
    const view = merged.current;
    if (!view) return;
    const text = mergedText(mine, newer, chunks, next);
    if (text !== view.state.doc.toString()) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: loaded.of(true) });
  };

  const left = chunks.length - choices.filter((c) => c !== undefined).length;
  return (
    <section className="merge" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>
        <code>{path}</code>: {chunks.length === 1 ? `one ${noun}` : `${chunks.length} ${noun}s`}
      </h4>
      <p className="muted">
        {review
          ? 'Your text and the newer spec’s generation differ here: your edits, or the newer spec’s changes. Keep yours, take the newer spec’s, or edit the merged text.'
          : `You and the newer spec changed the same ${where.length === 1 ? 'place' : 'places'} (${where.join(', ')}). Keep yours, take the newer spec’s, or edit the merged text.`}
      </p>
      <div className="merge-heads" aria-hidden="true">
        <span>Yours</span>
        <span>Newer spec</span>
      </div>
      <div className="merge-sides" ref={sideBySide} />
      <ol className="merge-choices">
        {chunks.map((c, i) => (
          <li key={`${c.fromA}-${c.fromB}`}>
            <fieldset>
              <legend>
                {Noun} {i + 1}: your {describeLines(c.linesA)}, the newer spec&apos;s {describeLines(c.linesB)}
              </legend>
              {(['mine', 'newer'] as const).map((s) => (
                <label key={s} className="check">
                  <input type="radio" name={`${id}-${i}`} checked={choices[i] === s} onChange={() => choose(choices.map((x, j) => (j === i ? s : x)))} />
                  {s === 'mine' ? 'Keep mine' : 'Take the newer spec’s'}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" onClick={() => choose(chunks.map(() => 'mine'))}>
          Keep all mine<span className="visually-hidden"> in {path}</span>
        </button>
        <button type="button" onClick={() => choose(chunks.map(() => 'newer'))}>
          Take all the newer spec&apos;s<span className="visually-hidden"> in {path}</span>
        </button>
      </div>
      <h5 className="merge-label">Merged text (what applying writes)</h5>
      <div className="code-editor merge-result" ref={mergedHost} />
      <p className={allChosen || handEdited ? 'ok' : 'muted'} role="status">
        {handEdited
          ? 'Settled by your edit of the merged text.'
          : left === 0
            ? review
              ? 'Every difference decided.'
              : 'Every conflict settled.'
            : `${left === 1 ? `One ${noun}` : `${left} ${noun}s`} to ${review ? 'decide' : 'settle'}.`}
      </p>
    </section>
  );
});
