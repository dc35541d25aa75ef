import { describe, expect, it } from 'vitest';
import type { FileView, Opened } from '../../../lib/wizard/service';
import type { SessionSummary } from '../../../lib/wizard/session';
import { editedCount, initialWizardState, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

const summary = (edited = false): SessionSummary => ({
  folder: 'inn',
  origin: { kind: 'spec', name: 'inn.yaml' },
  files: [
    { path: 'SKILL.md', kind: 'manifest', declared: false, errors: 0, warnings: 0, edited: false },
    { path: 'a.md', kind: 'operation', declared: true, errors: 0, warnings: 0, edited },
  ],
  problems: [],
  errors: 0,
  warnings: 0,
  tools: 1,
  removed: [],
  credentials: [],
  safety: { safe: 0, idempotent: 0, unsafe: 0 },
  verdict: { kind: 'publishable', spec: [] },
  withoutUnresolved: false,
});
const opened: Opened = { summary: summary(), specProblems: [], specFiles: ['inn.yaml'] };
const fileView = (path: string, text = `text of ${path}`): FileView => ({ path, text, version: 1, tool: { ok: false, reason: 'prose' }, exampleArgs: '{"a": 1}' });

const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizardState);

describe('wizardReducer', () => {
  it('starts on the start page with nothing open', () => {
    expect(initialWizardState).toMatchObject({ starting: true, opened: null, summary: null, selected: null, file: null, busy: null });
  });

  it('shows the report of a skill just opened, clearing what the last skill had open and the last refusal', () => {
    const before = run({ type: 'refused', problems: [{ ruleId: 'x', severity: 'error', message: 'no', file: 'x' }] }, { type: 'opened', opened }, { type: 'select', path: 'a.md' }, { type: 'file', file: fileView('a.md') });
    const after = wizardReducer({ ...before, starting: true }, { type: 'opened', opened: { ...opened, summary: summary(true) } });
    expect(after).toMatchObject({ starting: false, selected: null, file: null, spec: null, uploadProblems: [], tool: undefined });
    expect(after.summary?.files[1].edited).toBe(true);
  });

  it('takes the file away at once when another is selected, so nothing can be typed into the old one under the new name', () => {
    const open = run({ type: 'opened', opened }, { type: 'select', path: 'a.md' }, { type: 'file', file: fileView('a.md') });
    expect(open.file?.path).toBe('a.md');
    const moved = wizardReducer(open, { type: 'select', path: 'SKILL.md' });
    expect([moved.selected, moved.file, moved.draft]).toEqual(['SKILL.md', null, '']);
    // Typing arrives for the file that was open: it is not the one shown, so nothing changes.
    expect(wizardReducer(moved, { type: 'typed', path: 'a.md', text: 'late' })).toBe(moved);
    expect(wizardReducer(moved, { type: 'typed', path: 'SKILL.md', text: 'before the file came' })).toBe(moved);
  });

  it('ignores a file, a tool or a call that comes back for a file no longer selected', () => {
    const state = run({ type: 'opened', opened }, { type: 'select', path: 'a.md' }, { type: 'select', path: 'SKILL.md' });
    expect(wizardReducer(state, { type: 'file', file: fileView('a.md') })).toBe(state);
    expect(wizardReducer(state, { type: 'tool', path: 'a.md', tool: { ok: false, reason: 'x' } })).toBe(state);
    expect(wizardReducer(state, { type: 'call', path: 'a.md', request: { ok: false, problems: [] } })).toBe(state);
  });

  it('loads the selected file into the editor with its example arguments, counting the loads so the same file starts anew', () => {
    const state = run({ type: 'opened', opened }, { type: 'select', path: 'a.md' }, { type: 'file', file: fileView('a.md') });
    expect(state).toMatchObject({ draft: 'text of a.md', args: '{"a": 1}', fileLoads: 1, tool: { ok: false } });
    const typed = wizardReducer(state, { type: 'typed', path: 'a.md', text: 'new' });
    expect(typed.draft).toBe('new');
    expect(wizardReducer(typed, { type: 'file', file: fileView('a.md') }).fileLoads).toBe(2);
  });

  it("keeps the Call tab's base URL across files and the same skill opened again, and drops it for another skill", () => {
    const typed = run({ type: 'opened', opened }, { type: 'call-base-url', value: 'http://127.0.0.1:4010' }, { type: 'select', path: 'a.md' }, { type: 'file', file: fileView('a.md') });
    expect(typed.callBaseUrl).toBe('http://127.0.0.1:4010');
    expect(wizardReducer(typed, { type: 'opened', opened }).callBaseUrl).toBe('http://127.0.0.1:4010');
    expect(wizardReducer(typed, { type: 'opened', opened: { ...opened, summary: { ...summary(), folder: 'stables' } } }).callBaseUrl).toBe('');
  });

  it('opens the spec in place of a file, and counts each opening so the same line is scrolled to again', () => {
    const state = run({ type: 'opened', opened }, { type: 'select', path: 'a.md' }, { type: 'spec', path: 'inn.yaml', text: 'openapi: 3.0.3', line: 1 });
    expect([state.selected, state.file, state.spec?.opens]).toEqual([null, null, 1]);
    expect(wizardReducer(state, { type: 'spec', path: 'inn.yaml', text: 'openapi: 3.0.3', line: 1 }).spec?.opens).toBe(2);
  });

  it('goes back to the skill from the start page only when there is one', () => {
    expect(wizardReducer(initialWizardState, { type: 'show-skill' })).toBe(initialWizardState);
    const state = run({ type: 'opened', opened }, { type: 'show-start' });
    expect(wizardReducer(state, { type: 'show-skill' }).starting).toBe(false);
  });

  it('keeps the rows of the file list an edit did not change, and the whole list when none changed, so they are not drawn again', () => {
    const state = run({ type: 'opened', opened }, { type: 'summary', summary: summary() });
    const again = wizardReducer(state, { type: 'summary', summary: { ...summary(), errors: 0 } });
    expect(again.summary!.files).toBe(state.summary!.files);
    expect(again.summary!.removed).toBe(state.summary!.removed);
    // Nothing it says changed: the summary itself is kept (the change is counted).
    expect([again.summary, again.changes]).toEqual([state.summary, state.changes + 1]);
    expect(again.summary).toBe(state.summary);
    const counted = wizardReducer(again, { type: 'summary', summary: { ...summary(), warnings: 2 } });
    expect(counted.summary).not.toBe(again.summary);
    expect(counted.summary!.files).toBe(again.summary!.files);
    const edited = wizardReducer(again, { type: 'summary', summary: summary(true) });
    expect(edited.summary!.files).not.toBe(again.summary!.files);
    expect(edited.summary!.files[0]).toBe(again.summary!.files[0]);
    expect(edited.summary!.files[1]).toMatchObject({ path: 'a.md', edited: true });
  });

  it('changes nothing while changes wait to be saved, whatever their number, and says when none wait', () => {
    const waiting = run({ type: 'opened', opened }, { type: 'unsaved', count: 1 });
    expect(waiting.unsaved).toBe(true);
    expect(wizardReducer(waiting, { type: 'unsaved', count: 7 })).toBe(waiting);
    expect(wizardReducer(waiting, { type: 'unsaved', count: 0 }).unsaved).toBe(false);
    expect(wizardReducer(waiting, { type: 'save-failed', message: null })).toBe(waiting);
  });

  it('counts the edited files of the summary', () => {
    expect(editedCount(initialWizardState)).toBe(0);
    expect(editedCount(run({ type: 'opened', opened }, { type: 'summary', summary: summary(true) }))).toBe(1);
  });
});
