import { generateCallSection } from '../bundle/call-section';
import { findCallSection } from '../skill/prose';
import { proseStartLine } from './facts';
import type { FileRule } from './rule';

/**
 * SPEC 4.6: in a file with an operation block, `## The call` is generated from the
 * declaration on export, so a hand-written one would be replaced. The section export itself
 * appends (the prose ends with exactly what `generateCallSection` gives, whatever the
 * declaration's content type, headers or encoding) is not hand-written: an exported folder
 * checks clean. (A prose-only file's call section is its only description of the request
 * and is left alone.)
 */
export const callSection: FileRule = {
  id: 'call-section',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d) return [];
    const section = findCallSection(op.prose);
    if (!section) return [];
    let written = op.prose;
    const generated = generateCallSection(d);
    if (generated !== undefined && (written === generated || written.endsWith(`\n\n${generated}`))) {
      written = written.slice(0, written.length - generated.length);
      if (!findCallSection(written)) return [];
    }
    const at = written === op.prose ? section : findCallSection(written)!;
    return [{ message: '`## The call` is generated from the operation block on export: this hand-written one will be replaced (put notes elsewhere in the prose)', line: proseStartLine(op) + at.start, column: 1 }];
  },
};
