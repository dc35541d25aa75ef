/**
 * The zip layer (SPEC 1, SPEC 6): writing a skill bundle with fixed bytes, and reading a
 * skill bundle or an uploaded spec set with every entry checked before anything is
 * inflated. `format.ts` reads the zip format, `policy.ts` decides which names, kinds and
 * sizes are accepted, `read.ts` and `write.ts` are the readers and the writer, `deflate.ts`
 * deflates the writer's files (a long paragraph repeated across them once).
 */
export { readSkillZip, readUploadZip, type ZipReadOptions } from './read';
export { writeSkillZip } from './write';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './policy';
export { crc32 } from './format';
