import { isPlainObject } from '../core/entries';
import type { SpecInput } from './model';

/**
 * A `SpecInput` for a document already in memory (a test, or a caller that parsed and
 * resolved it itself): the format read from its `swagger`/`openapi` field, and locations
 * that carry the pointer but no line. `lib/openapi`'s `loadSpec` gives the real thing,
 * with lines.
 */
export function specInputFromDocument(document: unknown, entry = 'openapi.yaml', entryText = ''): SpecInput {
  const doc = isPlainObject(document) ? document : {};
  const swagger = typeof doc.swagger === 'string' || typeof doc.swagger === 'number';
  const version = String(swagger ? doc.swagger : (doc.openapi ?? ''));
  const kind = swagger ? 'swagger' : 'openapi';
  return {
    entry,
    format: { kind, version, label: `${kind} ${version}` },
    entryText,
    document,
    locate: (pointer) => ({ file: entry, pointer }),
  };
}
