import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { Problem } from '../../../lib/core/problem';

/**
 * The rule problems of a file as the editor's diagnostics: each on its line, from its
 * column (or the line's first non-blank character) to the line's end. A problem without a
 * line is about the whole file and stays in the list under the editor only; a line past the
 * end (the text changed since the problem was found) is put on the last line.
 */
export function problemsToDiagnostics(doc: Text, problems: readonly Problem[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const p of problems) {
    if (p.line === undefined) continue;
    const line = doc.line(Math.min(Math.max(1, p.line), doc.lines));
    const indent = /^\s*/.exec(line.text)![0].length;
    const from = line.from + Math.min(line.length, p.column !== undefined ? Math.max(0, p.column - 1) : indent);
    out.push({ from, to: Math.max(from, line.to), severity: p.severity, source: p.ruleId, message: p.message });
  }
  return out;
}

/** Whether two lists of problems say the same (the summary sends new objects for the same problems). */
export function sameProblems(a: readonly Problem[], b: readonly Problem[]): boolean {
  return a.length === b.length && a.every((p, i) => p.ruleId === b[i].ruleId && p.severity === b[i].severity && p.message === b[i].message && p.line === b[i].line && p.column === b[i].column);
}
