/** Spec in (SPEC 4.1, 6): upload → one resolved, validated OpenAPI/Swagger document. */
export { loadSpec, validationProblems } from './load-spec';
export { findEntry } from './entry';
export { detectFormat } from './version';
export { LIMITS } from './limits';
export type { LoadedSpec, LoadOptions, SourceLocation, SpecFormat, UploadedFile } from './types';
export { looksLikeJson, parseDataFile, type ParsedFile } from './parse-file';
