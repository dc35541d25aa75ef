import { problem, type Problem } from '../core/problem';
import { pointerTokens, pointerWithin, tokensToPointer } from '../core/json-pointer';
import type { AjvError, SchemaValidator } from './schema-validators/types';

/** Where a document pointer came from (see `LoadedSpec.locate`). */
export type Locate = (pointer: string) => { file: string; line?: number; column?: number; pointer: string };

/** At most this many schema problems are listed; the rest are counted in one last problem. */
export const MAX_SCHEMA_PROBLEMS = 100;

/**
 * The precompiled validator for the document's version, loaded on first use: a browser
 * fetches only the one it needs (each is about 150 KB).
 */
function loadValidator(document: unknown): Promise<SchemaValidator> {
  const doc = (document ?? {}) as { swagger?: unknown; openapi?: unknown };
  if (doc.swagger !== undefined) return import('./schema-validators/swagger20.js').then((m) => m.validate);
  if (typeof doc.openapi === 'string' && doc.openapi.startsWith('3.1')) {
    return import('./schema-validators/openapi31.js').then((m) => m.validate);
  }
  return import('./schema-validators/openapi30.js').then((m) => m.validate);
}

/**
 * Validate the resolved document against the official Swagger 2.0 / OpenAPI 3.0 / 3.1 JSON
 * Schema, as swagger-parser's `validate()` does, and turn each error into a Problem
 * (`spec-invalid`, error) with its file, line and pointer (SPEC 4.1).
 *
 * The validators are swagger-parser's (same Ajv options, same 3.1 workaround; for 3.1 the
 * current official schema rather than its first release, decision 0155),
 * compiled ahead of time by scripts/schema-validators.ts. swagger-parser's `validate()`
 * dereferences first; here the resolved document is validated as it is, with its internal
 * `$ref`s in place (the official schemas accept a Reference Object wherever one is allowed).
 * That reads nothing, is 1.3-4 times faster on the large specs, and puts an error in a shared
 * component once, where it is written, rather than once per use. Ajv does not modify the data
 * it validates (no defaults, no coercion).
 */
export async function schemaProblems(document: unknown, locate: Locate): Promise<Problem[]> {
  const validate = await loadValidator(document);
  if (validate(document)) return [];
  return ajvProblems(validate.errors ?? [], locate);
}

/**
 * ajv reports every failed branch of a `oneOf` (a parameter that is neither a valid path
 * parameter nor a valid query, header or cookie parameter nor a Reference Object). Keep
 * what says something about the author's intent: within one `oneOf`, the branches whose
 * `enum`/`const` (their discriminating field, like `in`) matched; then drop the generic
 * errors (`oneOf`, `not`, "must have `$ref`") wherever a specific one covers the same place.
 */
export function ajvProblems(errors: readonly AjvError[], locate: Locate): Problem[] {
  const list = reduceErrors(errors);
  const seen = new Set<string>();
  const out: Problem[] = [];
  let dropped = 0;
  for (const e of list) {
    const { pointer, text } = describe(e);
    const key = `${pointer}\u0000${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (out.length >= MAX_SCHEMA_PROBLEMS) {
      dropped++;
      continue;
    }
    const at = locate(pointer);
    out.push(
      problem('spec-invalid', 'error', `#${e.instancePath || '/'} ${text}`, at.file, {
        line: at.line,
        column: at.column,
        pointer: at.pointer,
      }),
    );
  }
  if (dropped > 0) {
    const at = locate('');
    out.push(problem('spec-invalid', 'error', `… and ${dropped} more schema validation errors`, at.file));
  }
  return out;
}

function reduceErrors(errors: readonly AjvError[]): AjvError[] {
  const dropped = new Set<AjvError>();
  const groups = new Map<string, Map<string, AjvError[]>>();
  for (const e of errors) {
    const m = /^(.*\/(?:oneOf|anyOf))\/(\d+)(\/.*)?$/.exec(e.schemaPath ?? '');
    if (!m) continue;
    const below = ((m[3] ?? '').match(/\/properties\//g) ?? []).length;
    const inst = pointerTokens(e.instancePath);
    const key = `${m[1]}|${inst.slice(0, Math.max(0, inst.length - below)).join('/')}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = new Map()));
    const branch = g.get(m[2]) ?? [];
    branch.push(e);
    g.set(m[2], branch);
  }
  for (const g of groups.values()) {
    if (g.size < 2) continue;
    const branches = [...g.values()];
    const applicable = branches.filter((b) => !b.some((e) => e.keyword === 'enum' || e.keyword === 'const'));
    if (applicable.length > 0 && applicable.length < branches.length) {
      for (const b of branches) if (!applicable.includes(b)) for (const e of b) dropped.add(e);
    }
  }
  const rest = errors.filter((e) => !dropped.has(e));
  // 2: says only that no branch matched; 1: a `not`; 0: specific.
  const rank = (e: AjvError) =>
    e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if' || (e.keyword === 'required' && e.params?.missingProperty === '$ref')
      ? 2
      : e.keyword === 'not'
        ? 1
        : 0;
  return rest.filter((e) => {
    const r = rank(e);
    if (r === 0) return true;
    return !rest.some(
      (s) => rank(s) < r && pointerWithin(s.instancePath, e.instancePath),
    );
  });
}

function describe(e: AjvError): { pointer: string; text: string } {
  const p = e.params ?? {};
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      return {
        pointer: tokensToPointer([...pointerTokens(e.instancePath), name]),
        text: `has a property "${name}" that is not allowed here`,
      };
    }
    case 'required':
      return { pointer: e.instancePath, text: `must have the property "${String(p.missingProperty)}"` };
    case 'enum':
      return {
        pointer: e.instancePath,
        text: `must be one of: ${(Array.isArray(p.allowedValues) ? p.allowedValues : []).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { pointer: e.instancePath, text: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'type':
      return { pointer: e.instancePath, text: `must be of type ${String(p.type)}` };
    default:
      return { pointer: e.instancePath, text: e.message ?? `fails "${e.keyword}"` };
  }
}
