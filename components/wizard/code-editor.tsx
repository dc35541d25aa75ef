'use client';

import { forwardRef, memo, useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, type RefObject, type UIEvent } from 'react';
import type { Problem } from '../../lib/core/problem';

export interface CodeEditorHandle {
  /** Put the cursor at the start of a line (1-based) and scroll it into view. */
  goToLine(line: number, column?: number): void;
}

const LINE_HEIGHT = 20;
/** The textarea's top padding (8px), which the gutter repeats. */
const PADDING = 8;

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
  // One text node for the numbers: a 20,000-line file stays quick to type in.
  const numbers = useMemo(() => Array.from({ length: lineCount }, (_, i) => i + 1).join('\n'), [lineCount]);
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
    if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
  }, []);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  return (
    <div className="code-editor">
      <div className="gutter" ref={gutter} aria-hidden="true">
        <pre className="line-numbers">{numbers}</pre>
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
      onScroll={onScroll}
    />
  );
});
