'use client';

import { forwardRef, memo, useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject, type UIEvent } from 'react';
import type { Problem } from '../../lib/core/problem';

export interface CodeEditorHandle {
  /** Put the cursor at the start of a line (1-based) and scroll it into view. */
  goToLine(line: number, column?: number): void;
}

const LINE_HEIGHT = 20;
/** The textarea's top padding (8px), which the gutter repeats. */
const PADDING = 8;
/** Line numbers laid out at once: a screen's worth, and a margin either side. */
const MARGIN_LINES = 200;
const WINDOW_LINES = 600;

interface CodeEditorProps {
  label: string;
  /** Changes when another text is loaded (another file, or this one reverted): the editor starts again from `initialText`. */
  documentKey: string;
  initialText: string;
  /** The text as it is now, for the line numbers. */
  text: string;
  problems: readonly Problem[];
  onChange?: (text: string) => void;
  /** Shown, not edited (the uploaded spec). */
  readOnly?: boolean;
}

/**
 * A plain textarea with line numbers, and a mark on each line that has a problem. Plain on
 * purpose: the text is the file byte for byte, nothing is rendered from it (a description's
 * `<script>` is text here, BAD-INPUT 17), and the browser's own undo works.
 *
 * The textarea is uncontrolled and never re-rendered while one types: React writing a
 * controlled value back costs a copy of the whole text per keystroke, which in a 750 KB
 * types.json (Kubernetes) was 100 ms.
 */
export const CodeEditor = forwardRef<CodeEditorHandle, CodeEditorProps>(function CodeEditor({ label, documentKey, initialText, text, problems, onChange, readOnly = false }, ref) {
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const latestOnChange = useRef(onChange);
  const lineCount = useMemo(() => {
    let n = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
    return n;
  }, [text]);
  // Only the numbers in view (and a screen either side) are laid out: a 100,000-line spec
  // would otherwise cost two seconds for the gutter alone.
  const [firstShown, setFirstShown] = useState(0);
  const shownFrom = Math.max(0, Math.min(firstShown, lineCount - 1));
  const shownTo = Math.min(lineCount, shownFrom + WINDOW_LINES);
  const numbers = useMemo(() => Array.from({ length: shownTo - shownFrom }, (_, i) => shownFrom + i + 1).join('\n'), [shownFrom, shownTo]);
  const marks = useMemo(() => {
    const m = new Map<number, 'error' | 'warning'>();
    for (const p of problems) if (p.line !== undefined && m.get(p.line) !== 'error') m.set(p.line, p.severity);
    return m;
  }, [problems]);

  useImperativeHandle(ref, () => ({
    goToLine(line, column = 1) {
      const el = area.current;
      if (!el) return;
      const value = el.value;
      let offset = 0;
      for (let l = 1; l < line; l++) {
        const next = value.indexOf('\n', offset);
        if (next === -1) break;
        offset = next + 1;
      }
      el.focus();
      el.setSelectionRange(offset + column - 1, offset + column - 1);
      el.scrollTop = Math.max(0, (line - 3) * LINE_HEIGHT);
    },
  }));

  const handleChange = useCallback((value: string) => latestOnChange.current?.(value), []);
  const syncScroll = useCallback((e: UIEvent<HTMLTextAreaElement>) => {
    const top = e.currentTarget.scrollTop;
    if (gutter.current) gutter.current.scrollTop = top;
    // Re-rendered only when the view leaves the middle of the window of numbers.
    const line = Math.floor(top / LINE_HEIGHT);
    setFirstShown((from) => (line < from + MARGIN_LINES / 2 && from > 0) || line > from + WINDOW_LINES - 2 * MARGIN_LINES ? Math.max(0, line - MARGIN_LINES) : from);
  }, []);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  return (
    <div className="code-editor">
      <div className="gutter" ref={gutter} aria-hidden="true" style={{ width: `calc(${String(lineCount).length}ch + 1.25rem + 2px)` }}>
        <div style={{ height: lineCount * LINE_HEIGHT + 2 * PADDING }} />
        <pre className="line-numbers" style={{ top: shownFrom * LINE_HEIGHT }}>
          {numbers}
        </pre>
        {[...marks].map(([line, severity]) => (
          <div key={line} className={`line-mark ${severity}`} style={{ top: (line - 1) * LINE_HEIGHT + PADDING }}>
            {line}
          </div>
        ))}
      </div>
      <EditorText key={documentKey} areaRef={area} label={label} initialText={initialText} readOnly={readOnly} onText={handleChange} onScroll={syncScroll} />
    </div>
  );
});

/**
 * Tab indents by two spaces (YAML's indent), through the browser's own editing so undo
 * keeps it; Escape first lets the next Tab leave the editor, as a keyboard user expects.
 */
function indentOnTab(e: KeyboardEvent<HTMLTextAreaElement>): void {
  const el = e.currentTarget;
  if (e.key === 'Escape') {
    el.dataset.tabLeaves = 'yes';
    return;
  }
  if (e.key !== 'Tab' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || el.readOnly) {
    delete el.dataset.tabLeaves;
    return;
  }
  if (el.dataset.tabLeaves) {
    delete el.dataset.tabLeaves;
    return;
  }
  e.preventDefault();
  document.execCommand('insertText', false, '  ');
}

const EditorText = memo(function EditorText({
  areaRef,
  label,
  initialText,
  readOnly,
  onText,
  onScroll,
}: {
  areaRef: RefObject<HTMLTextAreaElement | null>;
  label: string;
  initialText: string;
  readOnly: boolean;
  onText: (text: string) => void;
  onScroll: (e: UIEvent<HTMLTextAreaElement>) => void;
}) {
  // The text is put in once, not as `defaultValue`: React writes `defaultValue` back (the
  // whole text, as the element's content) after every input event.
  const place = useCallback(
    (el: HTMLTextAreaElement | null) => {
      areaRef.current = el;
      if (el) el.value = initialText;
    },
    [areaRef, initialText],
  );
  return (
    <textarea
      ref={place}
      aria-label={label}
      readOnly={readOnly}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      wrap="off"
      onChange={(e) => onText(e.target.value)}
      onKeyDown={indentOnTab}
      onScroll={onScroll}
    />
  );
});
