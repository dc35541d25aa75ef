import { problem } from '../../../core/problem';
import type { CompatRule } from '../rule';

/** Every target with a schema takes an object at the root (`type: "object"`). SPEC 2 publishes only such schemas; a hand-made list may not. */
export const targetSchemaRoot: CompatRule = {
  id: 'target-schema-root',
  applies: 'tools',
  check({ input, target }) {
    if (!target.objectRoot) return [];
    return input.tools
      .filter(({ tool }) => tool.parameters.type !== 'object')
      .map(({ file }) => problem('target-schema-root', 'error', `${target.id} takes a schema whose root is \`type: "object"\``, file, { pointer: '/parameters' }));
  },
};
