import { isFormMediaType, isMultipartMediaType } from '../core/media-type';
import { argumentSchema, didYouMean, rawList } from './facts';
import { pathParameterNames } from '../skill/url-template';
import { atKey, type FileRule, type RuleProblem } from './rule';

/**
 * SPEC 7.1, 7.4 `deep`: each name is a query parameter or a field of a form-encoded or
 * multipart body, the places bracket style (`name[key]=value`, a part named `name[key]`)
 * exists, and named once. A scalar in `deep` is sent as `name=value`, as if it were not
 * there: a spec that marks every form field `deepObject` (Stripe's) is taken as written
 * (decision 0082). A multipart field in `deep` is one text part per value (decision 0165),
 * else an object is one JSON part (decision 0080). A JSON body sends objects as they are, so
 * it takes no `deep`; nor do path parameters, headers and `body-argument`.
 */
export const deep: FileRule = {
  id: 'deep',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.raw.deep === undefined) return [];
    const schema = argumentSchema(d);
    if (!schema) return [];
    const props = typeof schema.properties === 'object' && schema.properties !== null ? (schema.properties as Record<string, unknown>) : {};
    const path = new Set(pathParameterNames(d.url));
    const query = new Set(d.lists.query);
    const header = new Set(d.lists.header);
    const formBody = (isFormMediaType(d.contentType ?? '') || isMultipartMediaType(d.contentType ?? '')) && d.bodyArgument === undefined && d.method !== 'GET' && d.method !== 'HEAD';
    const seen = new Set<string>();
    const problems: RuleProblem[] = [];
    const misplaced = (name: string): string | undefined => {
      const only = '`deep` names query parameters and fields of an `application/x-www-form-urlencoded` or `multipart/form-data` body';
      if (path.has(name)) return `\`${name}\` is a path parameter: ${only}`;
      if (query.has(name)) return undefined;
      if (header.has(name)) return `\`${name}\` is a header: ${only}`;
      if (d.bodyArgument === name) return `\`${name}\` is the \`body-argument\`, sent as JSON text: ${only}`;
      if (d.method === 'GET' || d.method === 'HEAD') return `\`${name}\` is not in \`query\`: ${only}`;
      if (!formBody) return `\`${name}\` is a field of a ${d.contentType === undefined ? 'JSON' : `\`${d.contentType}\``} body, which sends objects as they are: ${only}`;
      return undefined;
    };
    for (const { name, index } of rawList(d.raw, 'deep')) {
      const at = `/operation/deep/${index}`;
      if (seen.has(name)) {
        problems.push(atKey(op, at, `\`${name}\` is named twice in \`deep\``));
        continue;
      }
      seen.add(name);
      if (!Object.hasOwn(props, name)) {
        problems.push(atKey(op, at, `\`${name}\` in \`deep\` is not an argument${didYouMean(name, Object.keys(props))}`));
        continue;
      }
      const wrong = misplaced(name);
      if (wrong !== undefined) problems.push(atKey(op, at, wrong));
    }
    return problems;
  },
};
