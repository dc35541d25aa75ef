/** The upload size limits of SPEC 6, checked before anything is parsed. */
import { problem, type Problem } from '../../core/problem';

const MiB = 1024 * 1024;

export interface UploadLimits {
  /** One spec file (SPEC 6: 50 MB). */
  maxFileBytes: number;
  /** The whole upload (SPEC 6: 100 MB). */
  maxUploadBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxFileBytes: 50 * MiB, maxUploadBytes: 100 * MiB };

/**
 * SPEC 6: a spec file over 50 MB or an upload over 100 MB is refused before parsing. Sizes
 * are in bytes; `path` names the file in the problem.
 */
export function checkUploadSize(
  files: readonly { path: string; size: number }[],
  limits: Partial<UploadLimits> = {},
): Problem[] {
  const maxFile = limits.maxFileBytes ?? DEFAULT_UPLOAD_LIMITS.maxFileBytes;
  const maxUpload = limits.maxUploadBytes ?? DEFAULT_UPLOAD_LIMITS.maxUploadBytes;
  const problems: Problem[] = [];
  let total = 0;
  for (const file of files) {
    total += file.size;
    if (file.size > maxFile) {
      problems.push(
        problem('upload-file-too-large', 'error', `${file.path} is ${formatMiB(file.size)}, over the ${formatMiB(maxFile)} limit for one file`, file.path),
      );
    }
  }
  if (total > maxUpload) {
    const file = files.length === 1 ? files[0].path : '(upload)';
    problems.push(
      problem('upload-too-large', 'error', `The upload is ${formatMiB(total)}, over the ${formatMiB(maxUpload)} limit`, file),
    );
  }
  return problems;
}

function formatMiB(n: number): string {
  return `${(n / MiB).toFixed(1)} MB`;
}
