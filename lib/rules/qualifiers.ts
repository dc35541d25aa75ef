import { pathParameterNames } from '../skill/url-template';
import { didYouMean, isFlat, rawList } from './facts';
import { atKey, type FileRule, type RuleProblem } from './rule';

const QUALIFIERS = ['optional', 'integer', 'number', 'boolean', 'list'] as const;
const TYPES = ['integer', 'number', 'boolean'] as const;

/**
 * SPEC 1.3, flat form: `optional`, `integer`, `number`, `boolean` and `list` name fields
 * that are sent (in `body`, `query` or `header`), so a typo cannot silently leave a field
 * required or a string; and a field takes at most one of the three types.
 */
export const qualifiers: FileRule = {
  id: 'qualifiers',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || !isFlat(d)) return [];
    const sent = [...d.lists.query, ...d.lists.header, ...d.lists.body];
    const sentSet = new Set(sent);
    const path = new Set(pathParameterNames(d.url));
    const typed = new Map<string, string>();
    const problems: RuleProblem[] = [];
    for (const key of QUALIFIERS) {
      for (const { name, index } of rawList(d.raw, key)) {
        const at = `/operation/${key}/${index}`;
        if (!sentSet.has(name)) {
          problems.push(
            atKey(op, at, path.has(name) ? `\`${name}\` in \`${key}\` is a path parameter: path parameters are always required strings` : `\`${name}\` in \`${key}\` is not a field in \`body\`, \`query\` or \`header\`${didYouMean(name, sent)}`),
          );
          continue;
        }
        if (!(TYPES as readonly string[]).includes(key)) continue;
        const other = typed.get(name);
        if (other !== undefined && other !== key) problems.push(atKey(op, at, `\`${name}\` is in both \`${other}\` and \`${key}\`: a field has one type`));
        else typed.set(name, key);
      }
    }
    return problems;
  },
};
