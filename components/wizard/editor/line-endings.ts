import { EditorState, Text, Transaction, type Extension } from '@codemirror/state';

export type LineSeparator = '\n' | '\r\n' | '\r';

const BREAK = /\r\n|\r|\n/;

/**
 * The line separator a file is written with: CRLF or CR when every line break in it is one,
 * LF otherwise (a file with mixed breaks keeps its stray CRs as characters of their lines,
 * which the editor shows, so the text still comes back byte for byte).
 */
export function lineSeparatorOf(text: string): LineSeparator {
  // Counted with indexOf, not split: a 4 MB spec has 100,000 lines.
  let lf = 0;
  let crlf = 0;
  let cr = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    lf++;
    if (text.charCodeAt(i - 1) === 13) crlf++;
  }
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) cr++;
  if (crlf > 0 && crlf === cr && crlf === lf) return '\r\n';
  if (cr > 0 && lf === 0) return '\r';
  return '\n';
}

/** The text with every line break written as `separator`. */
function withBreaks(inserted: Text, separator: LineSeparator): { foreign: boolean; lines: string[] } {
  const text = inserted.sliceString(0, inserted.length, separator);
  const lines = text.split(BREAK);
  return { foreign: lines.join(separator) !== text, lines };
}

/**
 * Keeps the file's line endings. CodeMirror splits a text on any line break and joins its
 * lines with "\n" unless it is told the separator: here only `separator` breaks lines, so
 * `state.sliceDoc()` is the file as it was, and text typed, pasted or dropped in has its line
 * breaks written as the file's own (a Windows clipboard's CRLF in an LF file, or the reverse).
 */
export function keepLineEndings(separator: LineSeparator): Extension {
  return [
    EditorState.lineSeparator.of(separator),
    EditorState.transactionFilter.of((tr) => {
      if (!tr.docChanged || !tr.isUserEvent('input')) return tr;
      let foreign = false;
      tr.changes.iterChanges((_fromA, _toA, _fromB, _toB, inserted) => {
        foreign ||= inserted.length > 0 && withBreaks(inserted, separator).foreign;
      });
      if (!foreign) return tr;
      const specs: { from: number; to: number; insert: Text }[] = [];
      tr.changes.iterChanges((from, to, _fromB, _toB, inserted) => specs.push({ from, to, insert: Text.of(withBreaks(inserted, separator).lines) }));
      const changes = tr.startState.changes(specs);
      return {
        changes,
        selection: tr.startState.selection.map(changes, 1),
        effects: tr.effects,
        scrollIntoView: tr.scrollIntoView,
        annotations: [Transaction.userEvent.of(tr.annotation(Transaction.userEvent) ?? 'input'), Transaction.addToHistory.of(tr.annotation(Transaction.addToHistory) ?? true)],
      };
    }),
  ];
}
