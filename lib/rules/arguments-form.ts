import { FLAT_KEYS } from '../skill/operation-file';
import { atKey, listNames, type FileRule } from './rule';

/**
 * SPEC 1.3: the arguments are written either as one `schema` or as the flat lists, not
 * both (`query`, `identity` and SPEC 7.1's `header`, `headers`, `deep`, `content-type` and
 * `body-argument` belong to both forms). While both are there the rules about
 * arguments stay quiet: which form is meant is the question to answer first.
 */
export const argumentsForm: FileRule = {
  id: 'arguments-form',
  scope: 'file',
  check(op) {
    const d = op.declaration;
    if (!d || d.form !== 'both') return [];
    const flat = FLAT_KEYS.filter((k) => d.raw[k] !== undefined);
    return [atKey(op, `/operation/${flat[0]}`, `The operation block has both \`schema\` and the flat list${flat.length > 1 ? 's' : ''} ${listNames(flat)}: use one form (in schema form, name query parameters in \`query\` and headers in \`header\`, and write everything else in the schema)`)];
  },
};
