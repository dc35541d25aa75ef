import { findCallSection } from '../skill/prose';
import { proseStartLine } from './facts';
import type { FileRule } from './rule';

/**
 * SPEC 4.6: in a file with an operation block, `## The call` is generated from the
 * declaration on export, so a hand-written one would be replaced. (A prose-only file's call
 * section is its only description of the request and is left alone.)
 */
export const callSection: FileRule = {
  id: 'call-section',
  scope: 'file',
  check(op) {
    if (!op.declaration) return [];
    const section = findCallSection(op.prose);
    if (!section) return [];
    return [{ message: '`## The call` is generated from the operation block on export: this hand-written one will be replaced (put notes elsewhere in the prose)', line: proseStartLine(op) + section.start, column: 1 }];
  },
};
