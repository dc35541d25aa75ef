import { defaultKeymap, history, historyKeymap, indentLess, indentMore } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput, indentUnit } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Annotation, EditorState, type Extension } from '@codemirror/state';
import {
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  tooltips,
  type Command,
  type ViewUpdate,
} from '@codemirror/view';
import { INVISIBLE_CANDIDATES } from '../../../lib/core/invisible';
import { inlineMessages } from './inline-messages';
import { languageFor } from './language';
import { keepLineEndings, lineSeparatorOf } from './line-endings';
import { editorTheme } from './theme';

/**
 * Characters the editor marks (a red dot, named on hover) besides CodeMirror's own: every
 * character that may be invisible (tag characters, bidi controls, zero-width ones; decision
 * 0061), so text a model would read is never text the person editing cannot see.
 */
export const EDITOR_SPECIAL_CHARS = INVISIBLE_CANDIDATES;

/** Marks a change that loads the file's text from the worker (a revert, a refused edit): not the user's edit, so not sent back. */
export const loaded = Annotation.define<true>();

/**
 * Tab puts two spaces at the cursor (YAML's indent), or indents the selected lines; Shift-Tab
 * takes an indent off. Escape, then Tab within two seconds, leaves the editor instead
 * (CodeMirror's own "tab focus mode"); in a read-only file Tab always moves on.
 */
const tabIndents: Command = (view) => {
  if (view.state.readOnly) return false;
  if (view.state.selection.ranges.some((r) => !r.empty)) return indentMore(view);
  view.dispatch(view.state.update(view.state.replaceSelection('  '), { scrollIntoView: true, userEvent: 'input.indent' }));
  return true;
};

/**
 * Who hears a view's updates. A state outlives the view it was shown in (it is kept per file,
 * with its undo history), so its listener looks the view's owner up here instead of holding it.
 */
const listeners = new WeakMap<EditorView, (update: ViewUpdate) => void>();

export function listen(view: EditorView, listener: (update: ViewUpdate) => void): void {
  listeners.set(view, listener);
}

/**
 * A new editor state for a file: highlighting by its name, its line endings kept, its own
 * undo history, line numbers, folding, find and replace (Ctrl-F), go to line (Ctrl-Alt-G),
 * the rule problems as diagnostics (underlined, in the gutter and written at the line's end),
 * and `label` as the text box's accessible name.
 */
export function createEditorState({ path, text, label, readOnly }: { path: string; text: string; label: string; readOnly: boolean }): EditorState {
  const extensions: Extension[] = [
    keepLineEndings(lineSeparatorOf(text)),
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    highlightSpecialChars({ addSpecialChars: EDITOR_SPECIAL_CHARS }),
    history(),
    // The browser's own caret and selection (coloured by the theme), not CodeMirror's
    // drawSelection: with one selection (multiple selections are not enabled) it shows the same
    // thing, and drawing it costs the page's main thread on every keystroke, most of it
    // restarting the drawn cursor's blink animation (docs/decisions/0035-the-editor.md).
    dropCursor(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    // The editor's box is a layout boundary (`contain: size layout` on .code-editor, so a key
    // typed lays out the editor alone, not the page around it); that would also make it the box
    // fixed-position descendants are placed in, and its `overflow: hidden` would cut a problem's
    // tooltip off at the editor's edge. The tooltips are put in the page's body instead.
    typeof document === 'undefined' ? [] : tooltips({ parent: document.body }),
    languageFor(path, text),
    editorTheme,
    inlineMessages(),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    EditorState.readOnly.of(readOnly),
    // tabindex: a contenteditable is focusable anyway, but axe counts only what says so (scrollable-region-focusable).
    EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    keymap.of([{ key: 'Tab', run: tabIndents, shift: indentLess }, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap]),
    EditorView.updateListener.of((update) => listeners.get(update.view)?.(update)),
  ];
  return EditorState.create({ doc: text, extensions });
}
