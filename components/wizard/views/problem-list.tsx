'use client';

import type { Problem } from '../../../lib/core/problem';

/** Problems as the CLI prints them, each a button that moves the editor to its line when it has one. */
export function ProblemList({ problems, onSelect, showFile = false, label }: { problems: readonly Problem[]; onSelect?: (p: Problem) => void; showFile?: boolean; label: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="problems" aria-label={label}>
      {problems.map((p, i) => {
        const where = `${showFile ? p.file : ''}${p.line !== undefined ? `${showFile ? ':' : 'line '}${p.line}${p.column !== undefined ? `:${p.column}` : ''}` : ''}`;
        const body = (
          <>
            <span className={`severity ${p.severity}`}>{p.severity}</span>
            {where && <span className="where">{where}</span>}
            <span className="rule">{p.ruleId}</span>
            <span className="message">{p.message}</span>
          </>
        );
        return (
          <li key={`${p.file}:${p.line}:${p.column}:${p.ruleId}:${i}`}>
            {onSelect ? (
              <button type="button" className="problem" onClick={() => onSelect(p)}>
                {body}
              </button>
            ) : (
              <div className="problem">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
