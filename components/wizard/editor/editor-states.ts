import type { EditorState, StateEffect } from '@codemirror/state';

/** About 40 MB of text in JavaScript's two bytes a character; the files least recently shown go first. */
const MAX_CHARS = 20_000_000;
const MAX_STATES = 300;

/**
 * The editor state of each file shown since the skill was opened (its text, selection and
 * undo history) and where it was scrolled to, so going back to a file continues where one
 * left it, undo included. One per open skill; the least recently shown files are dropped
 * past a bound, so a session through hundreds of files and a 4 MB spec stays in memory.
 */
export class EditorStates {
  private readonly states = new Map<string, { state: EditorState; scroll?: StateEffect<unknown> }>();

  get(key: string): { state: EditorState; scroll?: StateEffect<unknown> } | undefined {
    const entry = this.states.get(key);
    if (entry) {
      this.states.delete(key);
      this.states.set(key, entry);
    }
    return entry;
  }

  /** The state of `key` now (after every change: cheap when the key is already kept). */
  put(key: string, state: EditorState): void {
    const entry = this.states.get(key);
    if (entry) {
      entry.state = state;
      return;
    }
    this.states.set(key, { state });
    let chars = 0;
    for (const e of this.states.values()) chars += e.state.doc.length;
    for (const [oldest, e] of this.states) {
      if ((chars <= MAX_CHARS && this.states.size <= MAX_STATES) || oldest === key) break;
      chars -= e.state.doc.length;
      this.states.delete(oldest);
    }
  }

  /** Where the view of `key` was scrolled to when it was left (`EditorView.scrollSnapshot()`). */
  leave(key: string, scroll: StateEffect<unknown>): void {
    const entry = this.states.get(key);
    if (entry) entry.scroll = scroll;
  }
}
