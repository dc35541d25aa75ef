import { atKey, type FileRule } from './rule';

/**
 * SPEC 8.1, 8.4: `status`, the success status, is a 2xx (an integer from 200 to 299). `204`
 * sends no body, so a `204` operation with `returns` promises a body it can never answer with.
 */
export const status: FileRule = {
  id: 'status',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.raw.status === undefined) return [];
    const value = d.raw.status;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 200 || value > 299) {
      return [atKey(op, '/operation/status', `\`status\` must be a success status, an integer from 200 to 299, not ${JSON.stringify(value) ?? String(value)}`)];
    }
    if (value === 204 && d.raw.returns !== undefined) {
      return [atKey(op, '/operation/returns', '`status: 204` sends no body, so there is nothing for `returns` to describe: remove `returns` or change `status`')];
    }
    return [];
  },
};
