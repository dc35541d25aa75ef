import { fail, type Result } from '../../core/result';
import { readUploadZip } from '../../bundle/zip';
import { checkUploadSize } from './size-limits';
import { specUploadFromEntries, specUploadFromSpecFile, type SpecUpload } from './spec-upload';

/**
 * One uploaded file: a `.zip` is opened (its entries are the upload), anything else is the
 * spec's one file and its entry.
 */
export function specUploadFromFile(name: string, bytes: Uint8Array): Result<SpecUpload> {
  if (!/\.zip$/i.test(name)) return specUploadFromSpecFile(name, bytes);
  const sizes = checkUploadSize([{ path: name, size: bytes.length }]);
  if (sizes.some((p) => p.severity === 'error')) return fail(sizes);
  const zip = readUploadZip(bytes, { archiveName: name });
  if (!zip.ok) return fail(zip.problems);
  return specUploadFromEntries([...zip.value].map(([path, b]) => ({ path, bytes: b })), zip.problems);
}
