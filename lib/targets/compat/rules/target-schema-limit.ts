import { groupDigits } from '../../../core/numbers';
import { problem, type Problem } from '../../../core/problem';
import { cite, type CompatRule } from '../rule';

/** Limits on one tool's whole schema (OpenAI's strict mode): not something adapting can change, only a smaller schema. */
export const targetSchemaLimit: CompatRule = {
  id: 'target-schema-limit',
  applies: 'tools',
  check({ input, target, memo }) {
    if (target.schemaLimits.length === 0) return [];
    const out: Problem[] = [];
    for (const { file, tool } of input.tools) {
      const m = memo.measure(tool.parameters);
      const over = (what: string, n: number, max: number, source: string, pointer = '/parameters') => {
        if (n > max) out.push(problem('target-schema-limit', 'error', `${what}: ${groupDigits(n)}, over ${target.id}'s ${groupDigits(max)} ${cite(source)}`, file, { pointer }));
      };
      for (const limit of target.schemaLimits) {
        if (limit.kind === 'properties') over('object properties in the schema', m.properties, limit.max, limit.source);
        else if (limit.kind === 'depth') over('levels of nesting (objects and arrays)', m.depth, limit.max, limit.source);
        else if (limit.kind === 'string-length') over('characters of property names, enum and const values', m.stringLength, limit.max, limit.source);
        else if (limit.kind === 'enum-values') over('enum values in the schema', m.enumValues, limit.max, limit.source);
        else if (limit.kind === 'large-enum-chars') for (const e of m.stringEnums) if (e.values > limit.over) over(`characters in an enum of ${e.values} strings`, e.chars, limit.max, limit.source, `/parameters${e.pointer}`);
      }
    }
    return out;
  },
};
