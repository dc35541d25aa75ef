import { problem } from '../core/problem';
import { fail, ok, type Result } from '../core/result';
import { argumentPlaces } from '../skill/arguments';
import { METHODS, type Method, type OperationFile } from '../skill/operation-file';
import type { SkillPackage } from '../skill/package';
import { publishOperation, type PublishedTool } from '../publish/publish';

/**
 * One declared operation ready to be called: the tool a model is offered and where each of
 * its arguments goes. Made once per published operation; `buildRequest` turns a call into a
 * request from it alone, so the tool and the request cannot drift apart.
 */
export interface CallableOperation {
  /** The operation file, for the problems a refusal reports. */
  file: string;
  tool: PublishedTool;
  method: Method;
  /** The declaration's URL template, `{name}` segments unfilled. */
  url: string;
  /** Argument names by place, path in URL order, query and body in declaration order. */
  path: string[];
  query: string[];
  header: string[];
  body: string[];
  /** Arguments sent in bracket style (SPEC 7.1 `deep`). */
  deep: string[];
  /** The body's media type as declared (SPEC 7.1), `application/json` when not. */
  contentType: string;
  /** Fixed headers sent with every call, after the header arguments (SPEC 7.2). */
  fixedHeaders: Record<string, string>;
  /** The argument whose value is the whole body (SPEC 7.1 `body-argument`). */
  bodyArgument?: string;
  /** A free-form body: every argument not named as a path or query parameter is one of its fields. */
  extraBody: boolean;
}

/**
 * The callable form of one operation file (SPEC 2, 3). Refused when the file has no usable
 * operation block, its method is not one of the six, or its parameters do not expand.
 */
export function callableOperation(pkg: SkillPackage, op: OperationFile): Result<CallableOperation> {
  const publication = publishOperation(pkg, op);
  const d = op.declaration;
  if (!publication || !d) {
    return fail([problem('call-not-declared', 'error', `\`${op.baseName}\` has no usable operation block, so it cannot be called as a tool`, op.file)]);
  }
  if (!publication.expansion.ok) {
    return fail([problem('call-not-published', 'error', `\`${op.baseName}\` is not published: its parameters do not expand (${publication.expansion.reason})`, op.file)]);
  }
  const method = d.method as Method;
  if (!METHODS.includes(method)) {
    return fail([problem('call-not-published', 'error', `\`${op.baseName}\` has method \`${d.method}\`, not one of ${METHODS.join(', ')}`, op.file)]);
  }
  const places = argumentPlaces(d, publication.schema);
  return ok({
    file: op.file,
    tool: publication.tool,
    method,
    url: d.url,
    ...places,
    deep: d.lists.deep,
    contentType: d.contentType ?? 'application/json',
    fixedHeaders: d.fixedHeaders ?? {},
    ...(d.bodyArgument !== undefined ? { bodyArgument: d.bodyArgument } : {}),
  });
}

/**
 * The operation a name means: a published tool name (`hollowbrook_create_booking`) first,
 * else an alias, the file base name the manifest lists (`create_booking`).
 */
export function findCallable(pkg: SkillPackage, name: string): Result<CallableOperation> {
  for (const op of pkg.operations) {
    const p = publishOperation(pkg, op);
    if (p && p.tool.name === name) return callableOperation(pkg, op);
  }
  const op = pkg.operations.find((o) => o.baseName === name);
  if (op) return callableOperation(pkg, op);
  const known = pkg.operations.map((o) => o.baseName);
  return fail([
    problem(
      'call-unknown-operation',
      'error',
      `No operation \`${name}\` in skill \`${pkg.folder}\`${known.length > 0 ? ` (operations: ${known.join(', ')})` : ''}`,
      pkg.folder,
    ),
  ]);
}
