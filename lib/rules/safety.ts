import { SAFETY_VALUES } from '../skill/operation-file';
import { didYouMean, SAFE_METHODS } from './facts';
import { atKey, type FileRule } from './rule';

/**
 * SPEC 8.1, 8.4: `safety` is `safe`, `idempotent` or `unsafe`. `PUT` and `DELETE` may not be
 * `unsafe`: callers and proxies retry them on the assumption that they are not. A `GET` or
 * `HEAD` declared other than safe is the `safe-method` case, a warning: HTTP says those
 * methods are safe, and a client will treat them so whatever the file says.
 */
export const safety: FileRule = {
  id: 'safety',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.raw.safety === undefined) return [];
    const value = d.raw.safety;
    if (typeof value !== 'string' || !(SAFETY_VALUES as readonly string[]).includes(value)) {
      const shown = typeof value === 'string' ? `\`${value}\`` : JSON.stringify(value) ?? String(value);
      const hint = typeof value === 'string' ? didYouMean(value, SAFETY_VALUES) : '';
      return [atKey(op, '/operation/safety', `\`safety\` must be \`safe\`, \`idempotent\` or \`unsafe\`, not ${shown}${hint}`)];
    }
    if ((d.method === 'PUT' || d.method === 'DELETE') && value === 'unsafe') {
      return [atKey(op, '/operation/safety', `\`${d.method}\` may not be \`unsafe\`: callers and proxies retry a \`${d.method}\` on the assumption that repeating it changes nothing more`)];
    }
    if (SAFE_METHODS.has(d.method) && value !== 'safe') {
      return [atKey(op, '/operation/safety', `\`${d.method}\` is safe in HTTP's terms: clients and proxies treat it as changing nothing, whatever \`safety\` says`, 'safe-method')];
    }
    return [];
  },
};
