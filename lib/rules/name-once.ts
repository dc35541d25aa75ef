import { pathParameterNames } from '../skill/url-template';
import { isFlat, rawList } from './facts';
import { atKey, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 1.3, flat form: a name lives in one place, at most one of the path, `query`,
 * `header` (SPEC 7.1) and `body`, and once in it. Reported at the later mention.
 */
export const nameOnce: FileRule = {
  id: 'name-once',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || !isFlat(d)) return [];
    const place = new Map<string, string>();
    for (const name of pathParameterNames(d.url)) if (!place.has(name)) place.set(name, 'the path');
    const problems: RuleProblem[] = [];
    for (const key of ['query', 'header', 'body'] as const) {
      for (const { name, index } of rawList(d.raw, key)) {
        const where = place.get(name);
        const here = `\`${key}\``;
        if (where === undefined) place.set(name, here);
        else problems.push(atKey(op, `/operation/${key}/${index}`, where === here ? `\`${name}\` is named twice in ${here}` : `\`${name}\` is in ${where} and also in ${here}: a name lives in one place`));
      }
    }
    return problems;
  },
};
