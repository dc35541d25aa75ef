/** Spec uploads (SPEC 4.1, 6): the user's file, folder or `.zip`, or a spec's address, as the loader takes them. */
export { isIgnoredUploadPath, specUploadFromEntries, specUploadFromSpecFile, type SpecUpload, type UploadEntry } from './spec-upload';
export { specUploadFromFile } from './spec-upload-file';
export { checkUploadSize, DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './size-limits';
export { parseSpecUrl } from './spec-url';
export { fileReferences, gatherReferencedFiles, MAX_REFERENCED_FILES, type ReadResult } from './referenced-files';
