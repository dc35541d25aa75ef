import { compareStrings } from '../core/entries';
import { problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import type { UploadedFile } from './types';

const DATA_FILE = /\.(ya?ml|json)$/i;
/** A top-level `openapi:` / `swagger:` key of a block-style YAML document (column 0). */
const YAML_KEY = /^["']?(?:openapi|swagger)["']?[ \t]*:/m;
const JSON_KEY = /"(?:openapi|swagger)"\s*:/g;

/**
 * Pick the entry file of an upload (SPEC 4.1): the one file with a top-level `openapi` or
 * `swagger` key that no other file references. Only the text is looked at, so a folder
 * of 3,000 files costs a scan, not 3,000 parses.
 */
export function findEntry(files: readonly UploadedFile[]): Result<string> {
  const candidates = files
    .filter((f) => DATA_FILE.test(f.path) && hasTopLevelVersionKey(f.text))
    .map((f) => f.path)
    .sort(compareStrings);
  if (candidates.length === 1) return ok(candidates[0]);
  if (candidates.length === 0) {
    if (files.length === 1) {
      return fail([
        problem('not-openapi', 'error', 'not an OpenAPI or Swagger document: no "openapi" or "swagger" key', files[0].path),
      ]);
    }
    return fail([
      problem(
        'entry-not-found',
        'error',
        `none of the ${files.length} files is an OpenAPI or Swagger document (no top-level "openapi" or "swagger" key)`,
        '',
      ),
    ]);
  }
  const unreferenced = candidates.filter((c) => !files.some((f) => f.path !== c && mentions(f, c)));
  if (unreferenced.length === 1) return ok(unreferenced[0]);
  const listed = (unreferenced.length > 0 ? unreferenced : candidates).slice(0, 5);
  return fail([
    problem(
      'entry-ambiguous',
      'error',
      `more than one file could be the entry (${listed.join(', ')}${candidates.length > listed.length ? ', …' : ''}); choose one`,
      '',
    ),
  ]);
}

function hasTopLevelVersionKey(text: string): boolean {
  let i = 0;
  while (i < text.length && /[\s\uFEFF]/.test(text[i])) i++;
  if (text[i] !== '{') return YAML_KEY.test(text);
  JSON_KEY.lastIndex = 0;
  for (let m = JSON_KEY.exec(text); m; m = JSON_KEY.exec(text)) {
    if (jsonDepthAt(text, m.index) === 1) return true;
  }
  return false;
}

/** Bracket depth of a JSON text at an offset (outside strings). */
function jsonDepthAt(s: string, offset: number): number {
  let depth = 0;
  for (let i = 0; i < offset; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < offset; i++) {
        const d = s.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return depth;
}

/** Whether a file's text appears to `$ref` the file at `path` (by its name). */
function mentions(f: UploadedFile, path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return f.text.includes('$ref') && f.text.includes(name);
}
