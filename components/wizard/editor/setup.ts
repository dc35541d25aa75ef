import { defaultKeymap, history, historyKeymap, indentLess, indentMore } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput, indentUnit } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
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
import { inlineMessages } from './inline-messages';
import { languageFor } from './language';
import { keepLineEndings, lineSeparatorOf } from './line-endings';
import { editorTheme } from './theme';

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

/** Whether long lines wrap: reconfigured in place when the person turns it on or off (`setWrapping`). */
const wrapping = new Compartment();

/** Long lines wrap by default, but in JSON, where a line is rarely prose and indentation shows the structure. */
export function wrapsByDefault(path: string): boolean {
  return !path.toLowerCase().endsWith('.json');
}

/** Whether a state wraps its long lines. */
export function isWrapping(state: EditorState): boolean {
  return wrapping.get(state) === EditorView.lineWrapping;
}

/** The effect that turns wrapping on or off in a state. */
export function setWrapping(wrap: boolean) {
  return wrapping.reconfigure(wrap ? EditorView.lineWrapping : []);
}

/**
 * Enter inside a block scalar of the frontmatter (`schema: |`, `returns: |`: JSON in YAML)
 * starts the new line at the indentation of the line it breaks, one level more after an
 * opening `{` or `[`. The YAML grammar sees the block as one string and would start the line
 * at the key's indentation, out of the block. Anywhere else, Enter is CodeMirror's own.
 */
export const enterKeepsBlockIndent: Command = (view) => {
  const { state } = view;
  if (state.readOnly || state.selection.ranges.length !== 1) return false;
  const range = state.selection.main;
  const line = state.doc.lineAt(range.from);
  if (!inFrontmatter(state, line.number) || !inBlockScalar(state, line.number)) return false;
  const indent = /^[ \t]*/.exec(line.text)![0];
  const before = line.text.slice(0, range.from - line.from).trimEnd();
  const more = before.endsWith('{') || before.endsWith('[') ? '  ' : '';
  const insert = state.lineBreak + indent + more;
  view.dispatch(state.update({ changes: { from: range.from, to: range.to, insert }, selection: { anchor: range.from + insert.length }, scrollIntoView: true, userEvent: 'input' }));
  return true;
};

/** Whether a line is within the frontmatter: after a first line `---`, before the `---` that closes it. */
function inFrontmatter(state: EditorState, lineNumber: number): boolean {
  const doc = state.doc;
  if (doc.lines < 2 || doc.line(1).text.trimEnd() !== '---' || lineNumber < 2) return false;
  for (let n = 2; n <= Math.min(lineNumber, doc.lines); n++) if (n < lineNumber && doc.line(n).text.trimEnd() === '---') return false;
  return doc.line(lineNumber).text.trimEnd() !== '---';
}

/**
 * Whether a line is inside a block scalar: going up, each line indented less than every one
 * passed is a parent; the line is in a block when one of them opens one (`key: |`, `key: >-`).
 */
function inBlockScalar(state: EditorState, lineNumber: number): boolean {
  const indentOf = (text: string) => /^ */.exec(text)![0].length;
  const text = state.doc.line(lineNumber).text;
  if (text.trim() === '') return false;
  let least = indentOf(text);
  for (let n = lineNumber - 1; n >= 2 && least > 0; n--) {
    const above = state.doc.line(n).text;
    if (above.trim() === '' || indentOf(above) >= least) continue;
    if (/:\s*[|>][-+0-9]*\s*$/.test(above)) return true;
    least = indentOf(above);
  }
  return false;
}

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
 * long lines wrapped (`wrap`, by default but in JSON), and `label` as the text box's
 * accessible name.
 */
export function createEditorState({ path, text, label, readOnly, wrap = wrapsByDefault(path) }: { path: string; text: string; label: string; readOnly: boolean; wrap?: boolean }): EditorState {
  const extensions: Extension[] = [
    keepLineEndings(lineSeparatorOf(text)),
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    highlightSpecialChars(),
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
    wrapping.of(wrap ? EditorView.lineWrapping : []),
    editorTheme,
    inlineMessages(),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    EditorState.readOnly.of(readOnly),
    // tabindex: a contenteditable is focusable anyway, but axe counts only what says so (scrollable-region-focusable).
    EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    keymap.of([{ key: 'Tab', run: tabIndents, shift: indentLess }, { key: 'Enter', run: enterKeepsBlockIndent }, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap]),
    EditorView.updateListener.of((update) => listeners.get(update.view)?.(update)),
  ];
  return EditorState.create({ doc: text, extensions });
}
