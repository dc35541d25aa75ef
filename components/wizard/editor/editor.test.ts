import { insertNewlineAndIndent, undo } from '@codemirror/commands';
import { EditorState, Text, type Transaction, type TransactionSpec } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../lib/core/problem';
import { problemsToDiagnostics, sameProblems } from './diagnostics';
import { EditorStates } from './editor-states';
import { lineSeparatorOf } from './line-endings';
import { createEditorState, enterKeepsBlockIndent, isWrapping, setWrapping, wrapsByDefault } from './setup';
import type { EditorView } from '@codemirror/view';

const open = (text: string, path = 'SKILL.md') => createEditorState({ path, text, label: `Contents of ${path}`, readOnly: false });

/** Runs a state command as a key press would, and returns the state after it. */
function run(state: EditorState, command: (target: { state: EditorState; dispatch: (tr: Transaction) => void }) => boolean): EditorState {
  let next = state;
  expect(command({ state, dispatch: (tr) => (next = tr.state) })).toBe(true);
  return next;
}
const apply = (state: EditorState, spec: TransactionSpec) => state.update(spec).state;

describe('line endings', () => {
  it('are told apart: CRLF or CR when every break is one, LF otherwise', () => {
    expect(lineSeparatorOf('a\r\nb\r\n')).toBe('\r\n');
    expect(lineSeparatorOf('a\rb\r')).toBe('\r');
    expect(lineSeparatorOf('a\nb\n')).toBe('\n');
    expect(lineSeparatorOf('one line')).toBe('\n');
    expect(lineSeparatorOf('a\r\nb\nc')).toBe('\n');
  });

  it('a CRLF file stays CRLF byte for byte through typing, a new line, a paste with LF breaks, and undo', () => {
    const text = '---\r\noperation:\r\n  method: GET\r\n---\r\nGet a thing.\r\n';
    let state = open(text);
    expect(state.doc.lines).toBe(6);
    expect(state.sliceDoc()).toBe(text);
    const end = state.doc.line(5).to;
    state = apply(state, { changes: { from: end, insert: ' Quickly' }, selection: { anchor: end + 8 }, userEvent: 'input.type' });
    state = run(state, insertNewlineAndIndent);
    state = apply(state, { ...state.replaceSelection('Pasted\nfrom a Unix clipboard.\n'), userEvent: 'input.paste' });
    expect(state.sliceDoc()).toBe('---\r\noperation:\r\n  method: GET\r\n---\r\nGet a thing. Quickly\r\nPasted\r\nfrom a Unix clipboard.\r\n\r\n');
    expect(state.sliceDoc()).not.toMatch(/[^\r]\n/);
    // The cursor is after the pasted text, as after any paste.
    expect(state.selection.main.head).toBe(state.doc.line(8).from);
    while (state.sliceDoc() !== text) state = run(state, undo);
    expect(state.sliceDoc()).toBe(text);
  });

  it('an LF file takes a pasted CRLF text with LF breaks; a CR file keeps CR', () => {
    let lf = open('a\nb\n');
    lf = apply(lf, { changes: { from: 2, insert: lf.toText('x\r\ny\r\n') }, userEvent: 'input.paste' });
    expect(lf.sliceDoc()).toBe('a\nx\ny\nb\n');
    let cr = open('a\rb\r');
    cr = apply(cr, { changes: { from: 2, insert: 'x' }, userEvent: 'input.type' });
    cr = run(cr.update({ selection: { anchor: 3 } }).state, insertNewlineAndIndent);
    expect(cr.sliceDoc()).toBe('a\rx\rb\r');
  });

  it('a file with mixed breaks comes back byte for byte, its stray CR kept as a character', () => {
    const text = 'a\r\nb\nc\r\n';
    let state = open(text);
    expect(state.sliceDoc()).toBe(text);
    state = apply(state, { changes: { from: state.doc.length, insert: 'd' }, userEvent: 'input.type' });
    expect(state.sliceDoc()).toBe(`${text}d`);
  });

  it('text the worker sends is not touched (only what the user puts in is)', () => {
    const state = open('a\r\nb\r\n');
    const loaded = apply(state, { changes: { from: 0, to: state.doc.length, insert: Text.of(['x\ny', '']) } });
    expect(loaded.sliceDoc()).toBe('x\ny\r\n');
  });
});

