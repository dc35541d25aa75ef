import { firstParagraph, firstParagraphLine } from '../skill/prose';
import { proseStartLine } from './facts';
import type { FileRule } from './rule';
import { groupDigits } from '../core/numbers';

const MAX = 1024;

/**
 * SPEC 1.2: the prose's first paragraph is the tool's description, so it must exist; above
 * 1,024 characters it is a warning (case `too-long`). Checked on every operation file: a
 * prose-only file is read by a model too, and an empty one tells it nothing.
 */
export const description: FileRule = {
  id: 'description',
  scope: 'file',
  check(op) {
    const start = proseStartLine(op);
    const text = firstParagraph(op.prose);
    if (text === '') {
      return [{ message: op.declaration ? 'The prose has no first paragraph: it is the tool\'s description' : 'The prose has no first paragraph saying what the operation does', line: start, column: 1 }];
    }
    const length = [...text].length;
    if (length <= MAX) return [];
    const line = start + (firstParagraphLine(op.prose) ?? 1) - 1;
    return [{ message: `The first paragraph (the tool's description) is ${groupDigits(length)} characters; keep it to ${groupDigits(MAX)} and move the rest below`, line, column: 1, case: 'too-long' }];
  },
};
