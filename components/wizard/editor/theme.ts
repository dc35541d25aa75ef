import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

/**
 * The editor's look, in the page's CSS variables (app/globals.css), so the light and dark
 * themes (`prefers-color-scheme`) are one set of rules: every colour there is chosen for
 * WCAG AA contrast on the editor's background, and the active line's.
 */
const look = EditorView.theme({
  '&': { height: '100%', color: 'var(--fg)', backgroundColor: 'var(--panel)', fontSize: '13px' },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '20px' },
  '.cm-content': { caretColor: 'var(--fg)', padding: '8px 0' },
  '.cm-dropCursor': { borderLeftColor: 'var(--fg)' },
  // The browser's selection (setup.ts leaves out drawSelection).
  '.cm-content ::selection': { backgroundColor: 'var(--cm-selection)' },
  '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-gutters': { backgroundColor: 'var(--cm-gutter)', color: 'var(--muted)', borderRight: '1px solid var(--line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)', color: 'var(--fg)' },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 0.5rem 0 0.75rem' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--cm-gutter)', border: '1px solid var(--line)', color: 'var(--fg)', padding: '0 0.4em' },
  '.cm-foldGutter .cm-gutterElement': { cursor: 'pointer', padding: '0 0.25rem' },
  '.cm-searchMatch': { backgroundColor: 'var(--cm-match)', outline: '1px solid var(--warning)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--cm-match-current)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--cm-selection-match)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--cm-bracket)', outline: '1px solid var(--line)' },
  '.cm-panels': { backgroundColor: 'var(--cm-gutter)', color: 'var(--fg)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--line)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--line)' },
  '.cm-panel input, .cm-panel button, .cm-panel label': { fontSize: '13px' },
  '.cm-textfield': { backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--line)', borderRadius: '4px' },
  '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--line)', borderRadius: '4px' },
  '.cm-panel.cm-search [name=close]': { color: 'var(--fg)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--line)' },
  '.cm-tooltip-lint .cm-diagnostic': { color: 'var(--fg)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--error)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--warning)' },
  '.cm-diagnosticSource': { color: 'var(--muted)', opacity: '1' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--error)', textUnderlineOffset: '3px' },
  '.cm-lintRange-warning': { backgroundImage: 'none', textDecoration: 'underline wavy var(--warning)', textUnderlineOffset: '3px' },
  '.cm-inline-message': { marginLeft: '2ch', padding: '0 0.4rem', borderRadius: '3px', fontFamily: 'system-ui, sans-serif', fontSize: '12px' },
  '.cm-inline-message-error': { color: 'var(--error)', backgroundColor: 'var(--error-bg)' },
  '.cm-inline-message-warning': { color: 'var(--warning)', backgroundColor: 'var(--warning-bg)' },
  '.cm-specialChar': { color: 'var(--error)' },
});

const highlight = HighlightStyle.define([
  { tag: [t.propertyName, t.definition(t.propertyName)], color: 'var(--syn-key)' },
  { tag: [t.string, t.special(t.string)], color: 'var(--syn-string)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--syn-constant)' },
  { tag: [t.keyword, t.typeName, t.labelName], color: 'var(--syn-keyword)' },
  { tag: [t.meta, t.processingInstruction, t.contentSeparator], color: 'var(--syn-meta)' },
  { tag: [t.comment, t.lineComment], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [t.heading1, t.heading2, t.heading3, t.heading4, t.heading5, t.heading6], color: 'var(--syn-heading)', fontWeight: '700' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strong, fontWeight: '700' },
  { tag: [t.link, t.url], color: 'var(--syn-link)', textDecoration: 'underline' },
  { tag: t.monospace, color: 'var(--syn-code)' },
  { tag: t.quote, color: 'var(--muted)' },
]);

export const editorTheme: Extension = [look, syntaxHighlighting(highlight)];