describe('problemsToDiagnostics', () => {
  const doc = Text.of(['---', 'operation:', '  method: FETCH', '---']);
  const problem = (p: Partial<Problem>): Problem => ({ ruleId: 'operation-method', severity: 'error', message: 'not a method', file: 'a.md', ...p });

  it('puts a problem on its line, from its column (or the first non-blank) to the line end', () => {
    const [atColumn, atLine] = problemsToDiagnostics(doc, [problem({ line: 3, column: 11 }), problem({ line: 3, severity: 'warning' })]);
    expect(doc.sliceString(atColumn.from, atColumn.to)).toBe('FETCH');
    expect(atColumn).toMatchObject({ severity: 'error', message: 'not a method', source: 'operation-method' });
    expect(doc.sliceString(atLine.from, atLine.to)).toBe('method: FETCH');
    expect(atLine.severity).toBe('warning');
  });

  it('leaves a problem about the whole file to the list, and keeps one past the end on the last line', () => {
    const [late] = problemsToDiagnostics(doc, [problem({}), problem({ line: 40, column: 99 })]);
    expect(problemsToDiagnostics(doc, [problem({})])).toEqual([]);
    expect(late.from).toBe(doc.length);
    expect(late.to).toBe(doc.length);
  });

  it('tells the same problems in new objects from changed ones', () => {
    expect(sameProblems([problem({ line: 3 })], [problem({ line: 3 })])).toBe(true);
    expect(sameProblems([problem({ line: 3 })], [problem({ line: 4 })])).toBe(false);
    expect(sameProblems([problem({ line: 3 })], [])).toBe(false);
  });
});

describe('EditorStates', () => {
  it('keeps each file\'s state, undo history included, and drops the least recently shown past its bound', () => {
    const states = new EditorStates();
    let a = open('first\n', 'a.md');
    a = apply(a, { changes: { from: 0, insert: 'the ' }, userEvent: 'input.type' });
    states.put('file:a.md', a);
    const big = 'x'.repeat(8_000_000);
    states.put('spec:one.yaml', EditorState.create({ doc: big }));
    states.put('spec:two.yaml', EditorState.create({ doc: big }));
    // a.md shown again: the most recent now, and its edit undoes.
    const kept = states.get('file:a.md')!.state;
    expect(run(kept, undo).sliceDoc()).toBe('first\n');
    states.put('spec:three.yaml', EditorState.create({ doc: big }));
    expect(states.get('spec:one.yaml')).toBeUndefined();
    expect(states.get('file:a.md')).toBeDefined();
    expect(states.get('spec:three.yaml')).toBeDefined();
  });
});

describe('wrapping and Enter in a schema', () => {
  const file = ['---', 'operation:', '  method: POST', '  schema: |', '    {', '      "type": "object",', '      "properties": {}', '    }', '---', 'Create a thing.', ''].join('\n');

  /** Enter as the keymap runs it: the block-scalar command first, then CodeMirror's own. */
  function enter(state: EditorState): EditorState {
    let next = state;
    const view = { state, dispatch: (tr: Transaction) => (next = tr.state) } as unknown as EditorView;
    if (!enterKeepsBlockIndent(view)) return run(state, insertNewlineAndIndent);
    return next;
  }
  const at = (state: EditorState, line: number, column: number) => state.update({ selection: { anchor: state.doc.line(line).from + column } }).state;

  it('keeps the JSON\'s indentation in a block scalar, one level more after an opening brace', () => {
    const afterType = enter(at(open(file, 'a.md'), 6, '      "type": "object",'.length));
    expect(afterType.doc.line(7).text).toBe('      ');
    const afterBrace = enter(at(open(file, 'a.md'), 5, '    {'.length));
    expect(afterBrace.doc.line(6).text).toBe('      ');
    // Outside the block (prose, a YAML key) Enter is CodeMirror's own.
    expect(enter(at(open(file, 'a.md'), 10, 'Create a thing.'.length)).doc.line(11).text).toBe('');
    const afterMethod = enter(at(open(file, 'a.md'), 3, '  method: POST'.length));
    expect(afterMethod.sliceDoc()).toContain('  method: POST\n');
  });

  it('wraps long lines but in JSON, and turns wrapping on and off in place', () => {
    expect(isWrapping(open(file, 'a.md'))).toBe(true);
    expect(isWrapping(open('{}', 'types.json'))).toBe(false);
    const turned = open('{}', 'types.json').update({ effects: setWrapping(true) }).state;
    expect(isWrapping(turned)).toBe(true);
    expect(wrapsByDefault('types.json')).toBe(false);
    expect(wrapsByDefault('openapi.yaml')).toBe(true);
  });
});
