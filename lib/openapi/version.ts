import { isPlainObject } from '../core/entries';
import { problem, type Problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';

export interface SpecFormat {
  kind: 'swagger' | 'openapi';
  /** The version as the document states it: `2.0`, `3.0.4`, `3.1.0`. */
  version: string;
  /** `swagger 2.0`, `openapi 3.0.4`, `openapi 3.1.0`. */
  label: string;
}

const SUPPORTED = 'supported: Swagger 2.0, OpenAPI 3.0.x and 3.1.x';

/**
 * Recognise Swagger 2.0, OpenAPI 3.0.x and 3.1.x by the document's version field (SPEC 4.1);
 * anything else is refused with a message naming what was found (SPEC 6). A version written
 * as a YAML number (`swagger: 2.0`, `openapi: 3.1`) is read as the string it stands for,
 * with a warning.
 */
export function detectFormat(root: unknown, file: string): Result<SpecFormat> {
  if (!isPlainObject(root)) {
    const what = root === null || root === undefined ? 'empty' : Array.isArray(root) ? 'a list' : `a ${typeof root}`;
    return fail([
      problem('not-openapi', 'error', `not an OpenAPI or Swagger document: the file is ${what}, not a mapping`, file),
    ]);
  }
  const problems: Problem[] = [];
  const hasOpenapi = Object.prototype.hasOwnProperty.call(root, 'openapi');
  const hasSwagger = Object.prototype.hasOwnProperty.call(root, 'swagger');
  if (!hasOpenapi && !hasSwagger) {
    return fail([
      problem('not-openapi', 'error', 'not an OpenAPI or Swagger document: no "openapi" or "swagger" key', file),
    ]);
  }
  if (hasOpenapi && hasSwagger) {
    problems.push(
      problem('spec-invalid', 'warning', 'both "openapi" and "swagger" keys are present; "openapi" is used', file, {
        pointer: '/swagger',
      }),
    );
  }
  const key = hasOpenapi ? 'openapi' : 'swagger';
  const raw = root[key];
  let version: string;
  if (typeof raw === 'string') version = raw.trim();
  else if (typeof raw === 'number' && Number.isFinite(raw)) {
    version = Number.isInteger(raw) ? raw.toFixed(1) : String(raw);
    problems.push(
      problem('spec-invalid', 'warning', `"${key}" should be a string ("${version}"), not a number`, file, {
        pointer: `/${key}`,
      }),
    );
  } else {
    return fail([
      problem('unsupported-version', 'error', `"${key}" must be a version string, found ${describe(raw)}`, file, {
        pointer: `/${key}`,
      }),
    ]);
  }
  if (key === 'swagger') {
    if (version !== '2.0') {
      return fail([
        problem('unsupported-version', 'error', `swagger: ${clip(version)} is not supported (${SUPPORTED})`, file, {
          pointer: '/swagger',
        }),
      ]);
    }
    return ok({ kind: 'swagger', version, label: `swagger ${version}` }, problems);
  }
  const m = /^3\.([01])(\.\d+)?(-[0-9A-Za-z.-]+)?$/.exec(version);
  if (!m) {
    return fail([
      problem('unsupported-version', 'error', `openapi: ${clip(version)} is not supported (${SUPPORTED})`, file, {
        pointer: '/openapi',
      }),
    ]);
  }
  if (!m[2]) {
    problems.push(
      problem('spec-invalid', 'warning', `openapi: ${version} should name a patch version (e.g. ${version}.0)`, file, {
        pointer: '/openapi',
      }),
    );
  }
  return ok({ kind: 'openapi', version, label: `openapi ${version}` }, problems);
}

/** True for a version line this loader reads: the major/minor of an OpenAPI 3.1 document. */
export function isOpenApi31(format: SpecFormat): boolean {
  return format.kind === 'openapi' && format.version.startsWith('3.1');
}

function describe(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  return `a ${typeof v}`;
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
