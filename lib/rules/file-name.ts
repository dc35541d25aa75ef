import type { FileRule } from './rule';

const BASE_NAME = /^[a-z0-9_-]{1,64}$/;

/** SPEC 1.2: an operation file's base name is 1 to 64 characters of `a-z`, `0-9`, `_` and `-`. */
export const fileName: FileRule = {
  id: 'file-name',
  scope: 'file',
  check(op) {
    const name = op.baseName;
    if (BASE_NAME.test(name)) return [];
    const why =
      name.length === 0 ? 'is empty' : name.length > 64 ? `is ${name.length} characters; at most 64` : 'may hold only a-z, 0-9, _ and -';
    return [{ message: `The file name \`${name}\` ${why}`, line: 1, column: 1 }];
  },
};
