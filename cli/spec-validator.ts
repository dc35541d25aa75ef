/**
 * What `convert`'s writer thread runs to validate a JSON spec beside the conversion
 * (cli/writer-thread.ts, `WriterThread.validate`): built apart, as `dist/spec-validator.cjs`
 * (the parser and the precompiled validators, 0.5 MB), so the thread loads neither the CLI
 * nor a code cache. The entry file's text is parsed here as `loadSpec` parses it, so where
 * the loaded document is that parsed tree as it is (`LoadedSpec.parsedAsIs`), these are the
 * errors validating it on the main thread gives.
 */
import { parseDataFile } from '../lib/openapi/parse-file';
import { schemaErrors } from '../lib/openapi/validate';
import type { AjvError } from '../lib/openapi/schema-validators/types';

/** The schema errors of a JSON spec's entry file (none when valid); undefined when the text is not JSON or does not parse. */
export async function validateEntry(path: string, text: string): Promise<AjvError[] | undefined> {
  const parsed = parseDataFile(path, text);
  if (!parsed.ok || parsed.value.syntax !== 'json') return undefined;
  return schemaErrors(parsed.value.root);
}
