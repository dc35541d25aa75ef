import { problem } from '../../../core/problem';
import { hostName } from '../../names';
import type { CompatRule } from '../rule';

/** Two tools with one name (as the host writes it): the later one shadows the first or the request is refused. */
export const targetNameUnique: CompatRule = {
  id: 'target-name-unique',
  applies: 'tools',
  check({ input, target }) {
    const seen = new Map<string, string>();
    const out = [];
    for (const { file, tool } of input.tools) {
      const full = hostName(target.name, input.skill, tool.name);
      const first = seen.get(full);
      if (first !== undefined) out.push(problem('target-name-unique', 'error', `\`${full}\` is also the name of the tool of ${first} (${target.id} needs names unique)`, file, { pointer: '/name' }));
      else seen.set(full, file);
    }
    return out;
  },
};
