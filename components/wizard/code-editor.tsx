'use client';

import { forwardRef, useImperativeHandle, useMemo, useRef, type UIEvent } from 'react';
import type { Problem } from '../../lib/core/problem';

export interface CodeEditorHandle {
  /** Put the cursor at the start of a line (1-based) and scroll it into view. */
  goToLine(line: number, column?: number): void;
}

const LINE_HEIGHT = 20;

/**
 * A plain textarea with line numbers, and a mark on each line that has a problem. Plain on
 * purpose: the text is the file byte for byte, nothing is rendered from it (a description's
 * `<script>` is text here, BAD-INPUT 17), and the browser's undo works as everywhere.
 */
export const CodeEditor = forwardRef<CodeEditorHandle, { label: string; value: string; problems: readonly Problem[]; onChange: (text: string) => void }>(
  function CodeEditor({ label, value, problems, onChange }, ref) {
    const area = useRef<HTMLTextAreaElement>(null);
    const gutter = useRef<HTMLDivElement>(null);
    const lineCount = useMemo(() => {
      let n = 1;
      for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) n++;
      return n;
    }, [value]);
    const marks = useMemo(() => {
      const m = new Map<number, 'error' | 'warning'>();
      for (const p of problems) if (p.line !== undefined && m.get(p.line) !== 'error') m.set(p.line, p.severity);
      return m;
    }, [problems]);

    useImperativeHandle(ref, () => ({
      goToLine(line, column = 1) {
        const el = area.current;
        if (!el) return;
        let offset = 0;
        for (let l = 1; l < line && offset !== -1; l++) offset = el.value.indexOf('\n', offset) + 1 || -1;
        if (offset < 0) offset = el.value.length;
        el.focus();
        el.setSelectionRange(offset + column - 1, offset + column - 1);
        el.scrollTop = Math.max(0, (line - 3) * LINE_HEIGHT);
      },
    }));

    const syncScroll = (e: UIEvent<HTMLTextAreaElement>) => {
      if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
    };

    return (
      <div className="code-editor">
        <div className="gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lineCount }, (_, i) => {
            const mark = marks.get(i + 1);
            return (
              <div key={i} className={mark ? `line-number ${mark}` : 'line-number'}>
                {i + 1}
              </div>
            );
          })}
        </div>
        <textarea
          ref={area}
          aria-label={label}
          value={value}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          wrap="off"
          onChange={(e) => onChange(e.target.value)}
          onScroll={syncScroll}
        />
      </div>
    );
  },
);
