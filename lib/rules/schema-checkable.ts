import { isPlainObject } from '../core/entries';
import { atSchema, type FileRule } from './rule';
import { checkSchema } from './schema-check';

/**
 * SPEC 5: the schema is one a JSON Schema 2020-12 validator checks as written: valid against
 * the meta-schema, only keywords a validator checks (plus annotations), and every `pattern`
 * a regular expression it can compile (see `checkSchema`). A pattern no linear-time matcher
 * runs (a backreference, a lookaround) is the `unchecked-pattern` case, a warning: calls are
 * not checked against it, only the model follows it.
 */
export const schemaCheckable: FileRule = {
  id: 'schema-checkable',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.form !== 'schema' || !isPlainObject(d.schema)) return [];
    return checkSchema(d.schema).map((issue) => atSchema(op, issue.pointer, issue.message, issue.case));
  },
};
