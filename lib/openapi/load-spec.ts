import { utf8Length } from '../core/entries';
import { problem, sortProblems, type Problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { resolveSpec } from './resolve';
import { findEntry } from './entry';
import { LIMITS } from './limits';
import { parseDataFile } from './parse-file';
import { fragmentTokens, pointerTokens, tokensToPointer } from '../core/json-pointer';
import { swagger2Problems } from './swagger2-checks';
import { refKindProblems } from './ref-kinds';
import type { LoadedSpec, LoadOptions, SourceLocation, UploadedFile } from './types';
import { schemaProblems } from './validate';
import { detectFormat, isOpenApi31 } from './version';

const BAD_PATH_CHARS = /[\u0000-\u001f\u007f\\]/;
const CONTROL_CHAR = /[\u0000-\u001f\u007f]/;

/**
 * Load a spec from uploaded files (SPEC 4.1, 6): check sizes, pick the entry, parse it,
 * recognise its version, resolve the files it references into one document, and validate it.
 *
 * Only the given files are ever read: no disk, no network. The result is `ok: false` only
 * when nothing usable exists (sizes, not JSON/YAML, not OpenAPI/Swagger, an unsupported
 * version, an alias bomb, nesting too deep); otherwise `ok: true` with every problem found
 * (unresolvable or refused `$ref`s, schema errors) in `problems`, each with its location.
 */
export async function loadSpec(files: UploadedFile[], options: LoadOptions = {}): Promise<Result<LoadedSpec>> {
  const checked = checkUpload(files);
  if (checked.length > 0) return fail(checked);
  const texts = new Map<string, string>();
  for (const f of files) texts.set(f.path, f.text);

  let entry = options.entry;
  if (entry === undefined) {
    const found = files.length === 1 ? ok(files[0].path) : findEntry(files);
    if (!found.ok) return fail(found.problems);
    entry = found.value;
  } else if (!texts.has(entry)) {
    return fail([problem('entry-not-found', 'error', `the entry file "${entry}" is not in the upload`, entry)]);
  }
  const entryText = texts.get(entry)!;
  const parseOptions = { maxAliases: options.maxAliases ?? LIMITS.maxAliases };
  const parsed = parseDataFile(entry, entryText, parseOptions);
  if (!parsed.ok) return fail(parsed.problems);
  if (parsed.value.syntax === 'text') {
    return fail([problem('not-openapi', 'error', 'not an OpenAPI or Swagger document: not a JSON or YAML file', entry)]);
  }
  const problems: Problem[] = [...parsed.problems];
  const format = detectFormat(parsed.value.root, entry);
  if (!format.ok) return fail([...problems, ...format.problems]);
  problems.push(...format.problems);
  // The caller's limits, on the parsed entry: a spec beyond them costs the parse alone (SPEC 6).
  const refused = options.refuse?.(parsed.value.root as Record<string, unknown>, entry);
  if (refused) return fail([...problems, refused]);

  const resolved = resolveSpec({
    entry: parsed.value,
    swagger2: format.value.kind === 'swagger',
    openapi31: isOpenApi31(format.value),
    texts,
    parseOptions,
  });
  if (!resolved.ok) return fail([...problems, ...resolved.problems]);
  const b = resolved.value;
  problems.push(...b.problems);
  const document = b.document as Record<string, unknown>;

  const locate = (pointer: string): SourceLocation => {
    const tokens = pointer.startsWith('#') ? (fragmentTokens(pointer.slice(1)) ?? []) : pointerTokens(pointer);
    let node: unknown = document;
    let file = entry!;
    let fileTokens: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      const next =
        node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, t)
          ? (node as Record<string, unknown>)[t]
          : undefined;
      if (next === undefined) {
        fileTokens.push(...tokens.slice(i));
        break;
      }
      const origin = next !== null && typeof next === 'object' ? b.origins.get(next) : undefined;
      if (origin) {
        file = origin.file;
        fileTokens = [...origin.tokens];
      } else fileTokens.push(t);
      node = next;
    }
    const at = b.locator(file)(fileTokens);
    return { file, line: at.line, column: at.column, pointer: tokensToPointer(fileTokens) };
  };

  const loaded: LoadedSpec = {
    entry,
    format: format.value,
    entryText,
    document,
    sources: [...b.files.keys()],
    locate,
    ...(b.refSites ? { refSites: b.refSites } : {}),
  };
  if (options.validate !== false) problems.push(...(await validationProblems(loaded)));
  return ok(loaded, sortProblems(problems));
}

/**
 * What validating a loaded spec finds (SPEC 4.1): the official schema's errors, Swagger 2.0's
 * own checks, and references to the wrong kind of object; unsorted. `loadSpec` adds these
 * unless `validate` is false, so `sortProblems` of a spec's problems loaded with
 * `validate: false` and these is its problems loaded validated (the sort is stable).
 */
export async function validationProblems(spec: LoadedSpec): Promise<Problem[]> {
  const swagger = spec.format.kind === 'swagger';
  const problems = [...(await schemaProblems(spec.document, spec.locate))];
  if (swagger) problems.push(...swagger2Problems(spec.document, spec.locate));
  problems.push(...refKindProblems(spec.document, swagger, spec.locate, spec.refSites));
  return problems;
}

/** Paths that are clean and unique, files and upload within the size limits (SPEC 6); checked before any parsing. */
function checkUpload(files: readonly UploadedFile[]): Problem[] {
  const out: Problem[] = [];
  if (files.length === 0) return [problem('entry-not-found', 'error', 'no files were uploaded', '')];
  const seen = new Set<string>();
  let low = 0;
  let high = 0;
  for (const f of files) {
    const segments = f.path.split('/');
    // A control character is named as what it is: the path is not otherwise wrong.
    const control = CONTROL_CHAR.exec(f.path);
    if (control) {
      out.push(problem('path-invalid', 'error', `the file name holds a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, shown as ?); rename the file`, clipPath(f.path)));
      continue;
    }
    if (
      f.path === '' ||
      f.path.startsWith('/') ||
      BAD_PATH_CHARS.test(f.path) ||
      segments.some((s) => s === '' || s === '.' || s === '..')
    ) {
      out.push(problem('path-invalid', 'error', 'a file path must be relative, "/"-separated, with no "." or ".." parts', clipPath(f.path)));
      continue;
    }
    if (seen.has(f.path)) out.push(problem('path-invalid', 'error', 'two files have this path', f.path));
    seen.add(f.path);
    const n = f.text.length;
    const bytes = n > LIMITS.maxFileBytes || n * 3 <= LIMITS.maxFileBytes ? n : utf8Length(f.text);
    if (bytes > LIMITS.maxFileBytes) {
      out.push(problem('file-too-large', 'error', `the file is over ${LIMITS.maxFileBytes / 1_000_000} MB: refused`, f.path));
    }
    low += n;
    high += n * 3;
  }
  // A UTF-16 unit is 1 to 3 UTF-8 bytes: count exactly only when the bounds leave it in doubt.
  const total = low > LIMITS.maxUploadBytes || high <= LIMITS.maxUploadBytes ? low : files.reduce((sum, f) => sum + utf8Length(f.text), 0);
  if (total > LIMITS.maxUploadBytes) {
    out.push(problem('upload-too-large', 'error', `the upload is over ${LIMITS.maxUploadBytes / 1_000_000} MB: refused`, ''));
  }
  return out;
}

function clipPath(p: string): string {
    const clean = p.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 120 ? `${clean.slice(0, 120)}…` : clean;
}
