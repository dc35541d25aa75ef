import { METHODS } from '../skill/operation-file';
import { didYouMean } from './facts';
import { atKey, type FileRule } from './rule';

/** SPEC 1.3: `method` is `GET`, `HEAD`, `POST`, `PUT`, `PATCH` or `DELETE`, written so. */
export const operationMethod: FileRule = {
  id: 'operation-method',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d) return [];
    const raw = d.raw.method;
    if (raw === undefined) return [atKey(op, '/operation', 'The operation block has no `method`')];
    if (typeof raw !== 'string') return [atKey(op, '/operation/method', '`method` must be one of GET, HEAD, POST, PUT, PATCH and DELETE')];
    if ((METHODS as readonly string[]).includes(raw)) return [];
    const upper = raw.toUpperCase();
    if ((METHODS as readonly string[]).includes(upper)) return [atKey(op, '/operation/method', `\`${raw}\` must be written \`${upper}\``)];
    return [atKey(op, '/operation/method', `\`${raw}\` is not a method a skill declares: use GET, HEAD, POST, PUT, PATCH or DELETE${didYouMean(upper, METHODS)}`)];
  },
};
