/** `$ref` resolution (SPEC 4.1): a spec and the uploaded files it references as one document. */
export { resolveSpec, type Origin, type ResolveInput, type ResolvedSpec } from './resolve-spec';
