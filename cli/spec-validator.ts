/**
 * What `convert`'s writer thread runs to validate a JSON spec beside the conversion
 * (cli/writer-thread.ts, `WriterThread.validate`): built apart, as `dist/spec-validator.cjs`
 * (loading and validating, 0.6 MB), so the thread loads neither the CLI nor a code cache. The
 * entry file is loaded here as the main thread loads it, so where both find the document to
 * be that file's text parsed as it is (`LoadedSpec.parsedAsIs`), these are the problems
 * `validationProblems` gives there, placed the same.
 */
import { loadSpec, validationProblems } from '../lib/openapi';
import type { Problem } from '../lib/core/problem';

/** What validating a JSON spec's entry file finds (unsorted, as `validationProblems` gives them); undefined when the text is not JSON, is refused, or loads as anything but itself. */
export async function validateEntry(path: string, text: string): Promise<Problem[] | undefined> {
  const loaded = await loadSpec([{ path, text }], { entry: path, validate: false });
  if (!loaded.ok || !loaded.value.parsedAsIs || !JSON_ENTRY.test(text.slice(0, 64))) return undefined;
  return validationProblems(loaded.value);
}

/** A JSON text's start, as `parseDataFile` tells JSON from YAML (a BOM, white space, then an object). */
export const JSON_ENTRY = /^\ufeff?\s*\{/;
