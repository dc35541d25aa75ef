import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { problem, type Problem } from '../core/problem';
import { DEFAULT_ZIP_LIMITS, groupDigits } from '../bundle/zip/policy';
import { ConvertContext, own } from './context';
import type { PathItemObject } from './document';
import type { SpecInput } from './model';
import { specInputFromDocument } from './spec-input';
import { GENERATED_METHODS } from './operation-object';

/**
 * The most operations a skill made in the wizard may have: its bundle holds at most
 * 5,000 files (SPEC 6), and besides one file per operation it has SKILL.md, types.json and,
 * on request, tools.json.
 */
export const MAX_BUNDLE_OPERATIONS = DEFAULT_ZIP_LIMITS.maxEntries - 3;

/**
 * How many operation files converting the spec would write (SPEC 4.2: one per operation
 * under `paths` with one of the six methods), counted without converting anything.
 */
export function countOperationFiles(loaded: SpecInput): number {
  const ctx = new ConvertContext(loaded);
  const paths = own(ctx.doc, 'paths');
  if (!isPlainObject(paths)) return 0;
  let count = 0;
  for (const path of Object.keys(paths)) {
    if (path.startsWith('x-')) continue;
    const item = ctx.resolve<PathItemObject>(paths[path], joinPointer('/paths', path));
    if (item) for (const method of GENERATED_METHODS) if (own(item.node, method) !== undefined) count++;
  }
  return count;
}

/**
 * A spec whose skill could not be a bundle, refused before it is converted
 * (SPEC 6): converting 100,000 operations would take minutes and make a skill no bundle
 * holds. Undefined when the spec fits.
 */
export function tooManyOperations(loaded: SpecInput, file: string, limit = MAX_BUNDLE_OPERATIONS): Problem | undefined {
  const count = countOperationFiles(loaded);
  if (count <= limit) return undefined;
  return problem(
    'too-many-operations',
    'error',
    `The spec has ${groupDigits(count)} operations: a skill bundle holds at most ${groupDigits(DEFAULT_ZIP_LIMITS.maxEntries)} files (SPEC 6), room for ${groupDigits(limit)} operations. Convert a part of it: split the spec by tag or path, and upload each part`,
    file,
  );
}

/**
 * `tooManyOperations` as `loadSpec`'s `refuse` (SPEC 6): counted on the
 * entry's parsed document, before a reference is resolved or the spec validated, so 100,000
 * operations are refused in the time the parse takes. A path item that is a `$ref` into
 * another file is not counted here (it is not read yet): `tooManyOperations` on the loaded
 * spec counts it.
 */
export function refuseTooManyOperations(document: Record<string, unknown>, entry: string): Problem | undefined {
  return tooManyOperations(specInputFromDocument(document, entry), entry);
}
