import { groupDigits } from '../../../core/numbers';
import { problem } from '../../../core/problem';
import { MANIFEST_FILE } from '../../../skill/manifest';
import { cite, type CompatRule } from '../rule';

/** More tools than the target takes: refused (OpenAI), or the rest silently dropped (Cursor). Curation fixes it; adapting cannot. */
export const targetToolCount: CompatRule = {
  id: 'target-tool-count',
  applies: 'tools',
  check({ input, target }) {
    const limit = target.maxTools;
    const n = input.tools.length;
    if (!limit || n <= limit.max) return [];
    return [problem('target-tool-count', 'error', `${groupDigits(n)} tools, ${groupDigits(n - limit.max)} over ${target.id}'s limit of ${groupDigits(limit.max)}: keep only the ones an agent needs ${cite(limit.source)}`, MANIFEST_FILE)];
  },
};
