/**
 * What `convert`'s writer thread runs to validate a JSON spec beside the conversion, and to
 * place the conversion's warnings in it (cli/writer-thread.ts, `WriterThread.validate` and
 * `place`): built apart, as `dist/spec-validator.cjs` (loading and validating, 0.6 MB, with
 * a code cache of its own), so the thread does not load the CLI. The entry file is loaded
 * here as the main thread loads it, so where both find the document to be that file's text
 * parsed as it is (`LoadedSpec.parsedAsIs`), these are the problems `validationProblems`
 * gives there, and the places its `locate` gives, found the same way in the same text.
 */
import { loadSpec, looksLikeJson, validationProblems, type LoadedSpec, type SourceLocation } from '../lib/openapi';
import type { Problem } from '../lib/core/problem';

/** The entry `validateEntry` loaded as itself, for `place`. */
let loaded: LoadedSpec | undefined;

/** What validating a JSON spec's entry file finds (unsorted, as `validationProblems` gives them); undefined when the text is not JSON, is refused, or loads as anything but itself. */
export async function validateEntry(path: string, text: string): Promise<Problem[] | undefined> {
  if (!looksLikeJson(text)) return undefined;
  const result = await loadSpec([{ path, text }], { entry: path, validate: false });
  if (!result.ok || !result.value.parsedAsIs) return undefined;
  loaded = result.value;
  return validationProblems(loaded);
}

/** The place of each pointer in the entry `validateEntry` loaded; undefined when it loaded none. */
export function place(pointers: readonly string[]): SourceLocation[] | undefined {
  const spec = loaded;
  return spec && pointers.map((p) => spec.locate(p));
}
