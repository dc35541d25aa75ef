/**
 * `$ref` resolution (SPEC 4.1): a spec and the uploaded files it references as one document.
 * `resolve-spec.ts` composes `ref-resolver.ts` (what a `$ref` points at, from what
 * `ref-target.ts` says its string addresses), `id-index.ts` (OpenAPI 3.1's `$id`s and
 * `$anchor`s) and `document-writer.ts` (the document, written breadth first).
 */
export { resolveSpec } from './resolve-spec';
export type { Origin, RefSite, ResolvedSpec, ResolveInput } from './types';
